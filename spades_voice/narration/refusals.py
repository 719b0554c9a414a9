"""Sentences that arrive as English words, said again in the player's language.

Two kinds of sentence reach the shell as finished English text rather than as facts:
the rules' refusals (``rules/`` is pure and below narration, and an ``IllegalAction``'s
message is the sentence the game speaks, the same one ``score`` writes into its JSON), and
what a shared table's server says (its notices and refusals; a server narrates in English,
the source language, so that every guest can hear it in their own). ``heard`` translates
them where they are spoken: a fixed sentence is looked up whole; one of ``SHAPES``, the
English templates with named fields, is recognised by its shape, its fields read back
(a seat, a card or a suit by its English name; a nested sentence heard in turn), and the
template said again in the player's language. Anything else is said as it came.
"""

from __future__ import annotations

import re
import string
from functools import cache

from spades_voice.narration.language import N_, _, line
from spades_voice.narration.naming import card_name, seat_name, suit_name, the_card
from spades_voice.narration.words import cap
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
    N_("Too many connections from your address."),
    N_("Too many bad messages."),
    N_("Too many wrong codes. Wait a minute."),
    N_("No table has that code."),
    N_("That seat token is not for this table."),
    N_("This server does not open new tables."),
    N_("You have opened too many tables. Wait a minute."),
    N_("The server has no room for another table."),
    N_("The table has ended: it had not started for over a minute, and the server needed room."),
)

#: Sentences with fields that arrive as English text: the rules' refusals naming a card
#: or a suit, and the server's notices (``narration.notices`` makes them; these are the
#: same English templates). A field named ``seat`` is a seat, ``card`` or ``the_card`` a
#: card, ``suit`` a suit, ``where``, ``trick`` and ``start`` a sentence of its own.
SHAPES = (
    N_("{the_card} has already been played."),
    N_("You do not hold {the_card}."),
    N_("You must follow {suit}."),
    N_("Nobody is waiting to sit {seat}."),
    N_("No one called {name} is at the table."),
    N_("{name} joined, sitting {seat}."),
    N_("{name} is back."),
    N_("{name} left. The computer plays for them until they come back."),
    N_("{name} joined, and sits {seat} from the next deal."),
    N_("You sit {seat} from the next deal. Until then {computer} plays this hand."),
    N_("{name} now sits {seat}."),
    N_("{name} is waiting for the next deal."),
    N_("The host seated you. You play {seat} from now."),
    N_("Only the host can seat {name} now; {name} sits from the next deal."),
    N_("The match has not started yet. {host} hosts."),
    N_("Back at your seat. You sit {seat}. {where}"),
    N_("Hand {number}. {trick}"),
    N_("You opened a public table. You are its host: press {key} to start."),
    N_("You sit at a public table with {people}."),
    N_("{seconds} seconds left."),
    N_("You sit {seat}. Waiting for the host to start."),
    N_("Press {key} to start; the computer plays any empty seat."),
    N_("Table code {code}. Friends join with spades-voice join and this code. {start}"),
    N_("{name} left. {host} hosts the table now."),
    N_("{name} left. You host the table now."),
    N_("{name} left and closed the table."),
    N_("{name} is muted."),
    N_("{name} may chat again."),
    N_("This server speaks protocol {version}."),
)

_CARDS = {card.spoken: card for card in CARDS}
_SUITS = {suit.spoken: suit for suit in SUITS}
_SEATS = {seat.long_name: seat for seat in SEATS}
_SENTENCES = frozenset({"where", "trick", "start"})


@cache
def _pattern(template: str) -> re.Pattern[str]:
    """``template``'s English as a regular expression with a group for each field."""
    out, seen = [], set()
    for literal, name, _spec, _conv in string.Formatter().parse(template):
        out.append(re.escape(literal))
        if name is None:
            continue
        out.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
    return re.compile("".join(out), re.DOTALL)


def _field(name: str, english: str) -> str | None:
    """One field read back from its English, said in the current language; None when the
    English is not what the field holds (the shape did not really match)."""
    if name in ("card", "the_card"):
        found = _CARDS.get(english.removeprefix("the ").removeprefix("The "))
        if found is None:
            return None
        return the_card(found) if name == "the_card" else card_name(found)
    if name == "suit":
        suit = _SUITS.get(english)
        return None if suit is None else suit_name(suit)
    if name == "seat":
        seat = _SEATS.get(english)
        return None if seat is None else seat_name(seat)
    if name in _SENTENCES:
        return heard(english)
    return english


def heard(text: str) -> str:
    """``text``, an English sentence from the rules or a server, in the current language."""
    said = line(text)
    if said != text:
        return said
    for template in SHAPES:
        found = _pattern(template).fullmatch(text)
        if found is None:
            continue
        fields = {name: _field(name, value) for name, value in found.groupdict().items()}
        if any(value is None for value in fields.values()):
            continue
        return cap(_(template).format(**fields))
    return text
