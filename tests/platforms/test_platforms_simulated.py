"""The game as Windows and macOS would run it, as far as Linux allows.

Each test runs the installed ``spades-voice`` in its own process with
``simulated/sitecustomize.py`` first on PYTHONPATH: the game's own modules see
``sys.platform`` ``win32`` (or ``darwin``), on Windows ``os.name`` ``nt``, no POSIX-only
module (fcntl, termios, resource, pwd, grp, tty, pty) and no POSIX-only name in os and
signal, and multiprocessing without ``forkserver``. The terminal, prompt_toolkit and the
event loop stay Linux's. What is judged is what reaches the player: no traceback, the
greeting, plain words from ``doctor``, the page and a seat from ``serve``, a code from
``host``.

Not run anywhere here: a real Windows console (its input and output, ``Windows10_Output``),
a real Proactor event loop, NVDA, JAWS, VoiceOver, SAPI, winsound, afplay.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pexpect
import pytest
from helpers import descendants, game_program, wait_until

from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Ruleset

SIMULATED = Path(__file__).resolve().parent / "simulated"
PLATFORMS = ["win32", "darwin"]


def _env(platform: str, data: Path) -> dict[str, str]:
    data.mkdir(parents=True, exist_ok=True)
    return {
        **os.environ,
        "SPADES_VOICE_SIMULATE": platform,
        "PYTHONPATH": str(SIMULATED),
        "SPADES_VOICE_DATA_DIR": str(data),
        "XDG_CONFIG_HOME": str(data / "config"),
        "TERM": "xterm",
    }


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _no_traceback(text: str) -> None:
    """No traceback, nor its last line ("KeyError: 'x'") on a line of its own."""
    assert "Traceback" not in text, text
    assert not re.search(r"^\s*\w+(Error|Exception|Interrupt)\b", text, re.MULTILINE), text


def _ends_with_its_helpers(pid: int, started: set[int]) -> None:
    assert wait_until(lambda: not any(Path(f"/proc/{p}").exists() for p in started), 15.0), (
        f"a process {pid} started outlived it"
    )


@contextmanager
def _in_terminal(platform: str, data: Path, *argv: str) -> Iterator[pexpect.spawn]:
    child = pexpect.spawn(
        game_program(), ["--speech", "print", *argv] if not argv else [*argv],
        env=_env(platform, data), encoding="utf-8", timeout=60, dimensions=(24, 160),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    seen: list[str] = []
    child.logfile_read = _Keep(seen)
    try:
        yield child
    finally:
        started = descendants(child.pid)
        child.terminate(force=True)
        _ends_with_its_helpers(child.pid, started)
        _no_traceback("".join(seen))


class _Keep:
    """Every character the game wrote to its terminal, for the traceback check."""

    def __init__(self, into: list[str]) -> None:
        self._into = into

    def write(self, text: str) -> None:
        self._into.append(text)

    def flush(self) -> None:
        pass


def test_the_game_sees_the_simulated_platform(tmp_path: Path) -> None:
    """The simulation reaches the game's modules and only them: the test below would
    prove nothing if the game still saw Linux."""
    probe = (
        "import sys, spades_voice.store.lock as lock, spades_voice.net.computers.pool as c\n"
        "print(lock.sys.platform, lock.os.name, sys.platform, c.start_method())\n"
        "try:\n"
        "    exec('import termios', {'__name__': 'spades_voice.probe'})\n"
        "    print('termios importable')\n"
        "except ModuleNotFoundError:\n"
        "    print('no termios')\n"
    )
    said = {
        platform: subprocess.run(
            [sys.executable, "-c", probe], env=_env(platform, tmp_path / platform),
            capture_output=True, text=True, timeout=60, check=True,
        ).stdout.split("\n")
        for platform in PLATFORMS
    }
    assert said["win32"][:2] == ["win32 nt linux spawn", "no termios"]
    assert said["darwin"][:2] == ["darwin posix linux forkserver", "termios importable"]


@pytest.mark.parametrize("platform", PLATFORMS)
def test_the_game_starts_in_print_mode_and_quits_on_q_then_y(
    platform: str, tmp_path: Path
) -> None:
    with _in_terminal(platform, tmp_path, "--speech", "print", "--sound", "off") as game:
        game.expect_exact("Spades. Press question mark for help.")
        game.send("q")
        game.expect_exact("Quit the game?")
        game.send("y")
        game.expect_exact("Goodbye.")
        game.expect(pexpect.EOF)
        # The terminal closes a moment before the process has ended: wait for its status.
        assert game.wait() == 0


@pytest.mark.parametrize("platform", PLATFORMS)
def test_doctor_answers_in_plain_words(platform: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [game_program(), "doctor"], env=_env(platform, tmp_path), capture_output=True,
        text=True, timeout=60,
    )
    out = done.stdout + done.stderr
    _no_traceback(out)
    assert done.returncode == 0, out
    assert "print: works." in out
    assert "auto uses: print." in out  # nothing else can speak on this machine
    for output in ("prism", "screenreader", "tts", "braille", "sound"):
        assert f"\n{output}: " in out
    # Braille on Windows and macOS is the screen reader's: no word about BRLTTY's socket.
    assert (
        "braille: failed: on this system braille goes through your screen reader (the"
        " screenreader or prism output), not BRLTTY"
    ) in out.splitlines(), out


@pytest.mark.parametrize("platform", PLATFORMS)
def test_serve_serves_the_page_and_a_seat_and_its_computers_play(
    platform: str, tmp_path: Path
) -> None:
    port = _free_port()
    proc = subprocess.Popen(
        [game_program(), "serve", "--port", str(port), "--computer-delay", "0",
         "--level", "medium"],
        env=_env(platform, tmp_path), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True,
    )
    started: set[int] = set()
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert "Serving shared tables" in first, first + proc.stdout.read()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as page:
            assert b"<!doctype html>" in page.read()
        table = RemoteTable.create(f"ws://127.0.0.1:{port}", "Ann", rules=Ruleset(target=None))
        try:
            table.start()
            # The three computers bid in the server's worker processes (spawned, here).
            assert wait_until(lambda: len(table.view().bids) >= 1 or table.view().my_turn, 60)
            assert wait_until(lambda: table.view().my_turn, 60)
        finally:
            table.close()
        started = descendants(proc.pid)
        assert started, "the computers' workers"
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
        _no_traceback(first + out)
        assert "Server stopped." in out
        assert proc.returncode == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        _ends_with_its_helpers(proc.pid, started)


@pytest.mark.parametrize("platform", PLATFORMS)
def test_host_prints_a_code_and_quits_on_q_then_y(platform: str, tmp_path: Path) -> None:
    port = str(_free_port())
    with _in_terminal(
        platform, tmp_path, "host", "--speech", "print", "--sound", "off", "--port", port
    ) as host:
        host.expect(r"Table code (\w{4}-\w{4})\.")
        host.expect_exact("Press Enter to start")
        host.send("\r")
        host.expect(r"Your bid|bids|nil")  # the computers bid in spawned workers
        host.send("q")
        host.expect_exact("Quit the game?")
        host.send("y")
        host.expect_exact("Goodbye.")
        host.expect(pexpect.EOF)
