"""The table server: many shared tables on one asyncio loop, websockets in and out.

The server decides everything. Each connection sits at one seat of one table; what it sends
is an intent that is checked (whose turn, which cards are legal) against the table's own
``MatchState``, and what it receives is only its own seat's view and the public events.
Computers play every seat without a connected person, after ``computer_delay`` seconds so
the people can hear each card; they think in worker processes (``computers.py``), so one
table's computer never holds up another table.

Table logic (``SharedTable``) is synchronous: an intent is applied and every frame it causes
is queued on each connection before the next message is read, so tables need no locks.
A change is encoded once for the whole table where the seats share it (events, the public
part of the view, finished hands) and per seat only where they differ (each seat's cards).
Each connection has a writer task that empties its queue; a reader too slow to keep up is
dropped rather than allowed to hold memory.

Nobody may lock others out: sockets are counted (server-wide and per address) as they
open, before any handshake; tables are counted per address; wrong table codes are limited
per address and server-wide, yet a right code with a valid seat token is always let in.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import ipaddress
import logging
import secrets
import ssl
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from spades_voice.ai import Level
from spades_voice.narration.summaries import trick_summary
from spades_voice.narration.words import Cast
from spades_voice.net import protocol as p
from spades_voice.net.computers import ComputerPool, fallback
from spades_voice.net.tablestore import StoredTable, TableStore
from spades_voice.rules import (
    SEATS,
    Decision,
    IllegalAction,
    Match,
    MatchState,
    Phase,
    Ruleset,
    Seat,
    view_of,
)
from spades_voice.table import Event, HandDealt, Notice, apply_decision, turn_event

log = logging.getLogger("spades_voice.net")

COMPUTER_NAMES = ("Robin", "Alex", "Sam", "Jo", "Kim", "Lee", "Max", "Pat", "Ray")
MAX_TIMER = 600


@dataclass(frozen=True, slots=True)
class Limits:
    """How much a connection may send before it is cut off, and how big the server grows.

    docs/protocol.md states each of these; a change here is a change there.
    """

    max_message: int = p.MAX_MESSAGE  # larger messages are dropped (a strike)
    max_frame: int = p.MAX_FRAME  # larger frames close the connection (1009)
    rate: float = 10.0  # messages per second, sustained
    burst: float = 30.0  # messages at once
    strikes: float = 10.0  # bad or dropped messages tolerated...
    forgive_per_second: float = 0.1  # ...one forgiven every ten seconds
    open_seconds: float = 5.0  # TCP accepted to websocket open (TLS and HTTP included)
    hello_seconds: float = 5.0  # websocket open to the first message
    # A client that stops answering is gone within ping_interval + ping_timeout +
    # close_seconds (the wait for a closing handshake it will never answer): 9 s.
    ping_interval: float = 3.0
    ping_timeout: float = 5.0
    close_seconds: float = 1.0
    max_tables: int = 1000
    tables_per_address: int = 5  # tables whose creator came from one address
    max_connections: int = 2000  # open sockets, counted before any handshake
    connections_per_address: int = 32  # open sockets from one address
    failed_codes_per_minute: int = 20  # wrong codes or tokens from one address...
    failed_codes_per_minute_total: int = 300  # ...and from everyone together
    backlog: int = 512  # frames queued for a slow reader before it is dropped
    empty_table_seconds: float = 60.0  # a table nobody is connected to is removed
    restart_grace_seconds: float = 20.0  # after a restart, time for people to come back
    sweep_seconds: float = 5.0  # how often empty tables and old guesses are swept
    min_timer: float = 5.0  # the shortest turn timer a host may set
    warnings: tuple[float, ...] = (10.0, 5.0)  # seconds left when a timed player is warned


@dataclass(frozen=True, slots=True)
class Timers:
    """Seconds to bid and to play a card; None is no limit (the default)."""

    bid: float | None = None
    play: float | None = None

    def for_phase(self, phase: Phase) -> float | None:
        if phase is Phase.BIDDING:
            return self.bid
        if phase is Phase.PLAYING:
            return self.play
        return None

    def to_json(self) -> dict[str, float | None]:
        return {"bid": self.bid, "play": self.play}

    @classmethod
    def from_json(cls, value: object, minimum: float = 5.0) -> Timers:
        if value is None:
            return cls()
        if not isinstance(value, dict):
            raise p.ProtocolError("timers is an object.")

        def one(key: str) -> float | None:
            v = value.get(key)
            if v is None:
                return None
            if not isinstance(v, int | float) or isinstance(v, bool):
                raise p.ProtocolError(f"timers.{key} is a number of seconds or null.")
            if not minimum <= v <= MAX_TIMER:
                raise p.ProtocolError(
                    f"timers.{key} must be between {minimum:g} and {MAX_TIMER} seconds."
                )
            return float(v)

        return cls(one("bid"), one("play"))


class Expelled(Exception):
    """The connection sent too many bad messages and is being closed."""


class Guard:
    """Rate and behaviour limits for one connection (two token buckets)."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.tokens = limits.burst
        self.strikes = limits.strikes
        self.last = clock()
        self.dropped = 0

    def _refill(self) -> None:
        now = self.clock()
        dt = now - self.last
        self.last = now
        lim = self.limits
        self.tokens = min(lim.burst, self.tokens + dt * lim.rate)
        self.strikes = min(lim.strikes, self.strikes + dt * lim.forgive_per_second)

    def strike(self) -> None:
        """Count one bad message; raises Expelled when the connection has used them all."""
        self.dropped += 1
        self.strikes -= 1
        if self.strikes <= 0:
            raise Expelled

    def admit(self, raw: str | bytes) -> dict[str, Any]:
        """The decoded message.

        A message that is too big, too soon (a flood) or malformed costs a strike and raises
        ProtocolError, to be answered with an error: since strikes run out after a few,
        answering does not feed a flood. Raises Expelled when the connection must close.
        """
        self._refill()
        if self.tokens < 1:
            self.strike()
            raise p.ProtocolError("Too many messages. Slow down.")
        self.tokens -= 1
        if len(raw) > self.limits.max_message or (
            isinstance(raw, str) and len(raw.encode("utf-8")) > self.limits.max_message
        ):
            self.strike()
            raise p.ProtocolError(f"Messages are at most {self.limits.max_message} bytes.")
        try:
            return p.decode(raw)
        except p.ProtocolError:
            self.strike()
            raise


