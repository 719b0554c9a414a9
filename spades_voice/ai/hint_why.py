"""Why a hint (or the coach) chose what it did, as a value: a kind and its facts.

The AI knows the facts (the card, the card winning the trick, the suit led, how many aces)
but says no word: a hint's reason is a ``rules.Reason`` whose kind is a ``HintWhy`` and
whose facts are rules values and numbers, worded by ``narration`` in the listener's
language (English too), at the edge. The facts, by name:

- ``card``, ``winner``: a ``Card`` (the card chosen, the card winning the trick so far);
- ``suit``: a ``Suit`` (the suit led, the card's own suit, a void);
- ``rank``: a ``Rank`` (the highest spade);
- ``bid``, ``count``: an ``int`` (the bid, how many aces or spades);
- ``parts``: a tuple of ``Reason`` values of the ``PART_*`` kinds, said as a list.

>>> from spades_voice.rules import Card, Reason
>>> str(Reason.of(HintWhy.PLAY_TAKES, card=Card.from_code("KH")))
'play_takes(card=KH)'
"""

from __future__ import annotations

import enum


class HintWhy(enum.StrEnum):
    """Every kind of hint reason; each has words in ``narration.hint_words``."""

    # A part of a bid's reason: what should take the tricks.
    PART_CARD = "part_card"
    PART_ACES = "part_aces"
    PART_SPADES = "part_spades"
    PART_VOID = "part_void"
    PART_SINGLE = "part_single"
    # A bid.
    BID_FEW_WINNERS = "bid_few_winners"
    BID_ONE_TRICK = "bid_one_trick"
    BID_TRICKS = "bid_tricks"
    NIL_SHED_HIGH = "nil_shed_high"
    NIL_LOW_SPADES = "nil_low_spades"
    NIL_NO_SPADES_SHED = "nil_no_spades_shed"
    NIL_NO_SPADES_LOW = "nil_no_spades_low"
    # A lead.
    LEAD_ONLY = "lead_only"
    LEAD_LOW_FOR_NIL = "lead_low_for_nil"
    LEAD_LEAST_FOR_NIL = "lead_least_for_nil"
    LEAD_SURE_MAY_BE_TRUMPED = "lead_sure_may_be_trumped"
    LEAD_CASH = "lead_cash"
    LEAD_PROTECT_NIL = "lead_protect_nil"
    LEAD_SET_NIL = "lead_set_nil"
    LEAD_DRIVE_OUT = "lead_drive_out"
    LEAD_KEEP_HIGH = "lead_keep_high"
    # A card played to a trick already led.
    PLAY_ONLY = "play_only"
    PLAY_WIN_FOR_NIL = "play_win_for_nil"
    PLAY_DUCK_NIL = "play_duck_nil"
    PLAY_TENTH_BAG = "play_tenth_bag"
    PLAY_AVOID_BAG = "play_avoid_bag"
    PLAY_PARTNER_LOW = "play_partner_low"
    PLAY_PARTNER_LET_GO = "play_partner_let_go"
    PLAY_GIVE_LOWEST = "play_give_lowest"
    PLAY_WINS_ANYWAY = "play_wins_anyway"
    PLAY_SAVE_SPADES = "play_save_spades"
    PLAY_STAY_UNDER = "play_stay_under"
    PLAY_TRUMP = "play_trump"
    PLAY_LOWEST_TAKES = "play_lowest_takes"
    PLAY_TAKES = "play_takes"
    PLAY_SURE_MAY_BE_TRUMPED = "play_sure_may_be_trumped"
    PLAY_WIN_SURE = "play_win_sure"
    PLAY_BEATS = "play_beats"
    # A card played by a player bidding nil.
    NIL_SHED_DANGER = "nil_shed_danger"
    NIL_STAYS_UNDER = "nil_stays_under"
    NIL_COSTS_LEAST = "nil_costs_least"
    NIL_ALL_BEAT = "nil_all_beat"


__all__ = ["HintWhy"]
