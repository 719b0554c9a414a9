"""Computer decisions in worker processes, so no table's computer stalls the event loop.

A Hard decision takes 30-250 ms of CPU. Made on the server's event loop it would hold up
every table on the server; here it runs in a pool of processes sized to the cores, and
the loop only waits for the answer of the one table whose computer is thinking.

Each decision gets a fresh player whose generator is seeded from the match seed, the
seat and the decision number, so a match's computers decide the same way whatever
worker answers, and nothing but the seat's own view crosses into the worker.

Hard's work is sized by this machine's work rate (``ai.calibrate``), measured once in a
worker when the pool starts (a fraction of a second, in CPU time); until it is known, the
reference rate stands in.

Under load Hard's budget shrinks: when more decisions wait than there are workers, each
gets ``DEFAULT_BUDGET_MS * workers / waiting``, never below ``HARD_FLOOR_MS``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures.process import BrokenProcessPool

from spades_voice.ai import (
    DEFAULT_BUDGET_MS,
    REFERENCE_RATE,
    Hint,
    Level,
    WorkRate,
    hint,
    make_player,
)
from spades_voice.rules import Bid, Decision, SeatView

log = logging.getLogger("spades_voice.net")

#: Hard never thinks for less than this, however busy the server is.
HARD_FLOOR_MS = 60.0
#: A decision that takes longer than this (a hung or killed worker) is given up.
DECISION_TIMEOUT = 10.0


#: Workers run at a lower priority than the event loop, so people's intents are answered
#: first when the cores are busy; Hard's work is counted, not timed, so it plays the same.
WORKER_NICENESS = 10


def _worker_start() -> None:
    """Each worker runs below the loop's priority and ends when the server process ends.

    A pool's workers wait on their queue for ever: if the server is killed (SIGKILL, a
    crash) nobody tells them to stop, and they would outlive it, keeping the fork server
    alive too. A watchdog thread waits on the parent's sentinel (a pipe end on POSIX, a
    process handle on Windows, closed or signalled when the parent is gone) and ends the
    worker then. (``os.kill(pid, 0)``, the POSIX way to ask, sends Control-C on Windows.)
    """
    with contextlib.suppress(OSError, AttributeError):
        os.nice(WORKER_NICENESS)
    parent = multiprocessing.parent_process()
    if parent is None:  # pragma: no cover - a pool's worker always has one
        return

    def watch() -> None:
        parent.join()
        os._exit(0)

    threading.Thread(target=watch, name="server-watch", daemon=True).start()


def start_method() -> str:
    """How worker processes start: ``forkserver`` where the platform has it (Linux, macOS),
    ``spawn`` elsewhere (Windows). Forking the server itself is never safe: it may run on a
    thread (``host``, tests), and forking a process with threads can copy a held lock;
    spawn re-imports the game for every worker, so it is only the fallback."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        return "forkserver"
    return "spawn"


def _warm() -> int:
    time.sleep(0.05)  # long enough that each warm-up call gets a worker of its own
    return os.getpid()


def _measure_rate() -> WorkRate:
    """Runs in a worker process: this machine's work rate for Hard."""
    from spades_voice.ai.calibrate import measure

    return measure(time.process_time)


def _decide(level: str, seed: str, view: SeatView, budget_ms: float, rate: WorkRate) -> Decision:
    """Runs in a worker process."""
    player = make_player(Level(level), random.Random(seed), budget_ms=budget_ms, rate=rate)
    return player.decide(view)


def _hint(seed: str, view: SeatView, budget_ms: float, rate: WorkRate) -> Hint:
    """Runs in a worker process: a browser seat's hint (its player's own computer runs
    no game to think with, so the server thinks as it does for its computers)."""
    return hint(view, random.Random(seed), budget_ms, rate)


def fallback(view: SeatView) -> Decision:
    """What a computer plays when its worker fails: the first legal card, or a bid of 1
    rather than nil."""
    if view.legal_cards:
        return view.legal_cards[0]
    bids: tuple[Bid, ...] = view.legal_bids
    return bids[1] if len(bids) > 1 else bids[0]


