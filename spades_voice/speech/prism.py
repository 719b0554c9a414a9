"""prismatoid (`import prism`): one library for many screen readers, with a direct Orca
backend. Optional: `python -m pip install prismatoid` in the game's Python (from a checkout,
`.venv/bin/pip install -e '.[prism]'`), chosen with `--speech prism`;
`auto` starts here when Orca is running, so Orca users hear the game in Orca's own voice
and rate, through Orca itself rather than beside it on Speech Dispatcher.

The library is native code (cffi) and its calls can block on the screen reader's IPC, so
starting runs under the 2 s bound and each call under 0.5 s on one worker thread
(`bounded.SerialCaller`); a reader that does not answer fails this output and the chain
moves on. Text is spoken and brailled with `output()` where the backend supports braille.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import subprocess
import sys
import threading
from typing import Any

from spades_voice.speech.base import SpeechError
from spades_voice.speech.bounded import (
    CALL_SECONDS,
    REAL_CLOCK,
    START_SECONDS,
    Clock,
    SerialCaller,
)

log = logging.getLogger(__name__)


def _python() -> str:
    """This Python as a command to type: quoted where its path has a space (Windows'
    "C:\\Program Files", a user folder with a space in it)."""
    return subprocess.list2cmdline([sys.executable]) if " " in sys.executable else sys.executable


class PrismSpeaker:
    """Speaks and brailles through prismatoid's best backend (Orca's when it runs)."""

    name = "prism"

    def __init__(
        self,
        *,
        prefer_orca: bool = False,
        module: Any | None = None,
        start_timeout: float = START_SECONDS,
        call_timeout: float = CALL_SECONDS,
        clock: Clock = REAL_CLOCK,
    ) -> None:
        prism: Any = module
        if prism is None:
            try:
                prism = importlib.import_module("prism")
            except ImportError as exc:
                # The game is not on the package index, but prismatoid is: name the
                # command for the very Python the game runs in.
                raise SpeechError(
                    f"prismatoid is not installed (to add it: {_python()} -m pip install"
                    " prismatoid)"
                ) from exc
        self._call_timeout = call_timeout
        self._caller = SerialCaller("prism", clock)
        self._lock = threading.Lock()
        self._closed = False

        def create() -> tuple[Any, Any]:
            context = prism.Context()
            backend = None
            if prefer_orca:
                with contextlib.suppress(Exception):
                    backend = context.create(prism.BackendId.ORCA)
            if backend is None:
                backend = context.create_best()
            return context, backend

        try:
            self._context, self._backend = self._caller.call(create, start_timeout, "prism")
            self.output_name = str(
                self._caller.call(lambda: self._backend.name, call_timeout, "prism")
            )
        except SpeechError:
            self._caller.stop()
            raise
        except Exception as exc:
            self._caller.stop()
            raise SpeechError(f"prism has no working backend: {exc}") from exc

    def _call(self, what: str, fn: Any) -> None:
        with self._lock:
            if self._closed:
                return
            try:
                self._caller.call(fn, self._call_timeout, f"prism {self.output_name}")
            except SpeechError:
                raise
            except Exception as exc:
                # PrismError and its kinds (not running, not implemented, internal).
                raise SpeechError(f"prism {self.output_name} {what} failed: {exc}") from exc

    def _say(self, text: str, interrupt: bool) -> None:
        backend = self._backend

        def say() -> None:
            try:
                backend.output(text, interrupt)
            except Exception:
                # Backends without braille refuse output(); speaking alone is enough.
                backend.speak(text, interrupt)

        self._call("speak", say)

    def query(self, text: str) -> None:
        """Interrupt and speak (and braille) `text`."""
        if text:
            self._say(text, True)

    def event(self, text: str) -> None:
        """Queue `text` behind what is being said (and braille it)."""
        if text:
            self._say(text, False)

    def silence(self) -> None:
        """Stop speech."""
        self._call("stop", self._backend.stop)

    def close(self) -> None:
        """Release the backend."""
        with self._lock:
            self._closed = True
        self._caller.stop()
