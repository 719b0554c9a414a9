"""What `spades-voice doctor` reports about speech, and its spoken test line.

`diagnose()` tries each backend the way `--speech auto` would, closes it again, and
reports which worked, why the others did not (including the probe lines that
accessible_output2 would have printed), and which one auto picks.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field

from spades_voice.speech.base import Speaker, SpeechError
from spades_voice.speech.chain import CHAIN, backend_factories
from spades_voice.speech.screenreader import ScreenReaderSpeaker

TEST_LINE = "Spades voice speech test. Your lead."


@dataclass(frozen=True, slots=True)
class OutputStatus:
    """One backend as doctor found it."""

    name: str
    usable: bool
    detail: str
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SpeechReport:
    """Every backend in chain order, and the one `--speech auto` would use."""

    outputs: tuple[OutputStatus, ...]
    auto_choice: str
    notes: tuple[str, ...] = field(default=())

    def lines(self) -> list[str]:
        """Plain sentences for doctor to print (and a screen reader to read)."""
        out = []
        for status in self.outputs:
            verdict = "works" if status.usable else "not available"
            out.append(f"{status.name}: {verdict}. {status.detail}".rstrip())
            out.extend(f"  {note}" for note in status.notes)
        out.append(f"auto uses: {self.auto_choice}.")
        return out


def _describe(speaker: Speaker) -> str:
    if isinstance(speaker, ScreenReaderSpeaker):
        return f"Output: {speaker.output_name}."
    return ""


def diagnose(
    rate: int | None = None,
    factories: dict[str, Callable[[], Speaker]] | None = None,
) -> SpeechReport:
    """Start and close each backend in chain order; report what works."""
    makers = factories if factories is not None else backend_factories(rate)
    statuses: list[OutputStatus] = []
    for name in CHAIN:
        notes: tuple[str, ...] = ()
        try:
            speaker = makers[name]()
        except SpeechError as exc:
            statuses.append(OutputStatus(name, False, str(exc)))
            continue
        notes = tuple(getattr(speaker, "probe_messages", ()))
        detail = _describe(speaker)
        with contextlib.suppress(SpeechError):
            speaker.close()
        statuses.append(OutputStatus(name, True, detail, notes))
    auto = next((s.name for s in statuses if s.usable), "none")
    return SpeechReport(tuple(statuses), auto)


def speak_test_line(speaker: Speaker, text: str = TEST_LINE, wait: float = 10.0) -> None:
    """Say `text` as a query and, where the backend can tell, wait until it is spoken."""
    speaker.query(text)
    wait_idle = getattr(speaker, "wait_idle", None)
    if callable(wait_idle):
        wait_idle(wait)
