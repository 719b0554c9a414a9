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
gets ``DEFAULT_BUDGET_MS * workers / waiting``, never below ``HARD_FLOOR_MS``. A page
playing alone (``spades_voice.alone``) asks with a fixed budget and its table's own rate
instead: its match is the terminal's, where a position decides the same way every time
(undo replays it, a hint asked twice says the same), so only its turn in the queues
and the time bound are the server's.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import enum
import logging
import multiprocessing
import os
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from spades_voice.ai import (
    DEFAULT_BUDGET_MS,
    REFERENCE_RATE,
    Hint,
    Level,
    WorkRate,
)
from spades_voice.ai.coach import Finding
from spades_voice.net.computers.workers import (
    coach_in_worker,
    decide_in_worker,
    fallback,
    hint_in_worker,
    measure_rate,
    start_method,
    warm,
    worker_start,
)
from spades_voice.rules import Decision, SeatView
from spades_voice.table import CoachWork

log = logging.getLogger("spades_voice.net")

#: Hard never thinks for less than this, however busy the server is.
HARD_FLOOR_MS = 60.0
#: A decision that takes longer than this in a worker (a hung or killed worker) is given
#: up, and the workers restarted.
DECISION_TIMEOUT = 10.0
#: A hint no worker has taken after this many seconds is answered "busy".
HINT_WAIT = 3.0
#: Hints one address may have waiting or being thought out at once.
HINTS_PER_ADDRESS = 2
#: Hints waiting for a worker, from everyone; beyond it a hint is answered "busy".
HINTS_WAITING = 16
#: How long a server's stop waits for new workers still starting (their warm-up waits
#: up to 30 s): the start's own thread shuts them down if it is still going.
START_WAIT = 40.0
#: How long the coach's review of a hand may take in a worker (a page alone's D): about
#: 14 of Hard's looks, so far longer than a decision; past it, as for a hung decision.
COACH_TIMEOUT = 60.0
#: A seat's hints: this many at once, then one more every ``HINT_EVERY`` seconds (a hint
#: is a worker's quarter second; the seat that asks pays for it, not the tables' moves).
#: The same for every page seat (``alone``: alone, and at a shared table).
HINT_BURST = 3.0
HINT_EVERY = 2.0


class NoHint(enum.Enum):
    """Why a hint was not given."""

    #: The worker could not work one out.
    FAILED = "failed"
    #: Not answerable soon: the computers are busy with the tables' moves, or this
    #: address already has its share of hints being thought out.
    BUSY = "busy"


class HintShare:
    """What one seat may ask of the workers for itself (hints, the coach): one at a time,
    and ``HINT_BURST`` at once, then one every ``HINT_EVERY`` seconds."""

    def __init__(self) -> None:
        #: One is being thought out: the seat hears so rather than asking again.
        self.thinking = False
        self._tokens = HINT_BURST
        self._time: float | None = None

    def pay(self, now: float) -> bool:
        """Take one ask at ``now`` (the loop's time); False when none is left."""
        if self._time is not None:
            self._tokens = min(HINT_BURST, self._tokens + (now - self._time) / HINT_EVERY)
        self._time = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


#: What a worker answers: a decision, a hint, or the coach's findings.
Thought = Decision | Hint | tuple[Finding, ...]


@dataclass(eq=False, slots=True)
class _Job:
    """One decision or hint asked of the workers; ``answer`` gets its result, or None
    when it failed (the asker then plays the fallback, or says there is no hint)."""

    work: Callable[..., Thought]
    #: The work's arguments but the last two (Hard's budget and the work rate, fixed
    #: when a worker takes the job, from how many wait then).
    args: tuple[object, ...]
    answer: asyncio.Future[Thought | NoHint | None]
    hint: bool
    #: Tried once already, in a pool that then broke or was restarted.
    retried: bool = False
    #: The budget and rate the asker fixed (a page alone's); None: the pool's, by load.
    fixed: tuple[float, WorkRate] | None = None
    #: How long it may take in a worker; None: the pool's ``timeout``.
    timeout: float | None = None


