"""What a seated connection may ask of its table, parsed once at the edge.

A message off the wire is read here into one typed ``Intent`` (a frozen dataclass per
kind) with its request ``id``, or refused with ``ProtocolError``; the table then
dispatches on the type with ``match`` and never reads a field of the raw message again.
A message is either wholly understood or dropped, never half-applied.

>>> parse_intent({"type": "bid", "bid": "nil", "id": 4}, 5.0)
Request(intent=Decide(decision=Bid(tricks=0, blind=False)), id=4)
>>> parse_intent({"type": "mute", "name": "Bo", "muted": True}, 5.0).intent
Mute(name='Bo', muted=True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from spades_voice.narration.wire import Wrong
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.limits import Timers
from spades_voice.rules import Decision, Seat


@dataclass(frozen=True, slots=True)
class Decide:
    """A bid or a card from the seat to act."""

    decision: Decision


@dataclass(frozen=True, slots=True)
class Reveal:
    """The seat looks at its cards (closing blind nil for it this hand)."""


@dataclass(frozen=True, slots=True)
class Start:
    """The host deals the first hand."""


@dataclass(frozen=True, slots=True)
class NewMatch:
    """The host starts a new match with a new secret deal."""


@dataclass(frozen=True, slots=True)
class SetTimers:
    """The host changes the turn timers."""

    timers: Timers


@dataclass(frozen=True, slots=True)
class Admit:
    """The host seats the person waiting at ``seat`` now, mid-hand."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Say:
    """A chat line, as sent (the table cleans and limits it)."""

    text: str


@dataclass(frozen=True, slots=True)
class Mute:
    """The host stops (``muted``) or allows the chat of the person called ``name``."""

    name: str
    muted: bool


@dataclass(frozen=True, slots=True)
class Watching:
    """The host lets people watch the table (``allowed``) and watchers chat (``chat``);
    None leaves that choice as it is."""

    allowed: bool | None
    chat: bool | None


@dataclass(frozen=True, slots=True)
class Sit:
    """A watcher asks to take a seat a computer holds (``seat``, or the first free one);
    the host answers with ``LetIn``."""

    seat: Seat | None


@dataclass(frozen=True, slots=True)
class LetIn:
    """The host answers the watcher called ``name`` who asked to play: ``yes`` lets them
    sit (from the next deal, as a person joining mid-hand), no leaves them watching."""

    name: str
    yes: bool


@dataclass(frozen=True, slots=True)
class Ping:
    """Nothing but an answer."""


Intent = (
    Decide | Reveal | Start | NewMatch | SetTimers | Admit | Say | Mute | Watching | Sit
    | LetIn | Ping
)

#: What someone waiting for the next deal may still ask: they talk to the table, never play.
WHILE_WAITING = (Ping, Reveal, Say)


@dataclass(frozen=True, slots=True)
class Request:
    """An intent and the client's ``id`` for it (echoed in the answer), if it gave one."""

    intent: Intent
    id: int | None = None


def parse_intent(message: Mapping[str, Any], min_timer: float) -> Request:
    """The intent in ``message`` (a decoded object with a string ``type``); raises
    ProtocolError for an unknown type or a field that is not what the protocol says.
    ``min_timer``: the shortest turn timer this server lets a host set."""
    rid = p.request_id(message)
    return Request(_intent(message, min_timer), rid)


def _intent(message: Mapping[str, Any], min_timer: float) -> Intent:
    kind = message["type"]
    if kind in ("bid", "play"):
        return Decide(p.decision_from_json(message))
    if kind == "timers":
        return SetTimers(timers_from_json(message.get("timers"), min_timer))
    if kind == "admit":
        return Admit(p.seat_from_json(message.get("seat")))
    if kind == "say":
        text = message.get("text")
        if not isinstance(text, str):
            raise p.wrong(Wrong.CHAT_NOT_TEXT)
        return Say(text)
    if kind == "mute":
        name, muted = message.get("name"), message.get("muted")
        if not isinstance(name, str) or not isinstance(muted, bool):
            raise p.wrong(Wrong.MUTE_FORM)
        return Mute(name, muted)
    if kind == "sit":
        return Sit(p.optional(message, "seat", p.seat_from_json))
    if kind == "let_in":
        yes = _maybe_flag(message, "yes")
        return LetIn(p.clean_name(message.get("name")), yes is not False)
    if kind == "watchers":
        p.only_keys(message, "watchers", ("type", "id", "allowed", "chat"))
        return Watching(_maybe_flag(message, "allowed"), _maybe_flag(message, "chat"))
    bare = _BARE.get(kind)
    if bare is None:
        raise p.wrong(Wrong.UNKNOWN_TYPE, text=repr(kind[:20]))
    return bare


def _maybe_flag(message: Mapping[str, Any], key: str) -> bool | None:
    """An optional true/false field (absent or null: no change); anything else refused."""
    value = message.get(key)
    if value is None:
        return None
    return p.flag_from_json(message, key)


def timers_from_json(value: object, min_timer: float) -> Timers:
    """A ``timers`` object: ``bid`` and ``play`` only (``Timers.from_json`` reads them);
    any other key is refused, never ignored."""
    if isinstance(value, dict):
        p.only_keys(value, "timers", ("bid", "play"))
    return Timers.from_json(value, min_timer)


#: The intents that carry nothing but their type.
_BARE: dict[str, Intent] = {
    "reveal": Reveal(),
    "start": Start(),
    "new_match": NewMatch(),
    "ping": Ping(),
}
