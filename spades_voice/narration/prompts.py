"""The shell's own words: answers to keys that are not about the cards, list titles and
the one-line screen. (Card and table summaries are in ``summaries``, event lines in
``events``, the greeting, rules and questions in ``texts``.)
"""

from __future__ import annotations

from spades_voice.narration.language import N_, _, for_touch, ngettext
from spades_voice.narration.lines import Line, cards_of
from spades_voice.narration.naming import bid_name, card_name
from spades_voice.narration.words import cap
from spades_voice.rules import Bid, Card

LOOK_AT_CARDS = for_touch(
    N_("Look at your cards? That gives up blind nil. Y looks, Escape goes back."),
    N_("Look at your cards? That gives up blind nil. Tap Yes to look, or Back."),
)
NOTHING_SAID = N_("Nothing has been said yet.")
HINT_NEEDS_CARDS = N_("Hints need your cards: decide on blind nil first.")
BACK_TO_TABLE = N_("Back to the table.")
ALREADY_AT_TABLE = N_("Already at the table.")
HAND_EMPTY = N_("Your hand is empty.")
NOTHING_TO_CONFIRM = N_("Nothing to say yes to.")
JUST_BEGUN = N_("The match has just begun: nothing to move on from.")
NEW_MATCH_STARTED = N_("New match.")
NOTHING_TO_UNDO = N_("Nothing to undo: the match is over.")
NOTHING_TO_RESTART = N_("The match is over: nothing to restart.")
GOODBYE = N_("Goodbye.")
FIRST_CARD = N_("First card.")
LAST_CARD = N_("Last card.")
CARD_NOT_IN_HAND = N_("That card is no longer in your hand.")
NO_BID_DUE = N_("No bid is due now.")

HISTORY_TITLE = N_("History")
HELP_TITLE = N_("Help")
RULES_TITLE = N_("Rules")
REVIEW_TITLE = N_("Tricks")
HANDS_TITLE = N_("Hands")
RULES_INTRO = N_("Rules. Up and Down move.")


def does_nothing(key_name: str | None) -> str:
    """A key no action uses: "F7 does nothing. Question mark lists the keys." """
    if key_name:  # the sentence begins with a capital, whatever the language puts first
        return cap(_("{key} does nothing. Question mark lists the keys.").format(key=key_name))
    return _("That key does nothing. Question mark lists the keys.")


def history_intro(entries: int) -> str:
    if entries == 0:
        return _("History is empty.")
    return ngettext(
        "History, {n} entry, newest first. Escape goes back.",
        "History, {n} entries, newest first. Escape goes back.",
        entries,
    ).format(n=entries)


def help_intro(keys: int) -> str:
    return ngettext(
        "Help, {n} key. Up and Down move; Escape goes back.",
        "Help, {n} keys. Up and Down move; Escape goes back.",
        keys,
    ).format(n=keys)


def review_intro(tricks: int) -> str:
    if tricks == 0:
        return _("No tricks played yet this hand.")
    return ngettext(
        "Trick review, {n} trick. Up and Down move.",
        "Trick review, {n} tricks. Up and Down move.",
        tricks,
    ).format(n=tricks)


def list_edge(*, newest_first: bool, past_start: bool) -> str:
    """Moving past either end of a list says where it is, and only that: the entry there
    was just heard (Enter says it again), as a screen reader's list says nothing new at
    its ends. A history (newest first) has a newest and an oldest end, other lists a top
    and a bottom."""
    if newest_first:
        return _("Oldest.") if past_start else _("Newest.")
    return _("Top.") if past_start else _("Bottom.")


def hands_intro(hands: int) -> str:
    if hands == 0:
        return _("No hands finished yet.")
    return ngettext(
        "Hands played: {n}, newest first.",
        "Hands played: {n}, newest first.",
        hands,
    ).format(n=hands)


def your_bid(bid: Bid) -> str:
    """The bid is due, with the value Enter would place: "Your bid. 3 selected." (never
    "Your bid: 3", which is heard as a bid already made)."""
    return _("Your bid. {bid} selected.").format(bid=cap(bid_name(bid)))


def card_to_play(card: Card) -> Line:
    """Enter on a card not yet heard names it; Enter again plays it."""
    return Line.of(_("{card}. Enter again plays it.").format(card=cap(card_name(card))), [card])


def card_to_click(card: Card) -> Line:
    """A click on a card not yet named names it; a second click on it plays it."""
    return Line.of(_("{card}. Click it again to play it.").format(card=cap(card_name(card))),
                   [card])


def bid_choice(bid: Bid) -> str:
    """The focused bid in the bid list: "Nil." "4." """
    return f"{cap(bid_name(bid))}."


def bid_edge(bid: Bid, *, lowest: bool) -> str:
    if lowest:
        return _("Lowest: {bid}.").format(bid=bid_name(bid))
    return _("Highest: {bid}.").format(bid=bid_name(bid))


def at_edge(line: str | Line, *, first: bool) -> Line:
    """A card move that stayed put at an end of the hand says so first (naming the cards
    ``line`` names)."""
    return Line.of(f"{_(FIRST_CARD) if first else _(LAST_CARD)} {line}", cards_of(line))


