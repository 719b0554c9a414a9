"""Time bounds for every call into something outside the process.

A speech server that accepts a connection and never answers, a screen reader API that
blocks, a braille daemon that hangs: none of them may freeze the game. Each such call
runs on a helper thread and the caller waits at most a bound; past it the backend is
treated as failed (SpeechError) and the chain moves on.

A call that timed out cannot be taken back: its thread stays blocked in the foreign
code. It is a daemon thread, so it never keeps the program from exiting, and the
`SerialCaller` that owned it refuses every later call at once instead of queueing more
work behind it.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable
from typing import TypeVar

from spades_voice.speech.base import Speaker, SpeechError

T = TypeVar("T")

#: Starting a backend (connect, probe, load a library).
START_SECONDS = 2.0
#: One call on a started backend (speak, cancel, write to the display).
CALL_SECONDS = 0.5


def call_with_timeout(fn: Callable[[], T], timeout: float, what: str) -> T:
    """Run `fn` on a daemon thread; its result, or SpeechError after `timeout` seconds.

    Exceptions from `fn` are re-raised as they are (callers translate them).
    """
    box: queue.Queue[tuple[bool, object]] = queue.Queue(maxsize=1)

    def run() -> None:
        try:
            box.put((True, fn()))
        except BaseException as exc:  # handed back to the caller as is
            box.put((False, exc))

    threading.Thread(target=run, name=f"bounded {what}", daemon=True).start()
    try:
        ok, value = box.get(timeout=timeout)
    except queue.Empty:
        raise SpeechError(f"{what} did not answer within {timeout:g} s") from None
    if ok:
        return value  # type: ignore[return-value]
    assert isinstance(value, BaseException)
    raise value


class SerialCaller:
    """Runs calls one at a time, in order, on one thread, each bounded in time.

    Foreign clients (the SSIP client, BrlAPI) are not made for several threads at once;
    one worker keeps their calls in order. After a call times out the worker is stuck in
    foreign code, so `stuck` is set and every later call fails at once.
    """

    def __init__(self, name: str) -> None:
        self._name = name
        self._jobs: queue.Queue[tuple[Callable[[], object], queue.Queue[tuple[bool, object]]]
                                | None] = queue.Queue()
        self._lock = threading.Lock()
        self.stuck: str | None = None
        self._thread = threading.Thread(target=self._work, name=name, daemon=True)
        self._thread.start()

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            fn, box = job
            try:
                box.put((True, fn()))
            except BaseException as exc:  # handed back to the caller as is
                box.put((False, exc))

    def call(self, fn: Callable[[], T], timeout: float, what: str) -> T:
        """`fn()` on the worker; SpeechError if it takes longer than `timeout`."""
        with self._lock:
            if self.stuck is not None:
                raise SpeechError(self.stuck)
            box: queue.Queue[tuple[bool, object]] = queue.Queue(maxsize=1)
            self._jobs.put((fn, box))
            try:
                ok, value = box.get(timeout=timeout)
            except queue.Empty:
                self.stuck = f"{what} did not answer within {timeout:g} s"
                raise SpeechError(self.stuck) from None
        if ok:
            return value  # type: ignore[return-value]
        assert isinstance(value, BaseException)
        raise value

    def stop(self) -> None:
        """Let the worker end once its current job returns (it may never, if stuck)."""
        self._jobs.put(None)


def start_all(
    makers: dict[str, Callable[[], Speaker | None]], timeout: float
) -> dict[str, Speaker | str]:
    """Start every output at once, each on its own thread; within `timeout` seconds.

    Each name maps to its open speaker, or to why it failed in plain words. One that
    finishes starting after the deadline is closed at once.
    """
    results: dict[str, Speaker | str] = {}
    lock = threading.Lock()

    def start(name: str, factory: Callable[[], Speaker | None]) -> None:
        try:
            speaker = factory()
            outcome: Speaker | str = speaker if speaker is not None else "not available"
        except SpeechError as exc:
            outcome = str(exc)
        except Exception as exc:
            # Every output must get an answer, whatever one of them raises.
            outcome = f"{type(exc).__name__}: {exc}"
        with lock:
            late = name in results
            if not late:
                results[name] = outcome
        if late and not isinstance(outcome, str):
            with contextlib.suppress(Exception):
                outcome.close()

    threads = [
        threading.Thread(target=start, args=(name, factory), name=f"start {name}", daemon=True)
        for name, factory in makers.items()
    ]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + timeout
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    with lock:
        for name in makers:
            results.setdefault(name, f"did not start within {timeout:g} s")
        return dict(results)
