"""What a shared table sends: each connection's queue of frames, and the frames themselves.

A change is encoded once for the whole table where the seats share it (events, the public
part of the view, finished hands) and per seat only where they differ (each seat's
cards). Each seat is sent only what it may know: its own cards (none while blind nil is
open to it, ``blind.held_back``), public events, and nothing of the hand at all while it
waits for the next deal.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, replace
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from spades_voice.narration.closes import Closed
from spades_voice.net.table.blind import held_back
from spades_voice.net.table.seating import SeatInfo, Seating
from spades_voice.net.table.watching import Audience, Watcher
from spades_voice.net.wire import codec
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.limits import Timers
from spades_voice.net.wire.reasons import close_text
from spades_voice.rules import SEATS, MatchState, Reason, Ruleset, Seat, SeatView, view_of
from spades_voice.table import Event, Notice

log = logging.getLogger("spades_voice.net")


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
            self.close(p.CLOSE_POLICY, Reason(Closed.TOO_FAR_BEHIND))
            return
        self.queue.put_nowait(text)

    def close(self, code: int, reason: Reason) -> None:
        """Close after the frames already queued have been written, with ``reason`` (a
        value, as JSON text) for the client to say in its player's language."""
        self.close_code, self.close_reason = code, close_text(reason)
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


def public_view(state: MatchState) -> SeatView:
    """What anyone may know of the match, as a watcher is sent it: South's chair with no
    cards and nothing to choose (the bids, tricks, scores and turn are everyone's)."""
    view = view_of(state, Seat.S)
    return replace(view, hand=(), hand_seen=True, legal_cards=(), legal_bids=(), dealt=(),
                   watching=True)


@dataclass(slots=True)
class Sign:
    """What a table's welcomes say of it: its code, its rules, and whether it is public
    (found by Play online and ``watch --any``)."""

    code: str
    ruleset: Ruleset
    public: bool = False

    def welcome(self, info: SeatInfo[Member], host: Seat | None, back: bool) -> dict[str, Any]:
        """A seated person's welcome: their seat and its token, whether they host, whether
        they came back (``back``) and whether they wait for the next deal."""
        assert info.token is not None
        return {
            "type": "welcome",
            "protocol": p.PROTOCOL_VERSION,
            "table": self.code,
            "seat": info.seat.value,
            "token": info.token,
            "host": info.seat is host,
            "rules": p.rules_to_json(self.ruleset),
            "back": back,
            "waiting": info.waiting,
            "public": self.public,
        }

    def watch_welcome(self) -> dict[str, Any]:
        """A watcher's welcome: the table, its rules, no seat and no token."""
        return {
            "type": "welcome",
            "protocol": p.PROTOCOL_VERSION,
            "table": self.code,
            "watching": True,
            "rules": p.rules_to_json(self.ruleset),
            "public": self.public,
        }


def people_message(
    seating: Seating[Member], started: bool, timers: Timers, audience: Audience[Member]
) -> dict[str, Any]:
    """Who sits where, who is connected, who hosts, the timers, and who watches."""
    people: list[dict[str, Any]] = []
    for s, info in seating.seats.items():
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
        "started": started,
        "host": seating.host.value if seating.host else None,
        "timers": timers.to_json(),
        "people": people,
        "watchers": audience.names(),
        "asking": audience.asking(),
        "watching": audience.choices(),
    }


