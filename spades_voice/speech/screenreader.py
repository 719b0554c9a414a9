"""The player's own screen reader through accessible_output2 (Windows and macOS).

accessible_output2's `Auto` output reaches NVDA, JAWS, System Access, Dolphin, SAPI5 on
Windows and VoiceOver on macOS, so the game talks in the player's own voice at the
player's own rate. We never change that rate: `--rate` is for the TTS backend only. On
Linux the screen reader output is `speechd.SpeechdSpeaker` instead (Speech Dispatcher,
which Orca speaks through), because accessible_output2 there can neither be bounded in
time nor say what was heard, and its braille() does nothing.

* Bounds: the probe runs under the 2 s start bound, every call under 0.5 s, on one worker
  thread (`bounded.SerialCaller`); a screen reader that does not answer is failed.
* Probe noise: accessible_output2 prints while it builds its outputs. The probe runs
  inside `captured_output()`, so nothing reaches the terminal; the lines are kept in
  `probe_messages` for `doctor`.
* Braille: `Auto.output()` only speaks, so every query and event is also sent to
  `braille()` explicitly, with the same text (NVDA and JAWS pass it to the display).
* Printing: this backend never prints. A screen reader also reads new console text, so
  printing here would make the player hear everything twice (see `--echo`).

The output is looked up on every call (`Auto.get_first_available_output`), so a screen
reader that quits mid-game surfaces as a SpeechError and the fallback chain takes over.
"""

from __future__ import annotations

import threading
from typing import Any

from spades_voice.speech._quiet import captured_output
from spades_voice.speech.base import SpeechError
from spades_voice.speech.bounded import (
    CALL_SECONDS,
    REAL_CLOCK,
    START_SECONDS,
    Clock,
    SerialCaller,
    call_with_timeout,
)


def _make_auto() -> Any | None:
    try:
        from accessible_output2.outputs.auto import Auto
    except ImportError:
        return None
    return Auto()


def probe_auto(
    timeout: float = START_SECONDS, clock: Clock = REAL_CLOCK
) -> tuple[Any | None, list[str]]:
    """Build accessible_output2's `Auto` output quietly, within `timeout` seconds.

    Returns the Auto object (None when accessible_output2 cannot be imported) and what it
    printed while probing. A probe that does not finish in time is a SpeechError. The
    redirection is undone here, in the caller's thread, even when the probe is stuck.
    """
    with captured_output() as captured:
        auto = call_with_timeout(_make_auto, timeout, "screen reader probe", clock)
    notes = captured.lines()
    if auto is None:
        notes.append("accessible_output2 not importable")
    return auto, notes


class ScreenReaderSpeaker:
    """Speaks (and brailles) through the first active accessible_output2 output.

    Raises SpeechError at construction when no output is active, so that `auto` moves on.
    `auto` may be injected (tests, or an Auto object the caller already probed).
    """

    name = "screenreader"

    def __init__(self, *, auto: Any | None = None, clock: Clock = REAL_CLOCK) -> None:
        self.probe_messages: list[str] = []
        if auto is None:
            auto, self.probe_messages = probe_auto(clock=clock)
        if auto is None:
            raise SpeechError("accessible_output2 is not installed")
        self._auto = auto
        self._lock = threading.Lock()
        self._closed = False
        self._caller = SerialCaller("screen-reader", clock)
        self.output_name = self._output_name()

    def _output(self) -> Any:
        output = self._caller.call(
            self._auto.get_first_available_output, CALL_SECONDS, "screen reader"
        )
        if output is None:
            raise SpeechError("no screen reader or speech service is active")
        return output

    def _output_name(self) -> str:
        return str(getattr(self._output(), "name", "unknown output"))

    def _speak(self, text: str, interrupt: bool) -> None:
        if self._closed:
            return
        with self._lock:
            try:
                output = self._output()
                self._caller.call(
                    lambda: output.speak(text, interrupt=interrupt), CALL_SECONDS,
                    str(getattr(output, "name", "screen reader")),
                )
            except SpeechError:
                raise
            except Exception as exc:
                # accessible_output2 surfaces ctypes, COM, socket and SSIP errors untyped;
                # any of them means this output is gone, which the chain must hear about.
                raise SpeechError(f"{self.output_name} failed: {exc!r}") from exc
            self._braille(output, text)

    def _braille(self, output: Any, text: str) -> bool:
        try:
            return bool(self._caller.call(lambda: output.braille(text), CALL_SECONDS, "braille"))
        except Exception as exc:
            # A braille display that errors must not stop the speech it accompanies.
            del exc
            return False

    def braille(self, text: str) -> bool:
        """Show `text` on the braille display, if the output has one; True if sent."""
        if self._closed:
            return False
        with self._lock:
            try:
                output = self._output()
            except SpeechError:
                return False
            return self._braille(output, text)

    def query(self, text: str) -> None:
        """Interrupt the screen reader and speak `text` (also brailled)."""
        self._speak(text, interrupt=True)

    def event(self, text: str) -> None:
        """Queue `text` behind what the screen reader is saying (also brailled)."""
        self._speak(text, interrupt=False)

    def silence(self) -> None:
        """Stop the screen reader's speech, if the output can."""
        if self._closed:
            return
        with self._lock:
            try:
                output = self._output()
                stop = getattr(output, "silence", None)
                if stop is not None:
                    self._caller.call(stop, CALL_SECONDS, "screen reader stop")
            except SpeechError:
                raise
            except Exception as exc:
                # Same untyped failures as in _speak; see there.
                raise SpeechError(f"{self.output_name} failed to stop: {exc!r}") from exc

    def close(self) -> None:
        """Close every output Auto opened (Speech Dispatcher needs this to exit cleanly)."""
        if self._closed:
            return
        self._closed = True
        with self._lock:
            for output in getattr(self._auto, "outputs", []):
                close = getattr(output, "close", None)
                if close is None:
                    continue
                try:
                    call_with_timeout(close, CALL_SECONDS, "closing the screen reader")
                except Exception as exc:
                    # Closing a dead connection fails; we are leaving anyway.
                    del exc
            self._caller.stop()
