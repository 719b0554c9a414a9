"""The match at one shared table: its state, the decisions made on it, and the computer
and the timers that act when nobody else does (``turns.py`` holds their timers).

Who sits where is read from the table's ``Seating``; frames go out through its
``Broadcaster``; the table is told of each decision (``record``, to save it) and of each
batch of events (``publish``, which first seats whoever waited for a new deal).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable

from spades_voice.ai import Level
from spades_voice.narration.notices import Told
from spades_voice.net.computers.pool import ComputerPool
from spades_voice.net.computers.workers import fallback
from spades_voice.net.table import blind
from spades_voice.net.table.broadcast import Broadcaster, Member
from spades_voice.net.table.seating import Seating
from spades_voice.net.table.turns import Turn, Turns
from spades_voice.net.wire.limits import Limits, Timers
from spades_voice.rules import (
    Decision,
    IllegalAction,
    Look,
    Match,
    MatchState,
    Reason,
    Ruleset,
    Seat,
    SeatView,
    seed_text,
    view_of,
)
from spades_voice.table import Event, Notice

log = logging.getLogger("spades_voice.net")

Publish = Callable[[list[Event], dict[Seat, list[Event]] | None], None]


class TablePlay:
    """One table's match and what moves it on."""

    def __init__(
        self,
        ruleset: Ruleset,
        timers: Timers,
        new_seed: Callable[[], str],
        seating: Seating[Member],
        out: Broadcaster,
        *,
        level: Level,
        computer_delay: float,
        limits: Limits,
        loop: asyncio.AbstractEventLoop,
        computers: ComputerPool,
        record: Callable[[int, Decision], None],
        publish: Publish,
    ) -> None:
        self.ruleset, self.timers, self.new_seed = ruleset, timers, new_seed
        self.seating, self.out, self.loop = seating, out, loop
        self._record, self._publish = record, publish
        self.started = False
        self.closed = False
        #: After a restart the computer does not play for people who are away until this
        #: loop time: their clients are reconnecting.
        self.grace_until = 0.0
        self.state = out.state
        self.turns = Turns(loop, computers, level, computer_delay, limits.warnings,
                           again=self.schedule, warn=self._warn, move=self._computer_turn)

    def new_state(self, seed: str | None = None, decisions: Iterable[Decision] = ()) -> None:
        """A match from ``seed`` (a new secret one by default) after ``decisions``."""
        self.state = self.out.state = new_match_state(
            self.ruleset, seed or self.new_seed(), decisions
        )
        for info in self.seating.listening():
            assert info.member is not None
            info.member.outcomes_sent = 0

    @property
    def mid_hand(self) -> bool:
        return self.started and self.state.hand is not None and not self.state.over

    def decide(self, seat: Seat, decision: Decision) -> None:
        """``seat``'s decision; raises IllegalAction with the rules' spoken reason (which
        also says when it is not ``seat``'s turn, and whether to bid or to play)."""
        n = len(self.state.decisions)
        events: list[Event] = [*self.state.apply(decision, seat)]
        self._record(n, decision)
        self._publish(events, None)
        self.schedule()

    def look(self, seat: Seat) -> bool:
        """``seat`` has seen its cards: a ``Look`` decision, stored like any other.
        Returns whether its cards were held back until now (its view changes)."""
        n = len(self.state.decisions)
        was, looked = blind.look(self.state, seat)
        if looked:
            self._record(n, Look(seat))
        return was

    def schedule(self) -> None:
        """Arrange what happens if nobody sends anything: a computer's move, a timer."""
        hand, actor = self.state.hand, self.state.to_act
        if self.closed or not self.started or self.state.over or hand is None or actor is None:
            self.turns.plan(None)
        elif self.seating.connected == 0:
            self.turns.plan(None)  # nobody listening: the table waits for someone to come back
        else:
            info = self.seating.seats[actor]
            hold = self.grace_until - self.loop.time() if info.person else 0.0
            self.turns.plan(
                Turn(actor, info.connected, max(0.0, hold), self.timers.for_phase(hand.phase))
            )

    def _warn(self, seat: Seat, left: float) -> None:
        if self.state.to_act is seat:
            self.out.tell(seat, Reason.of(Told.SECONDS_LEFT, seconds=left))

    def _computer_turn(self, seat: Seat, timed_out: bool) -> None:
        if self.state.to_act is not seat or self.state.over or self.turns.thinking is not None:
            return
        self.look(seat)
        state, n = self.state, self.state.moves
        view = view_of(state, seat)
        self.turns.think(
            seed_text(state.seed, seat.value, n), view,
            lambda decision: self._computer_decided(state, n, view, decision, timed_out),
        )

    def _computer_decided(
        self, state: MatchState, n: int, view: SeatView, decision: Decision, timed_out: bool
    ) -> None:
        """The computer's decision for ``view``'s seat, thought out on ``state`` after its
        first ``n`` moves (bids and cards: a look meanwhile changes nothing it knew)."""
        seat = view.seat
        if self.state is not state or state.moves != n or state.to_act is not seat:
            self.schedule()  # someone moved meanwhile (a timed person, a new match)
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
            before[seat] = [Notice(Reason(Told.TIME_UP))]
        self._publish(events, before)
        self.schedule()

    def close(self) -> None:
        self.closed = True
        self.turns.close()


def new_match_state(ruleset: Ruleset, seed: str, decisions: Iterable[Decision] = ()) -> MatchState:
    # The seed decides every deal, so it is secret and never sent to anyone.
    return MatchState(Match(ruleset=ruleset, seed=seed, decisions=tuple(decisions)))
