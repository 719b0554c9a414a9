"""The real console script on the real default paths.

* A speech-dispatcher socket that accepts and never answers (SPEECHD_ADDRESS): the
  greeting comes from the fallback, and `doctor` comes back, each having waited on the
  1 s handshake bound (said in the log). How long a bound is, is checked exactly with a
  clock moved by hand in test_speech_speechd (the handshake's 1 s inside auto's 2.5 s);
  here a process on a busy machine is only given a generous time that a hang exceeds.
* The real speech-dispatcher killed mid-hand: the next output (printed text) repeats
  every line the server had not finished, after one notice.
* A real BRLTTY (its TTY braille driver on a pseudo-terminal): every line reaches it.
* The default output with no speech server (auto → synthetic speech) and a fake `paplay`
  on PATH that logs what it was given: every line is played in order, a key press kills
  the playing line before its length elapsed, X stops it, and "Goodbye." plays to the
  end before the program exits.

Nothing here replaces a part inside the process: the game runs as the player runs it,
in a pseudo-terminal, and is judged by what reached the terminal and the player program.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from helpers import game_program, wait_until
from speech_helpers import (
    Brltty,
    FakePlayer,
    MuteSpeechd,
    SpeechdServer,
    audio_sha,
    clean_path,
    make_fake_player,
    require_espeak,
    require_speechd_stack,
)

from spades_voice.speech.braille import windows

GREETING = "Spades. Press question mark for help."




def _env(tmp_path: Path, path: str, **extra: str) -> dict[str, str]:
    env = {
        **os.environ,
        "PATH": path,
        "SPADES_VOICE_DATA_DIR": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "xdg-data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_RUNTIME_DIR": str(tmp_path),
        "SPEECHD_CMD": "/bin/false",
        "BRLAPI_HOST": str(tmp_path / "no-brltty"),
        "TERM": "xterm",
        **extra,
    }
    env.pop("SPADES_VOICE_BRLAPI_PATH", None)
    return env


def _log(path: Path) -> list[dict[str, object]]:
    if not path.exists():
        return []
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x]


@pytest.fixture
def mute(tmp_path: Path) -> Iterator[MuteSpeechd]:
    require_speechd_stack()
    server = MuteSpeechd(tmp_path / "mute.sock")
    yield server
    server.close()


class TestHungSpeechServer:
    def test_the_greeting_comes_from_the_fallback_after_the_handshake_bound(
        self, tmp_path: Path, mute: MuteSpeechd
    ) -> None:
        env = _env(tmp_path, clean_path(tmp_path), SPEECHD_ADDRESS=mute.address)
        child = pexpect.spawn(
            game_program(), ["--seed", "7", "--pace", "instant"], env=env, encoding="utf-8",
            dimensions=(24, 100), timeout=30,
        )
        screen = io.StringIO()
        child.logfile_read = screen
        try:
            child.expect(GREETING.replace(".", r"\."))
            child.expect("Your bid")
        finally:
            child.terminate(force=True)
        # Why the screen reader was passed over is in the log, not on the terminal.
        log = (tmp_path / "data" / "spades-voice.log").read_text(encoding="utf-8")
        assert "screenreader unavailable: Speech Dispatcher did not answer within 1 s" in log
        terminal = screen.getvalue()
        assert "Speech Dispatcher" not in terminal and "Traceback" not in terminal

    def test_doctor_comes_back_and_says_why(self, tmp_path: Path, mute: MuteSpeechd) -> None:
        env = _env(tmp_path, clean_path(tmp_path), SPEECHD_ADDRESS=mute.address)
        proc = subprocess.run(
            [game_program(), "doctor"], env=env, capture_output=True, text=True, timeout=60,
            stdin=subprocess.DEVNULL,
        )
        assert proc.returncode == 0, proc.stderr
        lines = proc.stdout.splitlines()
        assert "screenreader: failed: Speech Dispatcher did not answer within 1 s" in lines
        assert any(line.startswith("tts: failed: no audio output") for line in lines)
        assert "print: works." in lines
        assert "auto uses: print." in lines
        assert f"Log: {tmp_path / 'data' / 'spades-voice.log'}" in lines
        assert proc.stderr == ""


class TestDefaultTts:
    @pytest.fixture
    def player(self, tmp_path: Path) -> FakePlayer:
        require_espeak()
        return make_fake_player(tmp_path)

    def test_keys_cut_x_stops_events_in_order_goodbye_plays(
        self, tmp_path: Path, player: FakePlayer
    ) -> None:
        speech_log = tmp_path / "speech.jsonl"
        env = _env(
            tmp_path, clean_path(tmp_path, player.bin_dir),
            FAKE_PLAYER_LOG=str(player.log),
            SPEECHD_ADDRESS=f"unix_socket:{tmp_path}/no-server.sock",
        )
        child = pexpect.spawn(
            game_program(),
            # No --speech: auto, with no speech server here, takes synthetic speech.
            ["--seed", "7", "--pace", "relaxed", "--level", "easy",
             "--speech-log", str(speech_log)],
            env=env, encoding="utf-8", dimensions=(24, 100), timeout=20,
        )
        try:
            # 1. Events play one after another, in the order the game said them.
            assert wait_until(lambda: len(player.played("end")) >= 3, 30.0), player.records()
            said = [str(e["text"]) for e in _log(speech_log)]
            assert player.played("end")[:3] == [audio_sha(t) for t in said[:3]]
            assert said[0] == GREETING

            # 2. A key press kills the playing line before its length elapsed: H reads
            # the whole hand (several seconds); W, pressed while it plays, cuts it.
            def queries() -> list[str]:
                """The answers to keys (the greeting, also a query, left out)."""
                return [str(e["text"]) for e in _log(speech_log)
                        if e["kind"] == "query" and e["text"] != GREETING]

            child.send("h")
            assert wait_until(lambda: len(queries()) == 1, 5.0)
            hand_sha = audio_sha(queries()[0])
            assert wait_until(lambda: hand_sha in player.played("start"), 5.0)
            child.send("w")
            assert wait_until(lambda: hand_sha in player.played("stop"), 3.0), player.records()
            stop = next(r for r in player.records()
                        if r["event"] == "stop" and r["sha"] == hand_sha)
            assert float(stop["played"]) < float(stop["seconds"])  # type: ignore[arg-type]
            assert wait_until(lambda: len(queries()) == 2, 5.0)
            where_sha = audio_sha(queries()[1])
            assert wait_until(lambda: where_sha in player.played("start"), 5.0)

            # 3. X stops speech: the hand again, stopped, never ended.
            child.send("h")
            assert wait_until(lambda: player.played("start").count(hand_sha) == 2, 5.0)
            child.send("x")
            assert wait_until(lambda: player.played("stop").count(hand_sha) == 2, 3.0)
            assert player.played("end").count(hand_sha) == 0

            # 4. Quit: "Goodbye." plays to its end before the program exits.
            child.send("q")
            assert wait_until(
                lambda: any(str(e["text"]).startswith("Quit the game?")  # saved or not
                            for e in _log(speech_log)), 5.0)
            child.send("y")
            child.expect(pexpect.EOF, timeout=10)
        finally:
            child.terminate(force=True)
        assert player.played("end")[-1] == audio_sha("Goodbye.")
        # Nothing the game said was silently lost: every line reached the player, except
        # those a key press or X cut on purpose (queued behind the line being cut).
        started = set(player.played("start"))
        missing = [str(e["text"]) for e in _log(speech_log)
                   if audio_sha(str(e["text"])) not in started]
        cut_times = [float(e["mono"]) for e in _log(speech_log)  # type: ignore[arg-type]
                     if e["kind"] == "query"]
        for text in missing:
            entry = next(e for e in _log(speech_log) if e["text"] == text)
            assert any(float(entry["mono"]) < t for t in cut_times), (  # type: ignore[arg-type]
                f"{text!r} never reached the player and no key cut it"
            )


class TestSpeechServerKilledMidHand:
    def test_the_next_output_repeats_every_event_not_heard(
        self, tmp_path: Path, speechd_server: SpeechdServer
    ) -> None:
        """The game notices the dead server at its next line or at the key, whichever
        comes first on a busy machine; either way the printed output must say the notice,
        then every line not heard, in order, then what comes after."""
        speech_log = tmp_path / "speech.jsonl"
        env = _env(tmp_path, clean_path(tmp_path), SPEECHD_ADDRESS=speechd_server.address)
        # The module is handed a line sentence by sentence: "Spades." plays to its end,
        # the greeting's second sentence plays until the kill, and every later line waits
        # behind it. So nothing but "Spades." is heard, however slow the machine is.
        speechd_server.hold_after(1)
        child = pexpect.spawn(
            game_program(),
            ["--seed", "7", "--pace", "instant", "--level", "easy",
             "--speech-log", str(speech_log)],
            env=env, encoding="utf-8", dimensions=(24, 200), timeout=20,
        )
        try:
            assert wait_until(lambda: len(speechd_server.texts()) >= 2, 20.0)
            speechd_server.kill()
            assert speechd_server.done() == ["Spades."]
            child.send("w")
            # The printed output says the switch once, then every unheard line, in order,
            # then the lines said after the switch, then the answer to the key.
            child.expect(r"Screen reader stopped; using printed text\.")
            child.expect("You sit South")
            printed = child.before
        finally:
            child.terminate(force=True)
        entries = _log(speech_log)
        notices = [e["text"] for e in entries if e["kind"] == "notice"]
        assert notices == ["Screen reader stopped; using printed text."]
        answer = next(i for i, e in enumerate(entries) if str(e["text"]).startswith("You sit"))
        lines = [str(e["text"]) for e in entries[:answer] if e["kind"] != "notice"]
        assert lines[0] == GREETING
        at = 0
        for line in lines:
            found = printed.find(line, at)
            assert found >= 0, f"{line!r} not repeated; printed {printed!r}"
            at = found + len(line)


class TestBrailleFromTheGame:
    def test_every_line_the_game_speaks_reaches_a_real_brltty(
        self, tmp_path: Path, brltty: Brltty
    ) -> None:
        require_espeak()
        player = make_fake_player(tmp_path)
        speech_log = tmp_path / "speech.jsonl"
        env = _env(
            tmp_path, clean_path(tmp_path, player.bin_dir),
            FAKE_PLAYER_LOG=str(player.log),
            SPEECHD_ADDRESS=f"unix_socket:{tmp_path}/no-server.sock",
            BRLAPI_HOST=brltty.host, BRLAPI_AUTH="none", CONTROLVT="1",
        )
        child = pexpect.spawn(
            game_program(),
            ["--speech", "tts", "--seed", "7", "--pace", "instant",
             "--speech-log", str(speech_log)],
            env=env, encoding="utf-8", dimensions=(24, 100), timeout=20,
        )
        shown = ""
        try:
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline and "Your bid." not in shown:
                shown += brltty.shown()
            child.send("w")
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline and "You sit South" not in shown:
                shown += brltty.shown()
        finally:
            child.terminate(force=True)
        said = [str(e["text"]) for e in _log(speech_log)]
        at = 0
        for line in said:
            # The display is 40 cells wide: it shows each line's first window.
            found = shown.find(windows(line, 40)[0], at)
            assert found >= 0, f"{line[:40]!r} never reached the display; it showed {shown!r}"
            at = found
