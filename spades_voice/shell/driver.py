"""When the computers may move: the pace, the time of the next step, and whether the
pace driver (``app``) sleeps until something wakes it. The clock is injected."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from spades_voice.options import Pace


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
