"""The hint's and the coach's reasons in words: a template for each ``ai.HintWhy`` kind.

The AI gives its reason as a value (``ai.hint_why``); ``reasons.say_reason`` fills the
kind's template here with the facts named in the listener's language. The facts' names
in the templates: ``{the_card}`` and ``{the_winner}`` (a card with its article), ``{suit}``
(a suit's plural), ``{suit_one}`` (its singular in English; other languages say "una carta
de {suit_one}" with the plural), ``{the_rank}``, ``{bid}``, ``{count_word}`` (a word in
English, "two"; digits elsewhere, which every speech engine reads as a word) and
``{parts}`` (the ``PART_*`` reasons as a list: "a, b and c").
"""

from __future__ import annotations

from collections.abc import Mapping

from spades_voice.ai.hint_why import HintWhy
from spades_voice.narration.language import N_

HINT_WORDS: Mapping[str, str] = {
    HintWhy.PART_CARD: N_("{the_card}"),
    HintWhy.PART_ACES: N_("{count_word} aces"),
    HintWhy.PART_SPADES: N_("{count_word} spades"),
    HintWhy.PART_VOID: N_("no {suit}"),
    HintWhy.PART_SINGLE: N_("a single {suit_one}"),
    HintWhy.BID_FEW_WINNERS: N_("Bid {bid}: your hand has few sure winners."),
    HintWhy.BID_ONE_TRICK: N_("Bid {bid}: about 1 trick from {parts}."),
    HintWhy.BID_TRICKS: N_("Bid {bid}: about {bid} tricks from {parts}."),
    HintWhy.NIL_SHED_HIGH: N_("Bid nil: your highest spade is {the_rank}; shed {parts} early."),
    HintWhy.NIL_LOW_SPADES: N_(
        "Bid nil: "
        "your highest spade is {the_rank} and your cards are low."
    ),
    HintWhy.NIL_NO_SPADES_SHED: N_("Bid nil: you hold no spades; shed {parts} early."),
    HintWhy.NIL_NO_SPADES_LOW: N_("Bid nil: you hold no spades and your cards are low."),
    HintWhy.LEAD_ONLY: N_("Lead {the_card}: it is your only legal card."),
    HintWhy.PLAY_ONLY: N_("Play {the_card}: it is your only legal card."),
    HintWhy.LEAD_LOW_FOR_NIL: N_("Lead {the_card}: a low lead keeps your nil safe."),
    HintWhy.LEAD_LEAST_FOR_NIL: N_("Lead {the_card}: of your leads, it costs your nil least."),
    HintWhy.LEAD_SURE_MAY_BE_TRUMPED: N_(
        "Lead {the_card}: "
        "no one else holds a higher {suit_one}, but it may be trumped."
    ),
    HintWhy.LEAD_CASH: N_("Lead {the_card}: cash it, no one else holds a higher {suit_one}."),
    HintWhy.LEAD_PROTECT_NIL: N_("Lead {the_card}: a high lead helps protect your partner's nil."),
    HintWhy.LEAD_SET_NIL: N_("Lead {the_card}: try to make the nil bidder win a trick."),
    HintWhy.LEAD_DRIVE_OUT: N_(
        "Lead {the_card}: "
        "drive out the higher {suit} while you have control."
    ),
    HintWhy.LEAD_KEEP_HIGH: N_("Lead {the_card}: keep your high cards for later."),
    HintWhy.PLAY_WIN_FOR_NIL: N_("Play {the_card}: win the trick so your partner's nil is safe."),
    HintWhy.PLAY_DUCK_NIL: N_("Play {the_card}: duck, the nil bidder is winning this trick."),
    HintWhy.PLAY_TENTH_BAG: N_(
        "Play {the_card}: "
        "your contract is made, and a 10th bag costs 100 points."
    ),
    HintWhy.PLAY_AVOID_BAG: N_("Play {the_card}: your contract is made, so avoid a bag."),
    HintWhy.PLAY_PARTNER_LOW: N_(
        "Play {the_card}: "
        "your partner is winning this trick, so play low."
    ),
    HintWhy.PLAY_PARTNER_LET_GO: N_(
        "Play {the_card}: "
        "your partner is winning, a safe time to let it go."
    ),
    HintWhy.PLAY_GIVE_LOWEST: N_(
        "Play {the_card}: "
        "you cannot beat {the_winner}, so give your lowest."
    ),
    HintWhy.PLAY_WINS_ANYWAY: N_(
        "Play {the_card}: "
        "{the_winner} wins anyway; you need this card least."
    ),
    HintWhy.PLAY_SAVE_SPADES: N_("Play {the_card}: save your spades for a better trick."),
    HintWhy.PLAY_STAY_UNDER: N_(
        "Play {the_card}: "
        "stay under {the_winner}; keep higher cards for later."
    ),
    HintWhy.PLAY_TRUMP: N_("Play {the_card}: you are out of {suit}, so trump it."),
    HintWhy.PLAY_LOWEST_TAKES: N_("Play {the_card}: the lowest {suit_one} that takes the trick."),
    HintWhy.PLAY_TAKES: N_("Play {the_card}: it takes the trick."),
    HintWhy.PLAY_SURE_MAY_BE_TRUMPED: N_(
        "Play {the_card}: "
        "no one else holds a higher {suit_one}, but it may be trumped."
    ),
    HintWhy.PLAY_WIN_SURE: N_("Play {the_card}: win it, no one else holds a higher {suit_one}."),
    HintWhy.PLAY_BEATS: N_(
        "Play {the_card}: "
        "it beats {the_winner}, so later players must go higher."
    ),
    HintWhy.NIL_SHED_DANGER: N_(
        "Play {the_card}: "
        "no {suit}, so it cannot win: shed a dangerous card now."
    ),
    HintWhy.NIL_STAYS_UNDER: N_(
        "Play {the_card}: "
        "it stays under {the_winner}, so your nil stays safe."
    ),
    HintWhy.NIL_COSTS_LEAST: N_(
        "Play {the_card}: "
        "every card you have takes this trick; this one costs least."
    ),
    HintWhy.NIL_ALL_BEAT: N_(
        "Play {the_card}: "
        "all your cards beat {the_winner}; later players may go higher."
    ),
}

__all__ = ["HINT_WORDS"]
