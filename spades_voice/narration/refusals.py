"""What a shared table says when it refuses, and sentences that arrive as English words,
said again in the player's language.

A shared table refuses a hello it cannot seat, an intent the table's state or the asker's
role does not allow, a setting outside the table of rules, or a connection it closes: the
sentences are here (the server decides when each applies, in net/, and the client speaks
the reason as it arrives).

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

TABLE_FULL = N_("The table is full.")
NOT_STARTED = N_("The host has not started the match yet.")
ALREADY_STARTED = N_("The match has already started.")
ONLY_HOST = N_("Only the host can do that.")
NO_SUCH_TABLE = N_("No table has that code.")
#: A ``rejoin`` refused: the same words whether or not a table has that code.
NO_SUCH_SEAT = N_("No table here has a seat with that token.")
#: The close reason for a connection whose seat another connection took up with its token.
SEAT_TAKEN_UP = N_("Your seat was taken up by another connection.")
#: The close reason for a connection that stopped reading what the table sends it.
TOO_FAR_BEHIND = N_("Too far behind.")
#: A typed table code that is not one (``join``, the page's code field).
NOT_A_CODE = N_("A table code is eight letters and digits.")
#: A name with no letter left once cleaned (``--name " "``, the page's name field).
EMPTY_NAME = N_("Choose a name of at least one letter.")
#: Messages sent faster than the server takes them (a key held down at a page).
SLOW_DOWN = N_("Too many messages. Slow down.")

# ---- the terminal client's own: said in English by net/, heard through ``heard`` -------

TABLE_DID_NOT_ANSWER = N_("The table did not answer.")
TABLE_REFUSED = N_("The table refused that.")
NOT_CONNECTED = N_("Not connected to the table.")
SERVER_CLOSED = N_("The table server closed the connection.")
TABLE_CLOSED = N_("The table closed the connection.")
CONNECTION_LOST = N_("The connection to the table was lost.")
NO_RECONNECT = N_("Could not reconnect to the table.")
ANSWERED_BADLY = N_("The table server did not answer properly.")
#: Joining failed in a way the client did not foresee (the details go to the log).
CANNOT_JOIN = N_("Cannot join the table.")
#: A watcher refused: the host does not let people watch this table.
NO_WATCHERS = N_("This table does not take watchers.")
#: A watcher refused: the table has as many watchers as it may (``Limits``).
WATCHERS_FULL = N_("This table has all the watchers it can take.")
#: ``watch --any`` with no public table being played.
NOTHING_TO_WATCH = N_("No public table is being played now.")
#: I while watching computers, between two hands or after the match.
NOBODY_THINKING = N_("No computer is thinking now.")
#: ``sit`` from someone who already has a seat.
ALREADY_SEATED = N_("You already have a seat.")
#: Something only a seat may do, asked by a watcher.
WATCHERS_DO_NOT_PLAY = N_("You are watching: only the players act.")
#: A watcher's chat line while the host keeps watchers quiet.
WATCHERS_QUIET = N_("The host keeps watchers out of the chat.")

#: Templates the client fills in English (``heard`` knows them by their shape, in SHAPES).
CANNOT_REACH = N_("Cannot reach the table server at {url}.")
#: The server's certificate is not trusted (TLS).
NOT_TRUSTED = N_(
    "The table server at {url} is not who it claims: its certificate is not trusted. "
    "If it uses a private authority, give its file with --ca."
)


def unknown_key(field: str, key: str, known: tuple[str, ...]) -> str:
    """A key of an object the game does not have: "rules.colour is not one of target,
    blind_nil, failed_nil_tricks." (``key`` already cut short and printable)."""
    return _("{field}.{key} is not one of {known}.").format(
        field=field, key=key, known=", ".join(known)
    )


def target_not_offered(targets: str) -> str:
    """``targets``: the offered ones in words, "200, 300 or 500"."""
    return _("rules.target must be {targets}, or null for a single hand.").format(
        targets=targets
    )


def not_true_or_false(field: str) -> str:
    return _("{field} must be true or false.").format(field=field)


#: The rules' fixed refusals, the client's own and an older server's, so the catalog has
#: them (the constants above, ``closes`` and ``prompts`` mark the rest where they stand).
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
    # Sent by servers before this round's typed hellos (same protocol, 2).
    N_("That seat token is not for this table."),
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
    N_("{name} is still away. {host} hosts the table now."),
    N_("{name} is still away. You host the table now."),
    N_("{name} left. You host the table now."),
    N_("{name} left and closed the table."),
    N_("{name} is muted."),
    N_("{name} may chat again."),
    N_("{name} is watching."),
    N_("{name} stopped watching."),
    N_("You are watching. {where}"),
    N_("Back to watching. You missed nothing. {where}"),
    N_("Back to watching. Missed: bids {bids}, cards {cards}. {where}"),
    N_("This server speaks protocol {version}."),
    N_("{field}.{key} is not one of {known}."),
    N_("rules.target must be {targets}, or null for a single hand."),
    N_("{field} must be true or false."),
    CANNOT_REACH,
    NOT_TRUSTED,
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
