"""What happens at a table when nobody sends anything: the computer's move for a seat
nobody plays, the warnings and the time-out of a timed person, and the computer thinking
in a worker. Only timers and the one thinking task live here; what a move does to the
match is the table's business, reached through the callbacks it gives.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from spades_voice.ai import Level
from spades_voice.net.computers.pool import ComputerPool
from spades_voice.net.computers.workers import fallback
from spades_voice.rules import Decision, Seat, SeatView

log = logging.getLogger("spades_voice.net")


@dataclass(frozen=True, slots=True)
class Turn:
    """The seat to act and what is known about it when nobody sends anything."""

    seat: Seat
    #: A person is connected at the seat.
    connected: bool
    #: Seconds the computer still waits before playing for a person who is away (their
    #: client is reconnecting after a restart); 0: it plays after its usual pause.
    hold: float
    #: The turn timer for a connected person (None: no limit).
    limit: float | None


class Turns:
    """One table's timers and its computer's thinking."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        computers: ComputerPool,
        level: Level,
        computer_delay: float,
        warnings: tuple[float, ...],
        *,
        again: Callable[[], None],
        warn: Callable[[Seat, float], None],
        move: Callable[[Seat, bool], None],
    ) -> None:
        """``again``: plan anew (a hold ran out); ``warn(seat, seconds_left)``;
        ``move(seat, timed_out)``: the computer is to decide for ``seat`` now."""
        self.loop = loop
        self.computers = computers
        self.level = level
        self.computer_delay = computer_delay
        self.warnings = warnings
        self._again, self._warn, self._move = again, warn, move
        self._handles: list[asyncio.TimerHandle] = []
        #: The computer decision being thought about in a worker, if any: the table waits.
        self.thinking: asyncio.Task[None] | None = None
        self.closed = False

    def pending(self) -> int:
        """How many timed actions (a computer's move, a warning, a time-out, a computer
        thinking) wait to run; 0 means nothing happens at this table until someone sends
        something. Call it on the server's loop."""
        now = self.loop.time()
        thinking = 1 if self.thinking is not None else 0
        return thinking + sum(1 for h in self._handles if not h.cancelled() and h.when() > now)

    def plan(self, turn: Turn | None) -> None:
        """Arrange what happens if nobody sends anything (None: nothing will)."""
        self.cancel()
        if turn is None or self.closed:
            return
        if not turn.connected:
            if turn.hold > 0:
                self._later(turn.hold, self._again)
            elif self.thinking is None:
                self._later(self.computer_delay, self._move, turn.seat, False)
            return
        if turn.limit is None:
            return
        for left in self.warnings:
            if left < turn.limit:
                self._later(turn.limit - left, self._warn, turn.seat, left)
        self._later(turn.limit, self._move, turn.seat, True)

    def think(self, key: str, view: SeatView, then: Callable[[Decision], None]) -> None:
        """Ask a worker for the computer's decision on ``view`` (its generator seeded by
        ``key``); ``then`` gets it, unless the table has closed meanwhile."""
        self.thinking = self.loop.create_task(self._think(key, view, then))

    async def _think(self, key: str, view: SeatView, then: Callable[[Decision], None]) -> None:
        # The move is never lost: whatever becomes of the thinking (``decide`` answers the
        # fallback itself when a worker fails), the table gets a legal move and plans its
        # next turn; only the table's own closing (this task cancelled) ends it.
        try:
            decision = await self.computers.decide(self.level, key, view)
        except Exception:
            log.exception("a computer's thinking failed; playing a safe choice")
            decision = fallback(view)
        finally:
            self.thinking = None
        if not self.closed:
            then(decision)

    def _later(self, delay: float, fn: Callable[..., None], *args: Any) -> None:
        self._handles.append(self.loop.call_later(delay, fn, *args))

    def cancel(self) -> None:
        for h in self._handles:
            h.cancel()
        self._handles.clear()

    def close(self) -> None:
        self.closed = True
        self.cancel()
        if self.thinking is not None:
            self.thinking.cancel()
