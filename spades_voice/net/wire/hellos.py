"""A connection's first message, parsed whole before any of it is used.

Every field of a hello is read here, before the server looks up a table: a field that is
not what the protocol says refuses the hello with the reason (close 4000) whether or not
the table exists, so the way a hello is refused never tells a prober that a code is live.
A malformed seat token is the one exception: it reads as a wrong token
(``protocol.token_from_json``), refused and counted like any other.

>>> parse_hello({"type": "rejoin", "table": "k7mp 4qx2", "token": "é"}, 5.0)
Rejoin(code='K7MP-4QX2', token='?')

A client writes its hello with ``hello_create``, ``hello_join`` and the others at the end
of this module, so what is sent and what is read stand side by side.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from spades_voice.narration.wire import Wrong
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.intents import timers_from_json
from spades_voice.net.wire.limits import Timers
from spades_voice.rules import Ruleset, Seat


@dataclass(frozen=True, slots=True)
class Create:
    """Open a table and sit at it as its host."""

    name: str
    seat: Seat | None
    rules: Ruleset
    timers: Timers
    public: bool
    #: Whether people may watch without a seat (the host may change it later).
    watchers: bool = True
    #: Whether watchers may write in the table's chat (the host may change it later).
    watcher_chat: bool = True


@dataclass(frozen=True, slots=True)
class Join:
    """Sit at the table with ``code``; ``token`` gives a saved seat back if it is free."""

    code: str
    name: str
    seat: Seat | None
    token: str | None


@dataclass(frozen=True, slots=True)
class JoinAny:
    """Sit at a public table waiting for people, or open one."""

    name: str


@dataclass(frozen=True, slots=True)
class Watch:
    """Listen to the table with ``code`` without a seat, called ``name``. ``seen``: a
    watcher coming back (its connection dropped, the server restarted) had heard this
    many decisions: what came after is told as a catch-up."""

    code: str
    name: str
    seen: int | None = None


@dataclass(frozen=True, slots=True)
class WatchAny:
    """Listen to the busiest public table being played."""

    name: str


@dataclass(frozen=True, slots=True)
class Rejoin:
    """Take back the seat ``token`` was given for."""

    code: str
    token: str | None


Hello = Create | Join | JoinAny | Rejoin | Watch | WatchAny
#: The types a first message may have.
HELLOS = ("create", "join", "join_any", "rejoin", "watch", "watch_any")


def parse_hello(message: Mapping[str, Any], min_timer: float) -> Hello:
    """The hello in ``message`` (its ``protocol`` already checked); raises ProtocolError
    for any other type or a field that is not what the protocol says."""
    kind = message["type"]
    if kind == "create":
        return Create(
            p.clean_name(message.get("name")),
            p.optional(message, "seat", p.seat_from_json),
            p.table_rules_from_json(message.get("rules")),
            timers_from_json(message.get("timers"), min_timer),
            p.flag_from_json(message, "public"),
            message.get("watchers") is None or p.flag_from_json(message, "watchers"),
            message.get("watcher_chat") is None or p.flag_from_json(message, "watcher_chat"),
        )
    if kind == "join":
        return Join(
            p.normalize_code(message.get("table")),
            p.clean_name(message.get("name")),
            p.optional(message, "seat", p.seat_from_json),
            p.token_from_json(message.get("token")),
        )
    if kind == "watch":
        seen = p.optional(message, "seen", p.as_int)
        if seen is not None and seen < 0:
            raise p.wrong(Wrong.SEEN_NEGATIVE)
        return Watch(p.normalize_code(message.get("table")), p.clean_name(message.get("name")),
                     seen)
    if kind == "watch_any":
        return WatchAny(p.clean_name(message.get("name")))
    if kind == "join_any":
        return JoinAny(p.clean_name(message.get("name")))
    if kind == "rejoin":
        token = p.token_from_json(message.get("token"))
        if token is None:
            raise p.wrong(Wrong.REJOIN_NEEDS_TOKEN)
        return Rejoin(p.normalize_code(message.get("table")), token)
    raise p.wrong(Wrong.FIRST_MESSAGE, hellos=", ".join(HELLOS))


# ---- written by a client -----------------------------------------------------------


def hello_create(
    name: str,
    seat: Seat | None = None,
    rules: Ruleset | None = None,
    timers: dict[str, float | None] | None = None,
    *,
    public: bool = False,
    watchers: bool = True,
    watcher_chat: bool = True,
) -> dict[str, Any]:
    """Open a table: ``public`` lists it for ``join_any``; ``watchers`` lets people listen
    without a seat and ``watcher_chat`` lets them write in the chat (the host may change
    both later, by key or by the chat's /watchers)."""
    return {
        "type": "create",
        "protocol": p.PROTOCOL_VERSION,
        "name": name,
        "seat": seat.value if seat else None,
        "rules": p.rules_to_json(rules or Ruleset()),
        "timers": timers or {"bid": None, "play": None},
        "public": public,
        "watchers": watchers,
        "watcher_chat": watcher_chat,
    }


def hello_join(
    code: str, name: str, seat: Seat | None = None, token: str | None = None
) -> dict[str, Any]:
    """Sit at ``code``. With ``token`` (saved from an earlier visit) the server gives that
    seat back if nobody is using it, and otherwise a seat of one's own."""
    hello: dict[str, Any] = {
        "type": "join",
        "protocol": p.PROTOCOL_VERSION,
        "table": code,
        "name": name,
        "seat": seat.value if seat else None,
    }
    if token is not None:
        hello["token"] = token
    return hello


def hello_join_any(name: str) -> dict[str, Any]:
    """Sit at any public table waiting for people, or open one."""
    return {"type": "join_any", "protocol": p.PROTOCOL_VERSION, "name": name}


def hello_watch(code: str | None, name: str) -> dict[str, Any]:
    """Listen to ``code`` without a seat; None: to the busiest public table being played."""
    if code is None:
        return {"type": "watch_any", "protocol": p.PROTOCOL_VERSION, "name": name}
    return {"type": "watch", "protocol": p.PROTOCOL_VERSION, "table": code, "name": name}


def hello_rejoin(code: str, token: str) -> dict[str, Any]:
    return {"type": "rejoin", "protocol": p.PROTOCOL_VERSION, "table": code, "token": token}
