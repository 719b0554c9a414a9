"""The wire format of shared tables (``spades-net/3``, written up in docs/protocol.md).

Every message is one JSON object in one websocket text frame, with a ``type``. This module
holds the framing, the close codes, table codes and names, and turns small model values
(seats, cards, bids, decisions) into JSON-ready values and back; ``codec`` does the same for
the compound ones (outcomes, the seat view, events). Nothing else: no sockets, no clocks.
Readers are strict: anything that is not exactly the documented shape raises
``ProtocolError``, so a bad message is dropped, never half-applied.

>>> card_from_json("QH").code, decision_to_json(card_from_json("10s"))
('QH', {'type': 'play', 'card': 'TS'})
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from spades_voice.narration.chat import clean_chat
from spades_voice.narration.wire import Wrong
from spades_voice.options import Target
from spades_voice.rules import (
    CARDS,
    SEATS,
    SUITS,
    TEAMS,
    Bid,
    Card,
    Decision,
    Look,
    Phase,
    Reason,
    Refused,
    Ruleset,
    Seat,
    Suit,
    Team,
    Trick,
)
from spades_voice.rules.errors import echo
from spades_voice.rules.ruleset import RULE_KEYS
from spades_voice.store.files import MAX_NESTING, nested_deeper_than

#: The protocol's version. A client says which it speaks in its first message; the server
#: refuses a version it does not know (close code 4001).
PROTOCOL_VERSION = 3

#: The largest message a client may send, in bytes of UTF-8. Larger ones (up to
#: ``MAX_FRAME``) are dropped and count against the connection.
MAX_MESSAGE = 2048
#: The websockets library's own limit on the server: a frame larger than this closes the
#: connection at once (close code 1009) without being read.
MAX_FRAME = 65536
#: What a client accepts from the server (a late-match view with every hand's score).
MAX_SERVER_FRAME = 2**20

# Close codes (RFC 6455 leaves 4000-4999 to applications).
CLOSE_POLICY = 1008  # too many bad messages, floods
CLOSE_TOO_BIG = 1009  # sent by the websockets library for frames above MAX_FRAME
CLOSE_VERSION = 4001  # protocol version not spoken here
CLOSE_NO_TABLE = 4004  # no table has that code, or the seat token is wrong
CLOSE_FULL = 4009  # four people already sit at the table
CLOSE_HELLO = 4000  # first message missing, late or not a hello
CLOSE_MOVED = 4010  # another process holds the table: the ``moved`` frame before says where
CLOSE_BUSY = 4029  # too many failed codes from this address, or too many tables


class ProtocolError(Refused):
    """A message that is not what the protocol says; ``reason`` says what was wrong (a
    ``Wrong`` kind, or the rules' reason for a value that is not one)."""


def wrong(kind: Wrong, **facts: object) -> ProtocolError:
    """The error for a message that is wrong in the way ``kind`` says."""
    return ProtocolError(Reason.of(kind, **facts))


def refused(error: Refused) -> ProtocolError:
    """A rules value that is not one (a card code, a bid), as the protocol's error."""
    return ProtocolError(error.reason)


# ---- table codes and tokens ------------------------------------------------------

#: Crockford's base 32: digits and capitals without I, L, O, U, which are easily misheard
#: or misread. Eight symbols are 40 bits: with one guess per connection and failed
#: guesses limited per address, guessing a live table is hopeless.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 8
_CODE_FIXES = str.maketrans({"O": "0", "I": "1", "L": "1"})
_CODE_RE = re.compile(rf"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")


def new_table_code() -> str:
    """A fresh random code, written in two groups: ``"K7MP-4QX2"``."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return format_code(raw)


def format_code(code: str) -> str:
    half = CODE_LENGTH // 2
    return f"{code[:half]}-{code[half:]}"


def normalize_code(text: object) -> str:
    """The canonical form of a typed code: any case, dashes and spaces ignored, O read as 0.

    >>> normalize_code("k7mp 4qxz")
    'K7MP-4QXZ'
    """
    if not isinstance(text, str) or len(text) > 32:
        raise wrong(Wrong.NOT_A_CODE)
    raw = re.sub(r"[\s-]", "", text).upper().translate(_CODE_FIXES)
    if not _CODE_RE.fullmatch(raw):
        raise wrong(Wrong.NOT_A_CODE)
    return format_code(raw)


def spoken_code(code: str) -> str:
    """The code as a screen reader should say it: one symbol at a time.

    >>> spoken_code("K7MP-4QX2")
    'K 7 M P, 4 Q X 2'
    """
    return ", ".join(" ".join(group) for group in code.split("-"))


def new_token() -> str:
    """A seat token: whoever presents it may take the seat back."""
    return secrets.token_urlsafe(18)


#: What ``new_token`` writes: URL-safe base 64 (older servers' tokens too).
_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: The token a hello's malformed token reads as: no seat ever holds it.
WRONG_TOKEN = "?"


def token_from_json(value: object) -> str | None:
    """A hello's seat token, None when it has none.

    Anything not shaped like a token (not text, too long, a letter no token has) reads
    as ``WRONG_TOKEN``: a wrong token, refused and counted like any other, so a prober
    cannot tell a live table code from a dead one by the way a bad token is answered.

    >>> token_from_json("é" * 24), token_from_json(None), token_from_json(7)
    ('?', None, '?')
    """
    if value is None:
        return None
    if isinstance(value, str) and _TOKEN_RE.fullmatch(value):
        return value
    return WRONG_TOKEN


def is_token(text: str) -> bool:
    """Whether ``text`` has the shape of a seat token (safe to compare in constant time)."""
    return _TOKEN_RE.fullmatch(text) is not None


# ---- names -----------------------------------------------------------------------

MAX_NAME = 24


def clean_name(text: object) -> str:
    """A display name, cleaned as a chat line is (no control characters or escape
    sequences, a few combining marks at most, spaces collapsed): 1 to 24 characters.

    >>> clean_name("\\x1b[31mAnn\\x1b[0m  Lee")
    'Ann Lee'
    """
    if not isinstance(text, str):
        raise wrong(Wrong.NAME_NOT_TEXT)
    name = clean_chat(text, None)
    if not name:
        raise wrong(Wrong.EMPTY_NAME)
    return name[:MAX_NAME]


# ---- small values ----------------------------------------------------------------

T = TypeVar("T")


def field_of(data: Mapping[str, Any], key: str, kind: type[T]) -> T:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise wrong(Wrong.FIELD_TYPE, key=key, type=kind.__name__)
    return value


def optional(data: Mapping[str, Any], key: str, read: Callable[[Any], T]) -> T | None:
    value = data.get(key)
    return None if value is None else read(value)


def seat_from_json(value: object) -> Seat:
    if not isinstance(value, str):
        raise wrong(Wrong.SEAT_FORM, known=", ".join(s.value for s in SEATS))
    try:
        return Seat.from_code(value)
    except Refused as e:
        raise refused(e) from None


def team_from_json(value: object) -> Team:
    if not isinstance(value, str):
        raise wrong(Wrong.TEAM_FORM, known=", ".join(t.value for t in TEAMS))
    try:
        return Team(value)
    except ValueError:
        raise wrong(Wrong.NOT_A_TEAM, text=echo(value)) from None


def card_from_json(value: object) -> Card:
    if not isinstance(value, str) or len(value) > 3:
        raise wrong(Wrong.CARD_FORM, text="QH")
    try:
        return Card.from_code(value)
    except Refused as e:
        raise refused(e) from None


def bid_from_json(value: object) -> Bid:
    try:
        return Bid.from_json(value)
    except Refused as e:
        raise refused(e) from None


def suit_from_json(value: object) -> Suit:
    if not isinstance(value, str):
        raise wrong(Wrong.SUIT_FORM, known=", ".join(s.code for s in SUITS))
    try:
        return Suit.from_code(value)
    except Refused as e:
        raise refused(e) from None


def phase_from_json(value: object) -> Phase:
    try:
        return Phase(value)
    except ValueError:
        raise wrong(Wrong.NOT_A_PHASE, text=echo(value)) from None


def _seat_map(data: object, read: Callable[[Any], T]) -> dict[Seat, T]:
    if not isinstance(data, dict) or set(data) != {s.value for s in SEATS}:
        raise wrong(Wrong.EACH_OF, known=", ".join(s.value for s in SEATS))
    return {s: read(data[s.value]) for s in SEATS}


def _team_map(data: object, read: Callable[[Any], T]) -> dict[Team, T]:
    if not isinstance(data, dict) or set(data) != {t.value for t in TEAMS}:
        raise wrong(Wrong.EACH_OF, known=", ".join(t.value for t in TEAMS))
    return {t: read(data[t.value]) for t in TEAMS}


def as_int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise wrong(Wrong.WHOLE_NUMBER)
    return value


def as_bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise wrong(Wrong.TRUE_OR_FALSE)
    return value


def as_list(value: object, limit: int = 64) -> list[Any]:
    if not isinstance(value, list) or len(value) > limit:
        raise wrong(Wrong.A_LIST)
    return value


#: Card codes by ``Card.index``: a view names up to 52 cards, and ``Card.code`` builds its
#: text from two enums each time.
_CARD_CODES: tuple[str, ...] = tuple(c.code for c in sorted(CARDS, key=lambda c: c.index))


def cards_to_json(cards: tuple[Card, ...]) -> list[str]:
    return [_CARD_CODES[c.index] for c in cards]


def cards_from_json(value: object) -> tuple[Card, ...]:
    return tuple(card_from_json(c) for c in as_list(value, 52))


def bids_to_json(bids: tuple[tuple[Seat, Bid], ...]) -> list[list[Any]]:
    return [[s.value, b.to_json()] for s, b in bids]


def bids_from_json(value: object) -> tuple[tuple[Seat, Bid], ...]:
    out: list[tuple[Seat, Bid]] = []
    for pair in as_list(value, 4):
        if not isinstance(pair, list) or len(pair) != 2:
            raise wrong(Wrong.BID_PAIR)
        out.append((seat_from_json(pair[0]), bid_from_json(pair[1])))
    return tuple(out)


def trick_to_json(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader.value, "cards": cards_to_json(trick.cards)}


def trick_from_json(value: object) -> Trick:
    if not isinstance(value, dict):
        raise wrong(Wrong.NOT_AN_OBJECT, key="trick")
    cards = cards_from_json(value.get("cards"))
    if len(cards) > 4:
        raise wrong(Wrong.TRICK_TOO_LONG)
    return Trick(seat_from_json(value.get("leader")), cards)


def rules_to_json(rules: Ruleset) -> dict[str, Any]:
    return rules.to_json()


def rules_from_json(value: object) -> Ruleset:
    try:
        return Ruleset.from_json(value)
    except Refused as e:
        raise refused(e) from None


#: The targets a table may be opened with: the game's own choices (``options.Target``).
TARGETS = tuple(t.points for t in Target if t.points is not None)


def table_rules_from_json(value: object) -> Ruleset:
    """A ``create`` hello's rules: only the game's own switches, and a target it offers
    (a record read elsewhere may hold any positive target; a new table may not).

    >>> table_rules_from_json({"target": 300}).target
    300
    >>> table_rules_from_json({"target": 10**12})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spades_voice.net.wire.protocol.ProtocolError: target_not_offered(known=200, 300, 500)
    """
    if isinstance(value, dict):
        only_keys(value, "rules", RULE_KEYS)
        target = value.get("target", Ruleset().target)
        if target is not None and (type(target) is not int or target not in TARGETS):
            offered = ", ".join(map(str, TARGETS))
            raise wrong(Wrong.TARGET_NOT_OFFERED, known=offered)
    return rules_from_json(value)


def only_keys(value: Mapping[str, Any], field: str, known: tuple[str, ...]) -> None:
    """Refuse an object with a key outside ``known``, naming the key (cut short, printable):
    a setting the game does not have is refused, never ignored."""
    for key in value:
        if key not in known:
            shown = "".join(c for c in str(key) if c.isascii() and c.isprintable())
            raise wrong(Wrong.UNKNOWN_KEY, field=field, key=shown[:20], known=", ".join(known))


def flag_from_json(message: Mapping[str, Any], key: str) -> bool:
    """An optional true/false field (absent: false); anything else is refused, never read
    as false."""
    value = message.get(key, False)
    if not isinstance(value, bool):
        raise wrong(Wrong.NOT_TRUE_OR_FALSE, field=key)
    return value


# ---- decisions -------------------------------------------------------------------


def decision_to_json(decision: Decision) -> dict[str, Any]:
    """The intent message for a decision (without its request ``id``); a look is only
    ever stored by the server, as a client says ``reveal`` for its own seat."""
    if isinstance(decision, Bid):
        return {"type": "bid", "bid": decision.to_json()}
    if isinstance(decision, Look):
        return {"type": "look", "seat": decision.seat.value}
    return {"type": "play", "card": decision.code}


def decision_from_json(message: Mapping[str, Any]) -> Decision:
    kind = message.get("type")
    if kind == "bid":
        return bid_from_json(message.get("bid"))
    if kind == "play":
        return card_from_json(message.get("card"))
    if kind == "look":
        return Look(seat_from_json(message.get("seat")))
    raise wrong(Wrong.NOT_A_DECISION)


# ---- framing ---------------------------------------------------------------------


def update_text(seq: int, events: list[str], view: str | None, answers: int | None) -> str:
    """An ``update`` frame from encoded ``events`` and ``view`` (see ``ViewEncoder``);
    ``answers`` is the ``id`` of the intent it answers, if it answers one."""
    head = f'{{"type":"update","seq":{seq}'
    if answers is not None:
        head += f',"id":{answers}'
    tail = f',"view":{view}}}' if view is not None else "}"
    return f'{head},"events":[{",".join(events)}]{tail}'


def encode(message: Mapping[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def decode(text: str | bytes) -> dict[str, Any]:
    """One message: a JSON object with a string ``type``."""
    if isinstance(text, bytes):
        raise wrong(Wrong.NOT_TEXT_FRAME)
    try:
        if nested_deeper_than(text, MAX_NESTING):
            raise RecursionError
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise wrong(Wrong.NOT_JSON) from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise wrong(Wrong.NO_TYPE)
    return data


def request_id(message: Mapping[str, Any]) -> int | None:
    """The client's ``id`` for an intent, echoed in the reply (small non-negative int)."""
    value = message.get("id")
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**53:
        raise wrong(Wrong.BAD_ID)
    return value
