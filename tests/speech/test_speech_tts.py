"""TtsSpeaker: pyttsx3 + espeak-ng in a worker process, real synthesis, real interruption."""

from __future__ import annotations

import sys
import time
import wave
from pathlib import Path

import pytest
from speech_helpers import require_espeak, wav_seconds

from spades_voice.speech import SpeechError, TtsSpeaker, synthesize_wav

LONG = " ".join(["Robin leads the 9 of hearts, Alex follows with the queen of hearts."] * 6)


@pytest.fixture(autouse=True)
def _espeak() -> None:
    require_espeak()


class TestSynthesis:
    def test_saved_utterance_is_speech_of_plausible_length(self, tmp_path: Path) -> None:
        path = tmp_path / "line.wav"
        synthesize_wav("Robin, 9 of hearts.", path)
        seconds = wav_seconds(path)
        assert 0.5 < seconds < 5.0
        with wave.open(str(path), "rb") as wav:
            frames = wav.readframes(wav.getnframes())
            assert wav.getsampwidth() == 2
        samples = memoryview(frames).cast("h")
        assert max(abs(s) for s in samples) > 1000, "the WAV is silent"

    def test_rate_changes_the_speed(self, tmp_path: Path) -> None:
        slow, fast = tmp_path / "slow.wav", tmp_path / "fast.wav"
        text = "Alex takes the trick. Spades are broken."
        synthesize_wav(text, slow, rate=100)
        synthesize_wav(text, fast, rate=300)
        assert wav_seconds(slow) > 1.8 * wav_seconds(fast)


class TestSpeaker:
    def test_events_are_spoken_in_order(self, silent_player: list[str]) -> None:
        lines = ["West bids 3.", "Alex takes the trick.", "Your lead."]
        speaker = TtsSpeaker(player=silent_player)
        try:
            for line in lines:
                speaker.event(line)
            assert speaker.wait_idle(30.0)
        finally:
            speaker.close()
        assert [t for s, t in speaker.history if s == "finished"] == lines
        assert [t for s, t in speaker.history if s == "started"] == lines

    def test_query_cuts_a_long_event_short(self, silent_player: list[str]) -> None:
        speaker = TtsSpeaker(player=silent_player)
        try:
            speaker.event(LONG)
            speaker.event("Queued behind the long one.")
            assert speaker.wait_for("started", LONG, 15.0)
            time.sleep(0.5)  # LONG is synthesized and playing (it lasts over 20 s)
            cut = time.monotonic()
            speaker.query("Your lead.")
            assert speaker.wait_for("finished", "Your lead.", 15.0)
            elapsed = time.monotonic() - cut
        finally:
            speaker.close()
        assert ("interrupted", LONG) in speaker.history
        assert ("finished", LONG) not in speaker.history
        assert all(t != "Queued behind the long one." for _, t in speaker.history)
        assert elapsed < 5.0

    def test_calls_return_at_once(self, silent_player: list[str]) -> None:
        speaker = TtsSpeaker(player=silent_player)
        try:
            worst = 0.0
            for i in range(20):
                began = time.perf_counter()
                (speaker.query if i % 5 == 0 else speaker.event)(f"Line {i}.")
                worst = max(worst, time.perf_counter() - began)
        finally:
            speaker.close()
        assert worst < 0.05

    def test_silence_stops_everything(self, silent_player: list[str]) -> None:
        speaker = TtsSpeaker(player=silent_player)
        try:
            speaker.event(LONG)
            assert speaker.wait_for("started", LONG, 15.0)
            speaker.silence()
            assert speaker.wait_for("interrupted", LONG, 5.0)
            assert speaker.wait_idle(5.0)
        finally:
            speaker.close()

    def test_native_playback_keeps_the_terminal_clean(
        self, capfd: pytest.CaptureFixture[str]
    ) -> None:
        # pyttsx3's own path prints "Audio saved..." / aplay and ALSA errors; none may show.
        speaker = TtsSpeaker(rate=250)
        try:
            speaker.event("Your lead.")
            assert speaker.wait_idle(30.0)
        finally:
            speaker.close()
        assert capfd.readouterr() == ("", "")

    def test_a_worker_that_cannot_start_is_refused(self) -> None:
        with pytest.raises(SpeechError, match="TTS unavailable"):
            TtsSpeaker(python=str(Path(sys.executable).parent / "no-such-python"))
        with pytest.raises(SpeechError, match="TTS unavailable"):
            TtsSpeaker(python="/bin/false")

    def test_a_worker_that_dies_is_replaced(self, silent_player: list[str]) -> None:
        speaker = TtsSpeaker(player=silent_player)
        try:
            worker = speaker._worker
            assert worker is not None
            worker.proc.kill()  # died on its own, as far as the speaker knows
            worker.proc.wait(timeout=5)
            speaker.event("Still here.")
            assert speaker.wait_for("finished", "Still here.", 15.0)
        finally:
            speaker.close()

    def test_close_ends_the_workers(self, silent_player: list[str]) -> None:
        speaker = TtsSpeaker(player=silent_player)
        speaker.event(LONG)
        assert speaker.wait_for("started", LONG, 15.0)
        workers = [w for w in (speaker._worker, speaker._spare) if w is not None]
        speaker.close()
        assert all(w.proc.poll() is not None for w in workers)
        speaker.event("After close.")  # ignored, not an error
