"""The shared-table commands as players run them, in pseudo-terminals against real
servers on 127.0.0.1: a friend on the host's computer, the code typed at a prompt, and
``join --any``."""

from __future__ import annotations

import os
import signal
import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pexpect
from helpers import descendants, wait_until

from spades_voice.net.door.hosting import ServerThread
from spades_voice.net.door.server import TableServer
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.options import Level
from spades_voice.rules import Ruleset, Seat
from spades_voice.store import DATA_DIR_ENV, Settings


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def command(data: Path, *argv: str) -> Iterator[pexpect.spawn]:
    """``spades-voice ARGV`` in a pseudo-terminal, speaking by print, files under ``data``."""
    data.mkdir(exist_ok=True)
    (data / "settings.json").write_bytes(Settings(speech="print").to_bytes())
    env = {**os.environ, DATA_DIR_ENV: str(data), "XDG_STATE_HOME": str(data / "state"),
           "TERM": "xterm"}
    child = pexpect.spawn(sys.executable, ["-m", "spades_voice", *argv], env=env,
                          encoding="utf-8", timeout=30, dimensions=(24, 200),
                          preexec_fn=_interruptible)
    try:
        yield child
    finally:
        started = descendants(child.pid)  # a host's server runs computers' workers
        child.terminate(force=True)
        assert wait_until(
            lambda: not any(Path(f"/proc/{pid}").exists() for pid in started), 10.0
        ), "a process the command started outlived it"


@contextmanager
def host_and_guest(tmp: Path, *options: str) -> Iterator[tuple[pexpect.spawn, pexpect.spawn]]:
    """Ann runs ``host`` (her own server, in her process; with ``options``) and Bo joins
    by the code she was given; both are in the lobby before the first deal, and Ann has
    heard Bo join."""
    port = free_port()
    with command(tmp / "ann", "host", "--name", "Ann", "--port", str(port), *options) as ann:
        ann.expect(r"Table code (\w{4}-\w{4})\.")
        code = ann.match.group(1)
        ann.expect("Press Enter to start")
        with command(tmp / "bo", "join", code, "--server", f"127.0.0.1:{port}",
                     "--name", "Bo") as bo:
            bo.expect("Waiting for the host to start.")
            ann.expect(r"Bo joined, sitting \w+\.")
            yield ann, bo


def _interruptible() -> None:
    """Ctrl-C reaches the command as it does at a player's terminal. A test run started in
    the background (``cmd &`` in a script, nohup) ignores SIGINT, every child inherits
    that, and Python then never raises KeyboardInterrupt: the host's Ctrl-C did nothing."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextmanager
def server() -> Iterator[str]:
    thread = ServerThread(TableServer(computer_delay=0.0, level=Level.EASY))
    host, port = thread.start()
    try:
        yield f"{host}:{port}"
    finally:
        thread.stop()


def test_a_friend_on_the_hosts_computer_gets_a_seat_of_their_own(tmp_path: Path) -> None:
    # The same data folder (one computer) and even the same name: the saved token is the
    # host's, yet the friend never takes the host's seat.
    port = free_port()
    with command(tmp_path, "host", "--name", "Ann", "--port", str(port)) as host:
        host.expect(r"Table code (\w{4}-\w{4})\.")
        code = host.match.group(1)
        host.expect("Press Enter to start")
        with command(tmp_path, "join", code, "--server", f"127.0.0.1:{port}",
                     "--name", "Ann") as friend:
            friend.expect("You sit North. Waiting for the host to start.")
            host.expect(r"Ann 2 joined, sitting North\.")
            assert "taken up" not in host.before


def test_the_code_can_be_typed_at_a_prompt(tmp_path: Path) -> None:
    with server() as address:
        host = RemoteTable.create(f"ws://{address}", "Ann", rules=Ruleset(target=None))
        try:
            with command(tmp_path, "join", "--server", address, "--name", "Bo") as guest:
                guest.expect("Type the table code, then press Enter.")
                guest.sendline(host.code.lower().replace("-", " "))
                guest.expect("You sit North. Waiting for the host to start.")
        finally:
            host.close()


def test_join_any_sits_at_a_public_table_and_says_who_is_there(tmp_path: Path) -> None:
    with server() as address:
        host = RemoteTable.create(f"ws://{address}", "Ann", seat=Seat.S, public=True,
                                  rules=Ruleset(target=None))
        try:
            with command(tmp_path, "join", "--any", "--server", address,
                         "--name", "Bo") as guest:
                guest.expect("You sit at a public table with Ann.")
                host.start()
                guest.expect(r"Hand 1\. \w+ deals?\.")
        finally:
            host.close()
        with command(tmp_path, "join", "--any", "--server", address, "--name", "Cy") as alone:
            alone.expect("You opened a public table. You are its host: press Enter to start.")
