"""Every field of a hello is read before it is used: a seat token that is not a token (not
text, too long, letters no token has) is a wrong token, counted as a wrong guess, and a
live code answers exactly as a dead one does, so a prober learns nothing. Real server,
raw websocket frames on 127.0.0.1."""

from __future__ import annotations

import json
from typing import Any

import pytest
from net_helpers import running_server
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from spades_voice.narration.reasons import say_reason
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.limits import Limits
from spades_voice.net.wire.reasons import close_reason

DEAD = "AAAA-AAAA"
BAD_TOKENS: list[Any] = ["éééééééé", "x" * 65, 12345, ["a"], {"t": 1}, True, "\x00" * 8]


def answer(url: str, hello: dict[str, Any]) -> tuple[int | None, str]:
    """The close code and reason the server ends a hello with."""
    with connect(url) as ws:
        ws.send(json.dumps({"protocol": p.PROTOCOL_VERSION, **hello}))
        try:
            while True:
                ws.recv(timeout=5)
        except ConnectionClosed:
            pass
        return ws.close_code, say_reason(close_reason(ws.close_reason))


@pytest.mark.parametrize("token", BAD_TOKENS, ids=repr)
def test_a_bad_token_is_a_wrong_token_at_a_live_code_and_a_dead_one(token: Any) -> None:
    with running_server() as server:
        host = RemoteTable.create(server.url, "Ann")
        try:
            live = answer(server.url, {"type": "rejoin", "table": host.code, "token": token})
            dead = answer(server.url, {"type": "rejoin", "table": DEAD, "token": token})
            assert live == dead
            assert live[0] == p.CLOSE_NO_TABLE
            # The table is still there and its host's own token still works.
            back = RemoteTable.rejoin(server.url, host.code, host.token, reconnect_seconds=0)
            back.close()
        finally:
            host.close()


def test_bad_tokens_count_as_wrong_guesses_and_then_codes_answer_alike() -> None:
    with running_server(limits=Limits(rate=10_000, burst=10_000,
                                      failed_codes_per_minute=3)) as server:
        host = RemoteTable.create(server.url, "Ann")
        try:
            for token in ("éééééééé", 7, "y" * 80):
                code, _ = answer(server.url, {"type": "rejoin", "table": host.code,
                                              "token": token})
                assert code == p.CLOSE_NO_TABLE
            # The guesses are used up: live and dead codes answer the same.
            live = answer(server.url, {"type": "rejoin", "table": host.code, "token": "é"})
            dead = answer(server.url, {"type": "rejoin", "table": DEAD, "token": "é"})
            assert live == dead and live[0] == p.CLOSE_BUSY
        finally:
            host.close()


def test_a_join_with_a_bad_token_sits_as_a_newcomer() -> None:
    with running_server() as server:
        host = RemoteTable.create(server.url, "Ann")
        try:
            guest = RemoteTable.join(server.url, host.code, "Bo", token="éé")
            assert guest.seat is not host.seat and not guest.back
            guest.close()
        finally:
            host.close()


@pytest.mark.parametrize(
    "fields",
    [{"name": 5}, {"name": ""}, {"seat": "Q"}, {"seat": 3}, {"name": None}],
    ids=repr,
)
def test_a_bad_join_field_is_refused_alike_at_a_live_code_and_a_dead_one(
    fields: dict[str, Any],
) -> None:
    with running_server() as server:
        host = RemoteTable.create(server.url, "Ann")
        try:
            hello = {"type": "join", "name": "Bo", **fields}
            live = answer(server.url, {**hello, "table": host.code})
            dead = answer(server.url, {**hello, "table": DEAD})
            assert live == dead and live[0] == p.CLOSE_HELLO and live[1]
        finally:
            host.close()
