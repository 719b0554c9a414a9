"""Real audio devices for tests on machines with no sound card.

ALSA reads ``~/.asoundrc``, so pointing HOME at a folder with one gives the real library
(miniaudio → libasound) a default device of our choosing:

* ``FILE_DEVICE``: ALSA's file plugin, which writes every sample the game plays to a raw
  file (over ALSA's null device, which has no clock: it takes samples as fast as they
  come, so keep such tests short);
* ``MISSING_DEVICE``: a default device on a card that does not exist: "no device", the
  same on every machine, even one with a sound card.

PulseAudio is pointed at a socket that does not exist, so it fails at once and the game's
own backend order (PulseAudio, then ALSA) is what picks the device.

libasound reads its configuration once per process and keeps it, so each device runs in
its own Python process (``run_python``), as it does for a player.
"""

from __future__ import annotations

import ctypes.util
import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

# wait_until lives in tests/helpers.py; the sound tests import it from here.
from helpers import wait_until as wait_until

from spades_voice.sound.device import BACKEND_ENV

#: The ALSA-device tests need Linux and libasound (installed by .ci/run).
needs_alsa = pytest.mark.skipif(
    not sys.platform.startswith("linux") or ctypes.util.find_library("asound") is None,
    reason="needs Linux with libasound (Debian: libasound2) for ALSA's file and null devices",
)

FILE_DEVICE = """pcm.!default {{
    type file
    slave.pcm "null"
    file "{out}"
    format "raw"
}}
"""
MISSING_DEVICE = """pcm.!default {
    type hw
    card 99
}
"""


def alsa_env(tmp_path: Path, conf: str, **extra: str) -> dict[str, str]:
    """An environment whose HOME has ``conf`` as .asoundrc, with the game's default
    backend order and no PulseAudio."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    (home / ".asoundrc").write_text(conf, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != BACKEND_ENV}
    env.update(HOME=str(home), PULSE_SERVER=f"unix:{tmp_path / 'no-pulse-here'}")
    env.update(extra)
    return env


def run_python(code: str, env: dict[str, str], timeout: float = 60) -> dict[str, object]:
    """Run ``code`` in a fresh Python; it prints one JSON object last, which is returned.
    Its stderr must be empty: nothing may reach a player's terminal."""
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True,
        timeout=timeout, stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stderr == "", proc.stderr
    result: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


@contextmanager
def silent_server(path: Path) -> Iterator[None]:
    """A Unix socket that accepts connections and never says a word (a hung server)."""
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.listen(8)
    server.settimeout(0.1)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(2)
        for conn in held:
            conn.close()
        server.close()
        if path.exists():
            os.unlink(path)
