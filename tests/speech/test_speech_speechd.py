"""SpeechdSpeaker against a real speech-dispatcher, a mute one and one that goes silent.

The real server runs privately in tmp_path; its only output module writes each line it is
given to a file and takes the line's real audio time (conftest, speech_helpers), so these
tests judge by what reached the server and what it finished.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import HandClock, bounds_hold, wait_until, without_waiting
from speech_helpers import (
    FakeSsip,
    MuteSpeechd,
    SpeechdServer,
    clean_path,
    require_speechd_stack,
    spy_finished,
    wav_seconds,
)

from spades_voice.speech import Kind, RecorderSpeaker, SpeechError, make_speaker
from spades_voice.speech.speechd import SpeechdSpeaker

# The speechd client ends its reader thread with sys.exit() when the connection closes;
# Python ignores SystemExit in threads, pytest reports it. It is not an error.
pytestmark = pytest.mark.filterwarnings(
    "ignore::pytest.PytestUnhandledThreadExceptionWarning",
    "ignore::ResourceWarning",
    "ignore::pytest.PytestUnraisableExceptionWarning",
)

LONG = (
    "This is a long announcement that keeps going for many seconds, so that a question "
    "from the player has something to cut short. It talks about the bidding, the tricks, "
    "the bags and the score, and it would go on for quite a while if nobody stopped it."
)
NOTICE = "Screen reader stopped; using printed text."


@pytest.fixture
def no_audio(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No audio player on PATH, so the chain after the screen reader is printed text."""
    monkeypatch.setenv("PATH", clean_path(tmp_path))


@pytest.fixture
def mute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MuteSpeechd]:
    require_speechd_stack()
    server = MuteSpeechd(tmp_path / "mute.sock")
    monkeypatch.setenv("SPEECHD_ADDRESS", server.address)
    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    yield server
    server.close()


@pytest.fixture
def fake_ssip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeSsip]:
    require_speechd_stack()
    server = FakeSsip(tmp_path / "fake.sock")
    monkeypatch.setenv("SPEECHD_ADDRESS", server.address)
    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    yield server
    server.close()


