"""Many processes, one server to the players (issue 40): a real redis-server of the
test's own (a unix socket in the test's folder) as the registry, two ``spades-voice
serve --registry`` processes behind Debian's nginx with docs/scaling.md's block."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest
from net_helpers import crash, free_port, play_until, serve, wait_for
from proxy_helpers import NGINX, PROXY_ADDRESS, REDIS_SERVER, nginx, redis_server
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from spades_voice.narration.closes import Closed
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.hellos import hello_join
from spades_voice.net.wire.reasons import close_reason
from spades_voice.rules import Reason, Ruleset
from spades_voice.store import DATA_DIR_ENV, Settings

redis = pytest.importorskip("redis", reason="the registry extra (redis-py) is not installed")
pytestmark = pytest.mark.skipif(
    NGINX is None or REDIS_SERVER is None,
    reason="nginx and redis-server are needed (.ci/run installs Debian's)",
)


def page_seat(url: str, origin: str, hello: dict[str, Any], source: str) -> dict[str, Any]:
    """A browser seat's websocket with the page's origin: the first frame its hello gets.
    The socket then closes (a seated page seat's computer plays for it)."""
    with connect(url, origin=origin, source_address=(source, 0),  # type: ignore[arg-type]
                 open_timeout=10) as ws:
        ws.send(json.dumps(hello))
        first: dict[str, Any] = json.loads(ws.recv(timeout=30))
        return first


def page_join(front: int, path: str, hello: dict[str, Any], source: str) -> dict[str, Any]:
    """What the page does: say hello at its own process's seat and, sent on by a
    ``moved`` frame, say it again at the seat it names (same origin: the proxy)."""
    origin = f"http://127.0.0.1:{front}"
    first = page_seat(f"ws://127.0.0.1:{front}{path}/seat", origin, hello, source)
    assert first["type"] == "moved", first
    assert first["seat"].startswith(f"ws://127.0.0.1:{front}/"), first
    return page_seat(first["seat"], origin, {**hello, "table": first["table"]}, source)


@contextlib.contextmanager
def join_command(data: Path, *argv: str) -> Iterator[pexpect.spawn]:
    """``spades-voice join ARGV`` in a pseudo-terminal, speaking by print."""
    data.mkdir()
    (data / "settings.json").write_bytes(Settings(speech="print").to_bytes())
    env = {**os.environ, DATA_DIR_ENV: str(data), "XDG_STATE_HOME": str(data / "state"),
           "TERM": "xterm"}
    child = pexpect.spawn(sys.executable, ["-m", "spades_voice", "join", *argv], env=env,
                          encoding="utf-8", timeout=30, dimensions=(24, 200))
    try:
        yield child
    finally:
        child.terminate(force=True)


def test_a_code_and_play_online_find_a_table_in_either_process(tmp_path: Path) -> None:
    p1, p2, front = free_port(), free_port(), free_port()
    one, two = f"ws://127.0.0.1:{front}/p1", f"ws://127.0.0.1:{front}/p2"
    tables: list[RemoteTable] = []

    def options(path: str, url: str) -> tuple[str, ...]:
        return ("--registry", url, "--trust-proxy", PROXY_ADDRESS,
                "--public-url", f"http://127.0.0.1:{front}/{path}/")

    try:
        with redis_server(tmp_path / "redis") as (url, store), \
                serve(tmp_path / "two", p2, *options("p2", url)) as second, \
                nginx(tmp_path / "nginx", front, p1, p2):
            registry = redis.Redis.from_url(url, decode_responses=True, socket_timeout=5)
            with serve(tmp_path / "one", p1, *options("p1", url)) as first:
                # Ann opens a public table at /p1; the registry lists its code there.
                ann = RemoteTable.create(one, "Ann", rules=Ruleset(target=300), public=True)
                tables.append(ann)
                wait_for(lambda: registry.hget("spades:codes", ann.code) == one)
                # Bo, given only the code, runs `join CODE --server …/p2`: he is sent on
                # to /p1, sits, and leaves before the deal (a computer plays for him).
                with join_command(tmp_path / "bo", ann.code, "--server", two,
                                  "--name", "Bo") as bo:
                    bo.expect("Waiting for the host to start.")
                    wait_for(lambda: any(x.name == "Bo" for x in ann.people()))
                # Di joins from /p2's page: sent on to /p1's seat, with the proxy's origin.
                welcome = page_join(front, "/p2", {"type": "join", "table": ann.code,
                                                   "name": "Di", "lang": "en"}, "127.0.0.31")
                assert welcome["type"] == "welcome" and welcome["table"] == ann.code
                # (her page closed: a computer plays for her until she comes back)
                # Ed presses Play online at /p2, where no table waits: he sits at Ann's.
                ed = RemoteTable.join_any(two, "Ed")
                tables.append(ed)
                assert ed.code == ann.code
                wait_for(lambda: {x.name for x in ann.people()} == {"Ann", "Bo", "Di", "Ed"})

                # Fay's public table at /p2 is found by Play online at /p1 (Ann's is full).
                fay = RemoteTable.create(two, "Fay", rules=Ruleset(target=300), public=True)
                tables.append(fay)
                wait_for(lambda: registry.zscore("spades:lobby", fay.code) is not None)
                wait_for(lambda: registry.zscore("spades:lobby", ann.code) is None)
                gus = RemoteTable.join_any(one, "Gus")
                tables.append(gus)
                assert (gus.code, gus.client.url) == (fay.code, two)

                # Both tables play; /p1 is killed mid-hand.
                ann.start()
                fay.start()
                ours = [ann, ed, fay, gus]
                play_until(ours, lambda: min(len(t.view().tricks) for t in ours) >= 1)
                crash(first)
            # /p2's table plays on undisturbed, and /p1's codes are on their way out.
            tricks = len(fay.view().tricks)
            play_until([fay, gus], lambda: len(fay.view().tricks) > tricks)
            assert 0 < registry.pttl(f"spades:alive:{one}") <= 15_000
            with serve(tmp_path / "one", p1, *options("p1", url)):
                # Back from its file, Ann's table is listed again and reachable by its
                # code through /p2: Di's page takes her seat back with her token.
                back = page_join(front, "/p2", {"type": "rejoin", "table": ann.code,
                                                "token": welcome["token"], "lang": "en"},
                                 "127.0.0.31")
                assert back["type"] == "welcome" and back["table"] == ann.code

                # Redis hangs, then is gone: seated tables play on; a code /p2 does not
                # hold is refused, within the registry's bound, in words that say why.
                for lost, source in ((signal.SIGSTOP, "127.0.0.32"), (signal.SIGKILL,
                                                                      "127.0.0.33")):
                    store.send_signal(lost)
                    tricks = len(fay.view().tricks)
                    play_until([fay, gus], lambda n=tricks: len(fay.view().tricks) > n)
                    with connect(two, source_address=(source, 0)) as ws:
                        ws.send(json.dumps(hello_join(ann.code, "Hal")))
                        with contextlib.suppress(ConnectionClosed):
                            ws.recv(timeout=30)
                        assert (ws.close_code, close_reason(ws.close_reason)) == (
                            p.CLOSE_NO_TABLE, Reason(Closed.REGISTRY_LOST)
                        )

                # Redis comes back empty: each process lists its tables again, and the
                # code is found through /p2 once more.
                with redis_server(tmp_path / "redis") as (again, _):
                    fresh = redis.Redis.from_url(again, decode_responses=True,
                                                 socket_timeout=5)
                    wait_for(lambda: fresh.hget("spades:codes", ann.code) == one)
                    back = page_join(front, "/p2", {"type": "rejoin", "table": ann.code,
                                                    "token": welcome["token"], "lang": "en"},
                                     "127.0.0.34")
                    assert back["type"] == "welcome" and back["table"] == ann.code
                assert second.poll() is None
    finally:
        for t in tables:
            t.close()