#: The pace and verbosity choices as spoken (their option names are English words).
CHOICE_NAMES = {
    "relaxed": N_("relaxed"),
    "quick": N_("quick"),
    "instant": N_("instant"),
    "brief": N_("brief"),
    "full": N_("full"),
}


def pace_now(name: str) -> str:
    return _("Pace {name}.").format(name=_(CHOICE_NAMES.get(name, name)))


def verbosity_now(name: str) -> str:
    return _("Verbosity {name}.").format(name=_(CHOICE_NAMES.get(name, name)))


# ---- the one-line screen (also read by braille displays) ---------------------------

SCREEN_PAUSED = N_("Paused. ")
SCREEN_OVER = N_("Match over. ")
SCREEN_BID = N_("Your bid: ")
SCREEN_NO_CARDS = N_("No cards.")
SCREEN_YOUR_TURN = N_("Your turn. ")
SCREEN_HAND = N_("Hand: ")


def screen_list(title: str, shown: int, total: int) -> str:
    return _("{title} {shown} of {total}: ").format(title=_(title), shown=shown, total=total)


# ---- playable cards, hand order, the speech menu ------------------------------------

FIRST_PLAYABLE = N_("First playable card.")
LAST_PLAYABLE = N_("Last playable card.")
#: Keys a shared table does not offer: the others have heard every card, and a guest
#: keeps no record of the hands for the coach to replay.
UNDO_NOT_HERE = N_("Undo is not available at a shared table.")
RESTART_NOT_HERE = N_("Restarting the hand is not available at a shared table.")
COACH_NOT_HERE = N_("The coach is not available at a shared table.")
NOT_YOUR_CARD_TURN = N_("Nothing to play yet: it is not your turn to play.")
#: Tab or Shift+Tab while the player's bid is due: it is their turn, to bid.
BID_BEFORE_PLAY = N_("Your bid first; Tab finds playable cards once play begins.")


def only_card(card: Card) -> Line:
    """A turn with one legal card played it by itself (the player asked for that)."""
    return Line.of(_("Only card: {card}, played.").format(card=card_name(card)), [card])


def playable_jump(card: Card, *, edge: str | None = None) -> Line:
    """The playable card a jump landed on; at the end, which end first."""
    line = f"{cap(card_name(card))}."
    return Line.of(f"{_(edge)} {line}" if edge else line, [card])


HAND_ORDER_NAMES = {"suit": N_("by suit"), "rank": N_("by rank"), "dealt": N_("as dealt")}


def hand_order_now(name: str) -> str:
    """ "Hand order by rank." """
    return _("Hand order {name}.").format(name=_(HAND_ORDER_NAMES[name]))


SPEECH_MENU_TITLE = N_("Speech")
SPEECH_MENU_INTRO = N_("Speech settings. Up and Down choose, Left and Right change, Escape closes.")
KIND_NAMES = {
    "cards": N_("Others' cards"),
    "tricks": N_("Trick results"),
    "bids": N_("Bids"),
    "turns": N_("Your turn"),
    "results": N_("Hand results"),
    "chat": N_("Chat"),
    "notices": N_("Notices"),
}
VOICE_NAMES = {
    "brief": N_("spoken, brief"),
    "full": N_("spoken, full"),
    "history": N_("history only"),
}
VOICE_NAMES_ONE_FORM = {"brief": N_("spoken"), "full": N_("spoken"), "history": N_("history only")}


def voice_row(kind: str, voice: str, *, has_detail: bool) -> str:
    """One row of the speech menu: "Others' cards: spoken, brief." """
    names = VOICE_NAMES if has_detail else VOICE_NAMES_ONE_FORM
    return f"{_(KIND_NAMES[kind])}: {_(names[voice])}."


def only_card_row(on: bool) -> str:
    return _("Only card plays itself: on.") if on else _("Only card plays itself: off.")


# ---- the history's filter and file ------------------------------------------------------

HISTORY_FILTER_NAMES = {
    "all": N_("Everything"),
    "table": N_("The table"),
    "mine": N_("Your turns"),
    "chat": N_("Chat"),
    "notices": N_("Notices"),
}
FILTER_IN_HISTORY = N_("Filters work in the history: G opens it, then F chooses what it shows.")
NOTHING_OF_THIS_KIND = N_("Nothing of this kind yet.")


def history_filtered(name: str, entries: int, newest: str) -> str:
    """The filter key: "Chat, 3 entries. Bo says: nice one." """
    head = _(HISTORY_FILTER_NAMES[name])
    if entries == 0:
        return _("{filter}: nothing yet.").format(filter=head)
    return ngettext(
        "{filter}, {n} entry. {newest}", "{filter}, {n} entries. {newest}", entries
    ).format(filter=head, n=entries, newest=newest)


def history_saved(name: str, entries: int) -> str:
    """The file's name and where, said briefly (the full path goes to the history log)."""
    return ngettext(
        "History saved, {n} entry, in your data folder: {name}.",
        "History saved, {n} entries, in your data folder: {name}.",
        entries,
    ).format(n=entries, name=name)


def history_downloaded(name: str, entries: int) -> str:
    """The save-history key at a page: the file is the browser's download, not the
    server's (the browser saves it in its downloads folder, or asks where)."""
    return ngettext(
        "History saved, {n} entry, as a download: {name}.",
        "History saved, {n} entries, as a download: {name}.",
        entries,
    ).format(n=entries, name=name)
