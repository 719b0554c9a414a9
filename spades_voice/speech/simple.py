"""Backends with no audio of their own: print, recorder, tee and null.

PrintSpeaker is the one place in spades_voice that writes game text to a stream. It
writes each utterance as one plain line, for braille displays and for screen readers that
read the console. The shell, which owns the terminal while a prompt_toolkit application
runs, can inject a `write` callable that goes through `run_in_terminal` instead of a
stream.

RecorderSpeaker logs what the game asked to say (JSON lines: kind, text, monotonic and
wall-clock time) for tests (`utterances`) and bug reports (`--speech-log FILE`), and
passes every call on to the speaker it wraps, if any.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TextIO

from spades_voice.speech.base import Kind, Speaker, SpeechError


class NullSpeaker:
    """Says nothing: `--speech none`, and the chain's last resort."""

    name = "none"

    def query(self, text: str) -> None:
        """Drop `text`."""

    def event(self, text: str) -> None:
        """Drop `text`."""

    def silence(self) -> None:
        """Nothing is ever playing."""

    def close(self) -> None:
        """Nothing to release."""


class PrintSpeaker:
    """Writes each utterance as one line.

    `stream` defaults to whatever `sys.stdout` is at the moment of writing (so pytest's
    capture and a shell that swaps stdout both work). `write`, when given, replaces the
    stream: it receives the line including its newline.
    """

    name = "print"

    def __init__(
        self, stream: TextIO | None = None, *, write: Callable[[str], None] | None = None
    ) -> None:
        self._stream = stream
        self._write = write
        self._closed = False
        self._lock = threading.Lock()

    def _line(self, text: str) -> None:
        if self._closed:
            return
        line = text.rstrip("\n") + "\n"
        try:
            with self._lock:
                if self._write is not None:
                    self._write(line)
                    return
                stream = self._stream if self._stream is not None else sys.stdout
                stream.write(line)
                stream.flush()
        except (OSError, ValueError) as exc:
            # Closed or broken stream (terminal gone, pipe closed).
            raise SpeechError(f"cannot print: {exc}") from exc

    def query(self, text: str) -> None:
        """Print `text` now; printed lines cannot be interrupted."""
        self._line(text)

    def event(self, text: str) -> None:
        """Print `text`; lines are written in call order."""
        self._line(text)

    def silence(self) -> None:
        """Printed text stays on screen; nothing to stop."""

    def close(self) -> None:
        """Stop printing (the stream belongs to the caller and stays open)."""
        self._closed = True


@dataclass(frozen=True, slots=True)
class Utterance:
    """One recorded call: what was said, how, and when."""

    kind: Kind
    text: str
    monotonic: float
    wall: float

    def to_json(self) -> str:
        """The `--speech-log` line for this utterance."""
        return json.dumps(
            {"kind": self.kind.value, "text": self.text, "mono": self.monotonic, "wall": self.wall},
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, line: str) -> Utterance:
        """Read back a line written by `to_json`."""
        data = json.loads(line)
        return cls(Kind(data["kind"]), data["text"], float(data["mono"]), float(data["wall"]))


class RecorderSpeaker:
    """Records every utterance, then passes it on to `inner` (if any).

    `log` receives one JSON line per utterance and is flushed each time, so a crash
    leaves a complete log. The recorder closes `log` on `close()` only if `owns_log`.
    `silence_count` counts silence() calls so tests can see interruptions.
    """

    def __init__(
        self, inner: Speaker | None = None, log: TextIO | None = None, *, owns_log: bool = False
    ) -> None:
        self.inner = inner
        self.name = f"recorder+{inner.name}" if inner is not None else "recorder"
        self.utterances: list[Utterance] = []
        self.silence_count = 0
        self._log = log
        self._owns_log = owns_log
        self._lock = threading.Lock()

    def _record(self, kind: Kind, text: str) -> None:
        utterance = Utterance(kind, text, time.monotonic(), time.time())
        with self._lock:
            self.utterances.append(utterance)
            if self._log is not None:
                try:
                    self._log.write(utterance.to_json() + "\n")
                    self._log.flush()
                except (OSError, ValueError):
                    # A full disk or closed log must not silence the game: stop logging.
                    self._log = None

    def note(self, kind: Kind, text: str) -> None:
        """Log a line said by someone else (the chain's switch notice); not passed on."""
        self._record(kind, text)

    def texts(self, kind: Kind | None = None) -> list[str]:
        """Recorded texts, optionally only of one kind."""
        with self._lock:
            return [u.text for u in self.utterances if kind is None or u.kind is kind]

    def query(self, text: str) -> None:
        """Record, then interrupt and speak through `inner`."""
        self._record(Kind.QUERY, text)
        if self.inner is not None:
            self.inner.query(text)

    def event(self, text: str) -> None:
        """Record, then queue through `inner`."""
        self._record(Kind.EVENT, text)
        if self.inner is not None:
            self.inner.event(text)

    def silence(self) -> None:
        """Count the silence and pass it on."""
        with self._lock:
            self.silence_count += 1
        if self.inner is not None:
            self.inner.silence()

    def close(self) -> None:
        """Close `inner` and, if owned, the log."""
        if self.inner is not None:
            self.inner.close()
        with self._lock:
            if self._log is not None and self._owns_log:
                self._log.close()
            self._log = None


class TeeSpeaker:
    """Sends every call to all of `speakers`, in order (used for `--echo`)."""

    def __init__(self, speakers: Sequence[Speaker]) -> None:
        self.speakers = list(speakers)
        self.name = "+".join(s.name for s in self.speakers)

    def query(self, text: str) -> None:
        """Interrupt and speak on every speaker."""
        for speaker in self.speakers:
            speaker.query(text)

    def event(self, text: str) -> None:
        """Queue on every speaker."""
        for speaker in self.speakers:
            speaker.event(text)

    def silence(self) -> None:
        """Silence every speaker."""
        for speaker in self.speakers:
            speaker.silence()

    def close(self) -> None:
        """Close every speaker."""
        for speaker in self.speakers:
            speaker.close()
