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
* A line longer than the display is cut into display-wide windows at word boundaries;
  the display's own "window right" and "window left" keys (which BRLTTY gives to the game
  for that, every other key staying BRLTTY's) move through them, as they would through a
  line on the screen.
"""

from __future__ import annotations

import contextlib
import logging
import re
import threading
import time
from types import ModuleType
from typing import Any

from spades_voice.speech._speechd import load_system_module
from spades_voice.speech.base import SpeechError
from spades_voice.speech.bounded import (
    CALL_SECONDS,
    REAL_CLOCK,
    START_SECONDS,
    Clock,
    SerialCaller,
)


def plain(message: str) -> str:
    """BrlAPI's message in plain words: the bytes it quotes as Python writes them become
    the text they hold.

    >>> plain("couldn't connect to b':0' with key b'keyfile:/etc/brlapi.key'")
    "couldn't connect to :0 with key file /etc/brlapi.key"
    """
    text = re.sub(r"""\bb(['"])(.*?)\1""", r"\2", message)
    return text.replace("key keyfile:", "key file ").replace("keyfile:", "key file ")

log = logging.getLogger(__name__)

ENV_VAR = "SPADES_VOICE_BRLAPI_PATH"
#: How often the display's window keys are looked for.
KEY_POLL_SECONDS = 0.1


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
        clock: Clock = REAL_CLOCK,
    ) -> None:
        self.where = "given"
        if module is None:
            module, self.where = load_brlapi()
            if module is None:
                raise SpeechError(self.where)
        brlapi = module
        self._call_timeout = call_timeout
        self._caller = SerialCaller("brlapi", clock)
        self._lock = threading.Lock()
        self._closed = False

        def connect() -> Any:
            connection = brlapi.Connection()
            connection.enterTtyMode()
            connection.ignoreAllKeys()
            connection.acceptKeys(brlapi.rangeType_command, [
                brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_FWINLT,
                brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_FWINRT,
            ])
            return connection

        self._brlapi = brlapi
        self._windows = [""]
        self._index = 0

        try:
            self._connection = self._caller.call(connect, start_timeout, "BrlAPI")
            driver = self._caller.call(
                lambda: self._connection.driverName, call_timeout, "BrlAPI"
            )
            self.driver = driver.decode() if isinstance(driver, bytes) else str(driver)
            self.size = tuple(self._caller.call(
                lambda: self._connection.displaySize, call_timeout, "BrlAPI"
            ))
            if not self.size or self.size[0] <= 0:
                # BRLTTY runs but has no display (none attached, or still starting it).
                raise SpeechError(f"BRLTTY has no braille display ({self.driver})")
            self.width = self.size[0] * max(1, self.size[1])
        except SpeechError:
            self._caller.stop()
            raise
        except Exception as exc:
            # brlapi.ConnectionError says "Is BRLTTY really running?" over three lines.
            self._caller.stop()
            first = str(exc).strip().splitlines()
            raise SpeechError(
                f"BRLTTY not reachable: {plain(first[0]) if first else type(exc).__name__}"
            ) from exc
        self._keys = threading.Thread(target=self._read_keys, name="braille-keys", daemon=True)
        self._keys.start()

    def _show(self) -> None:
        """Under the lock: put the current window on the display."""
        if self._closed:
            return
        window = self._windows[self._index]
        try:
            self._caller.call(
                lambda: self._connection.writeText(window), self._call_timeout, "BrlAPI write"
            )
        except Exception as exc:
            self._drop(exc)

    def _drop(self, exc: Exception) -> None:
        # Braille accompanies speech: a display that fails must not stop the speech, so
        # it is dropped and the reason logged.
        log.warning("braille display dropped: %s", exc)
        self._closed = True
        self._caller.stop()

    def _write(self, text: str) -> None:
        with self._lock:
            self._windows = windows(text, self.width)
            self._index = 0
            self._show()

    def pan(self, step: int) -> bool:
        """Show the next (+1) or previous (-1) window of the line; False at either end."""
        with self._lock:
            index = self._index + step
            if not 0 <= index < len(self._windows):
                return False
            self._index = index
            self._show()
            return True

    def _read_keys(self) -> None:
        """Poll for the two keys BRLTTY gives us; bounded like every other call."""
        brlapi = self._brlapi
        panning = {brlapi.KEY_CMD_FWINRT: 1, brlapi.KEY_CMD_FWINLT: -1}
        while not self._closed:
            try:
                code = self._caller.call(
                    lambda: self._connection.readKey(False), self._call_timeout, "BrlAPI key"
                )
            except Exception as exc:
                with self._lock:
                    if not self._closed:
                        self._drop(exc)
                return
            if code is None:
                time.sleep(KEY_POLL_SECONDS)
                continue
            key = brlapi.expandKeyCode(code)
            if key.get("type") == brlapi.KEY_TYPE_CMD and key.get("command") in panning:
                self.pan(panning[key["command"]])

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


def windows(text: str, width: int) -> list[str]:
    """`text` cut into pieces of at most `width` cells, at spaces where it can be.

    >>> windows("Spades: queen, 9. Hearts: king, 10.", 16)
    ['Spades: queen,', '9. Hearts: king,', '10.']
    """
    pieces: list[str] = []
    current = ""
    for word in text.split():
        while len(word) > width:  # a word wider than the display: cut it
            if current:
                pieces.append(current)
                current = ""
            pieces.append(word[:width])
            word = word[width:]
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current += " " + word
        else:
            pieces.append(current)
            current = word
    if current or not pieces:
        pieces.append(current)
    return pieces


def start_braille() -> BrailleSpeaker | None:
    """The braille display output, or None (logged) when BRLTTY or BrlAPI is absent."""
    try:
        return BrailleSpeaker()
    except SpeechError as exc:
        log.info("no braille display: %s", exc)
        return None
