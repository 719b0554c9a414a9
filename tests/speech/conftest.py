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
from helpers import wait_until
from speech_helpers import (
    CAPTURE_CONF,
    CAPTURE_SH,
    SILENT_PLAYER,
    SPEECHD_CONF,
    Brltty,
    SpeechdServer,
    require_speechd_stack,
)


def _start_server(
    conf: Path, modules: Path, sock: Path, run: Path, log: Path, env: dict[str, str]
) -> subprocess.Popen[bytes]:
    with (log / "server.out").open("ab") as server_log:
        proc = subprocess.Popen(
            [
                "speech-dispatcher", "--run-single", "--timeout", "0",
                "--config-dir", str(conf), "--module-dir", str(modules),
                "--communication-method", "unix_socket", "--socket-path", str(sock),
                "--pid-file", str(run / "speechd.pid"), "--log-dir", str(log),
            ],
            stdin=subprocess.DEVNULL, stdout=server_log, stderr=server_log,
            env=env, start_new_session=True,
        )
    if not wait_until(sock.exists, 15.0):
        _stop(proc)
        pytest.fail(f"speech-dispatcher did not start: {(log / 'server.out').read_text()}")
    return proc


def _stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    """End the server and everything it started, and wait until they have ended.

    speech-dispatcher runs in its own session (start_new_session), but a module runs each
    line's synthesis in a process group of its own: killing the server's group leaves
    that line "playing", and its capture.sh writes .done after the kill. So the whole
    session is ended, and the call returns only when nothing of it is left running.
    """
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, sig)
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=5)
    deadline = time.monotonic() + 5.0
    while left := _running_in_session(proc.pid):
        if time.monotonic() > deadline:
            pytest.fail(f"speech-dispatcher's processes {left} outlived a SIGKILL")
        for pid in left:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.02)


def _running_in_session(sid: int) -> list[int]:
    """Processes of session `sid` still running (zombies have ended; nobody may reap them
    in a container whose first process does not)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # it ended while we looked
        # pid (comm) state ppid pgrp session ...: comm may hold spaces and parentheses.
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


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
    modules = require_speechd_stack()
    conf, out, log, run = (tmp_path / n for n in ("conf", "out", "log", "run"))
    for folder in (conf / "modules", out, log, run):
        folder.mkdir(parents=True)
    script = tmp_path / "capture.sh"
    script.write_text(capture_script, encoding="utf-8")
    script.chmod(0o755)
    (conf / "speechd.conf").write_text(SPEECHD_CONF.format(log=log), encoding="utf-8")
    (conf / "modules" / "capture.conf").write_text(
        CAPTURE_CONF.format(script=script, out=out), encoding="utf-8"
    )
    sock = run / "speechd.sock"
    env = {**os.environ, "XDG_RUNTIME_DIR": str(run), "HOME": str(tmp_path)}
    procs = [_start_server(conf, modules, sock, run, log, env)]

    def kill() -> None:
        _stop(procs[-1], signal.SIGKILL)
        with contextlib.suppress(FileNotFoundError):
            sock.unlink()

    def restart() -> None:
        procs.append(_start_server(conf, modules, sock, run, log, env))

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
                _stop(proc)


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
        _stop(proc)
        os.close(master)
        os.close(slave)
        sys.modules.pop("brlapi", None)
