"""ScreenReaderSpeaker through accessible_output2 → speechd client → a real speech-dispatcher."""

from __future__ import annotations

import time
from typing import Any

import pytest
from speech_helpers import SpeechdServer, wait_until, wav_seconds

from spades_voice.speech import ScreenReaderSpeaker, SpeechError

# The speechd client ends its reader thread with sys.exit() when the connection closes;
# Python ignores SystemExit in threads, pytest reports it. It is not an error.
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")

LONG = (
    "This is a long announcement that keeps going for many seconds, so that a question "
    "from the player has something to cut short. It talks about the bidding, the tricks, "
    "the bags and the score, and it would go on for quite a while if nobody stopped it."
)


class TestSpeechDispatcher:
    def test_query_reaches_the_server_as_exact_text_and_speech(
        self, speechd_server: SpeechdServer
    ) -> None:
        speaker = ScreenReaderSpeaker()
        try:
            assert speaker.output_name == "Linux Speech Dispatcher"
            speaker.query("Robin, 9 of hearts.")
            assert wait_until(lambda: len(speechd_server.done()) == 1, 20.0)
        finally:
            speaker.close()
        assert speechd_server.texts() == ["Robin, 9 of hearts."]
        assert wav_seconds(speechd_server.out / "0001.wav") > 0.3

    def test_events_arrive_in_order(self, speechd_server: SpeechdServer) -> None:
        lines = ["West bids 3.", "Alex takes the trick.", "Your lead."]
        speaker = ScreenReaderSpeaker()
        try:
            for line in lines:
                speaker.event(line)
            assert wait_until(lambda: len(speechd_server.done()) == 3, 30.0)
        finally:
            speaker.close()
        assert speechd_server.texts() == lines
        assert speechd_server.done() == lines

    def test_query_cuts_a_long_event_short_and_drops_the_queue(
        self, speechd_server: SpeechdServer
    ) -> None:
        speaker = ScreenReaderSpeaker()
        try:
            speaker.event(LONG)
            speaker.event("Queued behind the long one.")
            assert wait_until(lambda: (speechd_server.out / "0001.wav").exists(), 20.0)
            long_seconds = wav_seconds(speechd_server.out / "0001.wav")
            assert long_seconds > 4.0
            started = time.monotonic()
            speaker.query("Your lead.")
            assert wait_until(lambda: "Your lead." in speechd_server.done(), 20.0)
            elapsed = time.monotonic() - started
        finally:
            speaker.close()
        # sd_generic hands the module one sentence at a time: the cancel stopped the first
        # sentence mid-playback, and neither the rest of it nor the queued event came.
        first_sentence = LONG[: LONG.index(".") + 1]
        assert speechd_server.texts() == [first_sentence, "Your lead."]
        assert speechd_server.done() == ["Your lead."]
        assert elapsed < long_seconds / 2

    def test_probe_prints_nothing_to_the_terminal(
        self, speechd_server: SpeechdServer, capfd: pytest.CaptureFixture[str]
    ) -> None:
        speaker = ScreenReaderSpeaker()
        speaker.close()
        out, err = capfd.readouterr()
        assert (out, err) == ("", "")
        # What accessible_output2 said is kept for doctor instead.
        assert any("speechd" in note for note in speaker.probe_messages)

    def test_a_stopped_server_surfaces_as_speech_error(
        self, speechd_server: SpeechdServer, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path}/nowhere.sock")
        with pytest.raises(SpeechError):
            ScreenReaderSpeaker()


class FakeOutput:
    """An accessible_output2 output that records calls, with braille."""

    name = "Fake Reader"

    def __init__(self, fail: bool = False) -> None:
        self.calls: list[tuple[str, str]] = []
        self.fail = fail

    def speak(self, text: str, interrupt: bool = False) -> None:
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


class TestScreenReaderWithFakeOutput:
    def test_query_interrupts_and_brailles_the_same_text(self) -> None:
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

    def test_braille_alone(self) -> None:
        output = FakeOutput()
        assert ScreenReaderSpeaker(auto=FakeAuto(output)).braille("QH") is True
        assert output.calls == [("braille", "QH")]

    def test_no_active_output_refuses_to_start(self) -> None:
        with pytest.raises(SpeechError):
            ScreenReaderSpeaker(auto=FakeAuto(None))

    def test_output_errors_become_speech_errors(self) -> None:
        speaker = ScreenReaderSpeaker(auto=FakeAuto(FakeOutput(fail=True)))
        with pytest.raises(SpeechError, match="reader gone"):
            speaker.query("Your lead.")

    def test_closed_speaker_does_nothing(self) -> None:
        output = FakeOutput()
        speaker = ScreenReaderSpeaker(auto=FakeAuto(output))
        speaker.close()
        speaker.query("Your lead.")
        assert output.calls == []


def test_doctor_finds_the_real_speech_dispatcher(speechd_server: SpeechdServer) -> None:
    from spades_voice.speech import diagnose

    report = diagnose()
    screenreader = report.outputs[0]
    assert screenreader.name == "screenreader"
    assert screenreader.usable
    assert "Linux Speech Dispatcher" in screenreader.detail
    assert report.auto_choice == "screenreader"
