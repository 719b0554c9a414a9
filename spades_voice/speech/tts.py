"""Synthetic speech through pyttsx3 (espeak-ng on Linux, SAPI5 on Windows, NSSpeech on macOS).

`query()` and `event()` only put text on a queue and return (well under 5 ms); a feeder
thread hands each line to a worker process (`_tts_worker`) and waits for it to finish.
Why a process, and why a kill to interrupt, is explained there: pyttsx3 cannot stop its
own Linux playback and prints to the terminal. A warm spare worker is kept so that after
an interruption the next line starts without waiting for Python and espeak to load.

`rate` is pyttsx3's rate in words per minute (espeak's default is about 200).

This backend does not print: the terminal stays the shell's (see `--echo`).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from spades_voice.speech.base import SpeechError

WORKER_MODULE = "spades_voice.speech._tts_worker"


def _worker_command(python: str, rate: int | None, player: Sequence[str] | None) -> list[str]:
    cmd = [python, "-m", WORKER_MODULE]
    if rate is not None:
        cmd += ["--rate", str(rate)]
    if player is not None:
        cmd += ["--player-json", json.dumps(list(player))]
    return cmd


class _Worker:
    """One worker process and a thread that turns its replies into a queue."""

    def __init__(self, cmd: list[str]) -> None:
        kwargs: dict[str, object] = {}
        if os.name == "posix":
            # Own process group: a kill takes aplay (or the player) with it, and Ctrl+C
            # in the terminal does not reach it.
            kwargs["start_new_session"] = True
        else:
            kwargs["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
        self.proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            **kwargs,  # type: ignore[call-overload]
        )
        self.killed = False
        self.ready = False
        self.replies: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, name="tts-worker-reader", daemon=True).start()

    def _read(self) -> None:
        stdout = self.proc.stdout
        assert stdout is not None
        with contextlib.suppress(OSError, ValueError):
            for line in stdout:
                self.replies.put(line.strip())
        self.replies.put(None)

    def wait_ready(self, timeout: float) -> str | None:
        """None once the worker said `ready`, else why not."""
        if self.ready:
            return None
        try:
            reply = self.replies.get(timeout=timeout)
        except queue.Empty:
            self.kill()
            return f"TTS worker not ready after {timeout:.0f} s"
        if reply == "ready":
            self.ready = True
            return None
        return reply or "TTS worker exited while starting"

    def send(self, text: str) -> bool:
        """Hand `text` to the worker; False if it is gone."""
        stdin = self.proc.stdin
        try:
            assert stdin is not None
            stdin.write(json.dumps({"say": text}) + "\n")
            stdin.flush()
        except (OSError, ValueError):
            return False
        return True

    def wait_done(self) -> bool:
        """Block until the current utterance ends; True if it finished, False if it died."""
        return self.replies.get() == "done"

    def kill(self) -> None:
        """Stop the worker and whatever it is playing, now."""
        self.killed = True
        if self.proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
            if os.name == "posix":
                os.killpg(self.proc.pid, signal.SIGKILL)
            else:
                self.proc.kill()

    def reap(self) -> None:
        """Collect the exit status so no zombie is left."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=2.0)
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


@dataclass(frozen=True, slots=True)
class _Item:
    generation: int
    text: str


