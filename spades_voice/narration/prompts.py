"""The shell's own words: answers to keys that are not about the cards, list titles and
the one-line screen. (Card and table summaries are in ``summaries``, event lines in
``events``, the greeting, rules and questions in ``texts``.)
"""

from __future__ import annotations

from spades_voice.narration.words import cap, count
from spades_voice.rules import Bid, Card

LOOK_AT_CARDS = "Look at your cards? That gives up blind nil. Y looks, Escape goes back."
NOTHING_SAID = "Nothing has been said yet."
HINT_NEEDS_CARDS = "Hints need your cards: decide on blind nil first."
BACK_TO_TABLE = "Back to the table."
ALREADY_AT_TABLE = "Already at the table."
HAND_EMPTY = "Your hand is empty."
NOTHING_TO_CONFIRM = "Nothing to say yes to."
JUST_BEGUN = "The match has just begun: nothing to move on from."
NEW_MATCH_STARTED = "New match."
NOTHING_TO_UNDO = "Nothing to undo: the match is over."
NOTHING_TO_RESTART = "The match is over: nothing to restart."
GOODBYE = "Goodbye."
FIRST_CARD = "First card."
LAST_CARD = "Last card."

HISTORY_TITLE = "History"
HELP_TITLE = "Help"
RULES_TITLE = "Rules"
REVIEW_TITLE = "Tricks"
HANDS_TITLE = "Hands"
RULES_INTRO = "Rules. Up and Down move."


def does_nothing(key_name: str | None) -> str:
    """A key no action uses: "F7 does nothing. Question mark lists the keys." """
    name = cap(key_name) if key_name else "That key"
    return f"{name} does nothing. Question mark lists the keys."


def history_intro(entries: int) -> str:
    if entries == 0:
        return "History is empty."
    return f"History, {count(entries, 'entry', 'entries')}, newest first. Escape goes back."


def help_intro(keys: int) -> str:
    return f"Help, {keys} keys. Up and Down move; Escape goes back."


def review_intro(tricks: int) -> str:
    if tricks == 0:
        return "No tricks played yet this hand."
    return f"Trick review, {count(tricks, 'trick')}. Up and Down move."


def list_edge(entry: str, *, newest_first: bool, past_start: bool) -> str:
    """Moving past either end of a list repeats the entry there, with where it is: a
    history (newest first) has a newest and an oldest end, other lists a top and bottom."""
    if newest_first:
        edge = "Oldest." if past_start else "Newest."
    else:
        edge = "Top." if past_start else "Bottom."
    return f"{edge} {entry}"


def hands_intro(hands: int) -> str:
    if hands == 0:
        return "No hands finished yet."
    return f"Hands played, {count(hands, 'hand')}, newest first. Escape goes back."


def your_bid(bid: Bid) -> str:
    """The bid is due, with the value Enter would place: "Your bid. 3 selected." (never
    "Your bid: 3", which is heard as a bid already made)."""
    return f"Your bid. {cap(bid.spoken)} selected."


def card_to_play(card: Card) -> str:
    """Enter on a card not yet heard names it; Enter again plays it."""
    return f"{cap(card.spoken)}. Enter again plays it."


def bid_choice(bid: Bid) -> str:
    """The focused bid in the bid list: "Nil." "4." """
    return f"{cap(bid.spoken)}."


def bid_edge(bid: Bid, *, lowest: bool) -> str:
    return f"{'Lowest' if lowest else 'Highest'}: {bid.spoken}."


def at_edge(line: str, *, first: bool) -> str:
    """A card move that stayed put at an end of the hand says so first."""
    return f"{FIRST_CARD if first else LAST_CARD} {line}"


def pace_now(name: str) -> str:
    return f"Pace {name}."


def verbosity_now(name: str) -> str:
    return f"Verbosity {name}."


# ---- the one-line screen (also read by braille displays) ---------------------------

SCREEN_PAUSED = "Paused. "
SCREEN_OVER = "Match over. "
SCREEN_BID = "Your bid: "
SCREEN_NO_CARDS = "No cards."
SCREEN_YOUR_TURN = "Your turn. "
SCREEN_HAND = "Hand: "


def screen_list(title: str, shown: int, total: int) -> str:
    return f"{title} {shown} of {total}: "


# ---- playable cards, hand order, the speech menu ------------------------------------

FIRST_PLAYABLE = "First playable card."
LAST_PLAYABLE = "Last playable card."
#: Keys a shared table does not offer: the others have heard every card, and a guest
#: keeps no record of the hands for the coach to replay.
UNDO_NOT_HERE = "Undo is not available at a shared table."
RESTART_NOT_HERE = "Restarting the hand is not available at a shared table."
COACH_NOT_HERE = "The coach is not available at a shared table."
NOT_YOUR_CARD_TURN = "Nothing to play yet: it is not your turn to play."
#: Tab or Shift+Tab while the player's bid is due: it is their turn, to bid.
BID_BEFORE_PLAY = "Your bid first; Tab finds playable cards once play begins."


def only_card(card: Card) -> str:
    """A turn with one legal card played it by itself (the player asked for that)."""
    return f"Only card: {card.spoken}, played."


def playable_jump(card: Card, *, edge: str | None = None) -> str:
    """The playable card a jump landed on; at the end, which end first."""
    line = f"{cap(card.spoken)}."
    return f"{edge} {line}" if edge else line


HAND_ORDER_NAMES = {"suit": "by suit", "rank": "by rank", "dealt": "as dealt"}


def hand_order_now(name: str) -> str:
    """ "Hand order by rank." """
    return f"Hand order {HAND_ORDER_NAMES[name]}."


SPEECH_MENU_TITLE = "Speech"
SPEECH_MENU_INTRO = "Speech settings. Up and Down choose, Left and Right change, Escape closes."
KIND_NAMES = {
    "cards": "Others' cards",
    "tricks": "Trick results",
    "bids": "Bids",
    "turns": "Your turn",
    "results": "Hand results",
    "chat": "Chat",
    "notices": "Notices",
}
VOICE_NAMES = {"brief": "spoken, brief", "full": "spoken, full", "history": "history only"}
VOICE_NAMES_ONE_FORM = {"brief": "spoken", "full": "spoken", "history": "history only"}


def voice_row(kind: str, voice: str, *, has_detail: bool) -> str:
    """One row of the speech menu: "Others' cards: spoken, brief." """
    names = VOICE_NAMES if has_detail else VOICE_NAMES_ONE_FORM
    return f"{KIND_NAMES[kind]}: {names[voice]}."


def only_card_row(on: bool) -> str:
    return f"Only card plays itself: {'on' if on else 'off'}."


# ---- the history's filter and file ------------------------------------------------------

HISTORY_FILTER_NAMES = {
    "all": "Everything",
    "table": "The table",
    "mine": "Your turns",
    "chat": "Chat",
    "notices": "Notices",
}
FILTER_IN_HISTORY = "Filters work in the history: G opens it, then F chooses what it shows."
NOTHING_OF_THIS_KIND = "Nothing of this kind yet."


def history_filtered(name: str, entries: int, newest: str) -> str:
    """The filter key: "Chat, 3 entries. Bo says: nice one." """
    head = HISTORY_FILTER_NAMES[name]
    if entries == 0:
        return f"{head}: nothing yet."
    return f"{head}, {count(entries, 'entry', 'entries')}. {newest}"


def history_saved(path: str, entries: int) -> str:
    return f"History saved, {count(entries, 'entry', 'entries')}, in {path}."


def history_not_saved(reason: str) -> str:
    return f"History not saved: {reason}."
