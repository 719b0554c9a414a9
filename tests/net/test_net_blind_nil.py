"""Blind nil at a shared table: a seat's cards stay off the wire while blind nil is open to
it, and once they have been sent blind nil is refused. Real server on 127.0.0.1; the host
is a bare websocket, so every frame is read as it was sent."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from net_helpers import crash, free_port, running_server, serve, wait_for
from websockets.sync.client import ClientConnection, connect

from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire.hellos import hello_create, hello_rejoin
from spades_voice.rules import Phase, Ruleset, Seat

BLIND = Ruleset(target=None, blind_nil=True)


@contextmanager
def blind_table(url: str) -> Iterator[tuple[ClientConnection, list[dict[str, Any]]]]:
    """A bare host at South of a started blind-nil table; the frames it was sent."""
    with connect(url, max_size=2**22) as ws:
        ws.send(json.dumps(hello_create("Ann", Seat.S, BLIND)))
        frames = [json.loads(ws.recv(timeout=5)) for _ in range(2)]
        assert [f["type"] for f in frames] == ["welcome", "people"]
        ws.send(json.dumps({"type": "start", "id": 1}))
        yield ws, frames


def until(ws: ClientConnection, frames: list[dict[str, Any]], done: Any) -> dict[str, Any]:
    """Read frames into ``frames`` until one satisfies ``done``; that frame."""
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=5))
        frames.append(frame)
        if done(frame):
            return frame


def my_turn_to_bid(frame: dict[str, Any]) -> bool:
    return frame.get("type") == "update" and any(
        e["kind"] == "turn" and e["seat"] == "S" and e["phase"] == "bidding"
        for e in frame["events"]
    )


def views(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [f["view"] for f in frames if f.get("type") == "update" and "view" in f]


def test_no_card_is_sent_until_the_seat_looks_and_then_blind_nil_is_refused() -> None:
    with running_server() as server, blind_table(server.url) as (ws, frames):
        until(ws, frames, my_turn_to_bid)
        bidding = [v for v in views(frames) if v["phase"] == "bidding"]
        assert bidding and all(v["hand"] == [] and not v["hand_seen"] for v in bidding)
        assert "blind_nil" in bidding[-1]["legal_bids"]
        ws.send(json.dumps({"type": "reveal", "id": 2}))
        shown = until(ws, frames, lambda f: f.get("id") == 2)
        assert shown["type"] == "update" and len(shown["view"]["hand"]) == 13
        assert shown["view"]["hand_seen"] and "blind_nil" not in shown["view"]["legal_bids"]
        ws.send(json.dumps({"type": "bid", "bid": "blind_nil", "id": 3}))
        refused = until(ws, frames, lambda f: f.get("id") == 3)
        assert refused == {"type": "refused", "id": 3, "reason": {"kind": "blind_nil_seen"}}
        ws.send(json.dumps({"type": "bid", "bid": 3, "id": 4}))
        assert until(ws, frames, lambda f: f.get("id") == 4)["type"] == "update"


def test_blind_nil_without_looking_then_the_cards_come() -> None:
    with running_server() as server, blind_table(server.url) as (ws, frames):
        until(ws, frames, my_turn_to_bid)
        assert all(v["hand"] == [] for v in views(frames))
        ws.send(json.dumps({"type": "bid", "bid": "blind_nil", "id": 2}))
        answer = until(ws, frames, lambda f: f.get("id") == 2)
        assert answer["type"] == "update"
        assert ["S", "blind_nil"] in answer["view"]["bids"]
        # Bid, so nothing is open to hide any more: the cards come with this very answer.
        assert len(answer["view"]["hand"]) == 13


def test_a_seat_that_has_bid_a_number_is_sent_its_cards() -> None:
    with running_server() as server, blind_table(server.url) as (ws, frames):
        until(ws, frames, my_turn_to_bid)
        ws.send(json.dumps({"type": "bid", "bid": 4, "id": 2}))
        answer = until(ws, frames, lambda f: f.get("id") == 2)
        assert len(answer["view"]["hand"]) == 13


def test_a_table_without_blind_nil_sends_the_cards_at_once() -> None:
    with running_server() as server, connect(server.url) as ws:
        ws.send(json.dumps(hello_create("Ann", Seat.S, Ruleset(target=None))))
        frames = [json.loads(ws.recv(timeout=5)) for _ in range(2)]
        ws.send(json.dumps({"type": "start", "id": 1}))
        first = until(ws, frames, lambda f: f.get("id") == 1)
        assert len(first["view"]["hand"]) == 13


def test_the_reference_client_looks_and_holds_the_cards_when_reveal_returns() -> None:
    with running_server() as server:
        host = RemoteTable.create(server.url, "Ann", seat=Seat.S, rules=BLIND)
        try:
            host.start()
            wait_for(lambda: host.view().phase is Phase.BIDDING)
            assert host.view().hand == () and not host.view().hand_seen
            host.reveal()
            assert len(host.view().hand) == 13 and host.view().hand_seen
        finally:
            host.close()



def test_a_seat_that_looked_before_a_restart_cannot_bid_blind_nil_after_it(
    tmp_path: Path,
) -> None:
    data, port = tmp_path / "data", free_port()
    url = f"ws://127.0.0.1:{port}"
    with serve(data, port) as first, blind_table(url) as (ws, frames):
        welcome = frames[0]
        until(ws, frames, my_turn_to_bid)
        ws.send(json.dumps({"type": "reveal", "id": 2}))
        assert len(until(ws, frames, lambda f: f.get("id") == 2)["view"]["hand"]) == 13
        crash(first)
    with serve(data, port), connect(url, max_size=2**22) as ws:
        ws.send(json.dumps(hello_rejoin(welcome["table"], welcome["token"])))
        frames = []
        back = until(ws, frames, lambda f: f.get("type") == "update" and "view" in f)
        assert back["view"]["phase"] == "bidding" and len(back["view"]["hand"]) == 13
        ws.send(json.dumps({"type": "bid", "bid": "blind_nil", "id": 3}))
        refused = until(ws, frames, lambda f: f.get("id") == 3)
        assert refused["type"] == "refused" and refused["reason"] == {"kind": "blind_nil_seen"}
