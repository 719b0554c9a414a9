"""What one table keeps of itself: written down as it changes, so it survives the server
(``tablestore``), and when it was last in use, so the server can end it once idle.

Presence, the gallery and the match write through it, and nothing calls back into the
table to save: the ledger reads the parts it writes down (the sign, the seats, the
watchers' settings, and the match's timers, seed and start, given as ``play``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from spades_voice.net.table.broadcast import Member, Sign
from spades_voice.net.table.seating import SeatInfo, Seating
from spades_voice.net.table.tablestore import TableStore
from spades_voice.net.table.watching import Audience
from spades_voice.net.wire import protocol as p
from spades_voice.rules import Decision

if TYPE_CHECKING:
    from spades_voice.net.table.play import TablePlay


class Ledger:
    """One table's entries in the store (none without one), and its last use."""

    def __init__(self, store: TableStore | None, sign: Sign, seating: Seating[Member],
                 audience: Audience[Member], clock: Callable[[], float]) -> None:
        """``clock``: the table's loop time, which ``last_active`` is in."""
        self.store, self.sign, self.seating, self.audience = store, sign, seating, audience
        self._clock = clock
        #: Where the table's creator connected from (the server counts tables by it).
        self.address = "?"
        #: When someone last did something at the table.
        self.last_active = clock()

    def touch(self) -> None:
        """The table is in use now."""
        self.last_active = self._clock()

    def save(self, play: TablePlay) -> None:
        """Write the table's settings and every person's seat (after a change to them)."""
        if self.store is None:
            return
        host = self.seating.host
        self.store.save_table(
            self.sign.code, p.rules_to_json(self.sign.ruleset), play.timers.to_json(),
            str(play.state.seed), host.value if host else None, play.started,
            self.sign.public, self.address, self.audience.choices(),
        )
        for info in self.seating.seats.values():
            self.seat(info)

    def seat(self, info: SeatInfo[Member]) -> None:
        """Write one seat: who holds it, their token, whether they wait for the next deal."""
        if self.store is not None:
            self.store.seat(self.sign.code, info.seat.value, info.name, info.token, info.waiting)

    def decision(self, n: int, decision: Decision) -> None:
        """Write the match's ``n``th decision."""
        if self.store is not None:
            self.store.decision(self.sign.code, n, p.decision_to_json(decision))

    def new_match(self, seed: str) -> None:
        """The table starts a new match from ``seed``: its decisions so far are gone."""
        if self.store is not None:
            self.store.new_match(self.sign.code, seed)
