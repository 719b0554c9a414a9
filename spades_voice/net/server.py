"""The table server: many shared tables on one asyncio loop, websockets in and out.

The server decides everything. Each connection sits at one seat of one table; what it sends
is an intent that is checked (whose turn, which cards are legal) against the table's own
``MatchState``, and what it receives is only its own seat's view and the public events.
Computers play every seat without a connected person, after ``computer_delay`` seconds so
the people can hear each card.

Table logic (``SharedTable``) is synchronous: an intent is applied and every frame it causes
is queued on each connection before the next message is read, so tables need no locks.
A change is encoded once for the whole table where the seats share it (events, the public
part of the view, finished hands) and per seat only where they differ (each seat's cards).
Each connection has a writer task that empties its queue; a reader too slow to keep up is
dropped rather than allowed to hold memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from spades_voice.ai import Level, Player, make_player
from spades_voice.narration import notices
from spades_voice.net import protocol as p
from spades_voice.rules import (
    SEATS,
    Bid,
    Decision,
    IllegalAction,
    Match,
    MatchState,
    Phase,
    Ruleset,
    Seat,
    SeatView,
    view_of,
)
from spades_voice.table import Event, HandDealt, Notice

log = logging.getLogger("spades_voice.net")

COMPUTER_NAMES = ("Robin", "Alex", "Sam", "Jo", "Kim", "Lee", "Max", "Pat", "Ray")
MAX_TIMER = 600


@dataclass(frozen=True, slots=True)
class Limits:
    """How much a connection may send before it is cut off, and how big the server grows."""

    max_message: int = p.MAX_MESSAGE  # larger messages are dropped (a strike)
    max_frame: int = p.MAX_FRAME  # larger frames close the connection (1009)
    rate: float = 10.0  # messages per second, sustained
    burst: float = 30.0  # messages at once
    strikes: float = 10.0  # bad or dropped messages tolerated...
    forgive_per_second: float = 0.1  # ...one forgiven every ten seconds
    hello_seconds: float = 10.0  # time to send the first message
    max_tables: int = 1000
    max_connections: int = 4000
    failed_codes_per_minute: int = 20  # per address; then joins are refused for a while
    backlog: int = 512  # frames queued for a slow reader before it is dropped
    idle_table_seconds: float = 1800.0  # a table nobody is connected to is removed
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
    """Who sits at a seat: a person (with a token) or a computer."""

    seat: Seat
    name: str
    token: str | None = None  # None: a computer's seat that no person has taken
    member: Member | None = None

    @property
    def person(self) -> bool:
        return self.token is not None

    @property
    def connected(self) -> bool:
        return self.member is not None


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
    new_seed: Callable[[], str] = field(default=lambda: secrets.token_hex(16))
    seats: dict[Seat, SeatInfo] = field(init=False)
    state: MatchState = field(init=False)
    started: bool = False
    host: Seat | None = None
    players: dict[Seat, Player] = field(init=False)
    last_active: float = 0.0
    views: p.ViewEncoder = field(default_factory=p.ViewEncoder)
    _handles: list[asyncio.TimerHandle] = field(default_factory=list)
    #: The seat and ``id`` of the intent being applied: the first update it causes to that
    #: seat carries the ``id`` and stands for its ``ok``.
    _answering: tuple[Seat, int] | None = None

    def __post_init__(self) -> None:
        self.seats = {s: SeatInfo(s, COMPUTER_NAMES[i]) for i, s in enumerate(SEATS)}
        self._new_state()
        self.last_active = self.loop.time()

    def _new_state(self) -> None:
        # The seed decides every deal, so it is secret and never sent to anyone.
        seed = self.new_seed()
        self.state = MatchState(Match(ruleset=self.ruleset, seed=seed))
        self.players = {s: make_player(self.level, _rng(seed, s)) for s in SEATS}
        for info in self.seats.values():
            if info.member is not None:
                info.member.outcomes_sent = 0

    # ---- who sits where --------------------------------------------------------------

    def people_message(self) -> dict[str, Any]:
        return {
            "type": "people",
            "started": self.started,
            "host": self.host.value if self.host else None,
            "timers": self.timers.to_json(),
            "people": [
                {
                    "seat": s.value,
                    "name": info.name,
                    "person": info.person,
                    "connected": info.connected,
                }
                for s, info in self.seats.items()
            ],
        }

    def _unique_name(self, wanted: str, seat: Seat) -> str:
        taken = {i.name.lower() for s, i in self.seats.items() if s is not seat and i.person}
        name, n = wanted, 2
        while name.lower() in taken:
            name = f"{wanted[: p.MAX_NAME - 3]} {n}"
            n += 1
        return name

    def _rename_computers(self) -> None:
        used = {i.name.lower() for i in self.seats.values() if i.person}
        spare = iter(n for n in COMPUTER_NAMES if n.lower() not in used)
        for info in self.seats.values():
            if not info.person:
                info.name = next(spare)

    def sit(self, name: str, wanted: Seat | None, member: Member) -> SeatInfo:
        """Seat a newcomer: the seat asked for if no person has it, else the first free one
        (the host's partner first, then clockwise). Raises IllegalAction when full."""
        free = [s for s in SEATS if not self.seats[s].person]
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
        if self.host is None:
            self.host = seat
        self._rename_computers()
        self._joined(info, notices.joined(info.name, seat))
        return info

    def rejoin(self, token: str, member: Member) -> SeatInfo:
        for info in self.seats.values():
            if info.token is not None and secrets.compare_digest(info.token, token):
                old = info.member
                info.member = member
                if old is not None:
                    old.close(p.CLOSE_NO_TABLE, "Your seat was taken up by another connection.")
                self._joined(info, notices.back(info.name))
                return info
        raise IllegalAction("That seat token is not for this table.")

    def _joined(self, info: SeatInfo, text: str) -> None:
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
            }
        )
        self._tell_others(info.seat, text)
        self._send_people()
        if self.started:
            self._send_update(info.seat, [], with_turn=True)
        self._touch()
        self._schedule()

    def leave(self, info: SeatInfo, member: Member) -> None:
        if info.member is not member:
            return  # that connection had already been replaced
        info.member = None
        self._tell_others(info.seat, notices.left(info.name))
        self._send_people()
        self._touch()
        self._schedule()

    @property
    def connected(self) -> int:
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
            if kind in ("bid", "play"):
                decision = p.decision_from_json(message)
                if not self.started:
                    raise IllegalAction("The host has not started the match yet.")
                self.decide(info.seat, decision)
            elif kind == "reveal":
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
        self._send_people()
        self._publish([HandDealt(self.state.hand_number, hand.dealer)])
        self._schedule()

    def new_match(self) -> None:
        self._new_state()
        self.started = True
        hand = self.state.hand
        assert hand is not None
        self._send_people()
        self._publish(
            [Notice(notices.NEW_MATCH_BEGINS), HandDealt(self.state.hand_number, hand.dealer)]
        )
        self._schedule()

    def set_timers(self, timers: Timers) -> None:
        self.timers = timers
        self._send_people()
        self._schedule()

    def decide(self, seat: Seat, decision: Decision) -> None:
        """``seat``'s decision; raises IllegalAction with the rules' spoken reason (which
        also says when it is not ``seat``'s turn, and whether to bid or to play)."""
        events: list[Event] = [*self.state.apply(decision, seat)]
        self._publish(events)
        self._schedule()

    # ---- computers and timers --------------------------------------------------------

    def timers_pending(self) -> int:
        """How many timed actions (a computer's move, a warning, a time-out) wait to run;
        0 means nothing happens at this table until someone sends something. Call it on
        the server's loop."""
        now = self.loop.time()
        return sum(1 for h in self._handles if not h.cancelled() and h.when() > now)

    def _schedule(self) -> None:
        """Arrange what happens if nobody sends anything: a computer's move, a timer."""
        for h in self._handles:
            h.cancel()
        self._handles.clear()
        hand = self.state.hand
        actor = self.state.to_act
        if not self.started or self.state.over or hand is None or actor is None:
            return
        if self.connected == 0:
            return  # nobody listening: the table waits for someone to come back
        info = self.seats[actor]
        if info.member is None:
            self._later(self.computer_delay, self._computer_turn, actor, False)
            return
        limit = self.timers.for_phase(hand.phase)
        if limit is None:
            return
        for left in self.limits.warnings:
            if left < limit:
                self._later(limit - left, self._warn, actor, left)
        self._later(limit, self._computer_turn, actor, True)

    def _later(self, delay: float, fn: Callable[..., None], *args: Any) -> None:
        self._handles.append(self.loop.call_later(delay, fn, *args))

    def _warn(self, seat: Seat, left: float) -> None:
        if self.state.to_act is seat:
            self._send_update(seat, [Notice(notices.seconds_left(left))], with_view=False)

    def _computer_turn(self, seat: Seat, timed_out: bool) -> None:
        if self.state.to_act is not seat or self.state.over:
            return
        self.state.reveal(seat)
        view = view_of(self.state, seat)
        try:
            decision = self.players[seat].decide(view)
            events: list[Event] = [*self.state.apply(decision, seat)]
        except Exception:  # a computer's mistake must not stop the table
            log.exception("computer at %s failed; playing the first legal choice", seat.value)
            fallback: Decision = view.legal_cards[0] if view.legal_cards else _first_bid(view)
            events = [*self.state.apply(fallback, seat)]
        before: dict[Seat, list[Event]] = {}
        if timed_out:
            before[seat] = [Notice(notices.TIME_UP)]
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
        """Tell every connected seat of ``events`` (after its own ``before``), with its view."""
        common = _encoded(events)
        shared: list[str] = []  # the views' common part, encoded for the first seat
        for seat, info in self.seats.items():
            if info.member is None:
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
        member = self.seats[seat].member
        if member is None:
            return
        if with_turn:
            turn = self.state.turn_of(seat)
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
        for h in self._handles:
            h.cancel()
        self._handles.clear()


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