class ComputerPool:
    """Worker processes that make computer decisions. ``start`` before use, ``close`` after.

    The pool keeps its own queues, and hands a worker at most one job at a time: the
    tables' moves first, then hints, and hints in at most half the workers (one, on two
    cores), so a flood of hints never stands between a table and its computer's move.
    Since the executor holds only jobs that are running, restarting it (a decision that
    timed out: a hung worker) loses nothing that was waiting; a job that was running in
    the restarted pool is tried once more, then given up. A table's move is never lost:
    a decision given up is the fallback move.

    Hints are paid for by who asks: an address has at most ``HINTS_PER_ADDRESS`` hints
    waiting or thought out at once, at most ``HINTS_WAITING`` hints wait in all, and a
    hint that no worker takes within ``HINT_WAIT`` seconds is answered ``NoHint.BUSY``.
    (A seat asks one hint at a time, on its own budget: ``HintShare``.)
    """

    def __init__(
        self,
        workers: int | None = None,
        rate: WorkRate | None = None,
        *,
        timeout: float = DECISION_TIMEOUT,
        hint_wait: float = HINT_WAIT,
    ) -> None:
        """``rate``: Hard's work rate; measured at ``start`` when not given. ``timeout``:
        how long a worker may take over one job before it is taken for hung and the
        pool restarted; ``hint_wait``: how long a hint may wait for a worker."""
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.timeout = timeout
        self.hint_wait = hint_wait
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._rate = rate
        self._measuring: concurrent.futures.Future[WorkRate] | None = None
        self.waiting = 0  # moves asked for and not yet answered, and hints being thought
        self.last_budget_ms = DEFAULT_BUDGET_MS
        self.lowest_budget_ms = DEFAULT_BUDGET_MS  # the figure the benchmark reports
        self._moves: deque[_Job] = deque()
        self._hints: deque[_Job] = deque()
        self._running = 0  # jobs in the workers
        self._hints_running = 0
        self._asking: Counter[str] = Counter()  # hints waiting or thinking, by address
        self.restarts = 0  # the benchmark and the tests read it
        self.given_up = 0  # decisions replaced by the fallback move
        #: New workers being started after a restart (jobs wait in the queues meanwhile).
        self._starting: asyncio.Task[None] | None = None
        self._closed = True  # until ``start``, and after ``close``: every ask fails at once

    def start(self) -> None:
        """Start the workers and wait until each is up: before the server serves (it
        blocks), or in a thread (``_start_again``)."""
        self._closed = False
        self._pool = self._launch()

    def _launch(self) -> concurrent.futures.ProcessPoolExecutor:
        method = start_method()
        ctx = multiprocessing.get_context(method)
        if method == "forkserver":
            ctx.set_forkserver_preload(["spades_voice.ai", "spades_voice.net.computers.workers"])
        pool = concurrent.futures.ProcessPoolExecutor(
            self.workers, mp_context=ctx, initializer=worker_start
        )
        # Start every worker now: the pool would start them on demand, from the event
        # loop, and starting the fork server takes the best part of a second.
        warming = [pool.submit(warm) for _ in range(self.workers)]
        concurrent.futures.wait(warming, timeout=30)
        if self._rate is None and self._measuring is None:
            self._measuring = pool.submit(measure_rate)
        return pool

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

    async def decide(self, level: Level, seed: str, view: SeatView,
                     fixed: tuple[float, WorkRate] | None = None) -> Decision:
        """The computer's decision for ``view``; the fallback if it cannot be had (the
        worker failed, hung or was restarted twice under it). Never raises but when the
        asking task itself is cancelled (its table closed). ``fixed``: Hard's budget and
        rate, where the asker's match must decide as it always does (a page alone)."""
        if self._closed:
            return fallback(view)
        self.waiting += 1
        try:
            answer = await self._ask(_Job(
                decide_in_worker, (level.value, seed, view), self._loop().create_future(),
                hint=False, fixed=fixed,
            ))
        finally:
            self.waiting -= 1
        if answer is None or isinstance(answer, Hint | NoHint | tuple):
            self.given_up += 1
            log.error("a computer's decision was given up; playing a safe choice")
            return fallback(view)
        return answer

    async def hint(self, seed: str, view: SeatView, asker: str = "",
                   fixed: tuple[float, WorkRate] | None = None) -> Hint | NoHint:
        """A hint for ``view``'s seat, thought in a worker once no table's move waits;
        ``NoHint`` says why there is none. ``asker``: the address that asks; ``fixed``:
        Hard's budget and rate (a page alone's hint is the terminal's)."""
        answer = await self._asked(
            _Job(hint_in_worker, (seed, view), self._loop().create_future(), hint=True,
                 fixed=fixed),
            asker,
        )
        return answer if isinstance(answer, Hint | NoHint) else NoHint.FAILED

    async def coach(self, work: CoachWork, asker: str = "") -> tuple[Finding, ...] | NoHint:
        """The coach's review of ``work``'s hand, thought as a hint is (after the tables'
        moves, paid for by ``asker``), within ``COACH_TIMEOUT``."""
        answer = await self._asked(
            _Job(coach_in_worker, (work,), self._loop().create_future(), hint=True,
                 timeout=COACH_TIMEOUT),
            asker,
        )
        return answer if isinstance(answer, tuple | NoHint) else NoHint.FAILED

    async def _asked(self, job: _Job, asker: str) -> Thought | NoHint | None:
        """``job``, asked for ``asker`` itself (a hint, the coach): after the tables'
        moves, ``HINTS_PER_ADDRESS`` at once, and busy if no worker takes it soon."""
        if self._closed:
            job.answer.cancel()
            return NoHint.FAILED
        if self._asking[asker] >= HINTS_PER_ADDRESS or len(self._hints) >= HINTS_WAITING:
            job.answer.cancel()
            return NoHint.BUSY
        self._asking[asker] += 1
        late = self._loop().call_later(self.hint_wait, self._too_late, job)
        try:
            answer = await self._ask(job)
        finally:
            late.cancel()
            self._asking[asker] -= 1
            if self._asking[asker] <= 0:
                del self._asking[asker]
        return answer

    # ---- the queues ------------------------------------------------------------------

    @staticmethod
    def _loop() -> asyncio.AbstractEventLoop:
        return asyncio.get_running_loop()

    async def _ask(self, job: _Job) -> Thought | NoHint | None:
        (self._hints if job.hint else self._moves).append(job)
        self._pump()
        # If the asker is cancelled, so is ``answer``: a worker never takes the job.
        return await job.answer

    def _too_late(self, job: _Job) -> None:
        """A hint no worker took in time: the player hears so rather than waiting."""
        if job in self._hints:
            self._hints.remove(job)
            job.answer.set_result(NoHint.BUSY)

    def _pump(self) -> None:
        """Give free workers the next jobs: moves first, hints in at most half of them."""
        hint_room = max(1, self.workers // 2)
        if self._pool is None and self._starting is None and not self._closed and (
            self._moves or self._hints
        ):  # the last start failed: try again now that someone asks
            self._starting = self._loop().create_task(self._start_again())
        while self._pool is not None and self._running < self.workers:
            if self._moves:
                job = self._moves.popleft()
            elif self._hints and self._hints_running < hint_room:
                job = self._hints.popleft()
            else:
                return
            if job.answer.done():  # its asker has gone
                continue
            self._running += 1
            if job.hint:
                self._hints_running += 1
                self.waiting += 1
            self._loop().create_task(self._work(job))

    async def _work(self, job: _Job) -> None:
        """Run ``job`` in a worker, within ``timeout``; then the next jobs."""
        result: Thought | None = None
        again = False
        pool = self._pool
        timeout = job.timeout or self.timeout
        try:
            if pool is None:
                raise BrokenProcessPool("the pool is closed")
            budget, rate = job.fixed or (self.budget_ms(), self.rate)
            if not job.hint and job.fixed is None:
                self.last_budget_ms = budget
                self.lowest_budget_ms = min(self.lowest_budget_ms, budget)
            running = pool.submit(job.work, *job.args, budget, rate)
            result = await asyncio.wait_for(asyncio.wrap_future(running), timeout)
        except TimeoutError:
            log.error("a computer's worker took over %g s; restarting the workers", timeout)
            self._restart(pool)
        except (BrokenProcessPool, asyncio.CancelledError) as e:
            # The pool broke or was restarted under the job (its future cancelled), not
            # the job's fault: once more in the pool that stands now.
            task = asyncio.current_task()
            if isinstance(e, asyncio.CancelledError) and task is not None and task.cancelling():
                raise  # the server's loop is ending
            log.warning("a computer's worker was lost (%r)", e)
            self._restart(pool)
            again = not job.retried and not self._closed
        except Exception as e:  # whatever went wrong in the worker, the asker is answered
            log.error("a computer's worker failed (%r)", e)
        finally:
            self._running -= 1
            if job.hint:
                self._hints_running -= 1
                self.waiting -= 1
        if again:
            job.retried = True
            (self._hints if job.hint else self._moves).appendleft(job)
        elif not job.answer.done():
            job.answer.set_result(result)
        self._pump()

    def _restart(self, broken: concurrent.futures.ProcessPoolExecutor | None) -> None:
        """New workers in place of ``broken`` (unless that was done already): its jobs
        still running fail and are tried again; what waits in the queues is untouched and
        goes to the new workers once they are up (``_start_again``)."""
        if broken is None or broken is not self._pool:
            return
        self.restarts += 1
        # Its workers may be hung: end them, or they would spin on for ever.
        stuck = list((getattr(broken, "_processes", None) or {}).values())
        self._pool = None
        broken.shutdown(wait=False, cancel_futures=True)
        for process in stuck:
            with contextlib.suppress(Exception):
                process.kill()
        if self._closed:  # stopping: a start now would outlive the loop, left pending
            return
        self._starting = self._loop().create_task(self._start_again())

    async def _start_again(self) -> None:
        """Start the new workers in a thread. Starting processes takes a while (up to the
        warm-up's 30 s when the machine is busy: the workers run below the loop's
        priority), and the loop every table shares must not wait for it: it did, and a
        restart under load left every table on the server unanswered meanwhile."""
        try:
            pool = await asyncio.to_thread(self._launch_again)
        except Exception as e:  # no workers to be had: what waits is given up, not lost
            log.error("the computers' workers could not be started again (%r)", e)
            pool = None
        self._starting = None
        if pool is None:
            self._give_up_waiting()
            return
        if self._closed:  # the server closed meanwhile
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)
            return
        self._pool = pool
        self._pump()

    def _launch_again(self) -> concurrent.futures.ProcessPoolExecutor | None:
        """In a thread: new workers, unless the server closed while they started."""
        pool = self._launch()
        if self._closed:
            pool.shutdown(wait=True, cancel_futures=True)
            return None
        return pool

    def _give_up_waiting(self) -> None:
        """Answer every job still queued with nothing: moves play the fallback, hints
        and reviews say there is none (the next restart may do better)."""
        for queue in (self._moves, self._hints):
            while queue:
                job = queue.popleft()
                if not job.answer.done():
                    job.answer.set_result(None)

    def worker_pids(self) -> list[int]:
        """The running workers' process ids (the benchmark and the tests read them)."""
        return list(getattr(self._pool, "_processes", None) or {})

    async def stop(self) -> None:
        """Stop the workers from the loop: a start still under way (``_start_again``) is
        waited for first, since its workers would otherwise outlive the server and its
        task be left pending when the loop ends."""
        self._closed = True
        starting = self._starting
        if starting is not None:
            # Bounded: past it the start's own thread sees the pool closed and shuts its
            # workers down itself (``_launch_again``).
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(starting), START_WAIT)
            if not starting.done():  # past the bound: not left pending when the loop ends
                starting.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await starting
        await asyncio.to_thread(self.close)

    def close(self) -> None:
        """Stop the workers (waits for them to exit, so none outlives the server)."""
        self._closed = True
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
