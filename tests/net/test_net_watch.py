"""Watching a shared table: real sockets on 127.0.0.1, a real server, people playing."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from net_helpers import close_code, play_until, running_server, wait_for
from test_net_secrecy import codes_in, hidden_by_seq
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect

from spades_voice.narration import notices
from spades_voice.narration.reasons import say_reason
from spades_voice.narration.refusals import Refusal
from spades_voice.net.seats.client import JoinRefused
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.seats.watch_table import WatchTable
from spades_voice.net.table.tablestore import TableStore
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.hellos import hello_watch
from spades_voice.net.wire.limits import Limits
from spades_voice.net.wire.reasons import close_reason, reason_from_json
from spades_voice.rules import Bid, Card, IllegalAction, Reason, Ruleset
from spades_voice.table import (
    BidPlaced,
    CardPlayed,
    Event,
    HandDealt,
    HandScored,
    MatchWon,
    Notice,
    SpadesBroken,
    TrickWon,
)

PUBLIC = (HandDealt, BidPlaced, CardPlayed, SpadesBroken, TrickWon, HandScored, MatchWon)


def public(events: list[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, PUBLIC)]


def said(events: list[Event]) -> list[str]:
    return [say_reason(e.reason) for e in events if isinstance(e, Notice)]


def test_a_watcher_follows_a_whole_hand_and_never_gets_a_hidden_card() -> None:
    with running_server() as server:
        ann = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
        bo = RemoteTable.join(server.url, ann.code, "Bo")
        wes = WatchTable.watch(server.url, ann.code, "Wes", keep_frames=True)
        try:
            wait_for(lambda: "Wes is watching." in said(ann.drain_notices()))
            assert ann.watchers() == ["Wes"] and wes.watchers() == ["Wes"]
            ann.start()
            play_until([ann, bo], lambda: ann.view().winner is not None)
            table = server.server.tables[ann.code]
            state = table.state
            wait_for(lambda: any(isinstance(e, MatchWon) for e in wes.client._events))
            heard, played = wes.drain(), ann.drain()
            # Every public event, in the order the players had them.
            assert public(heard) == public(played)
            kinds = {type(e) for e in public(heard)}
            assert {HandDealt, BidPlaced, CardPlayed, TrickWon, HandScored, MatchWon} <= kinds
            assert sum(isinstance(e, CardPlayed) for e in heard) == 52
            # No frame names a card still in anyone's hand: every hand is hidden from it.
            after, during = hidden_by_seq(state, None)
            checked = 0
            for raw in wes.frames:
                frame = json.loads(raw)
                if "seq" not in frame:
                    assert not codes_in(frame), frame  # welcome, people
                    continue
                k = frame["seq"]
                view, events = codes_in(frame.get("view")), codes_in(frame["events"])
                assert codes_in(frame) == view | events
                leaked = [c for c in view if after[k] >> c.index & 1]
                leaked += [c for c in events if during[k] >> c.index & 1]
                assert not leaked, (k, leaked)
                assert not (frame.get("view") or {}).get("hand")
                checked += bool(view)
            assert checked >= 52  # not vacuous: the played cards were all there
            # The watcher's view is never its turn, and a card from it is refused.
            assert not wes.view().my_turn
            with pytest.raises(IllegalAction, match=r"^watchers_do_not_play$"):
                wes.submit(ann.view().tricks[0].cards[0])
        finally:
            wes.close()
            wait_for(lambda: "Wes stopped watching." in said(bo.drain_notices()))
            ann.close()
            bo.close()


def test_a_watcher_may_not_act_but_may_chat_unless_the_host_says_no() -> None:
    with running_server() as server:
        ann = RemoteTable.create(server.url, "Ann")
        wes = WatchTable.watch(server.url, ann.code, "Wes")
        try:
            for intent in ({"type": "start"}, {"type": "bid", "bid": 3},
                           {"type": "admit", "seat": "W"}):
                reply = _ask(wes, intent)
                assert reply["type"] == "refused", reply
                assert reply["reason"] == {"kind": "watchers_do_not_play"}
            wes.say("hello all")
            wait_for(lambda: any(getattr(e, "text", "") == "hello all" for e in ann.drain()))
            ann.set_watching(chat=False)
            with pytest.raises(IllegalAction, match=r"^watchers_quiet$"):
                wes.say("again")
            ann.set_watching(chat=True)
            ann.mute("wes", True)  # /mute works on a watcher by name
            with pytest.raises(IllegalAction, match=r"^muted$"):
                wes.say("again")
            with pytest.raises(IllegalAction, match=r"^watchers_do_not_play$"):
                wes.set_watching(allowed=False)
        finally:
            wes.close()
            ann.close()


def _ask(table: RemoteTable, message: dict[str, object]) -> dict[str, object]:
    """The server's own answer to ``message``, past the watcher's table."""
    future = asyncio.run_coroutine_threadsafe(table.client.request(message, 5), table._loop)
    return future.result(6)


def test_a_table_that_takes_no_watchers_refuses_them_in_plain_words() -> None:
    with running_server() as server:
        ann = RemoteTable.create(server.url, "Ann", watchers=False)
        try:
            with pytest.raises(JoinRefused, match="This table does not take watchers"):
                WatchTable.watch(server.url, ann.code, "Wes")
            ann.set_watching(allowed=True)
            wes = WatchTable.watch(server.url, ann.code, "Wes")
            ann.set_watching(allowed=False)  # the host changes their mind: Wes is let go
            wait_for(lambda: wes.closed_reason is not None)
            assert wes.closed_reason == Reason(Refusal.NO_WATCHERS)
            wes.close()
        finally:
            ann.close()


@contextlib.contextmanager
def watchers(url: str, code: str, count: int) -> Iterator[list[ClientConnection]]:
    """``count`` bare watchers, each past its welcome."""
    with contextlib.ExitStack() as stack:
        sockets = []
        for n in range(count):
            ws = stack.enter_context(connect(url))
            ws.send(json.dumps(hello_watch(code, f"W{n}")))
            assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
            sockets.append(ws)
        yield sockets


def test_sixteen_watch_and_the_seventeenth_is_refused() -> None:
    assert Limits().watchers_per_table == 16
    with running_server() as server:
        ann = RemoteTable.create(server.url, "Ann")
        try:
            with watchers(server.url, ann.code, 16):
                wait_for(lambda: len(ann.watchers()) == 16)
                with connect(server.url) as late:
                    late.send(json.dumps(hello_watch(ann.code, "Late")))
                    assert close_code(late) == p.CLOSE_FULL
                    assert say_reason(close_reason(late.close_reason)) == (
                        "This table has all the watchers it can take."
                    )
        finally:
            ann.close()


def test_watchers_count_in_the_connections_of_an_address() -> None:
    # Opens are not paced here (1000 a second): only the count can refuse the fifth.
    limits = Limits(rate=10_000, burst=10_000, connections_per_address=4,
                    opens_per_second=1000)
    with running_server(limits=limits) as server:
        ann = RemoteTable.create(server.url, "Ann")
        try:
            # Refused at the door, before any handshake (an answer that is no HTTP, or
            # the socket cut, seen while the request is sent or read): the host's seat
            # and three watchers are open.
            with watchers(server.url, ann.code, 3), \
                    pytest.raises((InvalidHandshake, ConnectionClosed, OSError)):
                connect(server.url, open_timeout=10)
            # Gone (their sockets closed at the door too), they made room again.
            wait_for(lambda: server.call(lambda: server.server.sockets) == 1)
            with watchers(server.url, ann.code, 3):
                pass
        finally:
            ann.close()


def test_the_hosts_choice_about_watchers_outlives_the_server(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    with running_server(store=TableStore(path)) as server:
        ann = RemoteTable.create(server.url, "Ann", watchers=False)
        ann.set_watching(chat=False)
        code = ann.code
        ann.close()
        wait_for(lambda: server.call(lambda: server.server.tables[code].connected) == 0)
    with running_server(store=TableStore(path)) as server:
        choices = server.call(lambda: server.server.tables[code].out.audience.choices())
        assert choices == {"allowed": False, "chat": False}
        with pytest.raises(JoinRefused, match="This table does not take watchers"):
            WatchTable.watch(server.url, code, "Wes")


def test_a_tables_file_from_before_watchers_opens_with_watching_allowed(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite3"
    with sqlite3.connect(path) as db:  # the tables table as it was before watchers
        db.execute("CREATE TABLE tables (code TEXT PRIMARY KEY, rules TEXT NOT NULL, "
                   "timers TEXT NOT NULL, seed TEXT NOT NULL, host TEXT, started INTEGER "
                   "NOT NULL, public INTEGER NOT NULL, address TEXT NOT NULL)")
        db.execute("INSERT INTO tables VALUES ('K7MP-4QX2', '{}', '{}', 's', NULL, 0, 0, '?')")
    store = TableStore(path)
    [stored] = store.open()
    assert stored.watching == {}
    store.close()


def test_a_watcher_coming_back_hears_what_it_missed_and_the_players_hear_it_is_back() -> None:
    with running_server() as server:
        ann = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
        bo = RemoteTable.join(server.url, ann.code, "Bo")
        try:
            ann.start()
            play_until([ann, bo], lambda: len(ann.view().tricks) >= 1)
            state = server.server.tables[ann.code].state
            cards = sum(isinstance(d, Card) for d in state.decisions)
            with connect(server.url) as ws:  # back after hearing none of it (seen 0)
                ws.send(json.dumps({**hello_watch(ann.code, "Wes"), "seen": 0}))
                frames = [json.loads(ws.recv(timeout=10)) for _ in range(3)]
            assert [f["type"] for f in frames] == ["welcome", "people", "update"]
            [notice] = frames[2]["events"]
            assert notice["reason"] == {
                "kind": "back_watching_missed", "bids": 4, "cards": cards,
                "where": {"kind": "in_hand", "number": 1},
            }, notice
            assert say_reason(reason_from_json(notice["reason"])) == (
                f"Back to watching. Missed: bids 4, cards {cards}. Hand 1."
            )
            assert not frames[2]["view"]["hand"]
            wait_for(lambda: "Wes is back." in said(ann.drain()))
        finally:
            ann.close()
            bo.close()


def test_a_watcher_never_hears_a_blind_nil_seats_or_a_waiting_persons_cards() -> None:
    with running_server() as server:
        ann = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None, blind_nil=True))
        wes = WatchTable.watch(server.url, ann.code, "Wes", keep_frames=True)
        try:
            ann.start()
            # Ann bids blind nil without looking; Cy sits down mid-hand and waits.
            wait_for(lambda: ann.view().my_turn)
            assert not ann.view().hand  # held back while blind nil is open to her
            ann.submit(Bid(0, blind=True))
            cy = RemoteTable.join(server.url, ann.code, "Cy")
            assert cy.waiting
            play_until([ann], lambda: ann.view().winner is not None)
            wait_for(lambda: wes.client.over)
            state = server.server.tables[ann.code].state
            after, during = hidden_by_seq(state, None)
            for raw in wes.frames:
                frame = json.loads(raw)
                if "seq" not in frame:
                    assert not codes_in(frame)
                    continue
                k = frame["seq"]
                view, events = codes_in(frame.get("view")), codes_in(frame["events"])
                assert not [c for c in view if after[k] >> c.index & 1], k
                assert not [c for c in events if during[k] >> c.index & 1], k
            cy.close()
        finally:
            wes.close()
            ann.close()


def test_watch_any_listens_to_the_busiest_public_table_being_played() -> None:
    with running_server() as server:
        with pytest.raises(JoinRefused, match="No public table is being played now"):
            WatchTable.watch_any(server.url, "Wes")
        ann = RemoteTable.create(server.url, "Ann", public=True)
        bo = RemoteTable.join(server.url, ann.code, "Bo")
        cy = RemoteTable.create(server.url, "Cy", public=True)
        di = RemoteTable.create(server.url, "Di", public=True)  # not started: not played
        private = RemoteTable.create(server.url, "Ed")
        eve = RemoteTable.join(server.url, private.code, "Eve")
        tables = [ann, bo, cy, di, private, eve]
        try:
            for t in (ann, cy, private):
                t.start()
            wes = WatchTable.watch_any(server.url, "Wes")
            assert wes.code == ann.code
            wes.close()
        finally:
            for t in tables:
                t.close()


def test_a_watchers_j_asks_the_host_who_says_no_then_lets_them_in() -> None:
    """A watcher's J asks to play; nobody sits until the host answers. The seated people
    hear the ask (the host with the key that answers it), the watcher hears that the host
    decides, then the host's no, then, asked again and let in mid-hand, that it sits
    from the next deal; at the next deal it plays."""
    with running_server() as server:
        ann = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=500))
        bo = RemoteTable.join(server.url, ann.code, "Bo")
        wes = WatchTable.watch(server.url, ann.code, "Wes")
        heard: dict[str, list[Notice]] = {"ann": [], "bo": [], "wes": []}
        tables = {"ann": ann, "bo": bo, "wes": wes}

        def hears(who: str, text: str) -> Notice:
            """The notice ``who`` heard that says ``text`` (a regular expression)."""
            def found() -> Notice | None:
                heard[who] += tables[who].drain_notices()
                return next((n for n in heard[who] if re.fullmatch(text, say_reason(n.reason))),
                            None)

            wait_for(lambda: found() is not None)
            notice = found()
            assert notice is not None
            heard[who].remove(notice)
            return notice

        try:
            ann.start()
            wait_for(lambda: ann.view().hand_number == 1)
            wes.take_seat()
            asked = hears("ann", r"Wes asks to play\.")
            assert asked.action == notices.SEAT_WAITING  # "Press J to seat them now."
            assert hears("bo", r"Wes asks to play\.").action is None
            hears("wes", r"You asked to play\. The host decides; you would sit from the next "
                         r"deal\.")
            wait_for(lambda: ann.asking() == ["Wes"])
            assert wes.client.watching and ann.watchers() == ["Wes"]
            assert not any(p.name == "Wes" for p in ann.people())
            # Only the host answers.
            with pytest.raises(IllegalAction, match=r"^only_host$"):
                bo.let_in("Wes")
            ann.let_in("Wes", False)
            hears("wes", r"The host said no\. You go on watching\.")
            wait_for(lambda: ann.asking() == [])
            assert wes.client.watching
            with pytest.raises(IllegalAction, match=r"^nobody_asks\(name=Wes\)$"):
                ann.let_in("Wes")
            # Asked again and let in mid-hand: from the next deal, as anyone joining then.
            wes.take_seat()
            wait_for(lambda: ann.asking() == ["Wes"])
            ann.let_in("Wes")
            hears("wes", r"You sit (West|East) from the next deal\. Until then \w+ plays this "
                         r"hand\.")
            assert wes.client.waiting and not wes.client.watching
            hears("bo", r"Wes joined, and sits (West|East) from the next deal\.")
            assert "Wes" not in ann.watchers() and ann.asking() == []
            play_until([ann, bo], lambda: ann.view().hand_number >= 2, 120)
            wait_for(lambda: any(p.name == "Wes" and p.person for p in ann.people()))
            wait_for(lambda: len(wes.view().hand) == 13)  # its own cards now
        finally:
            wes.close()
            ann.close()
            bo.close()


def test_before_the_first_deal_a_watcher_let_in_sits_at_once() -> None:
    with running_server() as server:
        ann = RemoteTable.create(server.url, "Ann")
        wes = WatchTable.watch(server.url, ann.code, "Wes")
        try:
            wes.take_seat()
            wait_for(lambda: ann.asking() == ["Wes"])
            ann.let_in("Wes")
            heard: list[str] = []
            wait_for(lambda: heard.extend(said(wes.drain_notices())) or any(
                re.fullmatch(r"The host let you in\. You sit (West|North|East)\.", t)
                for t in heard))
            assert not wes.client.watching and not wes.client.waiting
            wait_for(lambda: any(p.name == "Wes" and p.person for p in ann.people()))
        finally:
            wes.close()
            ann.close()
