"""The server's tables: each by its code, and how many each address has opened.

Opening, taking back (after a restart), ending and making room are the one place the
tables and their per-address counts change together (``server.py`` sweeps idle ones,
``reception.py`` opens them for a hello).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable

from spades_voice.ai import Level
from spades_voice.narration.notices import Told
from spades_voice.net.computers.pool import ComputerPool
from spades_voice.net.table.shared_table import SharedTable
from spades_voice.net.table.tablestore import StoredTable, TableStore
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.limits import Limits, Timers
from spades_voice.rules import Reason, Ruleset


class Tables:
    """Shared tables by code, counted per address that opened them."""

    def __init__(
        self,
        limits: Limits,
        level: Level,
        computer_delay: float,
        computers: ComputerPool,
        new_seed: Callable[[], str],
        store: TableStore | None,
    ) -> None:
        self.limits = limits
        self.level = level
        self.computer_delay = computer_delay
        self.computers = computers
        self.new_seed = new_seed
        self.store = store
        self.by_code: dict[str, SharedTable] = {}
        self._by_address: Counter[str] = Counter()

    def opened_by(self, address: str) -> int:
        """How many of the tables ``address`` opened."""
        return self._by_address[address]

    def _new(self, code: str, ruleset: Ruleset, timers: Timers,
             loop: asyncio.AbstractEventLoop) -> SharedTable:
        return SharedTable(
            code, ruleset, timers, self.level, self.computer_delay, self.limits, loop,
            self.computers, self.new_seed, self.store,
        )

    def create(self, ruleset: Ruleset, timers: Timers, *, public: bool = False,
               address: str = "?") -> SharedTable:
        code = p.new_table_code()
        while code in self.by_code:  # pragma: no cover - 1 in 2**40
            code = p.new_table_code()
        table = self._new(code, ruleset, timers, asyncio.get_running_loop())
        table.sign.public, table.ledger.address = public, address
        self._add(table)
        return table

    def restore(self, stored: StoredTable, loop: asyncio.AbstractEventLoop) -> None:
        """Take back a table the store kept across a restart, held for its players."""
        rules = p.rules_from_json(stored.rules)
        timers = Timers.from_json(stored.timers, self.limits.min_timer)
        table = self._new(p.normalize_code(stored.code), rules, timers, loop)
        table.sign.public, table.ledger.address = stored.public, stored.address
        table.restore(stored)
        table.presence.hold_for_restart(self.limits.restart_grace_seconds)
        self._add(table)

    def _add(self, table: SharedTable) -> None:
        self.by_code[table.code] = table
        self._by_address[table.ledger.address] += 1

    def remove(self, code: str) -> None:
        table = self.by_code.pop(code, None)
        if table is None:
            return
        table.close()
        self._by_address[table.ledger.address] -= 1
        if self._by_address[table.ledger.address] <= 0:
            del self._by_address[table.ledger.address]
        if self.store is not None:
            self.store.remove(code)

    def end_idle(self, now: float) -> None:
        """End tables nobody has been connected to for a while (``now`` in their loop's
        time, which ``Ledger.last_active`` reads)."""
        for code, table in list(self.by_code.items()):
            idle = now - table.ledger.last_active
            if table.connected == 0 and idle > self.limits.empty_table_seconds:
                self.remove(code)

    def make_room(self) -> bool:
        """End the table waiting longest, unstarted and untouched for a minute, to make room:
        tables held open and never played cannot fill the server, while a host waiting for
        friends keeps the table as long as there is room."""
        now = asyncio.get_running_loop().time()
        idle = [
            t for t in self.by_code.values()
            if not t.started and now - t.ledger.last_active > self.limits.empty_table_seconds
        ]
        if not idle:
            return False
        oldest = min(idle, key=lambda t: t.ledger.last_active)
        for info in oldest.seats.values():
            if info.member is not None:
                info.member.close(p.CLOSE_BUSY, Reason(Told.TABLE_ENDED_FOR_ROOM))
        self.remove(oldest.code)
        return True

    def close(self) -> None:
        for table in self.by_code.values():
            table.close()
