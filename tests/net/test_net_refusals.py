"""What is not in the table of rules is refused with a reason, never read as something
else: unknown rule keys, targets the game does not offer, a ``public`` that is not true or
false. Chat loses escape sequences whole and towers of combining marks. Real server,
raw websocket frames on 127.0.0.1."""

from __future__ import annotations

import json
from typing import Any

import pytest
from net_helpers import raw_join, replies, running_server
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from spades_voice.narration.reasons import say_reason
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.hellos import hello_create
from spades_voice.net.wire.reasons import close_reason


def create(url: str, **fields: Any) -> tuple[str, int | None, str]:
    """The first frame's type and, if the server closed, its code and reason."""
    with connect(url) as ws:
        ws.send(json.dumps({**hello_create("Ann"), **fields}))
        try:
            first: dict[str, Any] = json.loads(ws.recv(timeout=5))
            return first["type"], None, ""
        except ConnectionClosed:
            return "", ws.close_code, say_reason(close_reason(ws.close_reason))


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"rules": {"target": 10**12}},
         "rules.target must be one of 200, 300, 500, or null for a single hand."),
        ({"rules": {"target": 499}}, "rules.target must be one of 200"),
        ({"rules": {"target": 500.0}}, "rules.target must be one of 200"),
        ({"rules": {"target": True}}, "rules.target must be one of 200"),
        ({"rules": {"colour": "red"}},
         "rules.colour is not one of target, blind_nil, failed_nil_tricks, spades_any_time."),
        ({"rules": {"blind_nil": "yes"}}, "rules.blind_nil must be true or false"),
        ({"timers": {"bid": 30, "think": 5}}, "timers.think is not one of bid, play."),
        ({"public": "yes"}, "public must be true or false."),
        ({"public": 1}, "public must be true or false."),
    ],
    ids=repr,
)
def test_a_create_outside_the_table_of_rules_is_refused_with_the_reason(
    fields: dict[str, Any], reason: str
) -> None:
    with running_server() as server:
        kind, code, said = create(server.url, **fields)
        assert kind == "" and code == p.CLOSE_HELLO
        assert said.startswith(reason)
        assert not server.server.tables


@pytest.mark.parametrize(
    "fields",
    [{"rules": {"target": None, "blind_nil": True}}, {"rules": {"target": 200}},
     {"rules": {}}, {"public": True}, {}],
    ids=repr,
)
def test_what_the_table_of_rules_offers_is_accepted(fields: dict[str, Any]) -> None:
    with running_server() as server:
        assert create(server.url, **fields)[0] == "welcome"


def test_chat_loses_escapes_whole_and_towers_of_marks() -> None:
    with running_server() as server:
        host = RemoteTable.create(server.url, "Ann")
        try:
            with raw_join(server.url, host.code) as (ws, _):
                text = "\x1b[31mred\x1b[0m \x1b]0;title\x07a" + "\u0301" * 150 + " \x9b2Jok"
                ws.send(json.dumps({"type": "say", "text": text, "id": 1}))
                said = replies(ws, ("update",))
                [chat] = [e for e in said["events"] if e["kind"] == "chat"]
                assert chat["text"] == "red \u00e1" + "\u0301" * 3 + " ok"
        finally:
            host.close()


def test_names_lose_escapes_whole_and_towers_of_marks() -> None:
    with running_server() as server:
        host = RemoteTable.create(server.url, "\x1b[1mAnn\x1b[0m" + "\u0301" * 150)
        try:
            [me] = [x for x in host.people() if x.you]
            assert me.name == "An\u0144" + "\u0301" * 3  # NFC takes the first mark in
        finally:
            host.close()


def test_a_timers_intent_with_a_key_the_game_lacks_is_refused() -> None:
    with running_server() as server:
        host = RemoteTable.create(server.url, "Ann")
        try:
            with raw_join(server.url, host.code) as (ws, _):
                ws.send(json.dumps({"type": "timers", "timers": {"fast": 1}, "id": 1}))
                error = replies(ws, ("error", "refused"))
                assert error == {"type": "error", "id": 1, "reason": {
                    "kind": "unknown_key", "field": "timers", "key": "fast", "known": "bid, play"
                }}
        finally:
            host.close()
