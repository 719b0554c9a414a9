"""One shared table: its match, who sits where, what each connection is sent, and when the
computers and the timers act.

Long because it is one state machine: seating, intents, computers and sending all read and
change the same seats and match, and split apart each half would reach into the other's
fields. Table logic is synchronous: an intent is applied and every frame it causes is
queued on each connection before the next message is read, so tables need no locks. A
change is encoded once for the whole table where the seats share it (events, the public
part of the view, finished hands) and per seat only where they differ (each seat's cards).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from spades_voice.ai import Level
from spades_voice.narration import chat, notices
from spades_voice.narration.summaries import trick_summary
from spades_voice.narration.words import Cast
from spades_voice.net import codec
from spades_voice.net import protocol as p
from spades_voice.net.computers import ComputerPool, fallback
from spades_voice.net.limits import Limits, Timers
from spades_voice.net.tablestore import StoredTable, TableStore
from spades_voice.rules import (
    SEATS,
    Decision,
    IllegalAction,
    Look,
    Match,
    MatchState,
    Ruleset,
    Seat,
    seed_text,
    view_of,
)
from spades_voice.table import Chat, Event, HandDealt, Notice

log = logging.getLogger("spades_voice.net")

COMPUTER_NAMES = ("Robin", "Alex", "Sam", "Jo", "Kim", "Lee", "Max", "Pat", "Ray")


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
        #: Started by the first frame or close: a socket that never says hello (thousands
        #: of them in an attack) costs no task of its own.
        self._writer: asyncio.Task[None] | None = None

    @property
    def writer(self) -> asyncio.Task[None]:
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write())
        return self._writer

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
        _ = self.writer  # started, so the close gets written
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
    #: The host stopped this person's chat.
    muted: bool = False
    #: When this person's recent chat lines were said (loop time), for the rate limit.
    said: list[float] = field(default_factory=list)
    #: The order people sat down in (lower sat longer): who hosts when the host leaves.
    since: int = 0

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
    _grace: asyncio.TimerHandle | None = None  # the end of ``grace_until``
    _sat_down: int = 0  # people seated so far, for ``SeatInfo.since``
    views: codec.ViewEncoder = field(default_factory=codec.ViewEncoder)
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
        self.host = p.seat_from_json(stored.host) if stored.host else None
        for seat_code, name, token in stored.seats:
            info = self.seats[p.seat_from_json(seat_code)]
            info.name, info.token = p.clean_name(name), token
        hand = self.state.hand
        if hand is not None:
            # Whoever has bid has seen their cards; the others will ask again.
            for seat, _ in hand.bids:
                self._look(seat)
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
        self._sat_down += 1
        info.since = self._sat_down
        if self.host is None:
            self.host = seat
        self._rename_computers()
        self._settle_host()
        if info.waiting:
            self._joined(
                info,
                notices.joined_next_deal(info.name, seat),
                notices.you_sit_next_deal(seat, info.computer_name),
                to_host=Notice(notices.waiting_ask_host(info.name), notices.SEAT_WAITING),
            )
        else:
            self.save()
            self._joined(info, notices.joined(info.name, seat))
        return info

    def rejoin(self, info: SeatInfo, member: Member) -> SeatInfo:
        """Give ``info``'s seat to ``member``, who presented its token."""
        old = info.member
        info.member = member
        if old is not None:
            old.close(p.CLOSE_NO_TABLE, "Your seat was taken up by another connection.")
        self._settle_host()
        self._joined(info, notices.back(info.name), self._where(info), back=True)
        return info

    def _where(self, info: SeatInfo) -> str:
        """What someone coming back hears: their seat and where the hand stands."""
        if info.waiting:
            return notices.back_at_seat(info.seat, notices.YOU_PLAY_NEXT_DEAL)
        if not self.started:
            host = self.seats[self.host] if self.host is not None else None
            if host is None or host is info:
                return notices.back_at_seat(info.seat, notices.NOT_STARTED_YET)
            # The role may have passed while they were away.
            return notices.back_at_seat(info.seat, notices.not_started_host(host.name))
        if self.state.hand is None:
            return notices.back_at_seat(info.seat, notices.MATCH_OVER)
        view = view_of(self.state, info.seat)
        names = {s: i.shown_name for s, i in self.seats.items()}
        trick = trick_summary(view, Cast(info.seat, names))
        return notices.back_at_seat(info.seat, notices.hand_and_trick(view.hand_number, trick))

    def _joined(self, info: SeatInfo, text: str, own: str | None = None, *,
                back: bool = False, to_host: Notice | None = None) -> None:
        """Welcome ``info``'s connection; the others hear ``text`` (the host ``to_host``
        instead, when given: what the host alone may do about it)."""
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
        self._tell_others(info.seat, text, to_host=to_host)
        self._send_people()
        own_notices: list[Event] = [Notice(own)] if own else []
        if self.started and not info.waiting:
            self._send_update(info.seat, own_notices, with_turn=True)
        elif own_notices:
            self._send_update(info.seat, own_notices, with_view=False)
        self._touch()
        self._schedule()

    def leave(self, info: SeatInfo, member: Member) -> None:
        if info.member is not member:
            return  # that connection had already been replaced
        info.member = None
        if self.closed:
            return  # the server is stopping: nobody left, and nothing is to change
        if info.waiting:
            # Never sat down: the seat is simply the computer's again.
            info.token, info.waiting, info.name = None, False, ""
            self._rename_computers()
        elif info.seat is self.host and not self.started:
            self._host_left(info)
        else:
            self._tell_others(info.seat, notices.left(info.name))
        self._send_people()
        self._touch()
        self._schedule()

    def hold_for_restart(self, seconds: float) -> None:
        """After a server restart, people's clients are reconnecting: for ``seconds`` the
        computer does not play for them, and the host keeps the role even if a guest is
        back first. A host not back by then passes it on as if they had left."""
        self.grace_until = self.loop.time() + seconds
        self._grace = self.loop.call_later(seconds, self._grace_over)

    def _grace_over(self) -> None:
        host = self.seats[self.host] if self.host is not None else None
        if not (self.closed or self.started) and host is not None and not host.connected:
            self._host_left(host)
            self._send_people()
        self._schedule()

    def _settle_host(self) -> SeatInfo | None:
        """Before the first deal only the host can start, so the host must be someone who
        is here: when the host is away and anyone is connected, the person who has sat
        longest hosts now. The new host's seat when it changed; with nobody here nothing
        changes, and the table ends as any empty table does."""
        if self.started or (self.host is not None and self.seats[self.host].connected):
            return None
        if self.loop.time() < self.grace_until:
            return None  # just restarted: the host may be on the way back
        here = [i for i in self.seats.values() if i.connected]
        if not here:
            return None
        new = min(here, key=lambda i: i.since)
        self.host = new.seat
        self.save()
        return new

    def _host_left(self, gone: SeatInfo) -> None:
        """The host left before the first deal: everyone hears who left and who hosts now
        (the new host is told it is them; their client says how to start)."""
        new = self._settle_host()
        if new is None:  # nobody here, or just restarted: the role waits
            self._tell_others(gone.seat, notices.left(gone.name))
            return
        for seat, info in self.seats.items():
            if seat is not gone.seat and info.member is not None:
                said = (notices.host_left_to_you(gone.name) if seat is new.seat
                        else notices.host_left(gone.name, new.name))
                self._send_update(seat, [Notice(said)], with_view=False)

    def admit(self, seat: Seat) -> None:
        """Let a person waiting for the next deal take their seat now (the host's call)."""
        info = self.seats[seat]
        if not info.waiting:
            raise IllegalAction(notices.nobody_waiting(seat))
        self._seat_waiting([info])

    def _seat_waiting(self, waiting: list[SeatInfo]) -> None:
        for info in waiting:
            info.waiting = False
            if info.member is not None:
                info.member.outcomes_sent = 0
            self._save_seat(info)
            self._tell_others(info.seat, notices.now_sits(info.name, info.seat))
            # Their first view: the cards, and why they came before the next deal.
            self._send_update(
                info.seat, [Notice(notices.host_seated_you(info.seat))], with_turn=True
            )
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
            # Someone waiting for the next deal may still talk to the table.
            if info.waiting and kind not in ("ping", "reveal", "say"):
                raise IllegalAction(notices.YOU_PLAY_NEXT_DEAL)
            if kind in ("bid", "play"):
                decision = p.decision_from_json(message)
                if not self.started:
                    raise IllegalAction("The host has not started the match yet.")
                self.decide(info.seat, decision)
            elif kind == "reveal":
                if not info.waiting:
                    self._look(info.seat)
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
            elif kind == "say":
                self.say(info, message.get("text"))
            elif kind == "mute":
                self._host_only(info)
                self.mute(message.get("name"), message.get("muted"))
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

    def say(self, info: SeatInfo, text: object) -> None:
        """A chat line from ``info`` to everyone connected: cleaned (no control characters,
        one line), at most ``chat.MAX_CHAT`` characters, ``limits.chat_burst`` lines in
        ``limits.chat_window`` seconds; refused while the host has muted them."""
        if not isinstance(text, str):
            raise p.ProtocolError("A chat line is text.")
        if info.muted:
            raise IllegalAction(chat.YOU_ARE_MUTED)
        line = chat.clean_chat(text, None)
        if not line:
            raise IllegalAction(chat.NOTHING_TO_SEND)
        if len(line) > chat.MAX_CHAT:
            raise IllegalAction(chat.TOO_LONG)
        now = self.loop.time()
        info.said = [t for t in info.said if now - t < self.limits.chat_window]
        if len(info.said) >= self.limits.chat_burst:
            raise IllegalAction(chat.TOO_FAST)
        info.said.append(now)
        said = Chat(info.seat, info.name, line)
        for seat, other in self.seats.items():
            if other.member is not None:
                self._send_update(seat, [said], with_view=False)

    def mute(self, name: object, on: object) -> None:
        """The host stops (``on``) or allows the chat of the person called ``name``."""
        if not isinstance(name, str) or not isinstance(on, bool):
            raise p.ProtocolError("mute takes a name and muted: true or false.")
        wanted = chat.clean_chat(name).casefold()
        for info in self.seats.values():
            if info.token is not None and info.name.casefold() == wanted:
                info.muted = on
                if info.member is not None:
                    told = Notice(chat.muted_you(on))
                    self._send_update(info.seat, [told], with_view=False)
                return
        raise IllegalAction(chat.no_such_person(chat.clean_chat(name)))

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
            [Notice(notices.NEW_MATCH_BEGINS), HandDealt(self.state.hand_number, hand.dealer)]
        )
        self._schedule()

    def set_timers(self, timers: Timers) -> None:
        self.timers = timers
        self.save()
        self._send_people()
        self._schedule()

    def decide(self, seat: Seat, decision: Decision) -> None:
        """``seat``'s decision; raises IllegalAction with the rules' spoken reason (which
        also says when it is not ``seat``'s turn, and whether to bid or to play)."""
        n = len(self.state.decisions)
        events: list[Event] = [*self.state.apply(decision, seat)]
        self._record(n, decision)
        self._publish(events)
        self._schedule()

    def _look(self, seat: Seat) -> None:
        """``seat`` has seen its cards: a decision like any other, stored with the rest."""
        n = len(self.state.decisions)
        if self.state.reveal(seat):
            self._record(n, Look(seat))

    def _record(self, n: int, decision: Decision) -> None:
        if self.store is not None:
            self.store.decision(self.code, n, p.decision_to_json(decision))

    # ---- computers and timers --------------------------------------------------------

    def timers_pending(self) -> int:
        """How many timed actions (a computer's move, a warning, a time-out, a computer
        thinking) wait to run; 0 means nothing happens at this table until someone sends
        something. Call it on the server's loop."""
        now = self.loop.time()
        thinking = 1 if self._thinking is not None else 0
        return thinking + sum(1 for h in self._handles if not h.cancelled() and h.when() > now)

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
            self._send_update(seat, [Notice(notices.seconds_left(left))], with_view=False)

    def _computer_turn(self, seat: Seat, timed_out: bool) -> None:
        if self.state.to_act is not seat or self.state.over or self._thinking is not None:
            return
        self._look(seat)
        self._thinking = self.loop.create_task(self._think(seat, timed_out))

    async def _think(self, seat: Seat, timed_out: bool) -> None:
        """Ask a worker for the computer's decision; only this table waits for it."""
        state, n = self.state, self.state.moves
        view = view_of(state, seat)
        try:
            decision = await self.computers.decide(self.level, seed_text(state.seed, seat.value, n),
                                                   view)
        finally:
            self._thinking = None
        if self.closed:
            return
        if self.state is not state or state.moves != n or state.to_act is not seat:
            self._schedule()  # someone moved meanwhile (a timed person, a new match)
            return
        try:
            events: list[Event] = [*state.apply(decision, seat)]
        except IllegalAction:  # a computer's mistake must not stop the table
            log.exception("computer at %s chose badly; playing a safe choice", seat.value)
            decision = fallback(view)
            events = [*state.apply(decision, seat)]
        self._record(len(state.decisions) - 1, decision)
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

    def _tell_others(self, seat: Seat, text: str, *, to_host: Notice | None = None) -> None:
        for s in SEATS:
            if s is not seat:
                said = to_host if to_host is not None and s is self.host else Notice(text)
                self._send_update(s, [said], with_view=False)

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
                self._tell_others(info.seat, notices.now_sits(info.name, info.seat))
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
            turn = self.state.turn_of(seat)
            if turn is not None:
                events = [*events, p.encode(codec.event_to_json(turn))]
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
        if self._grace is not None:
            self._grace.cancel()
        for h in self._handles:
            h.cancel()
        self._handles.clear()
        if self._thinking is not None:
            self._thinking.cancel()


def _encoded(events: list[Event]) -> list[str]:
    return [p.encode(codec.event_to_json(e)) for e in events]