def _rng(seed: str, seat: Seat) -> random.Random:
    return random.Random(f"{seed}/{seat.value}")


def _first_bid(view: SeatView) -> Bid:
    """A safe bid when a computer fails: 1 rather than nil."""
    bids = view.legal_bids
    return bids[1] if len(bids) > 1 else bids[0]


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
    ) -> None:
        """``new_seed`` gives each match its secret seed; tests pass a fixed sequence."""
        self.limits = limits or Limits()
        self.new_seed = new_seed or (lambda: secrets.token_hex(16))
        self.computer_delay = computer_delay
        self.level = level
        self.allow_create = allow_create
        self.tables: dict[str, SharedTable] = {}
        self._failed: dict[str, deque[float]] = {}
        self._server: Server | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self.connections = 0

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Listen on ``host:port`` (port 0 picks a free one); returns the bound address."""
        self._server = await serve(
            self._handle,
            host,
            port,
            max_size=self.limits.max_frame,
            compression=None,  # frames are small; deflate would cost CPU and invite bombs
            ping_interval=10,
            ping_timeout=20,
            max_queue=8,
        )
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
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

    async def serve_forever(self) -> None:
        assert self._server is not None
        await self._server.serve_forever()

    def create_table(self, ruleset: Ruleset, timers: Timers) -> SharedTable:
        code = p.new_table_code()
        while code in self.tables:  # pragma: no cover - 1 in 2**40
            code = p.new_table_code()
        table = SharedTable(
            code,
            ruleset,
            timers,
            self.level,
            self.computer_delay,
            self.limits,
            asyncio.get_running_loop(),
            self.new_seed,
        )
        self.tables[code] = table
        return table

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(60)
            now = asyncio.get_running_loop().time()
            for code, table in list(self.tables.items()):
                idle = now - table.last_active
                if table.connected == 0 and idle > self.limits.idle_table_seconds:
                    table.close()
                    del self.tables[code]

    # ---- connections -----------------------------------------------------------------

    def _too_many_failures(self, address: str) -> bool:
        now = time.monotonic()
        seen = self._failed.get(address)
        if seen is None:
            return False
        while seen and now - seen[0] > 60:
            seen.popleft()
        if not seen:
            del self._failed[address]
            return False
        return len(seen) >= self.limits.failed_codes_per_minute

    def _failed_code(self, address: str) -> None:
        self._failed.setdefault(address, deque()).append(time.monotonic())

    async def _handle(self, ws: ServerConnection) -> None:
        self.connections += 1
        member = Member(ws, self.limits.backlog)
        guard = Guard(self.limits)
        seated: tuple[SharedTable, SeatInfo] | None = None
        try:
            if self.connections > self.limits.max_connections:
                member.close(p.CLOSE_BUSY, "The server is full.")
                return
            seated = await self._hello(ws, member, guard)
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
            if seated is not None:
                seated[0].leave(seated[1], member)
            # Keep reading (and discarding) while the close handshake runs: a reader that
            # stops leaves the peer's close frame unread, and the socket ends in a reset
            # that can swallow the close code and our last answers.
            discard = asyncio.get_running_loop().create_task(_discard(ws))
            await member.finish()
            discard.cancel()

    async def _hello(
        self, ws: ServerConnection, member: Member, guard: Guard
    ) -> tuple[SharedTable, SeatInfo] | None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
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
                return self._create(message, member)
            if kind in ("join", "rejoin"):
                if self._too_many_failures(address):
                    member.close(p.CLOSE_BUSY, "Too many wrong codes. Wait a minute.")
                    return None
                code = p.normalize_code(message.get("table"))
                table = self.tables.get(code)
                if table is None:
                    self._failed_code(address)
                    member.close(p.CLOSE_NO_TABLE, "No table has that code.")
                    return None
                if kind == "rejoin":
                    token = message.get("token")
                    if not isinstance(token, str) or len(token) > 64:
                        raise p.ProtocolError("token must be text.")
                    try:
                        return table, table.rejoin(token, member)
                    except IllegalAction as e:
                        self._failed_code(address)
                        member.close(p.CLOSE_NO_TABLE, str(e))
                        return None
                name = p.clean_name(message.get("name"))
                wanted = p.optional(message, "seat", p.seat_from_json)
                try:
                    return table, table.sit(name, wanted, member)
                except IllegalAction as e:
                    member.close(p.CLOSE_FULL, str(e))
                    return None
            raise p.ProtocolError("The first message is create, join or rejoin.")
        except p.ProtocolError as e:
            member.close(p.CLOSE_HELLO, str(e)[:100])
            return None

    def _create(
        self, message: dict[str, Any], member: Member
    ) -> tuple[SharedTable, SeatInfo] | None:
        if not self.allow_create:
            member.close(p.CLOSE_BUSY, "This server does not open new tables.")
            return None
        if len(self.tables) >= self.limits.max_tables:
            member.close(p.CLOSE_BUSY, "The server has no room for another table.")
            return None
        name = p.clean_name(message.get("name"))
        wanted = p.optional(message, "seat", p.seat_from_json)
        rules = p.rules_from_json(message.get("rules"))
        timers = Timers.from_json(message.get("timers"), self.limits.min_timer)
        table = self.create_table(rules, timers)
        return table, table.sit(name, wanted or Seat.S, member)


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

    def start(self, timeout: float = 10.0) -> tuple[str, int]:
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
            return
        self._ready.set()
        await self._stop.wait()
        await self.server.close()

    def stop(self, timeout: float = 10.0) -> None:
        if self._stop is not None and self._thread.is_alive():
            self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout)

    @property
    def url(self) -> str:
        assert self.address is not None
        return f"ws://{self.address[0]}:{self.address[1]}"
