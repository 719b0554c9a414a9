"""Synthetic speech that plays what it says it plays.

Each line is synthesized and played by a player process the game owns (`audio`: paplay,
pw-play, aplay, afplay, or winsound on Windows). A line counts as heard only when its
player exits 0 after playing all of it; nothing trusts a speech library's own "done"
(pyttsx3's espeak driver reported lines finished before any sound had started, and never
played the last one).

* Linux: the `espeak-ng` program (or `espeak`) writes the line's WAV to its standard
  output and the player reads it from a pipe, so sound starts with espeak's first audio
  rather than after the whole line is made (a long answer such as the hand gains most).
  espeak-ng is deterministic and needs no Python start-up. Both processes share one
  process group: one signal stops both.
* Elsewhere (or a player that cannot read a pipe, such as afplay): the line is written to
  a WAV file first, by espeak-ng, macOS's `say`, or pyttsx3's `save_to_file` in a worker
  process (`_tts_worker`: SAPI5 on Windows), and the player plays the file.
* A query stops the line being made or played at once (SIGTERM to the process group,
  SIGKILL 0.2 s later if it is still there) and drops the queue; X (`silence`) does the
  same; events play one after another, in order.
* A player that fails (exit status not 0, cannot start, or is still going well past the
  line's length) fails this output: the line it was playing and every queued line are
  handed to the next output (`unheard`), and the chain is told at once (`on_failure`), so
  no line is silently lost.
* `close()` lets the last line finish, at most 2 s, so "Goodbye." is heard before exit.
* Starting checks that synthesis makes audio and that a player plays 50 ms of silence,
  all within about 2 s; with no working player it refuses to start with
  "failed: no audio output", and `auto` moves on to printed text.

`query()` and `event()` only queue and return (well under a millisecond). This backend
never prints: the terminal stays the shell's (see `--echo`).
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spades_voice.narration import notices
from spades_voice.narration.language import line
from spades_voice.speech import audio
from spades_voice.speech.base import SpeechError
from spades_voice.speech.bounded import REAL_CLOCK, START_SECONDS, Clock
from spades_voice.speech.synth import (
    EspeakSynth,
    Synth,
    choose_synth,
    synth_bound,
)

log = logging.getLogger(__name__)

#: How long close() lets the last line finish.
DRAIN_SECONDS = 2.0
#: Speaking takes about 60 ms a character at espeak's slowest usual rates; a player still
#: going after twice that (plus the synthesis bound) is stuck.
SPEAK_SECONDS_PER_CHAR = 0.15


@dataclass(frozen=True, slots=True)
class _Item:
    generation: int
    text: str


class TtsSpeaker:
    """Synthesize to a file, play it with an owned player; cut at once; lose nothing.

    `player`: the player command (the WAV path is appended) instead of the first working
    one found on PATH (`audio.find_player`). `on_change(state, text)` is called from the
    playing thread with "started", "finished", "interrupted" or "failed"; `history` keeps
    the same pairs.
    `on_failure` (set by the fallback chain) is called once when the output fails.
    """

    name = "tts"

    def __init__(
        self,
        rate: int | None = None,
        *,
        player: Sequence[str] | None = None,
        python: str | None = None,
        start_timeout: float = START_SECONDS,
        on_change: Callable[[str, str], None] | None = None,
        clock: Clock = REAL_CLOCK,
    ) -> None:
        self.rate = rate
        self._clock = clock
        self._on_change = on_change
        self.on_failure: Callable[[], None] | None = None
        self.history: list[tuple[str, str]] = []
        self.notes: list[str] = []
        # Players are killed, so they cannot clean up after themselves: we own the folder.
        self._scratch = tempfile.TemporaryDirectory(prefix="spades-tts-")
        scratch = Path(self._scratch.name)
        began = clock.now()
        try:
            self._synth: Synth = choose_synth(rate, python or sys.executable, start_timeout)
            probe = scratch / "probe-speech.wav"
            self._synth.make("Test.", probe, lambda _proc: None)
            if not probe.is_file() or probe.stat().st_size <= 44:
                raise SpeechError(f"{self._synth.name} wrote no audio")
            if player is not None:
                self.player = audio.Player(Path(player[0]).name, tuple(player))
            else:
                left = max(0.2, start_timeout - (clock.now() - began))
                self.player, self.notes = audio.find_player(scratch, left)
        except SpeechError as exc:
            self._cleanup()
            raise SpeechError(f"failed: {exc}") from exc
        self.synth_name = self._synth.name
        #: Said once before the first line when no voice speaks the game's language.
        self._first_note = (
            line(notices.NO_VOICE) if getattr(self._synth, "voice_missing", False) else ""
        )
        self._lock = threading.Lock()
        self._changed = threading.Condition()
        self._queue: queue.Queue[_Item | None] = queue.Queue()
        self._generation = 0
        self._outstanding = 0
        #: What is making or playing the current line, and its process group.
        self._busy: tuple[subprocess.Popen[bytes], int] | None = None
        self._failure: str | None = None
        self._unheard: list[str] = []
        self._closed = False
        self._serial = itertools.count(1)
        self._thread = threading.Thread(target=self._feed, name="tts-player", daemon=True)
        self._thread.start()

    def _cleanup(self) -> None:
        with contextlib.suppress(AttributeError):
            self._synth.close()
        self._scratch.cleanup()

    # -- caller side: never waits on speech ------------------------------------------

    def _check(self) -> None:
        if self._failure is not None:
            raise SpeechError(self._failure)

    def _drop_pending(self) -> None:
        """Under the lock: forget queued lines and stop the one being made or played."""
        self._generation += 1
        with contextlib.suppress(queue.Empty):
            while True:
                item = self._queue.get_nowait()
                if item is None:  # close() is under way; keep its sentinel
                    self._queue.put(None)
                    break
                self._outstanding -= 1
        busy = self._busy
        if busy is not None:
            _terminate(*busy)

    def query(self, text: str) -> None:
        """Cut off what is being said and queued, then say `text`."""
        with self._lock:
            if self._closed:
                return
            self._check()
            self._drop_pending()
            self._outstanding += 1
            self._queue.put(_Item(self._generation, self._noted(text)))

    def event(self, text: str) -> None:
        """Say `text` after everything queued before it."""
        with self._lock:
            if self._closed:
                return
            self._check()
            self._outstanding += 1
            self._queue.put(_Item(self._generation, self._noted(text)))

    def _noted(self, text: str) -> str:
        """``text``, after the note said once before the first line (if any)."""
        note, self._first_note = self._first_note, ""
        return f"{note} {text}" if note else text

    def silence(self) -> None:
        """Stop speaking and drop the queue."""
        with self._lock:
            if self._closed:
                return
            self._drop_pending()
        self._wake()

    def unheard(self) -> list[str]:
        """After a failure: the line that was playing and those queued behind it."""
        with self._lock:
            lines, self._unheard = self._unheard, []
        return lines

    def close(self) -> None:
        """Let the last line finish (at most 2 s), then stop everything."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            failed = self._failure is not None
        if not failed:
            self.wait_idle(DRAIN_SECONDS)
        with self._lock:
            self._drop_pending()
            self._queue.put(None)
        if threading.current_thread() is not self._thread:
            # The chain may close us from our own thread, when our player failed.
            self._thread.join(timeout=2.0)
        self._cleanup()

    def wait_idle(self, timeout: float) -> bool:
        """Block until everything queued has been played (doctor, tests); False on timeout."""
        def settled() -> bool:
            with self._lock:
                return self._outstanding <= 0 or self._failure is not None

        with self._changed:
            self._clock.wait_for(self._changed, settled, timeout)
        with self._lock:
            return self._outstanding <= 0

    def _wake(self) -> None:
        """Tell wait_idle that the number of lines outstanding changed."""
        with self._changed:
            self._changed.notify_all()

    def wait_for(self, state: str, text: str, timeout: float) -> bool:
        """Block until `(state, text)` appears in `history`; False on timeout."""
        with self._changed:
            return self._changed.wait_for(lambda: (state, text) in self.history, timeout)

    # -- the playing thread ----------------------------------------------------------

    def _note(self, state: str, text: str) -> None:
        with self._changed:
            self.history.append((state, text))
            self._changed.notify_all()
        if self._on_change is not None:
            self._on_change(state, text)

    def _register(
        self, item: _Item, proc: subprocess.Popen[bytes], group: int | None = None
    ) -> None:
        """Note what to stop for `item`: `proc`, and with it the process `group`."""
        busy = (proc, proc.pid if group is None else group)
        with self._lock:
            self._busy = busy
            stale = item.generation != self._generation
        if stale:
            _terminate(*busy)

    def _feed(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            try:
                with self._lock:
                    stale = item.generation != self._generation
                problem = None if stale else self._play(item)
            finally:
                with self._lock:
                    self._busy = None
                    self._outstanding -= 1
                self._wake()
            if problem is not None:
                self._fail(item, problem)
                return

    def _play(self, item: _Item) -> str | None:
        """Make and play one line; None when it was played or cut, else why it failed."""
        stream = self.player.stream_command()
        if isinstance(self._synth, EspeakSynth) and stream is not None and os.name == "posix":
            return self._play_streamed(item, self._synth, stream)
        return self._play_file(item)

    def _play_streamed(self, item: _Item, synth: EspeakSynth, player: list[str]) -> str | None:
        """espeak-ng's audio straight into the player's standard input.

        The player starts with the first audio espeak-ng makes, not after the whole line
        is written: for a long answer (the hand, the scores) that is most of the time from
        key to sound. Both processes share one process group, so one signal stops both.
        """
        try:
            maker = subprocess.Popen(
                synth.stream_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                # A group of its own (not the terminal's, so Ctrl+C never reaches it) in
                # our session, which the player can join; a new session could not be.
                stderr=subprocess.DEVNULL, process_group=0,
            )
        except OSError as exc:
            return f"speech synthesis failed: cannot start {synth.name}: {exc.strerror or exc}"
        try:
            proc = subprocess.Popen(
                player, stdin=maker.stdout, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                process_group=maker.pid,
            )
        except OSError as exc:
            audio.stop(maker)
            return f"no audio output ({self.player.name}: {exc.strerror or exc})"
        finally:
            if maker.stdout is not None:
                maker.stdout.close()  # the player holds the only read end now
        # Watch the player (espeak may be done long before the sound is), stop the group.
        self._register(item, proc, maker.pid)
        self._note("started", item.text)
        with contextlib.suppress(OSError):  # a cut line closes the pipe under us
            assert maker.stdin is not None
            maker.stdin.write(item.text.encode("utf-8"))
            maker.stdin.close()
        bound = synth_bound(item.text) + SPEAK_SECONDS_PER_CHAR * len(item.text) + 2.0
        try:
            proc.wait(timeout=bound)
        except subprocess.TimeoutExpired:
            audio.stop(proc)
            audio.stop(maker)
            return f"no audio output ({self.player.name} did not finish within {bound:.0f} s)"
        with contextlib.suppress(subprocess.TimeoutExpired):
            maker.wait(timeout=1.0)
        if self._is_stale(item):
            self._note("interrupted", item.text)
            return None
        if proc.returncode != 0:
            return f"no audio output ({self.player.name} {audio.reason(proc)})"
        if maker.returncode != 0:
            return f"speech synthesis failed: {synth.name} exit {maker.returncode}"
        self._note("finished", item.text)
        return None

    def _play_file(self, item: _Item) -> str | None:
        """Synthesize to a WAV file, then play the file (pyttsx3, afplay, winsound)."""
        wav = Path(self._scratch.name) / f"line-{next(self._serial)}.wav"
        try:
            try:
                self._synth.make(item.text, wav, lambda proc: self._register(item, proc))
            except SpeechError as exc:
                if self._is_stale(item):
                    self._note("interrupted", item.text)
                    return None
                return f"speech synthesis failed: {exc}"
            if self._is_stale(item):
                self._note("interrupted", item.text)
                return None
            try:
                proc = audio.start(self.player.file_command(wav))
            except OSError as exc:
                return f"no audio output ({self.player.name}: {exc.strerror or exc})"
            self._register(item, proc)
            self._note("started", item.text)
            bound = audio.wav_seconds(wav) + 3.0
            try:
                proc.wait(timeout=bound)
            except subprocess.TimeoutExpired:
                audio.stop(proc)
                return f"no audio output ({self.player.name} did not finish within {bound:.0f} s)"
            if self._is_stale(item):
                self._note("interrupted", item.text)
                return None
            if proc.returncode != 0:
                return f"no audio output ({self.player.name} {audio.reason(proc)})"
            self._note("finished", item.text)
            return None
        finally:
            with contextlib.suppress(OSError):
                wav.unlink()

    def _is_stale(self, item: _Item) -> bool:
        with self._lock:
            return item.generation != self._generation

    def _fail(self, item: _Item, problem: str) -> None:
        """Stop this output; keep the failed line and the queue for the next output."""
        with self._lock:
            self._failure = f"failed: {problem}"
            lines = [item.text]
            with contextlib.suppress(queue.Empty):
                while True:
                    queued = self._queue.get_nowait()
                    if queued is None:
                        break
                    self._outstanding -= 1
                    if queued.generation == self._generation:
                        lines.append(queued.text)
            self._unheard = lines
        log.warning("synthetic speech %s", self._failure)
        self._note("failed", item.text)
        if self.on_failure is not None:
            self.on_failure()


def _terminate(proc: subprocess.Popen[Any], group: int) -> None:
    """Ask `proc` and its process `group` to stop now, without waiting; SIGKILL 0.2 s later."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
        if os.name == "posix":
            os.killpg(group, signal.SIGTERM)
        else:
            proc.terminate()
    timer = threading.Timer(0.2, _kill_group, args=(proc, group))
    timer.daemon = True
    timer.start()


def _kill_group(proc: subprocess.Popen[Any], group: int) -> None:
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
        if os.name == "posix":
            os.killpg(group, signal.SIGKILL)
        else:
            proc.kill()
