"""Choosing a backend, and replacing one that fails mid-game.

The chain is screen reader → TTS → print (DESIGN.md, "Speaking"). `--speech auto` takes
the first that starts; naming one (`screenreader`, `tts`, `print`) starts there and falls
back along the same chain after it; `none` says nothing.

When is text printed as well as spoken? Only by the print backend, so nothing is heard
twice by default:

* `screenreader`: not printed. The player's screen reader also reads new console text,
  so a printed copy would be read a second time. Braille gets the text from the screen
  reader backend directly.
* `tts`: not printed. The terminal belongs to the shell, which shows its own screen and
  history log.
* `print`: printed, one line per utterance. A screen reader reading the console speaks it,
  a braille display shows it.
* `--echo` (`echo=True`): print as well, on top of any speaking backend. For a sighted
  helper, or a braille display driven by a console screen reader while TTS speaks.

A backend that raises SpeechError mid-game is closed and replaced by the next one in the
chain that starts. The new backend says one notice ("Screen reader stopped; using
synthetic speech.") and then the line that failed, so nothing is lost and the game goes on.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from spades_voice.options import Speech, names
from spades_voice.speech.base import Kind, Speaker, SpeechError
from spades_voice.speech.screenreader import ScreenReaderSpeaker
from spades_voice.speech.simple import NullSpeaker, PrintSpeaker, RecorderSpeaker, TeeSpeaker
from spades_voice.speech.tts import TtsSpeaker

log = logging.getLogger(__name__)

#: Values of `--speech` (and the `speech` setting), in the order auto tries them.
CHOICES = tuple(names(Speech))
CHAIN = ("screenreader", "tts", "print")

#: How a backend is named when the player hears about a switch.
SPOKEN_NAMES = {
    "screenreader": "screen reader",
    "tts": "synthetic speech",
    "print": "printed text",
    "none": "silence",
}

Factory = tuple[str, Callable[[], Speaker]]


def backend_factories(
    rate: int | None = None,
    *,
    stream: TextIO | None = None,
    write: Callable[[str], None] | None = None,
) -> dict[str, Callable[[], Speaker]]:
    """How to start each backend by name."""
    return {
        "screenreader": ScreenReaderSpeaker,
        "tts": lambda: TtsSpeaker(rate),
        "print": lambda: PrintSpeaker(stream, write=write),
        "none": NullSpeaker,
    }


class FallbackSpeaker:
    """Speaks through the first backend that starts; swaps in the next one on failure.

    `factories` are tried in order. If none starts, NullSpeaker is used (the game must
    still run, e.g. with output redirected). `switches` lists "old -> new" for doctor and
    tests; each switch also goes to the log.
    """

    def __init__(self, factories: Sequence[Factory]) -> None:
        self._factories = list(factories)
        self._lock = threading.RLock()
        self.switches: list[str] = []
        self.start_errors: dict[str, str] = {}
        self.current: Speaker = self._start_next()
        self.name = self.current.name

    def _start_next(self) -> Speaker:
        """Start the next factory that works (dropping those tried), else NullSpeaker."""
        while self._factories:
            label, factory = self._factories.pop(0)
            try:
                return factory()
            except SpeechError as exc:
                self.start_errors[label] = str(exc)
                log.info("speech backend %s unavailable: %s", label, exc)
        return NullSpeaker()

    def _replace(self, kind: Kind, text: str, error: SpeechError) -> None:
        """Swap the failed backend for the next, say one notice and the lost line."""
        failed = self.current
        with contextlib.suppress(SpeechError):
            failed.close()
        while True:
            new = self._start_next()
            old_name = SPOKEN_NAMES.get(failed.name, failed.name)
            new_name = SPOKEN_NAMES.get(new.name, new.name)
            notice = f"{old_name.capitalize()} stopped; using {new_name}."
            self.switches.append(f"{failed.name} -> {new.name}")
            log.warning("speech backend %s failed (%s); now %s", failed.name, error, new.name)
            self.current = new
            self.name = new.name
            try:
                if kind is Kind.QUERY:
                    new.query(notice)
                else:
                    new.event(notice)
                new.event(text)
            except SpeechError as again:
                failed, error = new, again
                with contextlib.suppress(SpeechError):
                    failed.close()
                continue
            return

    def _say(self, kind: Kind, text: str) -> None:
        with self._lock:
            try:
                if kind is Kind.QUERY:
                    self.current.query(text)
                else:
                    self.current.event(text)
            except SpeechError as exc:
                self._replace(kind, text, exc)

    def query(self, text: str) -> None:
        """Interrupt and speak `text` on the current backend (switching if it fails)."""
        self._say(Kind.QUERY, text)

    def event(self, text: str) -> None:
        """Queue `text` on the current backend (switching if it fails)."""
        self._say(Kind.EVENT, text)

    def silence(self) -> None:
        """Silence the current backend; a failure here only matters at the next line."""
        with self._lock, contextlib.suppress(SpeechError):
            self.current.silence()

    def close(self) -> None:
        """Close the current backend."""
        with self._lock, contextlib.suppress(SpeechError):
            self.current.close()


def make_speaker(
    choice: str = "auto",
    rate: int | None = None,
    log_path: Path | None = None,
    *,
    echo: bool = False,
    stream: TextIO | None = None,
    write: Callable[[str], None] | None = None,
    factories: dict[str, Callable[[], Speaker]] | None = None,
) -> Speaker:
    """Build the speaker for `--speech CHOICE [--rate N] [--speech-log FILE] [--echo]`.

    `stream`/`write` go to the print backend (and echo); `factories` replaces the real
    backends by name (tests). Raises ValueError for an unknown choice.
    """
    if choice not in CHOICES:
        raise ValueError(f"unknown speech output {choice!r}; choose one of {', '.join(CHOICES)}")
    makers = factories if factories is not None else backend_factories(
        rate, stream=stream, write=write
    )
    if choice == "none":
        speaker: Speaker = makers["none"]()
    else:
        start = 0 if choice == "auto" else CHAIN.index(choice)
        speaker = FallbackSpeaker([(name, makers[name]) for name in CHAIN[start:]])
    if echo and speaker.name != "print":
        speaker = TeeSpeaker([speaker, PrintSpeaker(stream, write=write)])
    if log_path is not None:
        log_file = log_path.open("a", encoding="utf-8")
        speaker = RecorderSpeaker(speaker, log_file, owns_log=True)
    return speaker
