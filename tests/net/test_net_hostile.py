"""Hostile clients: garbage, wrong turns, cards not held, oversized frames, floods, bad
hellos. Each is refused, a connection that keeps it up is closed, and the table goes on."""

from __future__ import annotations

import contextlib
import json

import pytest
from net_helpers import close_code, play_until, raw_join, replies, running_server, wait_for
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from spades_voice.net.seats.client import JoinRefused
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.limits import Limits
from spades_voice.rules import Bid, Card, IllegalAction, Phase, Reason, Ruleset, Seat, Why
from spades_voice.table import Reviewable


def finish(tables: list[RemoteTable]) -> None:
    play_until(tables, lambda: all(t.view().winner is not None for t in tables))


class TestGarbage:
    def test_garbage_is_answered_until_the_connection_is_closed_and_play_goes_on(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
            try:
                with raw_join(server.url, host.code) as (ws, _seat):
                    host.start()
                    for junk in ("not json", "[]", '{"type": 5}', '{"type": "fly", "id": 3}'):
                        ws.send(junk)
                        assert replies(ws, ("error",))["type"] == "error"
                    ws.send(b"\x00\x01binary")
                    assert replies(ws, ("error",))["reason"] == {"kind": "not_text_frame"}
                    ws.send('{"type": "play", "card": "ZZ", "id": 9}')
                    error = replies(ws, ("error",))
                    assert error["id"] == 9 and error["reason"]["kind"] == "not_a_card"
                    ws.send('{"type": "ping", "id": 10}')
                    assert replies(ws, ("ok",)) == {"type": "ok", "id": 10}  # still welcome
                    with contextlib.suppress(ConnectionClosed):  # closed part-way through
                        for _ in range(20):
                            ws.send("{{{")
                    assert close_code(ws) == p.CLOSE_POLICY
                    # Its seat is now the computer's, and the hand is played out.
                    finish([host])
                    assert host.view().winner is not None
            finally:
                host.close()


class TestIllegalIntents:
    def test_out_of_turn_and_unheld_cards_are_refused_with_the_spoken_reason(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
            guest = RemoteTable.join(server.url, host.code, "Bo")
            tables = [host, guest]
            try:
                host.start()
                wait_for(lambda: any(t.view().my_turn for t in tables))
                idle = next(t for t in tables if not t.view().my_turn)
                with pytest.raises(IllegalAction, match=r"^not_your_turn_to_bid$"):
                    idle.submit(Bid(3))
                # Bid through to the first card a person must play.
                play_until(tables, lambda: all(t.view().phase is Phase.PLAYING for t in tables))
                wait_for(lambda: any(t.view().my_turn for t in tables))
                actor = next(t for t in tables if t.view().my_turn)
                other = next(t for t in tables if t is not actor)
                view = actor.view()
                foreign = next(c for c in other.view().hand)
                with pytest.raises(IllegalAction) as refused:
                    actor.submit(foreign)
                assert refused.value.reason == Reason.of(Why.NOT_HELD, card=foreign)
                with pytest.raises(IllegalAction, match=r"^bidding_over$"):
                    actor.submit(Bid(4))
                illegal = [c for c in view.hand if c not in view.legal_cards]
                if illegal:
                    with pytest.raises(IllegalAction, match=r"^(must_follow|spades_not_broken)"):
                        actor.submit(illegal[0])
                assert actor.view() == view  # nothing refused changed the table
                assert not isinstance(actor, Reviewable)  # no undo at a shared table
                with pytest.raises(IllegalAction, match=r"^only_host$"):
                    guest.new_match()
                finish(tables)
            finally:
                for t in tables:
                    t.close()

    def test_a_raw_play_of_another_seats_card_is_refused(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
            try:
                with raw_join(server.url, host.code) as (ws, _):
                    host.start()
                    ws.send(json.dumps({"type": "bid", "bid": 99, "id": 1}))
                    assert replies(ws, ("error",))["reason"] == {
                        "kind": "not_a_record_bid", "text": "99", "nil": "nil", "blind": "blind_nil"
                    }
                    card = host.view().hand[0]
                    ws.send(json.dumps({"type": "play", "card": card.code, "id": 2}))
                    refused = replies(ws, ("refused",))
                    assert refused["id"] == 2
                    assert refused["reason"] in (
                        {"kind": "bidding_not_over"},
                        {"kind": "not_your_turn"},
                        {"kind": "not_held", "card": card.code},
                    )
                    ws.send(json.dumps({"type": "start", "id": 3}))
                    assert replies(ws, ("refused",))["reason"] == {"kind": "only_host"}
                    ws.close()
                    finish([host])
            finally:
                host.close()


class TestSize:
    def test_an_oversized_message_is_dropped_and_a_huge_frame_closes(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, "Ann")
            try:
                with raw_join(server.url, host.code) as (ws, _):
                    ws.send(json.dumps({"type": "ping", "id": 1, "pad": "x" * 3000}))
                    assert replies(ws, ("error",))["reason"]["kind"] == "too_big"
                    ws.send('{"type": "ping", "id": 2}')
                    assert replies(ws, ("ok",))["id"] == 2
                    ws.send("x" * (p.MAX_FRAME + 1))
                    assert close_code(ws) == p.CLOSE_TOO_BIG
                    wait_for(lambda: not any(x.connected for x in host.people() if not x.you))
            finally:
                host.close()


class TestFlood:
    def test_a_flood_closes_the_connection_and_the_table_goes_on(self) -> None:
        with running_server(limits=Limits(rate=10, burst=30)) as server:
            host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
            try:
                with raw_join(server.url, host.code) as (ws, _):
                    host.start()
                    with contextlib.suppress(ConnectionClosed):
                        for i in range(200):
                            ws.send(json.dumps({"type": "ping", "id": i}))
                    assert close_code(ws) == p.CLOSE_POLICY
                    # The host plays fast too but within the rate, so this is the server's
                    # computer answering for the flooder's seat.
                    finish([host])
            finally:
                host.close()


class TestHello:
    def test_a_wrong_code_is_refused(self) -> None:
        with running_server() as server:
            with pytest.raises(JoinRefused, match="No table has that code"):
                RemoteTable.join(server.url, "AAAA-AAAA", "Bo")
            with pytest.raises(JoinRefused, match="eight letters"):
                RemoteTable.join(server.url, "nope", "Bo")

    def test_repeated_wrong_codes_from_one_address_are_refused_for_a_while(self) -> None:
        limits = Limits(failed_codes_per_minute=3)
        with running_server(limits=limits) as server:
            for _ in range(3):
                with pytest.raises(JoinRefused, match="No table"):
                    RemoteTable.join(server.url, "AAAA-AAAA", "Bo")
            host = RemoteTable.create(server.url, "Ann")
            try:
                with pytest.raises(JoinRefused, match="Too many wrong codes"):
                    RemoteTable.join(server.url, host.code, "Bo")
            finally:
                host.close()

    def test_other_protocol_versions_and_silence_are_refused(self) -> None:
        with running_server(limits=Limits(hello_seconds=0.2)) as server:
            with connect(server.url) as ws:
                ws.send(json.dumps({"type": "join", "protocol": 99, "table": "AAAA-AAAA"}))
                assert close_code(ws) == p.CLOSE_VERSION
            with connect(server.url) as ws:  # version 1 views carried every hand's score
                ws.send(json.dumps({"type": "join", "protocol": 1, "table": "AAAA-AAAA"}))
                assert close_code(ws) == p.CLOSE_VERSION
            with connect(server.url) as ws:
                assert close_code(ws) == p.CLOSE_HELLO
            with connect(server.url) as ws:
                hello = {"type": "play", "protocol": p.PROTOCOL_VERSION, "card": "AS"}
                ws.send(json.dumps(hello))
                assert close_code(ws) == p.CLOSE_HELLO

    def test_a_fifth_person_is_refused(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, "Ann", seat=Seat.E)
            guests = [RemoteTable.join(server.url, host.code, n) for n in ("Bo", "Cy", "Di")]
            try:
                assert guests[0].seat is Seat.W  # the host's partner
                with pytest.raises(JoinRefused, match="The table is full"):
                    RemoteTable.join(server.url, host.code, "Ed")
                wait_for(lambda: all(x.person for x in host.people()))
                names = [x.name for x in host.people()]
                assert sorted(names) == ["Ann", "Bo", "Cy", "Di"]
            finally:
                for t in (host, *guests):
                    t.close()

    def test_names_are_cleaned_and_kept_apart(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, " Ann\x07\n ")
            guest = RemoteTable.join(server.url, host.code, "ann")
            try:
                wait_for(lambda: sum(x.person for x in host.people()) == 2)
                names = {x.name for x in host.people() if x.person}
                assert names == {"Ann", "ann 2"}
                assert not {"Ann", "ann 2"} & {x.name for x in host.people() if not x.person}
            finally:
                host.close()
                guest.close()


def test_cards_round_trip_in_intents() -> None:
    assert p.decision_from_json(p.decision_to_json(Card.from_code("10S"))) == Card.from_code("TS")
