"""Fixtures for the real speech tests (see speech_helpers for what they start)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import end_session, wait_until
from speech_helpers import (
    CAPTURE_SH,
    SILENT_PLAYER,
    Brltty,
    SpeechdServer,
    speechd_command,
)


def _start_server(
    command: list[str], sock: Path, log: Path, env: dict[str, str]
) -> subprocess.Popen[bytes]:
    with (log / "server.out").open("ab") as server_log:
        proc = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=server_log, stderr=server_log,
            env=env, start_new_session=True,
        )
    if not wait_until(sock.exists, 15.0):
        end_session(proc)
        pytest.fail(f"speech-dispatcher did not start: {(log / 'server.out').read_text()}")
    return proc


@pytest.fixture
def capture_script() -> str:
    """The output module's program (speech_helpers.CAPTURE_SH); a test module may give
    its own by defining a fixture of this name."""
    return CAPTURE_SH


@pytest.fixture
def speechd_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capture_script: str
) -> Iterator[SpeechdServer]:
    """Start speech-dispatcher in tmp_path and point SPEECHD_ADDRESS at it.

    `kill()` ends it the hard way (SIGKILL, its module and the line playing with it) and
    returns when all of them have ended; `restart()` starts a new one on the same socket.
    """
    conf, out, log, run = (tmp_path / n for n in ("conf", "out", "log", "run"))
    command = speechd_command(conf, out, log, run, capture_script)
    sock = run / "speechd.sock"
    env = {**os.environ, "XDG_RUNTIME_DIR": str(run), "HOME": str(tmp_path)}
    procs = [_start_server(command, sock, log, env)]

    def kill() -> None:
        end_session(procs[-1], signal.SIGKILL)
        with contextlib.suppress(FileNotFoundError):
            sock.unlink()

    def restart() -> None:
        procs.append(_start_server(command, sock, log, env))

    try:
        address = f"unix_socket:{sock}"
        monkeypatch.setenv("SPEECHD_ADDRESS", address)
        monkeypatch.setenv("XDG_RUNTIME_DIR", str(run))
        # Never autospawn a real server from a test, whatever goes wrong.
        monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
        yield SpeechdServer(out, log, address, kill=kill, restart=restart)
    finally:
        for proc in procs:
            if proc.poll() is None:
                end_session(proc)


@pytest.fixture
def silent_player(tmp_path: Path) -> list[str]:
    """A WAV player that plays nothing but takes the audio's real time."""
    script = tmp_path / "silent_player.py"
    script.write_text(SILENT_PLAYER, encoding="utf-8")
    return [sys.executable, str(script)]




@pytest.fixture
def brltty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Brltty]:
    """A real BRLTTY whose braille display is its TTY driver on a pseudo-terminal.

    BrlAPI listens on 127.0.0.1 (port 4101 + N); BRLAPI_HOST and BRLAPI_AUTH point the
    client there, and CONTROLVT tells it which terminal is the game's.
    """
    import pty

    if shutil.which("brltty") is None:
        pytest.skip("brltty not installed (apt install brltty)")
    sys.modules.pop("brlapi", None)
    from spades_voice.speech.braille import load_brlapi

    if load_brlapi()[0] is None:
        pytest.skip("BrlAPI Python module not found (apt install python3-brlapi)")
    master, slave = pty.openpty()
    number = 40 + os.getpid() % 50
    host = f"127.0.0.1:{number}"
    work = tmp_path / "brltty"
    work.mkdir()
    with (work / "brltty.log").open("wb") as log:
        proc = subprocess.Popen(
            ["brltty", "-n", "-e", "-q", "-f", "/dev/null", "-F", "/dev/null",
             "-b", "tt", "-d", os.ttyname(slave), "-B", "lines=1,columns=40",
             "-x", "no", "-s", "no", "-A", f"auth=none,host={host}",
             "-W", str(work), "-U", str(work), "-P", str(work / "pid")],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True,
        )
    display = Brltty(host, master)
    try:
        import socket

        def listening() -> bool:
            with socket.socket() as probe:
                probe.settimeout(0.2)
                return probe.connect_ex(("127.0.0.1", 4101 + number)) == 0

        if not wait_until(listening, 10.0):
            pytest.fail(f"brltty did not start: {(work / 'brltty.log').read_text()}")
        # BrlAPI listens before the braille driver is up; wait until it drew the display.
        seen = ""
        deadline = time.monotonic() + 10
        while "no screen" not in seen and time.monotonic() < deadline:
            seen += display.shown(0.1)
        monkeypatch.setenv("BRLAPI_HOST", host)
        monkeypatch.setenv("BRLAPI_AUTH", "none")
        monkeypatch.setenv("CONTROLVT", "1")
        monkeypatch.delenv("SPADES_VOICE_BRLAPI_PATH", raising=False)
        yield display
    finally:
        end_session(proc)
        os.close(master)
        os.close(slave)
        sys.modules.pop("brlapi", None)
