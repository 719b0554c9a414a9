"""The match clock: time at the live table, not paused, not waiting in a menu.

Driven by an injected monotonic clock so tests can step it. Undo does not touch it: the
time spent before taking a move back was still spent.
"""

from __future__ import annotations

import time
from collections.abc import Callable

Now = Callable[[], float]


class MatchClock:
    """Elapsed seconds of one match.

    >>> t = [0.0]
    >>> c = MatchClock(lambda: t[0])
    >>> c.run(True); t[0] = 5.0; c.run(False); t[0] = 60.0; c.elapsed()
    5.0
    """

    def __init__(self, now: Now = time.monotonic, elapsed: float = 0.0) -> None:
        self._now = now
        self._base = elapsed
        self._since: float | None = None
        #: What the shell last asked for; the clock counts when wanted and not stopped.
        self._wanted = False
        self._stopped = False

    @property
    def running(self) -> bool:
        return self._since is not None

    def elapsed(self) -> float:
        if self._since is None:
            return self._base
        return self._base + max(0.0, self._now() - self._since)

    def run(self, running: bool) -> None:
        """The table is live (True) or waiting: paused, a confirmation, help, review."""
        self._wanted = running
        self._settle()

    def stop(self) -> None:
        """The match is over: keep the time, and stay stopped until ``reset``."""
        self._stopped = True
        self._settle()

    def reset(self, elapsed: float = 0.0) -> None:
        """A new (or restored) match with ``elapsed`` seconds so far. If the table is live
        the clock goes on counting from here."""
        self._base = elapsed
        self._since = None
        self._stopped = False
        self._settle()

    def _settle(self) -> None:
        count = self._wanted and not self._stopped
        if count and self._since is None:
            self._since = self._now()
        elif not count and self._since is not None:
            self._base = self.elapsed()
            self._since = None
