"""Sent on to another process: the ``moved`` frame read by a client, the hello said
again there, and the registry's addresses (the socket tests are test_net_registry.py)."""

from __future__ import annotations

import doctest

import pytest

from spades_voice.net import registry
from spades_voice.net.seats.client import moved_from, moved_hello
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.hellos import hello_join, hello_join_any, hello_rejoin


def test_the_registrys_addresses() -> None:
    result = doctest.testmod(registry)
    assert result.attempted > 0 and result.failed == 0


def test_a_moved_frame_names_a_websocket_server_and_a_code() -> None:
    moved = moved_from({"type": "moved", "server": "wss://cards.example/p1",
                        "table": "k7mp 4qx2"})
    assert (moved.server, moved.code) == ("wss://cards.example/p1", "K7MP-4QX2")
    for server in ("https://cards.example/p1", "file:///etc/passwd", None, 7):
        with pytest.raises(p.ProtocolError):
            moved_from({"type": "moved", "server": server, "table": "K7MP-4QX2"})


def test_the_same_hello_is_said_where_the_table_is() -> None:
    join = hello_join("K7MP-4QX2", "Bo", token="t" * 24)
    assert moved_hello(join, "K7MP-4QX2") == join
    rejoin = hello_rejoin("K7MP-4QX2", "t" * 24)
    assert moved_hello(rejoin, "K7MP-4QX2") == rejoin
    # Play online found a table there: a join of it, by the same name.
    assert moved_hello(hello_join_any("Ed"), "K7MP-4QX2") == hello_join("K7MP-4QX2", "Ed")
