"""Seats and partnerships. Clockwise order is South, West, North, East."""

from __future__ import annotations

import enum

from spades_voice.rules.errors import NotAValue, echo
from spades_voice.rules.reasons import Reason, Why


class Seat(enum.Enum):
    """A place at the table; the value is the seat's letter."""

    S = "S"
    W = "W"
    N = "N"
    E = "E"

    @property
    def index(self) -> int:
        """Position in clockwise order from South (S=0, W=1, N=2, E=3)."""
        return _SEAT_INDEX[self]

    @property
    def next(self) -> Seat:
        """The seat to the left, who acts next (clockwise)."""
        return SEATS[(_SEAT_INDEX[self] + 1) % 4]

    @property
    def partner(self) -> Seat:
        return SEATS[(_SEAT_INDEX[self] + 2) % 4]

    @property
    def team(self) -> Team:
        return Team.NS if self in (Seat.N, Seat.S) else Team.EW

    @classmethod
    def from_code(cls, text: str) -> Seat:
        code = text.strip().upper() if isinstance(text, str) else ""
        if code in _BY_CODE:
            return _BY_CODE[code]
        raise NotAValue(Reason.of(Why.NOT_A_SEAT, text=echo(text)))

    def after(self, steps: int) -> Seat:
        return SEATS[(_SEAT_INDEX[self] + steps) % 4]


SEATS: tuple[Seat, ...] = (Seat.S, Seat.W, Seat.N, Seat.E)
_SEAT_INDEX = {seat: i for i, seat in enumerate(SEATS)}
_BY_CODE = {seat.value: seat for seat in SEATS}


class Team(enum.Enum):
    """A partnership: NS (South and North) or EW (West and East)."""

    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.S, Seat.N) if self is Team.NS else (Seat.W, Seat.E)

    @property
    def other(self) -> Team:
        return Team.EW if self is Team.NS else Team.NS


TEAMS: tuple[Team, ...] = (Team.NS, Team.EW)
