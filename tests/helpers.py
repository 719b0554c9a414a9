"""What tests in every folder share: waiting for a state, a clock moved by hand, the
processes a process started (and ending them), and the installed game's program.

Tests never judge the machine's speed. A test that needs a state waits for it with
``wait_until`` (a generous bound that only a real hang reaches); a test that checks a time
bound moves a ``HandClock`` past it and sees the bound hold to the hundredth of a second.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")

#: How often a waiting test looks again.
POLL_SECONDS = 0.01


def wait_until(check: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Whether ``check()`` came true within ``timeout`` seconds, looked at every 10 ms."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return check()
        time.sleep(POLL_SECONDS)
    return True


def wait_for(check: Callable[[], bool], timeout: float = 10.0) -> None:
    """Until ``check()`` is true; AssertionError if ``timeout`` seconds pass first."""
    assert wait_until(check, timeout), "condition not met in time"


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (children, theirs, ...), read from /proc."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = (task / "children").read_text().split()
        except OSError:
            continue
        for child in map(int, children):
            found |= {child, *descendants(child)}
    return found


def in_session(sid: int) -> list[int]:
    """Processes of session ``sid`` still running (zombies have ended; nobody may reap
    them in a container whose first process does not)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # it ended while we looked
        # pid (comm) state ppid pgrp session ...: comm may hold spaces and parentheses.
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def end_session(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM,
                timeout: float = 5.0) -> None:
    """End ``proc``, started in a session of its own (``start_new_session``), and
    everything in that session, and return once all of it has ended.

    ``sig`` goes to the process group first (SIGKILL after ``timeout`` seconds). A
    program may put a child in a group of its own (speech-dispatcher's modules run each
    line's synthesis so), which the group's signal misses: whatever is left in the
    session is killed until nothing is; AssertionError if something outlives that."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, sig)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout)
    deadline = time.monotonic() + timeout
    while left := in_session(proc.pid):
        if time.monotonic() > deadline:
            raise AssertionError(f"processes {left} of session {proc.pid} outlived a SIGKILL")
        for pid in left:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(POLL_SECONDS)


class HandClock:
    """A ``Clock`` (``spades_voice.speech.bounded``) that moves only when the test moves it.

    Code waiting on it with ``wait_for`` sleeps until its answer comes or the test has
    moved the clock past its deadline. ``settle()`` returns once every waiter has looked
    at the clock's present time, so "still waiting after 0.49 s" is a fact, not a race.
    """

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start
        self._lock = threading.Lock()
        #: Each waiter's condition and the time it last looked at.
        self._waiting: dict[object, tuple[threading.Condition, float]] = {}

    def now(self) -> float:
        return self._now

    def wait_for(
        self, cond: threading.Condition, ready: Callable[[], bool], timeout: float
    ) -> bool:
        deadline = self._now + timeout
        key = object()
        try:
            while not ready():
                with self._lock:
                    now = self._now
                    self._waiting[key] = (cond, now)
                if now >= deadline:
                    return ready()
                # advance() notifies under ``cond``, which is ours until wait() lets go.
                cond.wait()
            return True
        finally:
            with self._lock:
                self._waiting.pop(key, None)

    def advance(self, seconds: float) -> None:
        """Move the clock on and wake every waiter to look at it."""
        with self._lock:
            self._now += seconds
            conds = [cond for cond, _ in self._waiting.values()]
        for cond in conds:
            with cond:
                cond.notify_all()

    def waiters(self) -> int:
        with self._lock:
            return len(self._waiting)

    def settle(self, waiters: int | None = None, timeout: float = 10.0) -> None:
        """Until every waiter has seen the present time (and, if given, exactly
        ``waiters`` are waiting); a generous real bound only catches a hang."""

        def settled() -> bool:
            with self._lock:
                seen = [at for _, at in self._waiting.values()]
            return all(at == self._now for at in seen) and (
                waiters is None or len(seen) == waiters
            )

        wait_for(settled, timeout)


def bounds_hold(
    clock: HandClock,
    call: Callable[[], T],
    *bounds: float,
    waiters: int = 1,
    entered: Callable[[], bool] | None = None,
) -> T:
    """Run ``call`` aside and show, for each of ``bounds`` in turn, that it is still waiting
    0.01 s of ``clock`` before the bound and goes on at the bound; its result (or its
    exception). ``waiters``: how many bounded waits run side by side in the first bound.
    ``entered``: true once the call is in the wait that the first bound times, when quick
    bounded calls come before it (one of those, about to be answered, is not the wait)."""
    future = aside(call)
    if entered is not None:
        wait_for(entered)
    for index, bound in enumerate(bounds):
        clock.settle(waiters if index == 0 else 1)
        clock.advance(bound - 0.01)
        clock.settle()
        assert not future.done(), f"gave up before its {bound:g} s bound"
        clock.advance(0.01)
    try:
        return future.result(timeout=10.0)
    except TimeoutError:
        raise AssertionError(f"still waiting past its {bounds[-1]:g} s bound") from None


def without_waiting(call: Callable[[], T], timeout: float = 10.0) -> T:
    """``call()``, which must not wait on a clock that no one moves: a generous real bound
    (``timeout``) only catches it waiting."""
    try:
        return aside(call).result(timeout=timeout)
    except TimeoutError:
        raise AssertionError("it waited on a clock that no one moves") from None


def aside(call: Callable[[], T]) -> Future[T]:
    """``call()`` on a daemon thread (one stuck for good never holds up the test run)."""
    future: Future[T] = Future()

    def run() -> None:
        try:
            future.set_result(call())
        except BaseException as exc:
            future.set_exception(exc)

    threading.Thread(target=run, name="aside", daemon=True).start()
    return future


def game_program() -> str:
    """The installed ``spades-voice`` command (beside this Python first); skips the test
    where it is not installed."""
    exe = Path(sys.executable).parent / "spades-voice"
    found = str(exe) if exe.exists() else shutil.which("spades-voice")
    if found is None:
        pytest.skip("spades-voice is not installed")
    return found