class Broadcaster:
    """The frames of one table, to each of its connections."""

    def __init__(
        self, seating: Seating[Member], audience: Audience[Member], state: MatchState
    ) -> None:
        self.seating, self.audience = seating, audience
        #: The match the views are of (the table replaces it for a new match).
        self.state = state
        self.views = codec.ViewEncoder()
        #: The seat and ``id`` of the intent being applied: the first update it causes to
        #: that seat carries the ``id`` and stands for its ``ok``.
        self.answering: tuple[Seat, int] | None = None

    def everyone(self, message: dict[str, Any]) -> None:
        """``message`` to every connection at the table (waiting newcomers and watchers
        too)."""
        text = p.encode(message)
        for info in self.seating.listening():
            assert info.member is not None
            info.member.send_text(text)
        for watcher in self.audience.watchers:
            watcher.member.send_text(text)

    def tell(self, seat: Seat, text: Reason) -> None:
        """A notice to ``seat`` alone, without a view."""
        self.update(seat, [Notice(text)], with_view=False)

    def tell_others(self, seat: Seat, text: Reason, *, to_host: Notice | None = None) -> None:
        """A notice to everyone but ``seat`` (the host hears ``to_host`` when given)."""
        host = self.seating.host
        for s in SEATS:
            if s is not seat:
                said = to_host if to_host is not None and s is host else Notice(text)
                self.update(s, [said], with_view=False)
        self.watchers(encoded([Notice(text)]), with_view=False)

    def tell_all(self, text: Reason, *, but: Watcher[Member] | None = None) -> None:
        """A notice to every seat and every watcher (but ``but``), without a view."""
        for s in SEATS:
            self.update(s, [Notice(text)], with_view=False)
        others = [w for w in self.audience.watchers if w is not but]
        self.watchers(encoded([Notice(text)]), with_view=False, to=others)

    def publish(self, events: list[Event], before: dict[Seat, list[Event]] | None = None) -> None:
        """Tell every seated connection of ``events`` (after its own ``before``), with its
        view and, to the seat to act, its turn."""
        common = encoded(events)
        shared: list[str] = []  # the views' common part, encoded for the first seat
        for seat, info in self.seating.seats.items():
            if info.member is None or info.waiting:
                continue
            own = encoded((before or {}).get(seat, []))
            self._frame(seat, [*own, *common], with_view=True, with_turn=True, shared=shared)
        self.watchers(common, with_view=True, shared=shared)

    def watchers(
        self,
        events: list[str],
        *,
        with_view: bool,
        to: list[Watcher[Member]] | None = None,
        shared: list[str] | None = None,
    ) -> None:
        """One update of encoded ``events`` to every watcher (or those ``to``), with the
        public view when ``with_view``. The frame is encoded once and the same text queued
        for each watcher (once more only for a watcher sent fewer finished hands): a
        watcher costs the table a queued string, less than a seat's own view."""
        listeners = self.audience.watchers if to is None else to
        if not listeners:
            return
        view = public_view(self.state) if with_view else None
        if view is not None and not shared:
            shared = [self.views.shared(view)]
        seq = len(self.state.decisions)
        frames: dict[int, str] = {}
        for watcher in listeners:
            member = watcher.member
            start = -1
            if view is not None:
                start = min(member.outcomes_sent, len(view.outcomes))
                member.outcomes_sent = len(view.outcomes)
            text = frames.get(start)
            if text is None:
                view_text = None
                if view is not None:
                    assert shared
                    view_text = self.views.view(view, shared[0], start)
                text = frames[start] = p.update_text(seq, events, view_text, None)
            member.send_text(text)

    def chat(self, said: Event) -> None:
        """A chat line to everyone connected, watchers too."""
        for info in self.seating.listening():
            self.update(info.seat, [said], with_view=False)
        self.watchers(encoded([said]), with_view=False)

    def update(
        self, seat: Seat, events: list[Event], *, with_view: bool = True, with_turn: bool = False
    ) -> None:
        self._frame(seat, encoded(events), with_view=with_view, with_turn=with_turn)

    def _frame(
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
        info = self.seating.seats[seat]
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
            if held_back(self.state, seat):
                view = replace(view, hand=())
            if shared is None:
                shared = []
            if not shared:
                shared.append(self.views.shared(view))
            start = min(member.outcomes_sent, len(view.outcomes))
            view_text = self.views.view(view, shared[0], start)
            member.outcomes_sent = len(view.outcomes)
        answers: int | None = None
        if self.answering is not None and self.answering[0] is seat:
            answers = self.answering[1]
            self.answering = None
        member.send_text(p.update_text(len(self.state.decisions), events, view_text, answers))


def encoded(events: list[Event]) -> list[str]:
    """Each event as its JSON text, as frames carry them."""
    return [p.encode(codec.event_to_json(e)) for e in events]
