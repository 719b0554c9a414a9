"""The default TTS path: espeak-ng writes each line, a player process on PATH plays it.

The player here is a fake `paplay` on PATH (speech_helpers.FAKE_PLAYER): it logs when it
starts, when it is stopped and how much it had played, when it ends, and the length and a
hash of the audio it was given. The hash is compared with espeak-ng's own audio for the
expected text, so these tests judge what reached the player, not what the game meant.
"""

from __future__ import annotations

import io
import wave
from pathlib import Path

import pytest
from helpers import HandClock, bounds_hold, wait_until, without_waiting
from speech_helpers import (
    FakePlayer,
    audio_sha,
    clean_path,
    make_fake_player,
    require_espeak,
    wav_seconds,
)

from spades_voice.speech import SpeechError, TtsSpeaker, make_speaker, synthesize_wav

LONG = " ".join(["Robin leads the 9 of hearts, Alex follows with the queen of hearts."] * 4)


@pytest.fixture(autouse=True)
def _espeak() -> None:
    require_espeak()


@pytest.fixture
def player(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakePlayer:
    """The fake paplay, alone on PATH with espeak-ng."""
    fake = make_fake_player(tmp_path)
    monkeypatch.setenv("PATH", clean_path(tmp_path, fake.bin_dir))
    monkeypatch.setenv("FAKE_PLAYER_LOG", str(fake.log))
    monkeypatch.setenv("FAKE_PLAYER_HOLD", str(fake.hold_file))
    return fake


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


class TestDefaultPath:
    def test_finds_the_player_on_path_and_probes_it_with_silence(
        self, player: FakePlayer
    ) -> None:
        speaker = TtsSpeaker()
        speaker.close()
        assert speaker.player.name == "paplay"
        assert speaker.player.stream_command() == [str(player.bin_dir / "paplay")]
        probes = [r for r in player.records(probes=True) if "probe" in str(r["file"])]
        assert [r["event"] for r in probes] == ["start", "end"]

    def test_every_event_is_played_in_order(self, player: FakePlayer) -> None:
        lines = ["West bids 3.", "Alex takes the trick.", "Your lead."]
        speaker = TtsSpeaker()
        try:
            for line in lines:
                speaker.event(line)
            assert speaker.wait_idle(20.0)
        finally:
            speaker.close()
        expected = [audio_sha(line) for line in lines]
        assert player.played("start") == expected
        assert player.played("end") == expected
        assert player.played("stop") == []

    def test_a_query_kills_the_playing_line_before_its_length(self, player: FakePlayer) -> None:
        speaker = TtsSpeaker()
        try:
            with player.hold():
                speaker.event(LONG)
                speaker.event("Queued behind the long one.")
                assert wait_until(lambda: player.played("start") != [], 10.0)
                speaker.query("Your lead.")
                assert wait_until(lambda: player.played("stop") != [], 10.0)
            assert wait_until(lambda: audio_sha("Your lead.") in player.played("end"), 10.0)
        finally:
            speaker.close()
        records = player.records()
        stopped = [r for r in records if r["event"] == "stop"]
        assert len(stopped) == 1
        # Held, the long line could not have ended by itself: the query cut it.
        assert stopped[0]["sha"] == audio_sha(LONG)
        assert audio_sha(LONG) not in player.played("end")
        assert audio_sha("Queued behind the long one.") not in player.played("start")
        assert player.played("start") == [audio_sha(LONG), audio_sha("Your lead.")]

    def test_x_stops_speech_and_the_queue(self, player: FakePlayer) -> None:
        speaker = TtsSpeaker()
        try:
            speaker.event(LONG)
            speaker.event("Never heard.")
            assert wait_until(lambda: player.played("start") != [], 10.0)
            speaker.silence()
            assert wait_until(lambda: player.played("stop") != [], 2.0)
            assert speaker.wait_idle(2.0)
        finally:
            speaker.close()
        assert player.played("start") == [audio_sha(LONG)]
        assert player.played("end") == []

    def test_goodbye_plays_to_the_end_before_close_returns(self, player: FakePlayer) -> None:
        # The drain's 2 s never pass on this clock: close returns because Goodbye ended.
        speaker = TtsSpeaker(clock=HandClock())
        speaker.event(LONG)
        assert wait_until(lambda: player.played("start") != [], 10.0)
        speaker.query("Goodbye.")
        without_waiting(speaker.close, 30.0)
        assert player.played("end") == [audio_sha("Goodbye.")]

    def test_close_lets_the_last_line_play_two_seconds_at_most(
        self, player: FakePlayer
    ) -> None:
        clock = HandClock()
        speaker = TtsSpeaker(clock=clock)
        with player.hold():
            speaker.event(LONG)
            assert wait_until(lambda: player.played("start") != [], 10.0)
            bounds_hold(clock, speaker.close, 2.0)
            assert wait_until(lambda: player.played("stop") != [], 10.0)
        assert player.played("end") == []

    def test_calls_return_at_once(self, player: FakePlayer) -> None:
        speaker = TtsSpeaker()
        try:
            # No line can end while held: a call that waited on speech would never return.
            with player.hold():
                for i in range(20):
                    say = speaker.query if i % 5 == 0 else speaker.event
                    without_waiting(lambda say=say, i=i: say(f"Line {i}."))
                assert player.played("end") == []
        finally:
            speaker.silence()
            speaker.close()


class TestNoAudio:
    def test_no_player_means_failed_no_audio_output(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setenv("PATH", clean_path(tmp_path))
        with pytest.raises(SpeechError, match="failed: no audio output"):
            TtsSpeaker()

    def test_auto_falls_back_to_print(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setenv("PATH", clean_path(tmp_path))
        monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path}/none.sock")
        monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
        out = io.StringIO()
        speaker = make_speaker("auto", stream=out, braille=lambda: None, prism_first=False)
        speaker.query("Your lead.")
        speaker.close()
        assert speaker.name == "print"
        assert out.getvalue() == "Your lead.\n"

    def test_a_player_that_fails_mid_game_hands_every_unheard_line_on(
        self, player: FakePlayer, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        # The probe works, then every real line fails (the sound server went away).
        out = io.StringIO()
        speaker = make_speaker("tts", stream=out, braille=lambda: None)
        assert speaker.name == "tts"
        monkeypatch.setenv("FAKE_PLAYER_FAIL", "1")
        for line in ("West bids 3.", "Alex takes the trick.", "Your lead."):
            speaker.event(line)
        # Nobody calls again: the chain hears of the failure from TTS itself.
        assert wait_until(lambda: "Your lead." in out.getvalue(), 10.0)
        speaker.close()
        assert out.getvalue().splitlines() == [
            "Synthetic speech stopped; using printed text.",
            "West bids 3.",
            "Alex takes the trick.",
            "Your lead.",
        ]
        assert [r["event"] for r in player.records()] == ["start", "fail"]


class TestFilePath:
    """Where espeak-ng's program is missing (Windows, macOS), pyttsx3 writes each line to a
    file and the player plays the file. Tested here through pyttsx3's espeak driver."""

    def test_pyttsx3_writes_each_line_and_the_player_plays_the_file(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        fake = make_fake_player(tmp_path)
        monkeypatch.setenv("PATH", str(fake.bin_dir))  # no espeak-ng program on PATH
        monkeypatch.setenv("FAKE_PLAYER_LOG", str(fake.log))
        speaker = TtsSpeaker()
        try:
            assert speaker.synth_name == "pyttsx3"
            speaker.event("West bids 3.")
            speaker.event("Alex takes the trick. Spades are broken.")
            assert speaker.wait_idle(30.0)
        finally:
            speaker.close()
        ends = [r for r in fake.records() if r["event"] == "end"]
        assert [str(r["file"]).endswith(".wav") for r in ends] == [True, True]
        seconds = [float(r["seconds"]) for r in ends]  # type: ignore[arg-type]
        assert 0.5 < seconds[0] < seconds[1]
