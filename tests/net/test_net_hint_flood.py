"""Honest tables never freeze (issue 40, item 1): a table's computer move is never lost,
whatever becomes of the workers, and hints (a browser seat's I) are paid for by the seat
that asks, after the tables' moves.

Every test here goes over real sockets on 127.0.0.1 to a real server with real worker
processes, and waits for events, never for a time.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from net_helpers import hello, play_until, running_server, wait_for
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from spades_voice.ai import REFERENCE_RATE
from spades_voice.alone.guest import GuestDoor
from spades_voice.commands.net_common import web_page
from spades_voice.narration.browser import HINT_BUSY, HINT_THINKING
from spades_voice.net.door.hosting import ServerThread
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.hellos import hello_join
from spades_voice.net.wire.limits import Limits
from spades_voice.rules import Phase, Ruleset, Seat


def _bids_done(table: RemoteTable) -> bool:
    view = table.view()
    return view.phase is Phase.PLAYING or view.hand_number > 1


def _hand_done(table: RemoteTable) -> bool:
    return table.view().hand_number > 1 or table.view().winner is not None


def _measured(server: ServerThread) -> None:
    """Wait until the pool has measured its work rate: the measuring job is a worker's."""
    pool = server.server.computers
    wait_for(lambda: server.call(lambda: pool.rate) is not REFERENCE_RATE, timeout=60)


def test_a_pool_restart_leaves_no_table_without_its_computers_move() -> None:
    """A worker hangs; the decision it holds times out and the workers restart. Before,
    the restart cancelled every other table's queued decision (a ``CancelledError`` the
    pool did not catch), and those tables never moved again."""
    with running_server(workers=1) as server:
        pool = server.server.computers
        pool.timeout = 5.0  # a bound on a hung worker, not a measure: it never answers
        _measured(server)
        tables = [
            RemoteTable.create(server.url, f"Ann{i}", seat=Seat.S, rules=Ruleset(target=None))
            for i in range(5)
        ]
        (hung,) = pool.worker_pids()

        def restarted() -> bool:
            return bool(server.call(lambda: pool.restarts) >= 1)

        os.kill(hung, signal.SIGSTOP)
        try:
            for table in tables:
                table.start()
            # The tables reach their computers' turns (each person bids when asked), and
            # their decisions wait on the one hung worker until it is given up.
            def thinking() -> int:
                by_code = server.server.tables
                return int(server.call(lambda: sum(
                    by_code[t.code].play.turns.thinking is not None for t in tables
                )))

            play_until(tables, lambda: thinking() == len(tables) or restarted())
            wait_for(restarted, timeout=60)
            # Every table plays on to the end of its bidding: none was left stuck.
            play_until(tables, lambda: all(_bids_done(t) for t in tables), timeout=120)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(hung, signal.SIGKILL)
            for table in tables:
                table.close()


def _parent(pid: int) -> int:
    """The process that started ``pid`` (a worker's: the fork server)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[1])


def test_a_pool_restart_does_not_hold_up_the_server() -> None:
    """The workers that replace hung ones were started on the server's loop, which
    waited until each was up: on a busy machine (the workers run below the loop's
    priority) that is seconds, and every table and every hello waited with it (the
    proxy test once had a wrong code go unanswered for 35 s). Here the new workers
    cannot start at all (their fork server is stopped), and a hello is still answered;
    once they can, the table's computer moves."""
    with running_server(workers=1) as server:
        pool = server.server.computers
        pool.timeout = 5.0  # a bound on a hung worker, not a measure: it never answers
        _measured(server)
        table = RemoteTable.create(server.url, "Ann", seat=Seat.S, rules=Ruleset(target=None))
        (hung,) = pool.worker_pids()
        forks = _parent(hung)
        os.kill(forks, signal.SIGSTOP)
        os.kill(hung, signal.SIGSTOP)
        try:
            table.start()
            play_until([table], lambda: server.call(lambda: pool.restarts) >= 1, timeout=120)
            assert hello(server.url, hello_join("AAAA-AAAA", "Eve"))[0] == p.CLOSE_NO_TABLE
        finally:
            os.kill(forks, signal.SIGCONT)
            with contextlib.suppress(ProcessLookupError):
                os.kill(hung, signal.SIGKILL)
        try:
            play_until([table], lambda: _bids_done(table), timeout=120)
        finally:
            table.close()


def _seat_url(server: ServerThread) -> str:
    return f"{server.url}/seat"


def _heard(ws: ClientConnection, timeout: float = 60.0) -> dict[str, Any]:
    return dict(json.loads(ws.recv(timeout=timeout)))


@contextlib.contextmanager
def _flooder(server: ServerThread, name: str) -> Iterator[ClientConnection]:
    """A browser seat that opens a table of its own, starts it, and holds its turn."""
    with connect(_seat_url(server), max_size=2**22) as ws:
        ws.send(json.dumps({"type": "create", "protocol": p.PROTOCOL_VERSION, "name": name,
                            "rules": {"target": None}}))
        assert _heard(ws)["type"] == "welcome"
        ws.send(json.dumps({"type": "act", "action": "move_on"}))  # the host's Start
        while True:
            frame = _heard(ws)
            if frame.get("my_turn") and "alone" in frame:
                break
        yield ws


def test_a_flood_of_hints_does_not_stop_an_honest_tables_computers() -> None:
    """Seats that hold their turn and press I as fast as their socket goes: before, each
    hint was one more job in the one queue, ahead of the tables' moves, until a decision
    timed out, the pool restarted and tables froze. Now an honest table plays its hand
    while the flood goes on, and the flooders hear that the computers are busy."""
    page = web_page(argparse.Namespace(public_url=None, cert=None), "127.0.0.1", 0)
    # The page's seats are the guest door's (the seat's shell), which lets the flood in.
    flood = GuestDoor(limits=Limits(rate=10_000, burst=10_000))
    with running_server(web=page, guest=flood) as server:
        _measured(server)
        heard: list[str] = []
        stop = threading.Event()
        flooding = threading.Event()
        failed: list[BaseException] = []

        def flood(name: str) -> None:
            try:
                _flood(name)
            except BaseException as e:  # the test reports it, not the thread
                failed.append(e)
                flooding.set()

        def _flood(name: str) -> None:
            with _flooder(server, name) as ws:
                flooding.set()
                with contextlib.suppress(ConnectionClosed, TimeoutError):
                    while not stop.is_set():
                        for _ in range(20):
                            ws.send(json.dumps({"type": "press", "key": "i"}))
                        with contextlib.suppress(TimeoutError):
                            while True:
                                frame = _heard(ws, timeout=0.05)
                                heard.extend(str(x) for x in list(frame.get("urgent") or []))

        floods = [threading.Thread(target=flood, args=(f"F{i}",)) for i in range(4)]
        for t in floods:
            t.start()
        honest = RemoteTable.create(server.url, "Ann", seat=Seat.S, rules=Ruleset(target=None))
        try:
            flooding.wait(60)
            assert not failed, failed
            honest.start()
            play_until([honest], lambda: _hand_done(honest), timeout=180)
            wait_for(lambda: HINT_BUSY in heard or HINT_THINKING in heard, timeout=60)
        finally:
            stop.set()
            for t in floods:
                t.join(60)
            honest.close()
