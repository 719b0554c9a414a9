"""Where a page alone's computers, hint and coach think: the server's worker processes
(``net.computers.pool``), never the server's loop, which every table and page shares.

A shared table's computers already think there; a page alone asks on the same queues
(its computers' moves with the tables' moves, its hints and the coach after them), with
the same bounds: a move that a worker cannot give in time is the plain fallback move, a
hint or review not taken soon says the computers are busy, and a page asks one hint at a
time, paid for as every page seat's are (``HintShare``) and by its address. Its match is
the terminal's, so each thought keeps the terminal's budget and work rate: the same
position gives the same decision and the same hint as at a terminal.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from spades_voice.ai import DEFAULT_BUDGET_MS, Hint, WorkRate
from spades_voice.ai.hints import hint_seed
from spades_voice.narration.browser import HINT_BUSY, HINT_THINKING, NO_HINT
from spades_voice.narration.refusals import Refusal
from spades_voice.net.computers.pool import ComputerPool, HintShare, NoHint
from spades_voice.rules import Decision, IllegalAction, Reason, SeatView
from spades_voice.shell.driver import Coached
from spades_voice.table import LocalTable, PlannedStep, Reviewable, Table


class PoolThinking:
    """One page's thinking, in the server's workers, paid for by ``asker`` (its address)."""

    #: Every computer's move goes through the pace driver, so the loop never waits on one.
    at_once = False

    def __init__(self, pool: ComputerPool, asker: str, rate: WorkRate) -> None:
        """``rate``: the page's table's work rate (what its computers are made with)."""
        self.pool = pool
        self.asker = asker
        self.fixed = (DEFAULT_BUDGET_MS, rate)
        self.share = HintShare()
        self._tasks: set[asyncio.Task[None]] = set()

    async def decide(self, planned: PlannedStep) -> Decision:
        if planned.known is not None or planned.level is None:
            # Already decided in this position (heard before an undo or restart), or a
            # fixed player (tests, replays): its own, and quick.
            return planned.decide()
        return await self.pool.decide(planned.level, planned.seed, planned.view, self.fixed)

    def hint(self, table: Table, view: SeatView, then: Callable[[Hint | str], None]) -> None:
        share = self.share
        if share.thinking:
            then(HINT_THINKING)
            return
        loop = asyncio.get_running_loop()
        if not share.pay(loop.time()):
            then(HINT_BUSY)
            return
        match = table.match
        seed = hint_seed(match.seed if match is not None else None, view)
        share.thinking = True

        async def think() -> None:
            try:
                found = await self.pool.hint(seed, view, self.asker, self.fixed)
            finally:
                share.thinking = False
            if isinstance(found, Hint):
                then(found)
            else:
                then(HINT_BUSY if found is NoHint.BUSY else NO_HINT)

        task = loop.create_task(think())
        self._tasks.add(task)  # held until done: the loop keeps only a weak reference
        task.add_done_callback(self._tasks.discard)

    async def coach(self, table: Reviewable) -> Coached:
        if not isinstance(table, LocalTable):
            return table.coach()
        work = table.coach_work()
        if work is None:
            return None
        found = table.coached.get(work.key)
        if found is not None:
            return work.number, found
        if self.share.thinking:  # one thing at a time for a page, a hint or a review
            raise IllegalAction(Reason(Refusal.COACH_BUSY))
        self.share.thinking = True
        try:
            answer = await self.pool.coach(work, self.asker)
        finally:
            self.share.thinking = False
        if isinstance(answer, NoHint):
            busy = answer is NoHint.BUSY
            raise IllegalAction(Reason(Refusal.COACH_BUSY if busy else Refusal.COACH_FAILED))
        table.coached[work.key] = answer
        return work.number, answer

    def close(self) -> None:
        """The page has gone: a hint still being thought out is not waited for."""
        for task in list(self._tasks):
            task.cancel()
