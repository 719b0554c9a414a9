"""ScreenReaderSpeaker (accessible_output2, the Windows and macOS screen reader output)
with a recorded output object: braille goes with every line, and a reader that blocks is
failed within the bound."""

from __future__ import annotations

import threading

import pytest
from helpers import HandClock, bounds_hold, without_waiting

from spades_voice.speech import ScreenReaderSpeaker, SpeechError


class FakeOutput:
    """An accessible_output2 output that records calls, with braille."""

    name = "Fake Reader"

    def __init__(self, fail: bool = False, hang: threading.Event | None = None) -> None:
        self.calls: list[tuple[str, str]] = []
        self.fail = fail
        self.hang = hang
        self.speaking = threading.Event()

    def speak(self, text: str, interrupt: bool = False) -> None:
        if self.hang is not None:
            self.speaking.set()
            self.hang.wait()
        if self.fail:
            raise OSError("reader gone")
        self.calls.append(("interrupt" if interrupt else "queue", text))

    def braille(self, text: str) -> bool:
        self.calls.append(("braille", text))
        return True

    def silence(self) -> None:
        self.calls.append(("silence", ""))


class FakeAuto:
    def __init__(self, output: FakeOutput | None) -> None:
        self.output = output
        self.outputs = [output] if output else []

    def get_first_available_output(self) -> FakeOutput | None:
        return self.output


def test_query_interrupts_and_brailles_the_same_text() -> None:
    output = FakeOutput()
    speaker = ScreenReaderSpeaker(auto=FakeAuto(output))
    speaker.query("Your lead.")
    speaker.event("Robin, 9 of hearts.")
    speaker.silence()
    assert output.calls == [
        ("interrupt", "Your lead."),
        ("braille", "Your lead."),
        ("queue", "Robin, 9 of hearts."),
        ("braille", "Robin, 9 of hearts."),
        ("silence", ""),
    ]


def test_braille_alone() -> None:
    output = FakeOutput()
    assert ScreenReaderSpeaker(auto=FakeAuto(output)).braille("QH") is True
    assert output.calls == [("braille", "QH")]


def test_no_active_output_refuses_to_start() -> None:
    with pytest.raises(SpeechError):
        ScreenReaderSpeaker(auto=FakeAuto(None))


def test_output_errors_become_speech_errors() -> None:
    speaker = ScreenReaderSpeaker(auto=FakeAuto(FakeOutput(fail=True)))
    with pytest.raises(SpeechError, match="reader gone"):
        speaker.query("Your lead.")


def test_a_reader_that_blocks_is_failed_within_half_a_second() -> None:
    release = threading.Event()
    clock = HandClock()
    output = FakeOutput(hang=release)
    speaker = ScreenReaderSpeaker(auto=FakeAuto(output), clock=clock)
    with pytest.raises(SpeechError, match=r"did not answer within 0\.5 s"):
        # Asking which output is active comes first and is answered at once.
        bounds_hold(clock, lambda: speaker.query("Your lead."), 0.5,
                    entered=output.speaking.is_set)
    # Stuck once, refused at once after: the clock does not move again.
    with pytest.raises(SpeechError, match="did not answer"):
        without_waiting(lambda: speaker.event("Robin, 9 of hearts."))
    release.set()


def test_closed_speaker_does_nothing() -> None:
    output = FakeOutput()
    speaker = ScreenReaderSpeaker(auto=FakeAuto(output))
    speaker.close()
    speaker.query("Your lead.")
    assert output.calls == []
