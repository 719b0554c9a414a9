"""The house rule "spades may be led at any time" at a shared table: the host opens the
table with it, every seat is told the table's rules, and the server's game lets the first
lead be a spade, which it refuses under the standard rule. Real server on 127.0.0.1; the
host is a bare websocket, so every frame is read as it was sent."""

from __future__ import annotations

import json
from typing import Any

import pytest
from net_helpers import running_server
from websockets.sync.client import connect

from spades_voice.net.wire.hellos import hello_create
from spades_voice.net.wire.protocol import table_rules_from_json
from spades_voice.rules import Match, MatchState, Ruleset, Seat, Suit

#: The server deals "house-rule/0" first: East deals, so South leads the first trick,
#: holding spades (the 2 the lowest) and other suits.
SEED = "house-rule"


def test_the_seed_gives_south_the_first_lead_with_spades_and_more() -> None:
    hand = MatchState(Match(Ruleset(), seed=f"{SEED}/0")).hand
    assert hand is not None and hand.dealer is Seat.E
    held = hand.held(Seat.S)
    assert held[0].code == "2S" and any(c.suit is not Suit.SPADES for c in held)


def _my_turn(frame: dict[str, Any], phase: str) -> bool:
    return frame.get("type") == "update" and any(
        e["kind"] == "turn" and e["seat"] == "S" and e["phase"] == phase
        for e in frame["events"]
    )


@pytest.mark.parametrize("house", [True, False])
def test_the_host_opens_a_table_under_the_house_rule(house: bool) -> None:
    rules = Ruleset(target=None, spades_any_time=house)
    with running_server(seed=SEED) as server, connect(server.url, max_size=2**22) as ws:
        ws.send(json.dumps(hello_create("Ann", Seat.S, rules)))
        welcome = json.loads(ws.recv(timeout=5))
        assert welcome["type"] == "welcome"
        assert welcome["rules"].get("spades_any_time", False) is house

        def until(done: Any) -> dict[str, Any]:
            while True:
                frame: dict[str, Any] = json.loads(ws.recv(timeout=10))
                if done(frame):
                    return frame

        ws.send(json.dumps({"type": "start", "id": 1}))
        until(lambda f: _my_turn(f, "bidding"))
        ws.send(json.dumps({"type": "bid", "bid": 3, "id": 2}))
        until(lambda f: _my_turn(f, "playing"))
        ws.send(json.dumps({"type": "play", "card": "2S", "id": 3}))
        answer = until(lambda f: f.get("id") == 3)
        if house:
            assert answer["type"] == "update"
            assert answer["view"]["spades_broken"] is True
        else:
            assert answer == {"type": "refused", "id": 3,
                              "reason": {"kind": "spades_not_broken"}}


def test_a_create_may_name_the_house_rule() -> None:
    """Before, a create was held to the keys the standard rules write, so it was refused."""
    assert table_rules_from_json({"spades_any_time": True}).spades_any_time is True
    assert table_rules_from_json({"target": 300}).spades_any_time is False
