"""Braille through BrlAPI, where BRLTTY runs (Linux).

Every line the game speaks is also written to the braille display, whichever output
speaks it, so a deaf-blind player or one who reads along gets every line. BrlAPI is
BRLTTY's client library; its Python module comes with the system (Debian:
`python3-brlapi`), not from PyPI, and must match the running BRLTTY, so it is loaded the
way the speechd client is (`_speechd.load_system_module`): the system's copy, that one
module only. `SPADES_VOICE_BRLAPI_PATH=DIR` names a directory to look in first.

* The game takes its own terminal (`enterTtyMode()`: BrlAPI finds the tty from WINDOWID,
  CONTROLVT or /proc), so the display shows the game's lines while its terminal has the
  focus and the console otherwise.
* Every key of the display stays BRLTTY's (`ignoreAllKeys`): panning and routing work.
* Connecting is bounded to 2 s and each write to 0.5 s; a display that stops answering is
  dropped quietly (the speech it accompanies goes on), and a warning goes to the log.
* A query or an event replaces what the display shows: a display shows one line at a time,
  and the newest line is the one the player needs.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from types import ModuleType
from typing import Any

from spades_voice.speech._speechd import load_system_module
from spades_voice.speech.base import SpeechError
from spades_voice.speech.bounded import CALL_SECONDS, START_SECONDS, SerialCaller

log = logging.getLogger(__name__)

ENV_VAR = "SPADES_VOICE_BRLAPI_PATH"


def load_brlapi() -> tuple[ModuleType | None, str]:
    """The system's BrlAPI module and where it came from, or None and why not."""
    module, where = load_system_module("brlapi", ENV_VAR)
    if module is None:
        return None, "BrlAPI Python module not found (Debian: apt install python3-brlapi)"
    return module, where


class BrailleSpeaker:
    """Writes every line to the braille display; never raises into the game."""

    name = "braille"

    def __init__(
        self,
        module: ModuleType | None = None,
        *,
        start_timeout: float = START_SECONDS,
        call_timeout: float = CALL_SECONDS,
    ) -> None:
        self.where = "given"
        if module is None:
            module, self.where = load_brlapi()
            if module is None:
                raise SpeechError(self.where)
        brlapi = module
        self._call_timeout = call_timeout
        self._caller = SerialCaller("brlapi")
        self._lock = threading.Lock()
        self._closed = False

        def connect() -> Any:
            connection = brlapi.Connection()
            connection.enterTtyMode()
            connection.ignoreAllKeys()
            return connection

        try:
            self._connection = self._caller.call(connect, start_timeout, "BrlAPI")
            self.driver = str(self._caller.call(
                lambda: self._connection.driverName, call_timeout, "BrlAPI"
            ))
            self.size = tuple(self._caller.call(
                lambda: self._connection.displaySize, call_timeout, "BrlAPI"
            ))
        except SpeechError:
            self._caller.stop()
            raise
        except Exception as exc:
            # brlapi.ConnectionError says "Is BRLTTY really running?" over three lines.
            self._caller.stop()
            first = str(exc).strip().splitlines()
            raise SpeechError(
                f"BRLTTY not reachable: {first[0] if first else type(exc).__name__}"
            ) from exc

    def _write(self, text: str) -> None:
        with self._lock:
            if self._closed:
                return
            try:
                self._caller.call(
                    lambda: self._connection.writeText(text), self._call_timeout, "BrlAPI write"
                )
            except Exception as exc:
                # Braille accompanies speech: a display that fails must not stop the
                # speech, so it is dropped and the reason logged.
                log.warning("braille display dropped: %s", exc)
                self._closed = True
                self._caller.stop()

    def query(self, text: str) -> None:
        """Show `text` now."""
        self._write(text)

    def event(self, text: str) -> None:
        """Show `text` (the newest line replaces the last)."""
        self._write(text)

    def silence(self) -> None:
        """What is on the display stays there to be read."""

    def close(self) -> None:
        """Give the terminal back to BRLTTY and disconnect."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        connection = self._connection

        def leave() -> None:
            connection.leaveTtyMode()
            connection.closeConnection()

        with contextlib.suppress(Exception):
            self._caller.call(leave, self._call_timeout, "BrlAPI close")
        self._caller.stop()


def start_braille() -> BrailleSpeaker | None:
    """The braille display output, or None (logged) when BRLTTY or BrlAPI is absent."""
    try:
        return BrailleSpeaker()
    except SpeechError as exc:
        log.info("no braille display: %s", exc)
        return None