class GuessLimiter:
    """Wrong table codes and seat tokens, counted per address and for the whole server.

    Each failure is remembered for ``window`` seconds. An address with ``per_address``
    failures in the window, or a server with ``total`` from everyone, is not told whether
    a code exists until they expire: spreading guesses over many addresses does not help,
    and the memory held is at most ``total`` entries. A right code with a valid token is
    let in whatever the counts say (``TableServer._hello``), so nobody can lock out the
    people already at a table.
    """

    def __init__(
        self,
        per_address: int,
        total: int,
        window: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_address = per_address
        self.total = total
        self.window = window
        self.clock = clock
        self._all: deque[float] = deque()
        self._by_address: dict[str, deque[float]] = {}

    def _expire(self, seen: deque[float], now: float) -> None:
        while seen and now - seen[0] > self.window:
            seen.popleft()

    def blocked(self, address: str) -> bool:
        now = self.clock()
        self._expire(self._all, now)
        if len(self._all) >= self.total:
            return True
        seen = self._by_address.get(address)
        if seen is None:
            return False
        self._expire(seen, now)
        if not seen:
            del self._by_address[address]
            return False
        return len(seen) >= self.per_address

    def failed(self, address: str) -> None:
        now = self.clock()
        self._all.append(now)
        self._by_address.setdefault(address, deque()).append(now)

    def sweep(self) -> None:
        """Forget expired failures, and addresses with none left."""
        now = self.clock()
        self._expire(self._all, now)
        for address, seen in list(self._by_address.items()):
            self._expire(seen, now)
            if not seen:
                del self._by_address[address]

    @property
    def addresses(self) -> int:
        return len(self._by_address)


class Member:
    """One connection's outgoing side: a queue of frames and the task that writes them."""

    def __init__(self, ws: ServerConnection, backlog: int) -> None:
        self.ws = ws
        self.backlog = backlog
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.close_code = 1000
        self.close_reason = ""
        #: How many finished hands of the match this connection has been sent: a view
        #: carries only the rest (``outcomes_from``).
        self.outcomes_sent = 0
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(p.encode(message))

    def send_text(self, text: str) -> None:
        """Queue one encoded message."""
        if self.writer.done():
            return
        if self.queue.qsize() >= self.backlog:
            log.info("dropping a reader that fell %d frames behind", self.backlog)
            self.close(p.CLOSE_POLICY, "Too far behind.")
            return
        self.queue.put_nowait(text)

    def close(self, code: int, reason: str) -> None:
        """Close after the frames already queued have been written."""
        self.close_code, self.close_reason = code, reason
        self.queue.put_nowait(None)

    async def _write(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    await self.ws.close(self.close_code, self.close_reason)
                    return
                await self.ws.send(text)
        except ConnectionClosed:
            pass

    async def finish(self, timeout: float = 5.0) -> None:
        """Write what is queued, then close (normally, unless a close was asked for)."""
        if not self.writer.done():
            self.queue.put_nowait(None)
            with contextlib.suppress(asyncio.TimeoutError, ConnectionClosed):
                await asyncio.wait_for(asyncio.shield(self.writer), timeout)
        if not self.writer.done():
            self.writer.cancel()


@dataclass(slots=True)
class SeatInfo:
    """Who sits at a seat: a person (with a token) or a computer.

    A person who joins in the middle of a hand is ``waiting``: they hold the seat's token
    and hear who joins and leaves, but the computer plays the seat, and its cards stay
    hidden from them, until the next deal (or until the host lets them in).
    """

    seat: Seat
    computer_name: str
    name: str = ""
    token: str | None = None  # None: a computer's seat that no person has taken
    member: Member | None = None
    waiting: bool = False

    @property
    def person(self) -> bool:
        return self.token is not None and not self.waiting

    @property
    def connected(self) -> bool:
        return self.member is not None and not self.waiting

    @property
    def shown_name(self) -> str:
        return self.name if self.person else self.computer_name


@dataclass(slots=True)
class SharedTable:
    """One table: a match, four seats, and the timers of whoever is to act."""

    code: str
    ruleset: Ruleset
    timers: Timers
    level: Level
    computer_delay: float
    limits: Limits
    loop: asyncio.AbstractEventLoop
    computers: ComputerPool
    new_seed: Callable[[], str] = field(default=lambda: secrets.token_hex(16))
    store: TableStore | None = None
    public: bool = False
    address: str = "?"  # where its creator connected from
    seats: dict[Seat, SeatInfo] = field(init=False)
    state: MatchState = field(init=False)
    started: bool = False
    host: Seat | None = None
    last_active: float = 0.0
    #: After a restart the computer does not play for people who are away until this
    #: loop time: their clients are reconnecting.
    grace_until: float = 0.0
    closed: bool = False
    views: p.ViewEncoder = field(default_factory=p.ViewEncoder)
    _handles: list[asyncio.TimerHandle] = field(default_factory=list)
    #: The computer decision being thought about in a worker, if any: the table waits.
    _thinking: asyncio.Task[None] | None = None
    #: The seat and ``id`` of the intent being applied: the first update it causes to that
    #: seat carries the ``id`` and stands for its ``ok``.
    _answering: tuple[Seat, int] | None = None

    def __post_init__(self) -> None:
        self.seats = {s: SeatInfo(s, COMPUTER_NAMES[i]) for i, s in enumerate(SEATS)}
        self._new_state()
        self.last_active = self.loop.time()

    def _new_state(self, seed: str | None = None, decisions: Iterable[Decision] = ()) -> None:
        # The seed decides every deal, so it is secret and never sent to anyone.
        self.state = MatchState(
            Match(ruleset=self.ruleset, seed=seed or self.new_seed(), decisions=tuple(decisions))
        )
        for info in self.seats.values():
            if info.member is not None:
                info.member.outcomes_sent = 0

    # ---- saving ----------------------------------------------------------------------

    def save(self) -> None:
        """Write the table's settings and every person's seat (after a change to them)."""
        if self.store is None:
            return
        self.store.save_table(
            self.code, p.rules_to_json(self.ruleset), self.timers.to_json(),
            str(self.state.seed), self.host.value if self.host else None, self.started,
            self.public, self.address,
        )
        for info in self.seats.values():
            self._save_seat(info)

    def _save_seat(self, info: SeatInfo) -> None:
        if self.store is not None:
            token = info.token if info.person else None
            self.store.seat(self.code, info.seat.value, info.name, token)

    def restore(self, stored: StoredTable) -> None:
        """Take back a table read from the store: its match, its people (all away)."""
        decisions = [p.decision_from_json(d) for d in stored.decisions]
        self._new_state(stored.seed, decisions)
        self.started = stored.started
        self.host = p.optional({"h": stored.host}, "h", p.seat_from_json)
        for seat_code, name, token in stored.seats:
            info = self.seats[p.seat_from_json(seat_code)]
            info.name, info.token = p.clean_name(name), token
        hand = self.state.hand
        if hand is not None:
            # Whoever has bid has seen their cards; the others will ask again.
            for seat, _ in hand.bids:
                self.state.reveal(seat)
        self._rename_computers()

    # ---- who sits where --------------------------------------------------------------

    def people_message(self) -> dict[str, Any]:
        people: list[dict[str, Any]] = []
        for s, info in self.seats.items():
            entry: dict[str, Any] = {
                "seat": s.value,
                "name": info.shown_name,
                "person": info.person,
                "connected": info.connected,
            }
            if info.waiting:
                entry["next"] = info.name  # sits here from the next deal
            people.append(entry)
        return {
            "type": "people",
            "started": self.started,
            "host": self.host.value if self.host else None,
            "timers": self.timers.to_json(),
            "people": people,
        }

    def _unique_name(self, wanted: str, seat: Seat) -> str:
        taken = {
            i.name.lower() for s, i in self.seats.items() if s is not seat and i.token is not None
        }
        name, n = wanted, 2
        while name.lower() in taken:
            name = f"{wanted[: p.MAX_NAME - 3]} {n}"
            n += 1
        return name

    def _rename_computers(self) -> None:
        used = {i.name.lower() for i in self.seats.values() if i.token is not None}
        spare = iter(n for n in COMPUTER_NAMES if n.lower() not in used)
        for info in self.seats.values():
            if not info.person:
                info.computer_name = next(spare)

    def token_seat(self, token: str) -> SeatInfo | None:
        """The seat ``token`` was given for (compared in constant time), if any."""
        found: SeatInfo | None = None
        for info in self.seats.values():
            if info.token is not None and secrets.compare_digest(info.token, token):
                found = info
        return found

    @property
    def mid_hand(self) -> bool:
        return self.started and self.state.hand is not None and not self.state.over

    def free_seats(self) -> list[Seat]:
        return [s for s in SEATS if self.seats[s].token is None]

    def sit(self, name: str, wanted: Seat | None, member: Member) -> SeatInfo:
        """Seat a newcomer: the seat asked for if no person has it, else the first free one
        (the host's partner first, then clockwise). Raises IllegalAction when full.

        In the middle of a hand the newcomer waits for the next deal: sitting down at once
        would show them the cards the computer at that seat was dealt.
        """
        free = self.free_seats()
        if not free:
            raise IllegalAction("The table is full.")
        if wanted is not None and wanted in free:
            seat = wanted
        else:
            order = [self.host.partner, *(self.host.after(i) for i in (1, 3))] if self.host else []
            seat = next((s for s in order if s in free), free[0])
        info = self.seats[seat]
        info.name = self._unique_name(name, seat)
        info.token = p.new_token()
        info.member = member
        info.waiting = self.mid_hand
        if self.host is None:
            self.host = seat
        self._rename_computers()
        if info.waiting:
            self._joined(
                info,
                f"{info.name} joined, and sits {seat.long_name} from the next deal.",
                f"You sit {seat.long_name} from the next deal. "
                f"Until then {info.computer_name} plays this hand.",
            )
        else:
            self._save_seat(info)
            self.save()
            self._joined(info, f"{info.name} joined, sitting {seat.long_name}.")
        return info

    def rejoin(self, info: SeatInfo, member: Member) -> SeatInfo:
        """Give ``info``'s seat to ``member``, who presented its token."""
        old = info.member
        info.member = member
        if old is not None:
            old.close(p.CLOSE_NO_TABLE, "Your seat was taken up by another connection.")
        self._joined(info, f"{info.name} is back.", self._where(info), back=True)
        return info

    def _where(self, info: SeatInfo) -> str:
        """What someone coming back hears: their seat and where the hand stands."""
        said = f"Back at your seat. You sit {info.seat.long_name}."
        if info.waiting:
            return said + " You play from the next deal."
        if not self.started:
            return said + " The match has not started yet."
        if self.state.hand is None:
            return said + " The match is over."
        view = view_of(self.state, info.seat)
        names = {s: i.shown_name for s, i in self.seats.items()}
        return f"{said} Hand {view.hand_number}. {trick_summary(view, Cast(info.seat, names))}"

    def _joined(self, info: SeatInfo, text: str, own: str | None = None, *,
                back: bool = False) -> None:
        assert info.member is not None and info.token is not None
        info.member.send(
            {
                "type": "welcome",
                "protocol": p.PROTOCOL_VERSION,
                "table": self.code,
                "seat": info.seat.value,
                "token": info.token,
                "host": info.seat is self.host,
                "rules": p.rules_to_json(self.ruleset),
                "back": back,
                "waiting": info.waiting,
                "public": self.public,
            }
        )
        self._tell_others(info.seat, text)
        self._send_people()
        notices: list[Event] = [Notice(own)] if own else []
        if self.started and not info.waiting:
            self._send_update(info.seat, notices, with_turn=True)
        elif notices:
            self._send_update(info.seat, notices, with_view=False)
        self._touch()
        self._schedule()

    def leave(self, info: SeatInfo, member: Member) -> None:
        if info.member is not member:
            return  # that connection had already been replaced
        info.member = None
        if info.waiting:
            # Never sat down: the seat is simply the computer's again.
            info.token, info.waiting, info.name = None, False, ""
            self._rename_computers()
        else:
            self._tell_others(
                info.seat, f"{info.name} left. The computer plays for them until they come back."
            )
        self._send_people()
        self._touch()
        self._schedule()

    def admit(self, seat: Seat) -> None:
        """Let a person waiting for the next deal take their seat now (the host's call)."""
        info = self.seats[seat]
        if not info.waiting:
            raise IllegalAction(f"Nobody is waiting to sit {seat.long_name}.")
        self._seat_waiting([info])

    def _seat_waiting(self, waiting: list[SeatInfo]) -> None:
        for info in waiting:
            info.waiting = False
            if info.member is not None:
                info.member.outcomes_sent = 0
            self._save_seat(info)
            self._tell_others(info.seat, f"{info.name} now sits {info.seat.long_name}.")
            self._send_update(info.seat, [], with_turn=True)
        self._rename_computers()
        self._send_people()
        self._schedule()

    @property
    def connected(self) -> int:
        """Connections at the table, waiting newcomers included (someone is listening)."""
        return sum(1 for i in self.seats.values() if i.member is not None)

    # ---- intents -------------------------------------------------------------------

    def intent(self, info: SeatInfo, message: dict[str, Any]) -> dict[str, Any] | None:
        """Apply one message from ``info``'s connection; the reply to send, if any.

        Raises ProtocolError for a message that is not a known intent.
        """
        kind = message["type"]
        rid = p.request_id(message)
        self._touch()
        self._answering = None if rid is None else (info.seat, rid)
        try:
            if info.waiting and kind not in ("ping", "reveal"):
                raise IllegalAction("You play from the next deal.")
            if kind in ("bid", "play"):
                decision = p.decision_from_json(message)
                if not self.started:
                    raise IllegalAction("The host has not started the match yet.")
                self.decide(info.seat, decision)
            elif kind == "reveal":
                if not info.waiting:
                    self.state.reveal(info.seat)
            elif kind == "start":
                self._host_only(info)
                if self.started:
                    raise IllegalAction("The match has already started.")
                self.start()
            elif kind == "new_match":
                self._host_only(info)
                self.new_match()
            elif kind == "timers":
                self._host_only(info)
                timers = Timers.from_json(message.get("timers"), self.limits.min_timer)
                self.set_timers(timers)
            elif kind == "admit":
                self._host_only(info)
                self.admit(p.seat_from_json(message.get("seat")))
            elif kind == "ping":
                pass
            else:
                raise p.ProtocolError(f"Unknown message type: {kind[:20]!r}.")
        except IllegalAction as e:
            return {"type": "refused", "id": rid, "reason": str(e)}
        else:
            if self._answering is None:
                return None  # no id, or an update already answered it
            return {"type": "ok", "id": rid}
        finally:
            self._answering = None

    def _host_only(self, info: SeatInfo) -> None:
        host = self.seats[self.host] if self.host else None
        # A table whose host has gone is not stuck: anyone still there may act for them.
        if info.seat is not self.host and host is not None and host.connected:
            raise IllegalAction("Only the host can do that.")

    def start(self) -> None:
        self.started = True
        hand = self.state.hand
        assert hand is not None
        self.save()
        self._send_people()
        self._publish([HandDealt(self.state.hand_number, hand.dealer)])
        self._schedule()

    def new_match(self) -> None:
        self._new_state()
        self.started = True
        hand = self.state.hand
        assert hand is not None
        if self.store is not None:
            self.store.new_match(self.code, str(self.state.seed))
        self._send_people()
        self._publish(
            [Notice("A new match begins."), HandDealt(self.state.hand_number, hand.dealer)]
        )
        self._schedule()

    def set_timers(self, timers: Timers) -> None:
        self.timers = timers
        self.save()
        self._send_people()
        self._schedule()

    def decide(self, seat: Seat, decision: Decision) -> None:
        """``seat``'s decision; raises IllegalAction with the spoken reason."""
        if self.state.to_act is not seat and not self.state.over:
            raise IllegalAction("It is not your turn.")
        n = len(self.state.decisions)
        events = apply_decision(self.state, decision, seat)
        self._record(n, decision)
        self._publish(events)
        self._schedule()

    def _record(self, n: int, decision: Decision) -> None:
        if self.store is not None:
            self.store.decision(self.code, n, p.decision_to_json(decision))

    # ---- computers and timers --------------------------------------------------------

    def _schedule(self) -> None:
        """Arrange what happens if nobody sends anything: a computer's move, a timer."""
        for h in self._handles:
            h.cancel()
        self._handles.clear()
        hand = self.state.hand
        actor = self.state.to_act
        if self.closed or not self.started or self.state.over or hand is None or actor is None:
            return
        if self.connected == 0:
            return  # nobody listening: the table waits for someone to come back
        info = self.seats[actor]
        if not info.connected:
            wait = self.grace_until - self.loop.time()
            if info.person and wait > 0:
                self._later(wait, self._schedule_later)
            elif self._thinking is None:
                self._later(self.computer_delay, self._computer_turn, actor, False)
            return
        limit = self.timers.for_phase(hand.phase)
        if limit is None:
            return
        for left in self.limits.warnings:
            if left < limit:
                self._later(limit - left, self._warn, actor, left)
        self._later(limit, self._computer_turn, actor, True)

    def _schedule_later(self) -> None:
        self._schedule()

    def _later(self, delay: float, fn: Callable[..., None], *args: Any) -> None:
        self._handles.append(self.loop.call_later(delay, fn, *args))

    def _warn(self, seat: Seat, left: float) -> None:
        if self.state.to_act is seat:
            self._send_update(seat, [Notice(f"{left:g} seconds left.")], with_view=False)

    def _computer_turn(self, seat: Seat, timed_out: bool) -> None:
        if self.state.to_act is not seat or self.state.over or self._thinking is not None:
            return
        self.state.reveal(seat)
        self._thinking = self.loop.create_task(self._think(seat, timed_out))

    async def _think(self, seat: Seat, timed_out: bool) -> None:
        """Ask a worker for the computer's decision; only this table waits for it."""
        state, n = self.state, len(self.state.decisions)
        view = view_of(state, seat)
        try:
            decision = await self.computers.decide(self.level, f"{state.seed}/{seat.value}/{n}",
                                                   view)
        finally:
            self._thinking = None
        if self.closed:
            return
        if self.state is not state or len(state.decisions) != n or state.to_act is not seat:
            self._schedule()  # someone moved meanwhile (a timed person, a new match)
            return
        try:
            events = apply_decision(state, decision, seat)
        except IllegalAction:  # a computer's mistake must not stop the table
            log.exception("computer at %s chose badly; playing a safe choice", seat.value)
            decision = fallback(view)
            events = apply_decision(state, decision, seat)
        self._record(n, decision)
        before: dict[Seat, list[Event]] = {}
        if timed_out:
            before[seat] = [Notice("Time is up. The computer played for you.")]
        self._publish(events, before)
        self._schedule()

    # ---- sending ---------------------------------------------------------------------

    def _touch(self) -> None:
        self.last_active = self.loop.time()

    def _send_people(self) -> None:
        message = self.people_message()
        for info in self.seats.values():
            if info.member is not None:
                info.member.send(message)

    def _tell_others(self, seat: Seat, text: str) -> None:
        for s in SEATS:
            if s is not seat:
                self._send_update(s, [Notice(text)], with_view=False)

    def _publish(self, events: list[Event], before: dict[Seat, list[Event]] | None = None) -> None:
        """Tell every seated connection of ``events`` (after its own ``before``), with its
        view. A new deal first seats whoever was waiting for it."""
        waiting = [i for i in self.seats.values() if i.waiting and i.member is not None]
        if waiting and any(isinstance(e, HandDealt) for e in events):
            for info in waiting:
                info.waiting = False
                info.member.outcomes_sent = 0  # type: ignore[union-attr]
                self._save_seat(info)
            self._rename_computers()
            self._send_people()
            for info in waiting:
                self._tell_others(info.seat, f"{info.name} now sits {info.seat.long_name}.")
        common = _encoded(events)
        shared: list[str] = []  # the views' common part, encoded for the first seat
        for seat, info in self.seats.items():
            if info.member is None or info.waiting:
                continue
            own = _encoded((before or {}).get(seat, []))
            self._send_frame(seat, [*own, *common], with_view=True, with_turn=True, shared=shared)

    def _send_update(
        self, seat: Seat, events: list[Event], *, with_view: bool = True, with_turn: bool = False
    ) -> None:
        self._send_frame(seat, _encoded(events), with_view=with_view, with_turn=with_turn)

    def _send_frame(
        self,
        seat: Seat,
        events: list[str],
        *,
        with_view: bool,
        with_turn: bool,
        shared: list[str] | None = None,
    ) -> None:
        """One update to ``seat``. ``shared`` holds the views' common part once a seat has
        encoded it, for the others at this same moment (empty: not encoded yet)."""
        info = self.seats[seat]
        member = info.member
        if member is None:
            return
        if info.waiting:
            # Someone waiting for the next deal hears notices, never this hand's cards.
            with_view = with_turn = False
        if with_turn:
            turn = turn_event(self.state, seat)
            if turn is not None:
                events = [*events, p.encode(p.event_to_json(turn))]
        view_text: str | None = None
        if with_view:
            view = view_of(self.state, seat)
            if shared is None:
                shared = []
            if not shared:
                shared.append(self.views.shared(view))
            start = min(member.outcomes_sent, len(view.outcomes))
            view_text = self.views.view(view, shared[0], start)
            member.outcomes_sent = len(view.outcomes)
        answers: int | None = None
        if self._answering is not None and self._answering[0] is seat:
            answers = self._answering[1]
            self._answering = None
        member.send_text(p.update_text(len(self.state.decisions), events, view_text, answers))

    def close(self) -> None:
        self.closed = True
        for h in self._handles:
            h.cancel()
        self._handles.clear()
        if self._thinking is not None:
            self._thinking.cancel()


def _encoded(events: list[Event]) -> list[str]:
    return [p.encode(p.event_to_json(e)) for e in events]


async def _discard(ws: ServerConnection) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for _ in ws:
            pass


def _error(raw: str | bytes, error: p.ProtocolError) -> dict[str, Any]:
    """The answer to a dropped message, carrying its ``id`` when one can be read, so a
    client waiting on that request hears why instead of waiting for its timeout."""
    rid: int | None = None
    if isinstance(raw, str) and len(raw) <= p.MAX_MESSAGE:
        with contextlib.suppress(p.ProtocolError):
            rid = p.request_id(p.decode(raw))
    return {"type": "error", "id": rid, "reason": str(error)}


def _trimmer() -> Callable[[int], object] | None:
    """glibc's ``malloc_trim``, which hands freed memory back to the system; None where
    there is no glibc."""
    try:
        import ctypes
        import ctypes.util

        name = ctypes.util.find_library("c")
        if not name:
            return None
        trim: Callable[[int], object] = ctypes.CDLL(name).malloc_trim
        return trim
    except (OSError, AttributeError):
        return None


def release_memory() -> None:
    """After a crowd of connections has gone, give their memory back: Python keeps freed
    blocks for reuse, and without this a burst of 4 000 sockets would hold ~30 MB for good."""
    gc.collect()
    trim = _trimmer()
    if trim is not None:
        trim(0)


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` keeps the server to this computer."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def tls_context(cert: str | Path, key: str | Path) -> ssl.SSLContext:
    """A server TLS context from a certificate chain and its private key (PEM files)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


class TableServer:
    """Shared tables behind one websocket endpoint. ``start`` binds, ``close`` stops."""

    def __init__(
        self,
        *,
        limits: Limits | None = None,
        computer_delay: float = 0.8,
        level: Level = Level.MEDIUM,
        allow_create: bool = True,
        new_seed: Callable[[], str] | None = None,
        store: TableStore | None = None,
        tls: ssl.SSLContext | None = None,
        trusted_proxies: Iterable[str] = (),
        origins: Iterable[str] = (),
        workers: int | None = None,
    ) -> None:
        """``new_seed`` gives each match its secret seed; tests pass a fixed sequence.

        ``trusted_proxies``: addresses of reverse proxies whose ``X-Forwarded-For`` names
        the real client (the limits then count that address). ``origins``: browser
        origins allowed to connect; requests with any other ``Origin`` are refused, and
        programs that send none (every spades-voice client) are always let in.
        """
        self.limits = limits or Limits()
        self.new_seed = new_seed or (lambda: secrets.token_hex(16))
        self.computer_delay = computer_delay
        self.level = level
        self.allow_create = allow_create
        self.store = store
        self.tls = tls
        self.trusted_proxies = frozenset(trusted_proxies)
        self.origins = tuple(origins)
        self.computers = ComputerPool(workers)
        self.tables: dict[str, SharedTable] = {}
        self.guesses = GuessLimiter(
            self.limits.failed_codes_per_minute, self.limits.failed_codes_per_minute_total
        )
        self._server: Server | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self.sockets = 0  # open TCP connections, handshakes included
        self._sockets_peak = 0  # the most open since memory was last released
        self._sockets_by_peer: Counter[str] = Counter()
        self._open_by_address: Counter[str] = Counter()
        self._tables_by_address: Counter[str] = Counter()
        self.connections = 0  # websocket connections in the handler

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Listen on ``host:port`` (port 0 picks a free one); returns the bound address."""
        self.computers.start()
        loop = asyncio.get_running_loop()
        if self.store is not None:
            for stored in self.store.open():
                with contextlib.suppress(Exception):  # one bad row must not stop the rest
                    self._restore(stored, loop)
        server = self

        class Gated(ServerConnection):
            """Counts sockets as they open, before any handshake, and drops the excess
            before websockets spends anything on them (not even a handler task)."""

            peer: str | None = None
            refused = False

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                name = transport.get_extra_info("peername")
                peer = str(name[0]) if name else "?"
                if not server._socket_opened(peer):
                    self.refused = True
                    assert isinstance(transport, asyncio.Transport)
                    transport.abort()
                    return
                self.peer = peer
                super().connection_made(transport)

            def data_received(self, data: bytes) -> None:
                if not self.refused:
                    super().data_received(data)

            def eof_received(self) -> None:
                if not self.refused:
                    super().eof_received()

            def connection_lost(self, exc: Exception | None) -> None:
                if self.refused:
                    return
                if self.peer is not None:
                    server._socket_closed(self.peer)
                    self.peer = None
                super().connection_lost(exc)

        lim = self.limits
        self._server = await serve(
            self._handle,
            host,
            port,
            create_connection=Gated,
            max_size=lim.max_frame,
            compression=None,  # frames are small; deflate would cost CPU and invite bombs
            ping_interval=lim.ping_interval,
            ping_timeout=lim.ping_timeout,
            open_timeout=lim.open_seconds,
            close_timeout=lim.close_seconds,
            max_queue=8,
            origins=[None, *self.origins],  # type: ignore[list-item]
            process_request=self._process_request,
            ssl=self.tls,
        )
        self._sweeper = loop.create_task(self._sweep())
        sock = next(iter(self._server.sockets))
        name = sock.getsockname()
        return str(name[0]), int(name[1])

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for table in self.tables.values():
            table.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        await asyncio.to_thread(self.computers.close)
        if self.store is not None:
            self.store.close()

    async def serve_forever(self) -> None:
        assert self._server is not None
        await self._server.serve_forever()

    def _new_table(self, code: str, ruleset: Ruleset, timers: Timers,
                   loop: asyncio.AbstractEventLoop) -> SharedTable:
        return SharedTable(
            code, ruleset, timers, self.level, self.computer_delay, self.limits, loop,
            self.computers, self.new_seed, self.store,
        )

    def create_table(self, ruleset: Ruleset, timers: Timers, *, public: bool = False,
                     address: str = "?") -> SharedTable:
        code = p.new_table_code()
        while code in self.tables:  # pragma: no cover - 1 in 2**40
            code = p.new_table_code()
        table = self._new_table(code, ruleset, timers, asyncio.get_running_loop())
        table.public, table.address = public, address
        self.tables[code] = table
        self._tables_by_address[address] += 1
        return table

    def _restore(self, stored: StoredTable, loop: asyncio.AbstractEventLoop) -> None:
        rules = p.rules_from_json(stored.rules)
        timers = Timers.from_json(stored.timers, self.limits.min_timer)
        table = self._new_table(p.normalize_code(stored.code), rules, timers, loop)
        table.public, table.address = stored.public, stored.address
        table.restore(stored)
        table.grace_until = loop.time() + self.limits.restart_grace_seconds
        self.tables[table.code] = table
        self._tables_by_address[table.address] += 1

    def remove_table(self, code: str) -> None:
        table = self.tables.pop(code, None)
        if table is None:
            return
        table.close()
        self._tables_by_address[table.address] -= 1
        if self._tables_by_address[table.address] <= 0:
            del self._tables_by_address[table.address]
        if self.store is not None:
            self.store.remove(code)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_seconds)
            self.sweep()

    def sweep(self) -> None:
        """End tables nobody has been connected to for a while; forget old guesses."""
        now = asyncio.get_running_loop().time()
        for code, table in list(self.tables.items()):
            idle = now - table.last_active
            if table.connected == 0 and idle > self.limits.empty_table_seconds:
                self.remove_table(code)
        self.guesses.sweep()
        if self._sockets_peak - self.sockets > 200:  # a crowd came and went
            self._sockets_peak = self.sockets
            release_memory()

    # ---- connections -----------------------------------------------------------------

    def _socket_opened(self, peer: str) -> bool:
        """Count a new socket; False when it must be dropped (before any handshake)."""
        lim = self.limits
        if self.sockets >= lim.max_connections:
            return False
        if peer not in self.trusted_proxies and (
            self._sockets_by_peer[peer] >= lim.connections_per_address
        ):
            return False
        self.sockets += 1
        self._sockets_peak = max(self._sockets_peak, self.sockets)
        self._sockets_by_peer[peer] += 1
        return True

    def _socket_closed(self, peer: str) -> None:
        self.sockets -= 1
        self._sockets_by_peer[peer] -= 1
        if self._sockets_by_peer[peer] <= 0:
            del self._sockets_by_peer[peer]

    def address_of(self, ws: ServerConnection) -> str:
        """Where the client is: the peer, or what a trusted proxy says it forwarded."""
        peer = str(ws.remote_address[0]) if ws.remote_address else "?"
        if peer in self.trusted_proxies and ws.request is not None:
            forwarded = ws.request.headers.get_all("X-Forwarded-For")
            if forwarded:
                # The proxy appends the address it saw; anything before is the client's say.
                last = forwarded[-1].split(",")[-1].strip()
                with contextlib.suppress(ValueError):
                    return str(ipaddress.ip_address(last))
        return peer

    def _process_request(self, ws: ServerConnection, request: Request) -> Response | None:
        """Before the websocket opens: refuse an address behind a trusted proxy that
        already holds its share of connections."""
        address = self.address_of(ws)
        if address != str(ws.remote_address[0] if ws.remote_address else "?") and (
            self._open_by_address[address] >= self.limits.connections_per_address
        ):
            return ws.respond(HTTPStatus.TOO_MANY_REQUESTS, "Too many connections.\n")
        return None

    async def _handle(self, ws: ServerConnection) -> None:
        address = self.address_of(ws)
        self.connections += 1
        self._open_by_address[address] += 1
        member = Member(ws, self.limits.backlog)
        guard = Guard(self.limits)
        seated: tuple[SharedTable, SeatInfo] | None = None
        try:
            if self._open_by_address[address] > self.limits.connections_per_address:
                member.close(p.CLOSE_BUSY, "Too many connections from your address.")
                return
            seated = await self._hello(ws, member, guard, address)
            if seated is None:
                return
            table, info = seated
            async for raw in ws:
                try:
                    message = guard.admit(raw)  # strikes on its own account
                except p.ProtocolError as e:
                    member.send(_error(raw, e))
                    continue
                try:
                    reply = table.intent(info, message)
                except p.ProtocolError as e:
                    guard.strike()
                    member.send(_error(raw, e))
                    continue
                if reply is not None:
                    member.send(reply)
        except Expelled:
            member.close(p.CLOSE_POLICY, "Too many bad messages.")
        except ConnectionClosed:
            pass
        finally:
            self.connections -= 1
            self._open_by_address[address] -= 1
            if self._open_by_address[address] <= 0:
                del self._open_by_address[address]
            if seated is not None:
                seated[0].leave(seated[1], member)
            # Keep reading (and discarding) while the close handshake runs: a reader that
            # stops leaves the peer's close frame unread, and the socket ends in a reset
            # that can swallow the close code and our last answers.
            discard = asyncio.get_running_loop().create_task(_discard(ws))
            await member.finish()
            discard.cancel()

    async def _hello(
        self, ws: ServerConnection, member: Member, guard: Guard, address: str
    ) -> tuple[SharedTable, SeatInfo] | None:
        try:
            raw = await asyncio.wait_for(ws.recv(), self.limits.hello_seconds)
            message = guard.admit(raw)
        except (TimeoutError, p.ProtocolError) as e:
            reason = str(e) if isinstance(e, p.ProtocolError) else "Say hello first."
            member.close(p.CLOSE_HELLO, reason)
            return None
        if message.get("protocol") != p.PROTOCOL_VERSION:
            member.close(p.CLOSE_VERSION, f"This server speaks protocol {p.PROTOCOL_VERSION}.")
            return None
        kind = message["type"]
        try:
            if kind == "create":
                return self._create(message, member, address)
            if kind == "join_any":
                return self._join_any(message, member, address)
            if kind in ("join", "rejoin"):
                return self._join(kind, message, member, address)
            raise p.ProtocolError("The first message is create, join, join_any or rejoin.")
        except p.ProtocolError as e:
            member.close(p.CLOSE_HELLO, str(e)[:100])
            return None

    def _join(
        self, kind: str, message: dict[str, Any], member: Member, address: str
    ) -> tuple[SharedTable, SeatInfo] | None:
        code = p.normalize_code(message.get("table"))
        token = message.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 64):
            raise p.ProtocolError("token must be text.")
        if kind == "rejoin" and token is None:
            raise p.ProtocolError("rejoin needs the seat token.")
        table = self.tables.get(code)
        owner = table.token_seat(token) if table is not None and token else None
        if table is not None and owner is not None:
            if kind == "rejoin" or not owner.connected:
                # A right code with a valid token is never refused, whatever the limiter
                # says: otherwise a flood of guesses could keep the players out.
                return table, table.rejoin(owner, member)
            # ``join`` with the token of a seat someone is using (a friend on the same
            # computer found the saved token): a seat of their own, never a takeover.
        elif self.guesses.blocked(address):
            # Not telling whether the code exists: that is what a guesser wants to know.
            member.close(p.CLOSE_BUSY, "Too many wrong codes. Wait a minute.")
            return None
        if table is None:
            self.guesses.failed(address)
            member.close(p.CLOSE_NO_TABLE, "No table has that code.")
            return None
        if kind == "rejoin":
            self.guesses.failed(address)
            member.close(p.CLOSE_NO_TABLE, "That seat token is not for this table.")
            return None
        return self._sit(table, message, member)

    def _sit(
        self, table: SharedTable, message: dict[str, Any], member: Member
    ) -> tuple[SharedTable, SeatInfo] | None:
        name = p.clean_name(message.get("name"))
        wanted = p.optional(message, "seat", p.seat_from_json)
        try:
            return table, table.sit(name, wanted, member)
        except IllegalAction as e:
            member.close(p.CLOSE_FULL, str(e))
            return None

    def _room_for_table(self, member: Member, address: str) -> bool:
        if not self.allow_create:
            member.close(p.CLOSE_BUSY, "This server does not open new tables.")
            return False
        if self._tables_by_address[address] >= self.limits.tables_per_address:
            member.close(p.CLOSE_BUSY, "You have opened too many tables. Wait a minute.")
            return False
        if len(self.tables) >= self.limits.max_tables:
            member.close(p.CLOSE_BUSY, "The server has no room for another table.")
            return False
        return True

    def _create(
        self, message: dict[str, Any], member: Member, address: str
    ) -> tuple[SharedTable, SeatInfo] | None:
        name = p.clean_name(message.get("name"))
        wanted = p.optional(message, "seat", p.seat_from_json)
        rules = p.rules_from_json(message.get("rules"))
        timers = Timers.from_json(message.get("timers"), self.limits.min_timer)
        public = message.get("public") is True
        if not self._room_for_table(member, address):
            return None
        table = self.create_table(rules, timers, public=public, address=address)
        return table, table.sit(name, wanted or Seat.S, member)

    def _join_any(
        self, message: dict[str, Any], member: Member, address: str
    ) -> tuple[SharedTable, SeatInfo] | None:
        """Sit at the public table waiting for people that has the most of them; with
        none, open a new public table (its host starts it)."""
        name = p.clean_name(message.get("name"))
        waiting = [
            t for t in self.tables.values()
            if t.public and not t.started and t.free_seats() and t.connected > 0
        ]
        if waiting:
            table = max(waiting, key=lambda t: (4 - len(t.free_seats()), -t.last_active))
            return self._sit(table, {"name": name}, member)
        if not self._room_for_table(member, address):
            return None
        table = self.create_table(Ruleset(), Timers(), public=True, address=address)
        return table, table.sit(name, Seat.S, member)


class ServerThread:
    """A ``TableServer`` on its own thread and event loop (``host`` and tests use it)."""

    def __init__(self, server: TableServer, host: str = "127.0.0.1", port: int = 0) -> None:
        self.server = server
        self.host = host
        self.port = port
        self.address: tuple[str, int] | None = None
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="spades-server", daemon=True)

    def start(self, timeout: float = 30.0) -> tuple[str, int]:
        self._thread.start()
        self._ready.wait(timeout)
        if self._error is not None:
            raise self._error
        assert self.address is not None
        return self.address

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._main())

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        try:
            self.address = await self.server.start(self.host, self.port)
        except BaseException as e:  # reported to the thread that called start()
            self._error = e
            self._ready.set()
            await asyncio.to_thread(self.server.computers.close)
            return
        self._ready.set()
        await self._stop.wait()
        await self.server.close()

    def call(self, fn: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Run ``fn`` on the server's loop and return its result (tests look inside)."""

        async def run() -> Any:
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout)

    def stop(self, timeout: float = 30.0) -> None:
        if self._stop is not None and self._thread.is_alive():
            self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout)

    @property
    def url(self) -> str:
        assert self.address is not None
        scheme = "wss" if self.server.tls is not None else "ws"
        return f"{scheme}://{self.address[0]}:{self.address[1]}"
