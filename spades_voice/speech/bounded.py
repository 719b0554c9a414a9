"""Time bounds for every call into something outside the process.

A speech server that accepts a connection and never answers, a screen reader API that
blocks, a braille daemon that hangs: none of them may freeze the game. Each such call
runs on a helper thread and the caller waits at most a bound; past it the backend is
treated as failed (SpeechError) and the chain moves on.

A call that timed out cannot be taken back: its thread stays blocked in the foreign
code. It is a daemon thread, so it never keeps the program from exiting, and the
`SerialCaller` that owned it refuses every later call at once instead of queueing more
work behind it.

Every bound is measured on a `Clock`: the real monotonic one, or one a test moves by hand
so that a bound is checked to the hundredth of a second on a machine of any speed.
"""

from __future__ import annotations

import contextlib
import functools
import operator
import queue
import threading
import time
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from spades_voice.speech.base import Speaker, SpeechError, SpeechTimeout

T = TypeVar("T")

#: Starting a backend (connect, probe, load a library).
START_SECONDS = 2.0
#: One call on a started backend (speak, cancel, write to the display).
CALL_SECONDS = 0.5


class Clock(Protocol):
    """What bounds are measured with."""

    def now(self) -> float:
        """Seconds on a clock that never goes back."""
        ...

    def wait_for(
        self, cond: threading.Condition, ready: Callable[[], bool], timeout: float
    ) -> bool:
        """With ``cond`` held: wait until ``ready()`` (whoever makes it true notifies
        ``cond``) or until ``timeout`` seconds of this clock have passed; ``ready()``."""
        ...


class MonotonicClock:
    """The real clock: ``time.monotonic``, and ``Condition.wait_for`` (which uses it)."""

    def now(self) -> float:
        return time.monotonic()

    def wait_for(
        self, cond: threading.Condition, ready: Callable[[], bool], timeout: float
    ) -> bool:
        return cond.wait_for(ready, max(0.0, timeout))


REAL_CLOCK: Clock = MonotonicClock()