class ComputerPool:
    """Worker processes that make computer decisions. ``start`` before use, ``close`` after."""

    def __init__(self, workers: int | None = None, rate: WorkRate | None = None) -> None:
        """``rate``: Hard's work rate; measured at ``start`` when not given."""
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._rate = rate
        self._measuring: concurrent.futures.Future[WorkRate] | None = None
        self.waiting = 0  # decisions asked for and not yet answered
        self.last_budget_ms = DEFAULT_BUDGET_MS
        self.lowest_budget_ms = DEFAULT_BUDGET_MS  # the figure the benchmark reports

    def start(self) -> None:
        method = start_method()
        ctx = multiprocessing.get_context(method)
        if method == "forkserver":
            ctx.set_forkserver_preload(["spades_voice.ai", "spades_voice.net.computers"])
        self._pool = concurrent.futures.ProcessPoolExecutor(
            self.workers, mp_context=ctx, initializer=_worker_start
        )
        # Start every worker now: the pool would start them on demand, from the event
        # loop, and starting the fork server takes the best part of a second.
        warm = [self._pool.submit(_warm) for _ in range(self.workers)]
        concurrent.futures.wait(warm, timeout=30)
        if self._rate is None and self._measuring is None:
            self._measuring = self._pool.submit(_measure_rate)

    @property
    def rate(self) -> WorkRate:
        """The measured rate once known, the reference rate until then (or if it failed)."""
        m = self._measuring
        if self._rate is None and m is not None and m.done():
            self._measuring = None
            try:
                self._rate = m.result()
            except Exception as e:  # a worker that died measuring: play on at the reference
                log.warning("measuring the work rate failed (%r); using the reference", e)
                self._rate = REFERENCE_RATE
        return self._rate or REFERENCE_RATE

    def budget_ms(self) -> float:
        """Hard's budget for the next decision, given how many are waiting."""
        share = self.workers / max(self.workers, self.waiting + 1)
        # Whole milliseconds: Python shares one object for each int up to 256, so the
        # budgets kept between decisions (``last_budget_ms``, ``lowest_budget_ms``) are
        # never floats made during an attack, each pinning a 1 MB arena of it after.
        return max(HARD_FLOOR_MS, round(DEFAULT_BUDGET_MS * share))

    async def decide(self, level: Level, seed: str, view: SeatView) -> Decision:
        """The computer's decision for ``view``; the fallback if the worker fails."""
        if self._pool is None:
            return fallback(view)
        budget = self.budget_ms()
        self.last_budget_ms = budget
        self.lowest_budget_ms = min(self.lowest_budget_ms, budget)
        self.waiting += 1
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(
                self._pool, _decide, level.value, seed, view, budget, self.rate
            )
            return await asyncio.wait_for(future, DECISION_TIMEOUT)
        except Exception as e:  # whatever went wrong, the table gets a legal move
            log.error("a computer's worker failed (%r); playing a safe choice", e)
            if isinstance(e, BrokenProcessPool | TimeoutError):
                self._restart()
            return fallback(view)
        finally:
            self.waiting -= 1

    async def hint(self, seed: str, view: SeatView) -> Hint | None:
        """A hint for ``view``'s seat, thought in a worker; None if the worker fails."""
        if self._pool is None:
            return None
        self.waiting += 1
        try:
            future = asyncio.get_running_loop().run_in_executor(
                self._pool, _hint, seed, view, self.budget_ms(), self.rate
            )
            return await asyncio.wait_for(future, DECISION_TIMEOUT)
        except Exception as e:  # the player hears that there is no hint, play goes on
            log.error("a hint's worker failed (%r)", e)
            return None
        finally:
            self.waiting -= 1

    def _restart(self) -> None:
        old = self._pool
        self.start()
        if old is not None:
            old.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (waits for them to exit, so none outlives the server)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
