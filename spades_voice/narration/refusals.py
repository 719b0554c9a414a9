"""The reasons a move is refused, in the player's language.

The rules word their refusals in English (``rules/`` is pure and below narration, and the
message of ``IllegalAction`` is the sentence the game speaks, the same one ``score``
writes into its JSON). A shared table's server sends its refusals the same way. So a
refusal is translated where it is spoken: a fixed sentence is looked up whole, and the
few that name a card, a suit, a seat or a person are recognised by their English shape
and said again in the player's language.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from spades_voice.narration.language import N_, _, line
from spades_voice.narration.naming import cap, seat_name, suit_name, the_card
from spades_voice.rules import CARDS, SEATS, SUITS

#: The rules' and the server's fixed refusals, so the catalog has them.
FIXED = (
    N_("Bidding is over."),
    N_("It is not your turn to bid."),
    N_("Blind nil is not allowed at this table."),
    N_("Blind nil must be bid before you see your cards."),
    N_("The hand is over."),
    N_("It is not your turn."),
    N_("Spades are not broken yet, and you hold other suits."),
    N_("You cannot play now."),
    N_("You cannot play that card."),
    N_("No hand is dealt."),
    N_("Nothing to undo in this hand."),
    N_("The table did not answer."),
    N_("The table refused that."),
    N_("Not connected to the table."),
    N_("The coach is not available at a shared table."),
    N_("Undo is not available at a shared table."),
    N_("Restarting the hand is not available at a shared table."),
    N_("The table is full."),
    N_("The host has not started the match yet."),
    N_("The match has already started."),
    N_("Only the host can do that."),
    N_("The table server closed the connection."),
    N_("The table closed the connection."),
)

_CARDS = {card.spoken: card for card in CARDS}
_SUITS = {suit.spoken: suit for suit in SUITS}
_SEATS = {seat.long_name: seat for seat in SEATS}


def _played(m: re.Match[str]) -> str | None:
    card = _CARDS.get(m[1])
    if card is None:
        return None
    return cap(_("{the_card} has already been played.").format(the_card=the_card(card)))


def _not_held(m: re.Match[str]) -> str | None:
    card = _CARDS.get(m[1])
    if card is None:
        return None
    return _("You do not hold {the_card}.").format(the_card=the_card(card))


def _follow(m: re.Match[str]) -> str | None:
    suit = _SUITS.get(m[1])
    return None if suit is None else _("You must follow {suit}.").format(suit=suit_name(suit))


def _nobody_waiting(m: re.Match[str]) -> str | None:
    seat = _SEATS.get(m[1])
    if seat is None:
        return None
    return _("Nobody is waiting to sit {seat}.").format(seat=seat_name(seat))


def _no_one_called(m: re.Match[str]) -> str | None:
    return _("No one called {name} is at the table.").format(name=m[1])


_SHAPES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str | None]], ...] = (
    (re.compile(r"The (.+) has already been played\."), _played),
    (re.compile(r"You do not hold the (.+)\."), _not_held),
    (re.compile(r"You must follow (\w+)\."), _follow),
    (re.compile(r"Nobody is waiting to sit (\w+)\."), _nobody_waiting),
    (re.compile(r"No one called (.+) is at the table\."), _no_one_called),
)


def refusal(reason: str) -> str:
    """``reason`` (an ``IllegalAction``'s English sentence) in the current language; a
    sentence the catalog does not know is said as it came."""
    said = line(reason)
    if said != reason:
        return said
    for shape, say in _SHAPES:
        found = shape.fullmatch(reason)
        if found is not None:
            return say(found) or reason
    return reason
