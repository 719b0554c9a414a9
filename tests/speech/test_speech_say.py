"""On a Mac without espeak-ng the fallback voice is macOS's own ``say`` (pyttsx3, which
would bring pyobjc's 155 packages, is not installed there).

The installed game runs as macOS would show it to its own code
(``tests/platforms/simulated``), with ``say`` and ``afplay`` on PATH as small programs:
this ``say`` makes its WAV with espeak-ng, so the audio is real and known, and ``afplay``
is the stand-in player that logs what it was given. No espeak-ng is on PATH.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
from pathlib import Path

import pexpect
import pytest
from helpers import game_program, wait_until
from speech_helpers import audio_sha, make_fake_player

SIMULATED = Path(__file__).resolve().parents[1] / "platforms" / "simulated"

FAKE_SAY = r'''
import os, subprocess, sys
args = sys.argv[1:]
out = args[args.index("-o") + 1]
assert args[args.index("-f") + 1] == "-" and "--data-format=LEI16@22050" in args
text = sys.stdin.read()
with open(os.environ["FAKE_SAY_LOG"], "a", encoding="utf-8") as log:
    log.write(text + "\n")
subprocess.run([os.environ["FAKE_SAY_ESPEAK"], "--stdin", "-w", out], input=text.encode(),
               check=True)
'''


def test_on_a_mac_without_espeak_the_game_speaks_through_say(tmp_path: Path) -> None:
    espeak = shutil.which("espeak-ng")
    if espeak is None:
        pytest.skip("espeak-ng not installed (apt install espeak-ng)")
    player = make_fake_player(tmp_path, "afplay")
    script = tmp_path / "fake_say.py"
    script.write_text(FAKE_SAY, encoding="utf-8")
    say = player.bin_dir / "say"
    say.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{script}" "$@"\n', encoding="utf-8")
    say.chmod(0o755)
    said = tmp_path / "say.log"
    env = {
        **os.environ,
        "PATH": str(player.bin_dir),  # no espeak-ng, no other player
        "PYTHONPATH": str(SIMULATED),
        "SPADES_VOICE_SIMULATE": "darwin",
        "SPADES_VOICE_DATA_DIR": str(tmp_path / "data"),
        "FAKE_PLAYER_LOG": str(player.log),
        "FAKE_SAY_LOG": str(said),
        "FAKE_SAY_ESPEAK": espeak,
        "TERM": "xterm",
    }
    greeting = "Spades. Press question mark for help."
    game = pexpect.spawn(game_program(), ["--speech", "tts", "--sound", "off"], env=env,
                         encoding="utf-8", timeout=60,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert wait_until(lambda: audio_sha(greeting) in player.played("end"), 60)
        game.send("q")
        game.send("y")
        game.expect(pexpect.EOF)
    finally:
        game.close(force=True)
    assert greeting in said.read_text(encoding="utf-8").splitlines()
    assert "Traceback" not in (game.before or "")