class TtsSpeaker:
    """pyttsx3 speech that never blocks the caller and can be cut off.

    `player`: a command to play WAV files (path appended) instead of pyttsx3's own
    playback. `on_change(state, text)` is called from the feeder thread with state
    "started", "finished" or "interrupted"; `history` keeps the same pairs.
    """

    name = "tts"

    def __init__(
        self,
        rate: int | None = None,
        *,
        player: Sequence[str] | None = None,
        python: str | None = None,
        start_timeout: float = 15.0,
        on_change: Callable[[str, str], None] | None = None,
    ) -> None:
        self.rate = rate
        # Workers are killed, so they cannot clean up after themselves: we own their folder.
        self._scratch = tempfile.TemporaryDirectory(prefix="spades-tts-")
        self._cmd = [
            *_worker_command(python or sys.executable, rate, player),
            "--scratch", self._scratch.name,
        ]
        self._start_timeout = start_timeout
        self._on_change = on_change
        self.history: list[tuple[str, str]] = []
        self._changed = threading.Condition()
        self._lock = threading.Lock()
        self._queue: queue.Queue[_Item | None] = queue.Queue()
        self._generation = 0
        self._outstanding = 0
        self._speaking: _Worker | None = None
        self._failure: str | None = None
        self._closed = False
        try:
            first = _Worker(self._cmd)
        except OSError as exc:
            self._scratch.cleanup()
            raise SpeechError(f"TTS unavailable: cannot start worker: {exc}") from exc
        problem = first.wait_ready(start_timeout)
        if problem is not None:
            first.kill()
            first.reap()
            self._scratch.cleanup()
            raise SpeechError(f"TTS unavailable: {problem}")
        self._worker: _Worker | None = first
        self._spare: _Worker | None = _Worker(self._cmd)
        self._thread = threading.Thread(target=self._feed, name="tts-feeder", daemon=True)
        self._thread.start()

    # -- caller side: never waits on speech ------------------------------------------

    def _check(self) -> None:
        if self._failure is not None:
            raise SpeechError(self._failure)

    def _drop_pending(self) -> None:
        """Under the lock: forget queued lines and stop the one being spoken."""
        self._generation += 1
        with contextlib.suppress(queue.Empty):
            while True:
                item = self._queue.get_nowait()
                if item is None:  # close() is under way; keep its sentinel
                    self._queue.put(None)
                    break
                self._outstanding -= 1
        if self._speaking is not None:
            self._speaking.kill()

    def query(self, text: str) -> None:
        """Cut off what is being said and queued, then say `text`."""
        with self._lock:
            if self._closed:
                return
            self._check()
            self._drop_pending()
            self._outstanding += 1
            self._queue.put(_Item(self._generation, text))

    def event(self, text: str) -> None:
        """Say `text` after everything queued before it."""
        with self._lock:
            if self._closed:
                return
            self._check()
            self._outstanding += 1
            self._queue.put(_Item(self._generation, text))

    def silence(self) -> None:
        """Stop speaking and drop the queue."""
        with self._lock:
            if self._closed:
                return
            self._drop_pending()

    def close(self) -> None:
        """Stop at once and end the worker processes."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._drop_pending()
            self._queue.put(None)
            workers = [w for w in (self._worker, self._spare) if w is not None]
        self._thread.join(timeout=5.0)
        for worker in workers:
            worker.kill()
            worker.reap()
        self._scratch.cleanup()

    def wait_idle(self, timeout: float) -> bool:
        """Block until everything queued has been spoken (doctor, tests); False on timeout."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                if self._outstanding <= 0 or self._failure is not None:
                    return self._outstanding <= 0
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.02)

    def wait_for(self, state: str, text: str, timeout: float) -> bool:
        """Block until `(state, text)` appears in `history`; False on timeout."""
        with self._changed:
            return self._changed.wait_for(lambda: (state, text) in self.history, timeout)

    # -- feeder thread ---------------------------------------------------------------

    def _note(self, state: str, text: str) -> None:
        with self._changed:
            self.history.append((state, text))
            self._changed.notify_all()
        if self._on_change is not None:
            self._on_change(state, text)

    def _next_worker(self) -> _Worker:
        """The worker to speak with: the current one, else the warm spare, else a new one."""
        worker = self._worker
        if worker is not None and not worker.killed and worker.proc.poll() is None:
            return worker
        if worker is not None:
            worker.reap()
        if self._spare is not None and self._spare.proc.poll() is None:
            worker, self._spare = self._spare, None
        else:
            worker = _Worker(self._cmd)
        self._worker = worker
        if self._spare is None:
            self._spare = _Worker(self._cmd)
        return worker

    def _feed(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            try:
                if not self._speak_item(item):
                    return
            finally:
                with self._lock:
                    self._outstanding -= 1

    def _speak_item(self, item: _Item) -> bool:
        """Speak one line; False when the worker keeps dying and the feeder must stop."""
        problem: str | None = None
        for _attempt in range(2):
            with self._lock:
                if item.generation != self._generation or self._closed:
                    return True
                try:
                    worker = self._next_worker()
                except OSError as exc:
                    problem = f"cannot start worker: {exc}"
                    break
                self._speaking = worker
            problem = worker.wait_ready(self._start_timeout)
            finished = False
            if problem is None and worker.send(item.text):
                self._note("started", item.text)
                finished = worker.wait_done()
            with self._lock:
                self._speaking = None
                interrupted = worker.killed
            if finished:
                self._note("finished", item.text)
                return True
            if interrupted:
                self._note("interrupted", item.text)
                return True
            # The worker died on its own: try once more with a fresh one.
            worker.kill()
        # Give up, so that the fallback chain takes over on the next call.
        self._failure = f"TTS worker keeps failing: {problem or 'it exited while speaking'}"
        self._note("failed", item.text)
        return False


def synthesize_wav(
    text: str, path: Path, *, rate: int | None = None, python: str | None = None,
    timeout: float = 30.0,
) -> None:
    """Save `text` as speech to the WAV file `path`, via a one-shot worker.

    Returns once pyttsx3 has reported the utterance finished; raises SpeechError if not.
    """
    cmd = [*_worker_command(python or sys.executable, rate, None), "--save", str(path)]
    try:
        result = subprocess.run(
            cmd,
            input=text,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise SpeechError(f"TTS took longer than {timeout:.0f} s to save {path}") from exc
    if result.returncode != 0 or result.stdout.strip() != "saved":
        raise SpeechError(f"TTS could not save {path}: {result.stdout.strip() or 'no reply'}")
