"""How fast the computers move, and how long a finished trick stays on the table."""

from __future__ import annotations

import enum


class Pace(enum.Enum):
    RELAXED = "relaxed"
    QUICK = "quick"
    INSTANT = "instant"

    @property
    def computer_delay(self) -> float:
        """Seconds before each computer decision."""
        return _DELAYS[self][0]

    @property
    def trick_delay(self) -> float:
        """Extra seconds a completed trick stays before the next lead."""
        return _DELAYS[self][1]

    @property
    def following(self) -> Pace:
        """The next pace when the pace key cycles."""
        order = list(Pace)
        return order[(order.index(self) + 1) % len(order)]


_DELAYS = {
    Pace.RELAXED: (1.4, 2.0),
    Pace.QUICK: (0.6, 0.9),
    Pace.INSTANT: (0.0, 0.0),
}
