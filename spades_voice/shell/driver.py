"""When the computers may move: the pace, whether the player paused the game, the time
of the next step, and whether the pace driver (``app``) sleeps until something wakes it.
The clock is injected. This part owns them: the keys ask it (``toggle_pause``,
``next_pace``), and what drives it is given once (``wake_with``, ``think_with``).

Where they think (and the hint and the coach with them) is ``Thinking``: here, in this
process's worker threads, for the terminal; in a server's worker processes for a page
playing alone (``spades_voice.alone``), whose server's loop no thinking may hold up.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Protocol

from spades_voice.ai import Hint
from spades_voice.ai.coach import Finding
from spades_voice.options import Pace
from spades_voice.rules import Decision, SeatView
from spades_voice.table import PlannedStep, Reviewable, Table

#: The coach's answer: the hand's number and its findings; None before a finished hand.
Coached = tuple[int, tuple[Finding, ...]] | None


class Thinking(Protocol):
    """Where the computers' decisions, the hint and the coach are thought out."""

    #: At instant pace the computers move inside the key's own handler (False: every
    #: move goes through the pace driver, however quick the pace, as it must when the
    #: thinking is elsewhere).
    at_once: bool

    async def decide(self, planned: PlannedStep) -> Decision: ...

    def hint(self, table: Table, view: SeatView, then: Callable[[Hint | str], None]) -> None:
        """Think out a hint for ``view``; ``then`` gets it, or the sentence saying why
        there is none (now, or once it is ready)."""
        ...

    async def coach(self, table: Reviewable) -> Coached:
        """The coach's findings; raises IllegalAction with the sentence saying why not."""
        ...


class ThinkHere:
    """The terminal's: a computer and the coach in a worker thread, the hint at once."""

    at_once = True

    async def decide(self, planned: PlannedStep) -> Decision:
        # A hard computer thinks for up to a quarter second: in a worker thread, so every
        # key the player presses meanwhile is answered at once.
        return await asyncio.get_running_loop().run_in_executor(None, planned.decide)

    def hint(self, table: Table, view: SeatView, then: Callable[[Hint | str], None]) -> None:
        then(table.hint())

    async def coach(self, table: Reviewable) -> Coached:
        # Hard weighs every decision of the hand: about a second, so off the keyboard's
        # thread; keys pressed meanwhile are answered at once.
        return await asyncio.get_running_loop().run_in_executor(None, table.coach)


@dataclass
class Driver:
    pace: Pace = Pace.RELAXED
    #: Seconds, as ``time.monotonic`` counts them (tests give their own).
    clock: Callable[[], float] = time.monotonic
    next_step_at: float = 0.0
    #: Set while the pace driver waits to be woken because no computer may move: until
    #: something wakes it, nothing happens at the table on its own.
    computers_idle: threading.Event = field(default_factory=threading.Event)
    #: Called when the computers may have something to do (the pace driver wakes).
    on_wake: Callable[[], None] = lambda: None
    #: Where the computers, the hint and the coach think.
    thinking: Thinking = field(default_factory=ThinkHere)
    #: The player paused the game: no computer moves until they resume it.
    _paused: bool = False

    @property
    def paused(self) -> bool:
        return self._paused

    def toggle_pause(self) -> bool:
        """Pause, or resume (the next computer then waits one delay from now); whether
        the game is paused now."""
        self._paused = not self._paused
        if not self._paused:
            self.resumed()
        return self._paused

    def next_pace(self) -> Pace:
        """The next pace (relaxed, quick, instant, and round again)."""
        self.pace = self.pace.following
        return self.pace

    def wake_with(self, on_wake: Callable[[], None]) -> None:
        """``on_wake`` is called when the computers may have something to do."""
        self.on_wake = on_wake

    def think_with(self, thinking: Thinking) -> None:
        """The computers, the hint and the coach think in ``thinking`` from now on."""
        self.thinking = thinking

    @contextmanager
    def idle(self) -> Iterator[None]:
        """While inside, no computer may move and the pace driver waits to be woken
        (``computers_idle`` is set)."""
        self.computers_idle.set()
        try:
            yield
        finally:
            self.computers_idle.clear()

    def after_event(self, *, trick: bool) -> None:
        """An event was said: the next computer waits its delay (longer after a trick)."""
        self.next_step_at = self.clock() + self.pace.computer_delay
        if trick:
            self.next_step_at += self.pace.trick_delay

    def resumed(self) -> None:
        """Play resumes: the next computer waits one delay from now."""
        self.next_step_at = self.clock() + self.pace.computer_delay

    def remaining(self) -> float:
        """Seconds until the next computer may move (0 or less: now)."""
        return self.next_step_at - self.clock()
