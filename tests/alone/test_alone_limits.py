"""A page playing alone holds a connection like any other: its address's sockets are
counted together, whichever door they came through (``/seat``, ``/alone``, a client's),
and what is refused hears the same words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from alone_helpers import AlonePage, alone_server
from net_helpers import wait_for
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from spades_voice.narration import closes
from spades_voice.net.door.hosting import ServerThread
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.limits import Limits

ONE = {"X-Forwarded-For": "203.0.113.7"}
TWO = {"X-Forwarded-For": "203.0.113.8"}


def _seat(server: ServerThread, headers: dict[str, str]) -> ClientConnection:
    """A browser seat at a table of its own, from the address ``headers`` forward."""
    host, port = server.address or ("127.0.0.1", 0)
    ws = connect(f"ws://{host}:{port}/seat", origin=f"http://{host}:{port}",
                 additional_headers=headers, open_timeout=30).__enter__()
    ws.send(json.dumps({"type": "create", "protocol": p.PROTOCOL_VERSION, "name": "Ann"}))
    assert json.loads(ws.recv(timeout=30))["type"] == "welcome"
    return ws


def _refused(opening: object) -> InvalidStatus:
    with pytest.raises(InvalidStatus) as refused:
        opening()  # type: ignore[operator]
    return refused.value


def test_alone_and_seat_sockets_share_an_addresses_limit(tmp_path: Path) -> None:
    """Behind a trusted proxy (where the door cannot count the players, only the proxy),
    two pages alone and a seat fill an address's share of three: a fourth, alone or at
    a seat, is refused with the same words; another address is not held up; a page
    closed gives its place back. Before, ``/alone`` was not counted at all."""
    # Opens are not paced here (the pace has its own test): only the count refuses.
    limits = Limits(connections_per_address=3, opens_per_second=1e6, rate=10_000, burst=10_000)
    with alone_server(tmp_path, limits=limits,
                      server={"trusted_proxies": ("127.0.0.1",)}) as server:
        first = AlonePage(server, headers=ONE, level="easy")
        second = AlonePage(server, headers=ONE, level="easy")
        seat = _seat(server, ONE)  # each was welcomed: each is counted now
        alone = _refused(lambda: AlonePage(server, headers=ONE))
        at_seat = _refused(lambda: _seat(server, ONE))
        for refusal in (alone, at_seat):
            assert refusal.response.status_code == 429
            assert refusal.response.body.decode() == closes.TOO_MANY_REQUESTS
        other = AlonePage(server, headers=TWO, level="easy")  # another address plays
        other.until(lambda q: q.state["bidding"])
        first.close()
        wait_for(lambda: server.call(lambda: server.server.connections) == 3)  # it went
        again = AlonePage(server, headers=ONE, level="easy")
        again.until(lambda q: q.state["bidding"])
        for ws in (second, other, again):
            ws.close()
        seat.close()


def test_a_press_the_flood_guard_drops_is_said(tmp_path: Path) -> None:
    """Past the door's flood limit a key is not taken, and the page is told so in words
    (it was dropped in silence: a page pressing as fast as it heard lost its T)."""
    limits = Limits(rate=0.001, burst=3)  # the bucket does not refill within the test
    with alone_server(tmp_path, limits=limits) as server:
        page = AlonePage(server, level="easy")
        page.until(lambda p: p.state["bidding"])
        for key in ("s", "s", "s", "s"):
            page.ws.send(json.dumps({"type": "press", "key": key}))
        page.until(lambda p: ("now", "Too many messages. Slow down.") in p.said)
        page.close()
