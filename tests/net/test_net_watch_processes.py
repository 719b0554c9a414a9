"""Watchers across processes and through a restart: a real redis-server of the test's own
as the registry (as tests/net/test_net_registry.py runs it) and two ``spades-voice serve
--registry`` processes on 127.0.0.1; one is killed mid-hand and started again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from net_helpers import crash, free_port, play_until, serve, wait_for
from proxy_helpers import REDIS_SERVER, redis_server
from test_net_secrecy import codes_in
from test_net_watch import PUBLIC

from spades_voice.narration.reasons import say_reason
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.seats.watch_table import WatchTable
from spades_voice.rules import Ruleset
from spades_voice.table import Event, Notice

redis = pytest.importorskip("redis", reason="the registry extra (redis-py) is not installed")
pytestmark = pytest.mark.skipif(REDIS_SERVER is None, reason="redis-server is needed")


def notices(events: list[Event]) -> list[str]:
    return [say_reason(e.reason) for e in events if isinstance(e, Notice)]


def test_a_watcher_finds_the_table_in_another_process_and_rides_out_its_restart(
    tmp_path: Path,
) -> None:
    p1, p2 = free_port(), free_port()
    one, two = f"ws://127.0.0.1:{p1}", f"ws://127.0.0.1:{p2}"
    tables: list[RemoteTable] = []
    heard: list[Event] = []
    try:
        with redis_server(tmp_path / "redis") as (url, _store), \
                serve(tmp_path / "two", p2, "--registry", url):
            registry = redis.Redis.from_url(url, decode_responses=True, socket_timeout=5)
            with serve(tmp_path / "one", p1, "--registry", url) as first:
                ann = RemoteTable.create(one, "Ann", rules=Ruleset(target=None), public=True)
                bo = RemoteTable.join(one, ann.code, "Bo")
                tables += [ann, bo]
                wait_for(lambda: registry.hget("spades:codes", ann.code) == one)
                # Wes has the code and the other process's address: he is sent on.
                wes = WatchTable.watch(two, ann.code, "Wes", keep_frames=True,
                                       reconnect_seconds=60)
                tables.append(wes)
                assert wes.client.url == one
                wait_for(lambda: "Wes is watching." in notices(ann.drain()))
                ann.start()
                # Another listener asks the other process for the busiest public table
                # being played: it is Ann's, in the first process.
                wait_for(lambda: registry.zscore("spades:playing", ann.code) == 2)
                any_table = WatchTable.watch_any(two, "Vi")
                assert (any_table.code, any_table.client.url) == (ann.code, one)
                any_table.close()
                play_until([ann, bo], lambda: len(ann.view().tricks) >= 2)
                wait_for(lambda: len(wes.view().tricks) >= 2)
                crash(first)  # mid-hand, a power cut
            wait_for(lambda: "Connection to the table lost. Trying to reconnect." in
                     notices(heard.__iadd__(wes.drain()) or heard))
            with serve(tmp_path / "one", p1, "--registry", url):
                # Taken back, told so, and what it missed in one catch-up.
                wait_for(lambda: any(t.startswith("Back to watching.") for t in
                                     notices(heard.__iadd__(wes.drain()) or heard)), 60)
                back = next(t for t in notices(heard) if t.startswith("Back to watching."))
                assert "Missed: bids" in back or "You missed nothing." in back
                # (whoever is back first hears "Wes is back."; everyone's list has him)
                wait_for(lambda: ann.watchers() == ["Wes"], 30)
                for t in (ann, bo):  # the players are back at their seats too
                    said: list[str] = []
                    wait_for(lambda t=t, said=said: any(
                        x.startswith("Back at your seat.")
                        for x in said.__iadd__(notices(t.drain())) or said), 30)
                play_until([ann, bo], lambda: ann.view().winner is not None, 120)
                wait_for(lambda: wes.client.over, 30)
                heard += wes.drain()
                final = wes.view()
                assert final.winner is not None and not final.hand
                assert sum(isinstance(e, PUBLIC) for e in heard) > 0
                # Across the restart no frame named a card still in someone's hand.
                no_hidden_card(wes.frames)
    finally:
        for t in tables:
            t.close()


def no_hidden_card(frames: list[str]) -> None:
    """Every card a watcher's frames name had been played when it was named: a view holds
    no hand and names only its tricks' cards; an event names the card just played or
    cards played before. (The seed of a served match is secret, so the scan works from
    what was public, one hand: a single-hand match.)"""
    played: set[str] = set()
    for raw in frames:
        frame = json.loads(raw)
        if "seq" not in frame:
            assert not codes_in(frame), frame  # welcome, people
            continue
        view = frame.get("view")
        if view is not None:
            assert not view["hand"] and not view["legal_cards"], view
            in_view = {c for t in view["tricks"] for c in t["cards"]}
            in_view |= set(view["current"]["cards"])
            assert {c.code for c in codes_in(view)} <= in_view, view
            played |= in_view
        for event in frame["events"]:
            if event["kind"] == "card":
                played.add(event["card"])
            assert {c.code for c in codes_in(event)} <= played, event
