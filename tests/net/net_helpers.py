"""Shared helpers for the net tests: a real server on 127.0.0.1 and seats that play."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

# descendants and wait_for live in tests/helpers.py; the net tests import them from here.
from helpers import descendants as descendants
from helpers import wait_for as wait_for
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from spades_voice.ai import Level, make_player
from spades_voice.net.door.hosting import ServerThread
from spades_voice.net.door.server import TableServer
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire.hellos import hello_join
from spades_voice.net.wire.limits import Limits
from spades_voice.rules import IllegalAction, Seat, Why


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def gone(pids: set[int], timeout: float = 10.0) -> None:
    """Wait until none of ``pids`` is running: nothing a test started may outlive it."""
    wait_for(lambda: not any(Path(f"/proc/{pid}").exists() for pid in pids), timeout)


def crash(proc: subprocess.Popen[str]) -> set[int]:
    """SIGKILL ``proc`` (a ``serve``), as a power cut or the OOM killer would, and wait
    until it and every process it started (its computers' workers) have ended; returns
    those it had started."""
    helpers = descendants(proc.pid)
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    gone(helpers)  # nothing the server started outlives it
    return helpers


@contextlib.contextmanager
def serve(data: Path, port: int, *extra: str) -> Iterator[subprocess.Popen[str]]:
    """``spades-voice serve`` in its own process, the way a player runs it."""
    env = {**os.environ, "SPADES_VOICE_DATA_DIR": str(data)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "spades_voice", "serve", "--port", str(port),
         "--computer-delay", "0", "--level", "easy", *extra],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "Serving shared tables" in line, line + proc.stdout.read()
        yield proc
    finally:
        helpers = descendants(proc.pid) if proc.poll() is None else set()
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
        gone(helpers)  # its computers' workers end with it
        if proc.stdout is not None:
            proc.stdout.close()


@contextlib.contextmanager
def running_server(
    computer_delay: float = 0.0,
    limits: Limits | None = None,
    seed: str = "net-test",
    port: int = 0,
    **options: Any,
) -> Iterator[ServerThread]:
    """A table server on 127.0.0.1 at ``port`` (0: a free one), on its own thread, dealing
    matches from ``seed`` so that a test plays the same cards every run."""
    count = itertools.count()
    # Test seats answer in microseconds, far above any person's rate: lift the limit
    # except where a test is about it.
    limits = limits or Limits(rate=10_000, burst=10_000)
    thread = ServerThread(
        TableServer(
            limits=limits,
            computer_delay=computer_delay,
            new_seed=lambda: f"{seed}/{next(count)}",
            **{"level": Level.EASY, **options},
        ),
        port=port,
    )
    thread.start()
    try:
        yield thread
    finally:
        thread.stop()


def play_until(
    tables: list[RemoteTable],
    done: Callable[[], bool],
    timeout: float = 60.0,
    seed: int = 7,
    before_move: Callable[[RemoteTable], None] | None = None,
) -> int:
    """Each table whose turn it is decides like an Easy computer; returns moves made."""
    players = {id(t): make_player(Level.EASY, random.Random(f"{seed}/{t.seat}")) for t in tables}
    deadline = time.monotonic() + timeout
    moves = 0
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("the match did not finish in time")
        acted = False
        for t in tables:
            view = t.view()
            if view.my_turn and view.winner is None:
                if before_move is not None:
                    before_move(t)
                try:
                    t.submit(players[id(t)].decide(view))
                except IllegalAction as e:
                    # Only a stale view can be refused: a timer played for us, or the
                    # next deal came, meanwhile (its update arrives before the refusal).
                    stale = e.reason.kind in (Why.NOT_YOUR_TURN, Why.NOT_YOUR_TURN_TO_BID)
                    if not stale and t.view() == view:
                        raise
                moves += 1
                acted = True
        if not acted:
            time.sleep(0.002)
    return moves


@contextlib.contextmanager
def raw_join(
    url: str, code: str, name: str = "Mallory"
) -> Iterator[tuple[ClientConnection, Seat]]:
    """A bare websocket seated at ``code`` (after welcome and people), for hostile tests."""
    with connect(url, max_size=2**22) as ws:
        ws.send(json.dumps(hello_join(code, name)))
        welcome = json.loads(ws.recv(timeout=5))
        assert welcome["type"] == "welcome", welcome
        assert json.loads(ws.recv(timeout=5))["type"] == "people"
        yield ws, Seat.from_code(welcome["seat"])


def replies(ws: ClientConnection, kinds: tuple[str, ...], timeout: float = 5.0) -> dict[str, Any]:
    """The next frame of one of ``kinds``, skipping updates and people lists."""
    deadline = time.monotonic() + timeout
    while True:
        data: dict[str, Any] = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if data["type"] in kinds:
            return data


def close_code(ws: ClientConnection, timeout: float = 5.0) -> int | None:
    """Read until the server closes ``ws``; the close code it sent."""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ws.recv(timeout=max(0.01, deadline - time.monotonic()))
    except ConnectionClosed:
        pass
    return ws.close_code


@contextlib.contextmanager
def raw_sockets(port: int, source: str, count: int) -> Iterator[list[socket.socket]]:
    socks: list[socket.socket] = []
    try:
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", port), timeout=5,
                                         source_address=(source, 0))
            socks.append(s)
        yield socks
    finally:
        for s in socks:
            s.close()


def ws_from(url: str, source: str, **headers: str) -> ClientConnection:
    return connect(
        url, source_address=(source, 0), additional_headers=headers or None, open_timeout=5
    )


def hello(url: str, message: dict[str, object], source: str = "127.0.0.1",
          **headers: str) -> tuple[int | None, dict[str, object] | None]:
    """Say one hello from ``source``; the close code (None while seated) and the welcome."""
    with ws_from(url, source, **headers) as ws:
        ws.send(json.dumps(message))
        with contextlib.suppress(Exception):
            # Generous: a welcome later than this would be taken for a refusal.
            first = json.loads(ws.recv(timeout=30))
            if first["type"] == "welcome":
                return None, first
        return close_code(ws), None


def timers_pending(server: ServerThread, code: str) -> int:
    """What the table ``code`` has scheduled to do on its own, read on the server's loop."""

    async def read() -> int:
        return server.server.tables[code].play.turns.pending()

    return asyncio.run_coroutine_threadsafe(read(), server.loop).result(5)