class _Answer(Generic[T]):
    """One call's outcome, handed from the thread that ran it to the caller waiting."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._outcome: tuple[bool, object] | None = None

    def put(self, ok: bool, value: object) -> None:
        with self._cond:
            self._outcome = (ok, value)
            self._cond.notify_all()

    def run(self, fn: Callable[[], T]) -> None:
        try:
            self.put(True, fn())
        except BaseException as exc:  # handed back to the caller as is
            self.put(False, exc)

    def wait(self, clock: Clock, timeout: float) -> tuple[bool, object] | None:
        """The outcome, or None when ``timeout`` passed first."""
        with self._cond:
            clock.wait_for(self._cond, lambda: self._outcome is not None, timeout)
            return self._outcome

    @staticmethod
    def value(outcome: tuple[bool, object]) -> T:
        ok, value = outcome
        if ok:
            return value  # type: ignore[return-value]
        assert isinstance(value, BaseException)
        raise value


def call_with_timeout(
    fn: Callable[[], T], timeout: float, what: str, clock: Clock = REAL_CLOCK
) -> T:
    """Run `fn` on a daemon thread; its result, or SpeechError after `timeout` seconds.

    Exceptions from `fn` are re-raised as they are (callers translate them).
    """
    answer: _Answer[T] = _Answer()
    threading.Thread(
        target=answer.run, args=(fn,), name=f"bounded {what}", daemon=True
    ).start()
    outcome = answer.wait(clock, timeout)
    if outcome is None:
        raise SpeechTimeout(f"{what} did not answer within {timeout:g} s")
    return _Answer.value(outcome)


class SerialCaller:
    """Runs calls one at a time, in order, on one thread, each bounded in time.

    Foreign clients (the SSIP client, BrlAPI) are not made for several threads at once;
    one worker keeps their calls in order. After a call times out the worker is stuck in
    foreign code, so `stuck` is set and every later call fails at once.
    """

    def __init__(self, name: str, clock: Clock = REAL_CLOCK) -> None:
        self._name = name
        self._clock = clock
        self._jobs: queue.Queue[tuple[Callable[[], object], _Answer[object]] | None] = (
            queue.Queue()
        )
        self._lock = threading.Lock()
        self.stuck: str | None = None
        self._thread = threading.Thread(target=self._work, name=name, daemon=True)
        self._thread.start()

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            fn, answer = job
            answer.run(fn)

    def call(self, fn: Callable[[], T], timeout: float, what: str) -> T:
        """`fn()` on the worker; SpeechError if it takes longer than `timeout`."""
        with self._lock:
            if self.stuck is not None:
                raise SpeechTimeout(self.stuck)
            answer: _Answer[object] = _Answer()
            self._jobs.put((fn, answer))
            outcome = answer.wait(self._clock, timeout)
            if outcome is None:
                self.stuck = f"{what} did not answer within {timeout:g} s"
                raise SpeechTimeout(self.stuck)
        return _Answer.value(outcome)

    def stop(self) -> None:
        """Let the worker end once its current job returns (it may never, if stuck)."""
        self._jobs.put(None)


def start_all(
    makers: dict[str, Callable[[], Speaker | None]],
    timeout: float,
    clock: Clock = REAL_CLOCK,
) -> dict[str, Speaker | str]:
    """Start every output at once, each on its own thread; within `timeout` seconds.

    Each name maps to its open speaker, or to why it failed in plain words. One that
    finishes starting after the deadline is closed at once.
    """
    results: dict[str, Speaker | str] = {}
    changed = threading.Condition()

    def start(name: str, factory: Callable[[], Speaker | None]) -> None:
        try:
            speaker = factory()
            outcome: Speaker | str = speaker if speaker is not None else "not available"
        except SpeechError as exc:
            outcome = str(exc)
        except Exception as exc:
            # Every output must get an answer, whatever one of them raises.
            outcome = f"{type(exc).__name__}: {exc}"
        with changed:
            late = name in results
            if not late:
                results[name] = outcome
                changed.notify_all()
        if late and not isinstance(outcome, str):
            with contextlib.suppress(Exception):
                outcome.close()

    for name, factory in makers.items():
        threading.Thread(
            target=start, args=(name, factory), name=f"start {name}", daemon=True
        ).start()
    with changed:
        clock.wait_for(changed, lambda: len(results) == len(makers), timeout)
        for name in makers:
            results.setdefault(name, f"did not start within {timeout:g} s")
        return dict(results)


def first_started(
    order: Sequence[tuple[str, Callable[[], Speaker]]], timeout: float,
    clock: Clock = REAL_CLOCK,
) -> tuple[int, Speaker | None, dict[str, str], set[str]]:
    """Start all of `order` at once; the first (by order) that started, why those before
    it failed, and which of them failed by time (slow, not absent: worth a retry). Returns
    as soon as that is known; the rest close themselves when they finish starting, and
    any already started are closed here."""
    changed = threading.Condition()
    results: dict[str, Speaker | str] = {}
    slow: set[str] = set()
    decided = False

    def start(label: str, factory: Callable[[], Speaker]) -> None:
        try:
            outcome: Speaker | str = factory()
        except SpeechTimeout as exc:
            outcome = str(exc)
            slow.add(label)
        except SpeechError as exc:
            outcome = str(exc)
        except Exception as exc:
            # An output's start must fail in words, whatever it raises.
            outcome = f"{type(exc).__name__}: {exc}"
        with changed:
            late = decided
            if not late:
                results[label] = outcome
                changed.notify_all()
        if late and not isinstance(outcome, str):
            with contextlib.suppress(Exception):
                outcome.close()

    for label, factory in order:
        threading.Thread(
            target=start, args=(label, factory), name=f"start {label}", daemon=True
        ).start()
    deadline = clock.now() + timeout
    errors: dict[str, str] = {}
    found: tuple[int, Speaker | None] = (-1, None)
    with changed:
        for index, (label, _factory) in enumerate(order):
            clock.wait_for(changed, functools.partial(operator.contains, results, label),
                           deadline - clock.now())
            if label not in results:
                slow.add(label)
            outcome = results.get(label, f"did not start within {START_SECONDS:g} s")
            if isinstance(outcome, str):
                errors[label] = outcome
                continue
            found = (index, outcome)
            break
        decided = True
        spare = [r for r in results.values() if r is not found[1] and not isinstance(r, str)]
        late = {label for label in slow if label in errors}
    for speaker in spare:
        with contextlib.suppress(Exception):
            speaker.close()
    return found[0], found[1], errors, late
