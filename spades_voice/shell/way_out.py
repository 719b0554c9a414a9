"""The way out: whether the player is leaving, and what leaving does (the terminal's app
exits; a page goes back to its first screen)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class WayOut:
    #: The player is leaving (or the page went): the table stops, nothing is drawn again.
    quitting: bool = False
    #: What leaving does (nothing until the app says: most shell tests).
    _then: Callable[[], None] = field(default=lambda: None, init=False)

    def leave_with(self, then: Callable[[], None]) -> None:
        """``then`` is what leaving does, once the goodbye is said (the app exits)."""
        self._then = then

    def stop(self) -> None:
        """The player is leaving: the computers and the clock stop, nothing more is drawn."""
        self.quitting = True

    def leave(self) -> None:
        """Leave, after the goodbye."""
        self.stop()
        self._then()
