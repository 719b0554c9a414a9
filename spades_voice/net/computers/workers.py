"""What runs in the computers' worker processes (``computers.py`` runs the pool): how
each worker starts, and the work it is given, each a plain function of values that
crosses into the worker (a decision, a hint, the coach's review), and the safe move a
table plays when none of it can be had.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random
import signal
import threading
import time

from spades_voice.ai import Hint, Level, WorkRate, hint, make_player
from spades_voice.ai.coach import Finding
from spades_voice.rules import Bid, Decision, SeatView
from spades_voice.table import CoachWork

#: Workers run at a lower priority than the event loop, so people's intents are answered
#: first when the cores are busy; Hard's work is counted, not timed, so it plays the same.
WORKER_NICENESS = 10


def worker_start() -> None:
    """Each worker runs below the loop's priority, leaves Control-C to the server, and
    ends when the server process ends.

    Control-C reaches every process of the terminal's group: a worker that took it would
    print a ``KeyboardInterrupt`` traceback (read out by a screen reader) before the
    server's own "Server stopped."; the server stops its workers itself (``close``).

    A pool's workers wait on their queue for ever: if the server is killed (SIGKILL, a
    crash) nobody tells them to stop, and they would outlive it, keeping the fork server
    alive too. A watchdog thread waits on the parent's sentinel (a pipe end on POSIX, a
    process handle on Windows, closed or signalled when the parent is gone) and ends the
    worker then. (``os.kill(pid, 0)``, the POSIX way to ask, sends Control-C on Windows.)
    """
    with contextlib.suppress(OSError, AttributeError):
        os.nice(WORKER_NICENESS)
    with contextlib.suppress(ValueError, OSError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
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


def warm() -> int:
    time.sleep(0.05)  # long enough that each warm-up call gets a worker of its own
    return os.getpid()


def measure_rate() -> WorkRate:
    """Runs in a worker process: this machine's work rate for Hard."""
    from spades_voice.ai.calibrate import measure

    return measure(time.process_time)


def decide_in_worker(
    level: str, seed: str, view: SeatView, budget_ms: float, rate: WorkRate
) -> Decision:
    """Runs in a worker process."""
    player = make_player(Level(level), random.Random(seed), budget_ms=budget_ms, rate=rate)
    return player.decide(view)


def hint_in_worker(seed: str, view: SeatView, budget_ms: float, rate: WorkRate) -> Hint:
    """Runs in a worker process: a browser seat's hint (its player's own computer runs
    no game to think with, so the server thinks as it does for its computers)."""
    return hint(view, random.Random(seed), budget_ms, rate)


def coach_in_worker(work: CoachWork, budget_ms: float, rate: WorkRate) -> tuple[Finding, ...]:
    """Runs in a worker process: the coach's review of one hand (its work holds its own
    budget and rate, the terminal's, so it finds what the terminal finds)."""
    return work.review()


def fallback(view: SeatView) -> Decision:
    """What a computer plays when its worker fails: the first legal card, or a bid of 1
    rather than nil."""
    if view.legal_cards:
        return view.legal_cards[0]
    bids: tuple[Bid, ...] = view.legal_bids
    return bids[1] if len(bids) > 1 else bids[0]
