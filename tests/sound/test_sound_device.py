"""The real playback path: miniaudio, a real device, and what happens when there is none.

No injected player here: the game's own backend order opens whatever ALSA's default
device is, and sound_helpers makes that device a file, a missing card or a hung server.
"""

from __future__ import annotations

import io
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sound_helpers import (
    FILE_DEVICE,
    MISSING_DEVICE,
    alsa_env,
    needs_alsa,
    run_python,
    silent_server,
    wait_until,
)

from spades_voice.narration import sounds as words
from spades_voice.rules import Seat
from spades_voice.sound import Cue, SoundPlayer, placement, render, seat_voice
from spades_voice.sound import player as player_module
from spades_voice.sound.device import BACKEND_ENV, OPEN_SECONDS

PLAY = """
import io, json, sys, time
from spades_voice.rules import Seat
from spades_voice.sound import Cue, SoundPlayer
log = io.StringIO()
player = SoundPlayer(Seat.S, volume=60, log=log)
began = time.monotonic()
player.start()
status = player.status()
took = time.monotonic() - began
for cue, seat in CUES:
    player.play(cue, seat)
idle = player.wait_idle(3.0)
first, second = player.notices(), player.notices()
player.close()
rows = [json.loads(line) for line in log.getvalue().splitlines()]
print(json.dumps({"works": status.works, "detail": status.detail, "took": took, "idle": idle,
                  "notices": [first, second], "log": rows}))
"""


def play(env: dict[str, str], cues: str) -> dict[str, object]:
    """Start a player in a fresh process, play ``cues`` (Python source), report."""
    return run_python(PLAY.replace("CUES", cues), env)


@needs_alsa
def test_the_cue_reaches_the_device_sample_for_sample(tmp_path: Path) -> None:
    """Through miniaudio and libasound to ALSA's default device, which writes what it was
    given to a file: the card Robin played is in it, exactly as rendered, from the left."""
    out = tmp_path / "device.raw"
    result = play(alsa_env(tmp_path, FILE_DEVICE.format(out=out)), "[(Cue.CARD, Seat.W)]")
    assert (result["works"], result["detail"], result["idle"]) == (True, "ALSA", True)
    expected = render(Cue.CARD, placement(Seat.W, Seat.S), 60, seat_voice(Seat.W, Seat.S))
    assert out.read_bytes().find(expected.data) >= 0
    assert [(r["cue"], r["seat"], r["status"]) for r in rows(result)] == [("card", "W", "played")]


def rows(result: dict[str, object]) -> list[dict[str, object]]:
    log = result["log"]
    assert isinstance(log, list)
    return log


@needs_alsa
def test_no_device_says_so_once_and_the_game_plays_on(tmp_path: Path) -> None:
    """No device: one notice in plain words, every cue asked for without a fault, and not
    a line from ALSA on the terminal (run_python checks stderr is empty)."""
    cues = "[(Cue.CARD, Seat.W), (Cue.CARD, Seat.N), (Cue.YOUR_TURN, None), (Cue.SET, None)]"
    result = play(alsa_env(tmp_path, MISSING_DEVICE), cues)
    assert (result["works"], result["detail"]) == (False, "no sound device was found")
    assert result["notices"] == [[words.NO_DEVICE], []]
    assert [r["status"] for r in rows(result)] == ["silent"] * 4


def test_sound_turned_off_opens_nothing_and_says_nothing() -> None:
    log = io.StringIO()
    player = SoundPlayer(Seat.S, enabled=False, log=log)
    player.start()
    player.play(Cue.CARD, Seat.W)
    assert player.status(0.1).detail == "sound is turned off"
    assert player.notices() == []
    player.close()
    assert log.getvalue() == ""


@needs_alsa
def test_a_sound_server_that_never_answers_is_given_up(tmp_path: Path) -> None:
    """PulseAudio accepts the connection and never answers: the open is abandoned within
    its bound and the game is told once."""
    sock = tmp_path / "pulse.sock"
    env = alsa_env(tmp_path, MISSING_DEVICE, PULSE_SERVER=f"unix:{sock}")
    env[BACKEND_ENV] = "pulseaudio"
    with silent_server(sock):
        result = play(env, "[(Cue.CARD, Seat.W)]")
    assert result["works"] is False
    assert result["detail"] == f"the sound system did not answer within {OPEN_SECONDS:g} seconds"
    took = result["took"]
    assert isinstance(took, float) and took < OPEN_SECONDS + 1.0
    assert result["notices"] == [[words.NO_DEVICE], []]


def test_a_device_that_stops_mid_game_is_reported_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The device stops asking for samples (unplugged): one notice, then silence."""
    monkeypatch.setenv(BACKEND_ENV, "null")
    monkeypatch.setattr(player_module, "STALL_SECONDS", 0.3)
    told: list[str] = []
    player = SoundPlayer(Seat.S)
    player.on_notice = lambda: told.extend(player.notices())
    player.start()
    try:
        assert player.status().works
        output = player._output
        assert output is not None
        output._device.stop()  # the real device stops calling back, as when unplugged
        assert wait_until(lambda: bool(told), 3.0)
        player.play(Cue.CARD, Seat.W)
        assert player.status().detail == "the sound device stopped asking for sound"
    finally:
        player.close()
    assert told == [words.DEVICE_STOPPED]


@needs_alsa
def test_the_null_device_is_used_only_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the variable, no device means no sound (never a device playing into
    nothing); with it, miniaudio's null device plays on a real-time clock."""
    env = alsa_env(tmp_path, MISSING_DEVICE)
    assert play(env, "[]")["works"] is False
    monkeypatch.setenv(BACKEND_ENV, "null")
    player = SoundPlayer(Seat.S)
    player.start()
    try:
        assert player.status().detail == "Null"
        began = time.monotonic()
        player.play(Cue.SET)  # 450 ms long
        assert player.wait_idle(3.0)
        assert time.monotonic() - began >= 0.4  # it took its real time to play
    finally:
        player.close()


def test_without_the_audio_library_the_game_says_what_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Linux on ARM has no miniaudio wheel, so it may not be installed: say so, once."""
    monkeypatch.setitem(sys.modules, "miniaudio", None)  # import miniaudio now fails
    player = SoundPlayer(Seat.S)
    player.start()
    try:
        assert player.status().detail == "the miniaudio package is not installed"
        player.play(Cue.CARD, Seat.W)
        assert player.notices() == [words.NO_LIBRARY]
        assert player.notices() == []
    finally:
        player.close()


def doctor(env: dict[str, str]) -> tuple[list[str], float]:
    """The installed ``spades-voice doctor --no-test-line``: its lines and how long it took.
    Speech Dispatcher is pointed at nothing, so the speech part answers quickly."""
    exe = Path(sys.executable).parent / "spades-voice"
    if not exe.exists():
        pytest.skip("spades-voice is not installed")
    env = {**env, "SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock",
           "SPEECHD_CMD": "/bin/false"}
    began = time.monotonic()
    proc = subprocess.run([str(exe), "doctor", "--no-test-line"], env=env, capture_output=True,
                          text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout.splitlines(), time.monotonic() - began


@needs_alsa
def test_doctor_says_whether_sound_works_and_why_not(tmp_path: Path) -> None:
    env = alsa_env(tmp_path, MISSING_DEVICE, SPADES_VOICE_DATA_DIR=str(tmp_path / "data"))
    lines, took = doctor(env)
    assert "sound: failed: no sound device was found." in lines
    assert took < 6.0
    lines, _ = doctor({**env, BACKEND_ENV: "null"})
    assert "sound: works, but into the silent test device: nothing is heard." in lines
