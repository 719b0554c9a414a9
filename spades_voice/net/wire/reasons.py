"""Reasons on the wire: a ``Reason`` (a kind and its facts) as JSON and back, the
``error`` answer to a dropped message, which carries one, and a refused request's reason
as the asking seat raises it.

Whatever a seat is told *why* (a refusal, a notice, the protocol's error, a close reason)
crosses as a value and is worded by the receiving seat in its own language
(``narration.reasons``); nothing here writes or reads a sentence.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

from spades_voice.narration.refusals import Refusal
from spades_voice.narration.wire import Wrong
from spades_voice.net.wire.protocol import (
    MAX_MESSAGE,
    ProtocolError,
    bid_from_json,
    card_from_json,
    decode,
    encode,
    request_id,
    seat_from_json,
    suit_from_json,
    wrong,
)
from spades_voice.rules import Bid, Card, IllegalAction, Reason, Seat, Suit, Team

#: Facts read back by their name: a fact named ``card`` is a card code, and so on. Any
#: other fact is a number, text, or a reason nested in this one.
_FACT_READERS: dict[str, Callable[[Any], object]] = {
    "card": card_from_json,
    "suit": suit_from_json,
    "seat": seat_from_json,
    "bid": bid_from_json,
}


#: A reason's size on the wire: kinds and fact names are short identifiers, text facts
#: (names, quoted values) are short, and a reason nests at most two deep.
MAX_FACTS = 8
MAX_FACT_TEXT = 200
MAX_NESTING = 2
_IDENTIFIER = re.compile(r"[a-z][a-z0-9_]{0,39}")


def _fact_to_json(value: object) -> Any:
    if isinstance(value, Reason):
        return reason_to_json(value)
    if isinstance(value, Card | Suit):
        return value.code
    if isinstance(value, Seat | Team):
        return value.value
    if isinstance(value, Bid):
        return value.to_json()
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        return value
    raise TypeError(value)


def reason_to_json(reason: Reason) -> dict[str, Any]:
    """A reason as the wire carries it: its ``kind`` and each fact under its name (a card,
    suit or seat by its code, a bid as a record writes it, a nested reason as an object).

    >>> from spades_voice.rules import Why
    >>> reason_to_json(Reason.of(Why.NOT_HELD, card=card_from_json("QH")))
    {'kind': 'not_held', 'card': 'QH'}
    """
    return {"kind": str(reason.kind), **{name: _fact_to_json(v) for name, v in reason}}


def _plain_fact(fact: object) -> bool:
    """Short text, or a number JSON carries exactly (a whole number, or seconds left)."""
    if isinstance(fact, str):
        return len(fact) <= MAX_FACT_TEXT
    if isinstance(fact, float):
        return math.isfinite(fact) and abs(fact) < 2**53
    return isinstance(fact, int) and not isinstance(fact, bool) and abs(fact) < 2**53


def reason_from_json(value: object, depth: int = 0) -> Reason:
    """The reason a peer sent (see ``reason_to_json``); a fact named ``card``, ``suit``,
    ``seat`` or ``bid`` is read as one. A kind this program does not know is kept as it
    came, and said as a refusal without its facts.

    >>> reason_from_json({"kind": "must_follow", "suit": "H"})["suit"]
    <Suit.HEARTS: 'H'>
    """
    if not isinstance(value, dict) or len(value) > MAX_FACTS + 1 or depth > MAX_NESTING:
        raise wrong(Wrong.REASON_FORM)
    kind = value.get("kind")
    if not isinstance(kind, str) or not _IDENTIFIER.fullmatch(kind):
        raise wrong(Wrong.REASON_FORM)
    facts: dict[str, object] = {}
    for name, fact in value.items():
        if name == "kind":
            continue
        if not isinstance(name, str) or not _IDENTIFIER.fullmatch(name):
            raise wrong(Wrong.REASON_FORM)
        read = _FACT_READERS.get(name)
        if read is not None:
            facts[name] = read(fact)
        elif isinstance(fact, dict):
            facts[name] = reason_from_json(fact, depth + 1)
        elif _plain_fact(fact):
            facts[name] = fact
        else:
            raise wrong(Wrong.REASON_FORM)
    return Reason.of(kind, **facts)


def raise_refused(reply: Mapping[str, Any]) -> None:
    """Raises IllegalAction with the table's reason unless ``reply`` says ``ok``: a
    ``refused`` or ``error`` answer to a seat's request. A reason this seat cannot read
    (an older or newer server's) is refused plainly.

    >>> raise_refused({"type": "ok", "id": 1})
    >>> raise_refused({"type": "refused", "id": 1, "reason": {"kind": "only_host"}})
    Traceback (most recent call last):
    ...
    spades_voice.rules.errors.IllegalAction: only_host
    """
    if reply.get("type") == "ok":
        return
    try:
        reason = reason_from_json(reply.get("reason"))
    except ProtocolError:
        reason = Reason(Refusal.REFUSED)
    raise IllegalAction(reason)


def error_reply(raw: str | bytes, error: ProtocolError) -> dict[str, Any]:
    """The answer to a dropped message, carrying its ``id`` when one can be read, so a
    client waiting on that request hears why instead of waiting for its timeout."""
    rid: int | None = None
    if isinstance(raw, str) and len(raw) <= MAX_MESSAGE:
        with contextlib.suppress(ProtocolError):
            rid = request_id(decode(raw))
    return {"type": "error", "id": rid, "reason": reason_to_json(error.reason)}


#: What a websocket close frame may carry as its reason, in bytes of UTF-8 (RFC 6455).
MAX_CLOSE_REASON = 123


def close_text(reason: Reason) -> str:
    """``reason`` as a close frame's reason: its JSON, or its kind alone when the facts
    make it too long for the frame.

    >>> close_text(Reason("table_full"))
    '{"kind":"table_full"}'
    """
    text = encode(reason_to_json(reason))
    if len(text.encode("utf-8")) <= MAX_CLOSE_REASON:
        return text
    return encode({"kind": reason.kind})


def close_reason(text: str, plain: Refusal = Refusal.SERVER_CLOSED) -> Reason:
    """The reason a close frame carried; a connection closed without one this client can
    read (none, a proxy's, an older server's) is said plainly (``plain``)."""
    with contextlib.suppress(ProtocolError, ValueError, RecursionError):
        return reason_from_json(json.loads(text))
    return Reason(plain)
