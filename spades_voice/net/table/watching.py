"""People who listen to a table without a seat: a pure model, as ``seating.py`` is.

A watcher has a name, a connection and, like a seated person, a chat allowance the host
may take away. It holds no seat and no token: its frames carry the public view only
(``broadcast.public_view``), so there is nothing of the hand it could be given back.
The host decides whether the table takes watchers and whether they may chat. ``C`` is
whatever stands for a connection (the table's ``Member``, tests use plain strings).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from spades_voice.narration.refusals import Refusal
from spades_voice.net.table.seating import SeatInfo
from spades_voice.net.wire import protocol as p
from spades_voice.rules import IllegalAction, Reason, Seat

C = TypeVar("C")


@dataclass(slots=True)
class Watcher(Generic[C]):
    """One person listening to the table."""

    name: str
    member: C
    #: The host stopped this watcher's chat.
    muted: bool = False
    #: When this watcher's recent chat lines were said (loop time), for the rate limit.
    said: list[float] = field(default_factory=list)
    #: The seat this watcher took (``sit``): its connection speaks for that seat now.
    sat: SeatInfo[C] | None = None
    #: Asked to play (``sit``), and the host has not answered yet.
    asks: bool = False
    #: The seat it asked for, if it named one.
    wants: Seat | None = None


class Audience(Generic[C]):
    """The watchers of one table, and the host's two choices about them."""

    def __init__(self, most: int) -> None:
        """``most``: how many may watch at once (``Limits.watchers_per_table``)."""
        self.most = most
        self.watchers: list[Watcher[C]] = []
        #: Whether the table takes watchers (the host's choice; allowed unless told).
        self.allowed = True
        #: Whether watchers may write in the table's chat (the host's choice).
        self.may_chat = True

    def choices(self) -> dict[str, bool]:
        """The host's two choices, as saved and as ``people`` sends them."""
        return {"allowed": self.allowed, "chat": self.may_chat}

    def choose(self, saved: object) -> None:
        """Take back the host's choices as ``choices`` wrote them (a key left out, or a
        value that is not true or false, stays as it is)."""
        if isinstance(saved, dict):
            if isinstance(saved.get("allowed"), bool):
                self.allowed = saved["allowed"]
            if isinstance(saved.get("chat"), bool):
                self.may_chat = saved["chat"]

    def names(self) -> list[str]:
        return [w.name for w in self.watchers]

    def add(self, name: str, member: C, taken: set[str]) -> Watcher[C]:
        """A new watcher called ``name`` (made unique among ``taken``, the people's names
        in lower case, and the other watchers'); raises IllegalAction when the table does
        not take watchers or has all it may."""
        if not self.allowed:
            raise IllegalAction(Reason(Refusal.NO_WATCHERS))
        if len(self.watchers) >= self.most:
            raise IllegalAction(Reason(Refusal.WATCHERS_FULL))
        used = taken | {w.name.lower() for w in self.watchers}
        unique, n = name, 2
        while unique.lower() in used:
            unique = f"{name[: p.MAX_NAME - 3]} {n}"
            n += 1
        watcher = Watcher(unique, member)
        self.watchers.append(watcher)
        return watcher

    def remove(self, watcher: Watcher[C]) -> bool:
        """``watcher`` has gone; False when it had already."""
        if watcher not in self.watchers:
            return False
        self.watchers.remove(watcher)
        return True

    def asking(self) -> list[str]:
        """Who asked to play and waits for the host's answer."""
        return [w.name for w in self.watchers if w.asks]

    def called(self, name: str) -> Watcher[C] | None:
        """The watcher whose name is ``name`` in any case."""
        wanted = name.casefold()
        return next((w for w in self.watchers if w.name.casefold() == wanted), None)
