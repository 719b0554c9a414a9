"""Seats belong to people: a saved token never takes a seat someone is using, one
connection holds one seat, and a newcomer mid-hand never sees a computer's cards."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path
from typing import Any

import pytest
from net_helpers import play_until, replies, running_server, wait_for
from websockets.sync.client import connect

from spades_voice.commands import net_common as commands
from spades_voice.narration.notices import Told
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire.hellos import hello_join
from spades_voice.rules import Ruleset, Seat
from spades_voice.table import Notice


class TestSameMachine:
    def test_a_join_with_the_hosts_saved_token_gets_its_own_seat(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, "Ann", reconnect_seconds=0)
            # The friend found the host's token (same computer, same file).
            friend = RemoteTable.join(server.url, host.code, "Bo", token=host.token)
            try:
                assert not friend.back
                assert friend.seat is not host.seat and friend.token != host.token
                # The host hears of the friend's arrival on its own connection, after the
                # server took the join: had the join taken the host's seat, the host's
                # connection would have been closed before that (and never heard it).
                wait_for(lambda: sum(x.person and x.connected for x in host.people()) == 2)
                assert host.closed_reason is None  # the host still has the seat
            finally:
                friend.close()
                host.close()

    def test_a_saved_token_gives_back_a_seat_nobody_is_using(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, "Ann")
            guest = RemoteTable.join(server.url, host.code, "Bo")
            code, token, seat = guest.code, guest.token, guest.seat
            guest.close()
            wait_for(lambda: not {x.seat: x for x in host.people()}[seat].connected)
            again = RemoteTable.join(server.url, code, "Bo", token=token)
            try:
                assert again.back and again.seat is seat and again.token == token
            finally:
                again.close()
                host.close()

    def test_tokens_are_saved_per_name_in_a_private_file(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setenv("SPADES_VOICE_DATA_DIR", str(tmp_path / "data"))
        commands.remember_token("127.0.0.1:8765", "K7MP-4QX2", "Ann", "token-ann")
        commands.remember_token("127.0.0.1:8765", "K7MP-4QX2", "Bo", "token-bo")
        assert commands.remembered_token("127.0.0.1:8765", "K7MP-4QX2", "ann") == "token-ann"
        assert commands.remembered_token("127.0.0.1:8765", "K7MP-4QX2", "Bo") == "token-bo"
        assert commands.remembered_token("127.0.0.1:8765", "K7MP-4QX2", "Cy") is None
        path = tmp_path / "data" / "seats.json"
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
        assert stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700
        path.write_bytes(b"\xff not json")  # unreadable: as good as no file
        assert commands.remembered_token("127.0.0.1:8765", "K7MP-4QX2", "Ann") is None


class TestOneSeatPerConnection:
    def test_a_second_hello_on_a_seated_connection_is_not_a_second_seat(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, "Ann")
            try:
                with connect(server.url) as ws:
                    ws.send(json.dumps(hello_join(host.code, "Bo")))
                    assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
                    ws.send(json.dumps({**hello_join(host.code, "Bo2"), "id": 5}))
                    assert replies(ws, ("error",))["id"] == 5
                    ws.send(json.dumps({"type": "ping", "id": 6}))
                    assert replies(ws, ("ok",))["id"] == 6
                    wait_for(lambda: sum(x.person for x in host.people()) == 2)  # Ann, Bo
            finally:
                host.close()


def frames_until(ws: Any, done: Any, timeout: float = 30.0) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    while not out or not done(out[-1]):
        out.append(json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic()))))
    return out


class TestMidHand:
    def test_a_newcomer_mid_hand_waits_for_the_next_deal_and_never_sees_the_computers_cards(
        self,
    ) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=500))
            try:
                host.start()
                play_until([host], lambda: len(host.view().tricks) >= 2)
                with connect(server.url) as ws:
                    ws.send(json.dumps(hello_join(host.code, "Bo")))
                    welcome = json.loads(ws.recv(timeout=5))
                    assert welcome["waiting"] is True
                    seat = Seat.from_code(welcome["seat"])
                    ws.send(json.dumps({"type": "play", "card": "AS", "id": 1}))
                    heard = frames_until(ws, lambda f: f.get("type") == "refused")
                    assert heard[-1]["reason"] == {"kind": "play_next_deal"}
                    people = next(f for f in heard if f["type"] == "people")
                    entry = next(e for e in people["people"] if e["seat"] == seat.value)
                    assert entry["person"] is False and entry["next"] == "Bo"
                    play_until([host], lambda: host.view().hand_number >= 2)
                    frames = heard + frames_until(ws, lambda f: "view" in f)
                    before = frames[:-1]
                    assert not any("view" in f for f in before)
                    assert not any(
                        e.get("kind") in ("card", "bid", "turn")
                        for f in before for e in f.get("events", [])
                    )
                    told = [e["reason"] for f in before for e in f.get("events", [])]
                    assert {"kind": "you_sit_next_deal", "seat": seat.value,
                            "computer": told[-1].get("computer")} in told
                    view = frames[-1]["view"]
                    assert view["seat"] == seat.value and view["hand_number"] == 2
                    assert len(view["hand"]) == 13
                wait_for(lambda: any(
                    isinstance(e, Notice) and e.reason.kind == Told.NOW_SITS for e in host.drain()
                ))
            finally:
                host.close()

    def test_the_host_can_let_a_newcomer_sit_down_at_once(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=500))
            try:
                host.start()
                play_until([host], lambda: len(host.view().tricks) >= 1)
                guest = RemoteTable.join(server.url, host.code, "Bo")
                try:
                    assert guest.waiting and not guest.started
                    host.admit(guest.seat)
                    wait_for(lambda: guest.started and len(guest.view().hand) > 0)
                    assert guest.view().hand_number == 1
                    wait_for(lambda: {x.seat: x for x in host.people()}[guest.seat].person)
                    play_until([host, guest], lambda: host.view().hand_number >= 2)
                finally:
                    guest.close()
            finally:
                host.close()


def test_the_speech_log_which_hears_the_table_code_is_private(tmp_path: Path) -> None:
    from spades_voice.speech import make_speaker

    log = tmp_path / "speech.log"
    speaker = make_speaker("none", None, log)
    try:
        speaker.query("Table code K 7 M P, 4 Q X 2.")
    finally:
        speaker.close()
    assert "K 7 M P" in log.read_text(encoding="utf-8")
    assert stat.S_IMODE(os.stat(log).st_mode) == 0o600