class TestRealServer:
    def test_query_reaches_the_server_as_exact_text_and_speech(
        self, speechd_server: SpeechdServer
    ) -> None:
        speaker = SpeechdSpeaker()
        try:
            speaker.query("Robin, 9 of hearts.")
            assert wait_until(lambda: len(speechd_server.done()) == 1, 20.0)
        finally:
            speaker.close()
        assert speechd_server.texts() == ["Robin, 9 of hearts."]
        assert wav_seconds(speechd_server.out / "0001.wav") > 0.3

    def test_events_arrive_in_order_and_are_known_finished(
        self, speechd_server: SpeechdServer
    ) -> None:
        lines = ["West bids 3.", "Alex takes the trick.", "Your lead."]
        speaker = SpeechdSpeaker()
        try:
            for line in lines:
                speaker.event(line)
            assert speaker.wait_idle(30.0)
        finally:
            speaker.close()
        assert speechd_server.texts() == lines
        assert speechd_server.done() == lines
        assert speaker.unheard() == []

    def test_query_cuts_a_long_event_short_and_drops_the_queue(
        self, speechd_server: SpeechdServer
    ) -> None:
        speaker = SpeechdSpeaker()
        try:
            speaker.event(LONG)
            speaker.event("Queued behind the long one.")
            assert wait_until(lambda: (speechd_server.out / "0001.wav").exists(), 20.0)
            assert wav_seconds(speechd_server.out / "0001.wav") > 4.0
            speaker.query("Your lead.")
            assert wait_until(lambda: "Your lead." in speechd_server.done(), 20.0)
        finally:
            speaker.close()
        # sd_generic hands the module one sentence at a time: the cancel stopped the first
        # sentence mid-playback (it never played to its end), and neither the rest of it
        # nor the queued event came.
        first_sentence = LONG[: LONG.index(".") + 1]
        assert speechd_server.texts() == [first_sentence, "Your lead."]
        assert speechd_server.done() == ["Your lead."]

    def test_goodbye_is_finished_before_close_returns(
        self, speechd_server: SpeechdServer
    ) -> None:
        # The drain's 2 s never pass on this clock: close returns because the server
        # said Goodbye ended, or the test fails.
        speaker = SpeechdSpeaker(clock=HandClock())
        speaker.event(LONG)
        assert wait_until(lambda: (speechd_server.out / "0001.wav").exists(), 20.0)
        speaker.query("Goodbye.")
        without_waiting(speaker.close, 30.0)
        assert speechd_server.done() == ["Goodbye."]

    def test_start_prints_nothing_to_the_terminal(
        self, speechd_server: SpeechdServer, capfd: pytest.CaptureFixture[str]
    ) -> None:
        SpeechdSpeaker().close()
        assert capfd.readouterr() == ("", "")

    def test_killed_mid_hand_the_next_output_repeats_every_unheard_event(
        self, speechd_server: SpeechdServer, no_audio: None, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        # One sentence each: sd_generic hands its module a line sentence by sentence.
        lines = ["Sam deals.", "Robin bids 3.", "Alex bids 4.", "Sam bids 2.", "Your bid."]
        told_finished = spy_finished(monkeypatch)
        # The first line plays to the end; the second is still playing when the server
        # dies, however slow the machine.
        speechd_server.hold_after(1)
        out = io.StringIO()
        speaker = make_speaker("screenreader", stream=out, braille=lambda: None,
                               log_path=tmp_path / "speech.jsonl")
        try:
            for line in lines:
                speaker.event(line)
            # Killed once the game knows the first line finished: a server killed between
            # its module finishing a line and telling the game never says END, and the
            # game rightly says that line again (a repeat, never a loss).
            assert wait_until(lambda: told_finished == lines[:1], 20.0)
            assert wait_until(lambda: len(speechd_server.texts()) == 2, 20.0)
            speechd_server.kill()
            assert speechd_server.done() == lines[:1]
            speaker.query("Your hand: spades, ace, king.")
        finally:
            speaker.close()
        assert out.getvalue().splitlines() == [
            "Screen reader stopped; using printed text.",
            *lines[1:],
            "Your hand: spades, ace, king.",
        ]
        log = (tmp_path / "speech.jsonl").read_text(encoding="utf-8")
        assert '"kind": "notice", "text": "Screen reader stopped; using printed text."' in log

    def test_a_restarted_server_gets_the_unheard_lines_after_one_reconnect(
        self, speechd_server: SpeechdServer
    ) -> None:
        # The first line is still playing at the kill, however slow the machine.
        speechd_server.hold_after(0)
        speaker = SpeechdSpeaker()
        try:
            speaker.event("Robin bids 3.")
            speaker.event("Alex bids 4.")
            assert wait_until(lambda: (speechd_server.out / "0001.txt").exists(), 20.0)
            speechd_server.kill()
            # The hold goes with the rest: the new server plays every line to the end.
            for stale in speechd_server.out.glob("*"):
                stale.unlink()
            speechd_server.restart()
            speaker.event("Your bid.")
            assert speaker.wait_idle(30.0)
        finally:
            speaker.close()
        assert speaker.reconnects == 1
        assert speechd_server.done() == ["Robin bids 3.", "Alex bids 4.", "Your bid."]


class TestHungServers:
    def test_a_server_that_never_answers_fails_the_start_within_the_bound(
        self, mute: MuteSpeechd
    ) -> None:
        clock = HandClock()
        with pytest.raises(SpeechError, match="did not answer within 1 s"):
            bounds_hold(clock, lambda: SpeechdSpeaker(clock=clock), 1.0)

    def test_auto_moves_on_to_print_within_three_seconds(
        self, mute: MuteSpeechd, no_audio: None
    ) -> None:
        out = io.StringIO()
        clock = HandClock()
        # Two bounds run side by side: the handshake's 1 s, inside auto's 2.5 s start.
        speaker = bounds_hold(clock, lambda: make_speaker(
            "auto", stream=out, braille=lambda: None, prism_first=False, clock=clock,
        ), 1.0, waiters=2)
        speaker.query("Spades. Press question mark for help.")
        speaker.close()
        # Told which output speaks, since it is not the one doctor found (issue 52).
        assert out.getvalue() == (
            "Screen reader slow to answer; using printed text for now. "
            "Spades. Press question mark for help.\n"
        )

    def test_silent_mid_game_falls_back_with_every_accepted_line(
        self, fake_ssip: FakeSsip, no_audio: None
    ) -> None:
        out = io.StringIO()
        recorder = RecorderSpeaker()
        clock = HandClock()
        speaker = make_speaker("screenreader", stream=out, braille=lambda: None, clock=clock)
        assert speaker.name == "screenreader"
        speaker.event("Robin, 9 of hearts.")
        speaker.event("Alex, queen of hearts.")
        fake_ssip.go_silent()
        # 0.5 s for the call, then 1 s for the one reconnect's handshake; never more.
        bounds_hold(clock, lambda: speaker.event("Your turn."), 0.5, 1.0)
        recorder.close()
        speaker.close()
        assert fake_ssip.spoken == ["Robin, 9 of hearts.", "Alex, queen of hearts."]
        assert out.getvalue().splitlines() == [
            "Screen reader stopped; using printed text.",
            "Robin, 9 of hearts.",
            "Alex, queen of hearts.",
            "Your turn.",
        ]
        assert Kind.NOTICE.value == "notice"
