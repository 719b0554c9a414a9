"""What `spades-voice doctor` reports about speech and braille, and its spoken test line.

Every output is started at the same time, each on its own thread and each bounded
(`bounded`), so doctor has its answer within about 2 s however many outputs hang, and
the whole command within 5 s: "works" or "failed" for each, and why in plain words.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from spades_voice.narration.language import N_, line
from spades_voice.speech.base import Draining, Speaker, SpeechError
from spades_voice.speech.bounded import REAL_CLOCK, START_SECONDS, Clock, start_all
from spades_voice.speech.chain import CHAIN, auto_chain, backend_factories

TEST_LINE = N_("Spades voice speech test. Your lead.")
#: How long doctor waits for all outputs to start (each bounds itself to 2 s).
PROBE_SECONDS = START_SECONDS + 0.5


@dataclass(frozen=True, slots=True)
class OutputStatus:
    """One output as doctor found it."""

    name: str
    usable: bool
    detail: str
    notes: tuple[str, ...] = ()

    def line(self) -> str:
        """"tts: works. ..." or "tts: failed: no audio output (...)"."""
        if self.usable:
            return f"{self.name}: works. {self.detail}".rstrip()
        reason = self.detail.removeprefix("failed: ")
        return f"{self.name}: failed: {reason}"


@dataclass(frozen=True, slots=True)
class SpeechReport:
    """Every output in chain order, braille, and the one `--speech auto` would use."""

    outputs: tuple[OutputStatus, ...]
    auto_choice: str
    notes: tuple[str, ...] = field(default=())

    def lines(self) -> list[str]:
        """Plain sentences for doctor to print (and a screen reader to read)."""
        out = []
        for status in self.outputs:
            out.append(status.line())
            out.extend(f"  {note}" for note in status.notes)
        out.append(f"auto uses: {self.auto_choice}.")
        return out


def _describe(speaker: Speaker) -> str:
    parts = []
    for attr in ("output_name", "synth_name", "player", "driver", "size"):
        value = getattr(speaker, attr, None)
        if value is None:
            continue
        if attr == "player":
            value = getattr(value, "name", value)
        parts.append(f"{attr.replace('_', ' ')}: {value}")
    return (". ".join(parts) + ".") if parts else ""


def probe_all(
    makers: dict[str, Callable[[], Speaker | None]],
    timeout: float = PROBE_SECONDS,
    clock: Clock = REAL_CLOCK,
) -> dict[str, Speaker | str]:
    """Start every output at once; each name maps to its open speaker or why it failed."""
    return start_all(makers, timeout, clock)


def report_from(results: dict[str, Speaker | str], prism_first: bool | None = None) -> SpeechReport:
    """Statuses in chain order (then braille) and auto's choice."""
    statuses = []
    for name in (*CHAIN, "braille"):
        if name not in results:
            continue
        found = results[name]
        if isinstance(found, str):
            statuses.append(OutputStatus(name, False, found))
        else:
            notes = tuple(getattr(found, "probe_messages", ()) or getattr(found, "notes", ()))
            statuses.append(OutputStatus(name, True, _describe(found), notes))
    usable = {s.name for s in statuses if s.usable}
    auto = next((n for n in auto_chain(prism_first) if n in usable), "none")
    return SpeechReport(tuple(statuses), auto)


def all_makers(rate: int | None = None) -> dict[str, Callable[[], Speaker | None]]:
    """Every output doctor checks: the chain's and the braille display."""
    makers: dict[str, Callable[[], Speaker | None]] = dict(backend_factories(rate))
    makers.pop("none", None)

    def braille() -> Speaker | None:
        if not sys.platform.startswith("linux"):
            # BrlAPI (BRLTTY) is Linux's; elsewhere the game's lines reach the display
            # through the screen reader, as the chain sends them.
            raise SpeechError(
                "on this system braille goes through your screen reader (the screenreader"
                " or prism output), not BRLTTY"
            )
        from spades_voice.speech.braille import BrailleSpeaker

        return BrailleSpeaker()

    makers["braille"] = braille
    return makers


def diagnose(
    rate: int | None = None,
    factories: dict[str, Callable[[], Speaker]] | None = None,
) -> SpeechReport:
    """Start and close every output at once; report what works (within about 2.5 s)."""
    makers: dict[str, Callable[[], Speaker | None]] = (
        dict(factories) if factories is not None else all_makers(rate)
    )
    makers.pop("none", None)
    results = probe_all(makers)
    for found in results.values():
        if not isinstance(found, str):
            with contextlib.suppress(Exception):
                found.close()
    return report_from(results)


def speak_test_line(speaker: Speaker, text: str = TEST_LINE, wait: float = 2.0) -> None:
    """Say `text` as a query and, where the output can tell, wait (bounded) until spoken."""
    speaker.query(line(text))  # in the game's language: the voice heard is the game's
    if isinstance(speaker, Draining):
        speaker.wait_idle(wait)
