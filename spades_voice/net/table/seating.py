"""Who sits where at a shared table: seat tokens, names, the host, and people waiting for
the next deal. A pure model: no sockets, no clock (the caller says what time it is), no
words (the table tells people what changed). ``C`` is whatever stands for a connection;
the table uses its ``Member``, tests use plain strings.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from spades_voice.narration.refusals import Refusal
from spades_voice.net.wire import protocol as p
from spades_voice.rules import SEATS, IllegalAction, Reason, Seat

COMPUTER_NAMES = ("Robin", "Alex", "Sam", "Jo", "Kim", "Lee", "Max", "Pat", "Ray")

C = TypeVar("C")


@dataclass(slots=True)
class SeatInfo(Generic[C]):
    """Who sits at a seat: a person (with a token) or a computer.

    A person who joins in the middle of a hand is ``waiting``: they hold the seat's token
    and hear who joins and leaves, but the computer plays the seat, and its cards stay
    hidden from them, until the next deal (or until the host lets them in).
    """

    seat: Seat
    computer_name: str
    name: str = ""
    token: str | None = None  # None: a computer's seat that no person has taken
    member: C | None = None
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


class Seating(Generic[C]):
    """The four seats of one table and who hosts it."""

    def __init__(self) -> None:
        self.seats: dict[Seat, SeatInfo[C]] = {
            s: SeatInfo(s, COMPUTER_NAMES[i]) for i, s in enumerate(SEATS)
        }
        self.host: Seat | None = None
        #: While the host is away, the role stays theirs until this time (the caller's
        #: clock): after a restart, or when they drop mid-match.
        self.host_back_by = 0.0
        self._sat_down = 0  # people seated so far, for ``SeatInfo.since``

    # ---- reading -----------------------------------------------------------------

    def token_seat(self, token: str) -> SeatInfo[C] | None:
        """The seat ``token`` was given for (compared in constant time), if any."""
        if not p.is_token(token):
            return None  # compare_digest takes ASCII only, and no token has other letters
        found: SeatInfo[C] | None = None
        for info in self.seats.values():
            if info.token is not None and secrets.compare_digest(info.token, token):
                found = info
        return found

    def free_seats(self) -> list[Seat]:
        return [s for s in SEATS if self.seats[s].token is None]

    @property
    def connected(self) -> int:
        """Connections at the table, waiting newcomers included (someone is listening)."""
        return sum(1 for i in self.seats.values() if i.member is not None)

    def listening(self) -> list[SeatInfo[C]]:
        """Every seat with a connection, waiting newcomers included."""
        return [i for i in self.seats.values() if i.member is not None]

    def waiting_here(self) -> list[SeatInfo[C]]:
        """People waiting for the next deal who are connected to take their seats."""
        return [i for i in self.seats.values() if i.waiting and i.member is not None]

    def host_info(self) -> SeatInfo[C] | None:
        return self.seats[self.host] if self.host is not None else None

    def person_called(self, name: str) -> SeatInfo[C] | None:
        """The person (seated or waiting) whose name is ``name`` in any case."""
        wanted = name.casefold()
        return next(
            (i for i in self.seats.values() if i.token is not None
             and i.name.casefold() == wanted),
            None,
        )

    # ---- changing ----------------------------------------------------------------

    def sit(self, name: str, wanted: Seat | None, member: C, *, waiting: bool) -> SeatInfo[C]:
        """Seat a newcomer: the seat asked for if no person has it, else the first free one
        (the host's partner first, then clockwise); ``waiting`` until the next deal. The
        first person seated hosts. Raises IllegalAction when the table is full."""
        free = self.free_seats()
        if not free:
            raise IllegalAction(Reason(Refusal.TABLE_FULL))
        if wanted is not None and wanted in free:
            seat = wanted
        else:
            host = self.host
            order = [host.partner, *(host.after(i) for i in (1, 3))] if host else []
            seat = next((s for s in order if s in free), free[0])
        info = self.seats[seat]
        info.name = self._unique_name(name, seat)
        info.token = p.new_token()
        info.member = member
        info.waiting = waiting
        self._sat_down += 1
        info.since = self._sat_down
        if self.host is None:
            self.host = seat
        self.rename_computers()
        return info

    def rejoin(self, info: SeatInfo[C], member: C) -> C | None:
        """Give ``info``'s seat to ``member``; the connection it had before, if any."""
        old, info.member = info.member, member
        return old

    def leave(self, info: SeatInfo[C], member: C) -> bool:
        """``member`` has gone; False when it no longer held the seat (replaced)."""
        if info.member is not member:
            return False
        info.member = None
        return True

    def forget(self, info: SeatInfo[C]) -> None:
        """Someone who never sat down has gone: the seat is the computer's again."""
        info.token, info.waiting, info.name = None, False, ""
        self.rename_computers()

    def take_seats(self, waiting: list[SeatInfo[C]]) -> None:
        """People waiting for the next deal sit down now."""
        for info in waiting:
            info.waiting = False
        self.rename_computers()

    def settle_host(self, now: float) -> SeatInfo[C] | None:
        """Pass the host role on when the host is away and no longer waited for: to the
        connected person who sat down longest ago. The new host's seat when it changed;
        with nobody here nothing changes (whoever comes first hosts then)."""
        host = self.host_info()
        if host is not None and host.connected:
            return None
        if now < self.host_back_by:
            return None  # the host may be on the way back
        here = [i for i in self.seats.values() if i.connected]
        if not here:
            return None
        new = min(here, key=lambda i: i.since)
        self.host = new.seat
        return new

    def restore(self, host: Seat | None, people: list[tuple[Seat, str, str, bool]]) -> None:
        """Take back who sat where (all away): (seat, name, token, waiting) each."""
        self.host = host
        for seat, name, token, waiting in people:
            info = self.seats[seat]
            info.name, info.token, info.waiting = name, token, waiting
        self.rename_computers()

    def _unique_name(self, wanted: str, seat: Seat) -> str:
        taken = {
            i.name.lower() for s, i in self.seats.items() if s is not seat and i.token is not None
        }
        name, n = wanted, 2
        while name.lower() in taken:
            name = f"{wanted[: p.MAX_NAME - 3]} {n}"
            n += 1
        return name

    def rename_computers(self) -> None:
        """Computers take names no person at the table has."""
        used = {i.name.lower() for i in self.seats.values() if i.token is not None}
        spare = iter(n for n in COMPUTER_NAMES if n.lower() not in used)
        for info in self.seats.values():
            if not info.person:
                info.computer_name = next(spare)
