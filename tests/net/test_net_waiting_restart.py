"""A person waiting for the next deal keeps that seat through a server restart: SIGKILL
``spades-voice serve`` while they wait, start it again, and their client comes back to
the seat by itself and sits down at the next deal."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from net_helpers import crash, free_port, play_until, serve, wait_for

from spades_voice.narration.reasons import say_reason
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.table.tablestore import TableStore
from spades_voice.rules import Ruleset
from spades_voice.table import Notice


def test_a_waiting_seat_survives_sigkill_and_sits_at_the_next_deal(tmp_path: Path) -> None:
    data, port = tmp_path / "data", free_port()
    url = f"ws://127.0.0.1:{port}"
    tables: list[RemoteTable] = []
    try:
        with serve(data, port) as first:
            host = RemoteTable.create(url, "Ann", rules=Ruleset(target=300))
            tables.append(host)
            host.start()
            play_until([host], lambda: len(host.view().tricks) >= 1)
            guest = RemoteTable.join(url, host.code, "Bo")
            tables.append(guest)
            assert guest.waiting
            seat = guest.seat
            crash(first)
        with serve(data, port):
            heard: dict[int, list[str]] = {id(host): [], id(guest): []}

            def back(t: RemoteTable) -> bool:
                heard[id(t)] += [say_reason(e.reason) for e in t.drain() if isinstance(e, Notice)]
                said = any(x.startswith("Back at your seat.") for x in heard[id(t)])
                return said or t.closed_reason is not None

            for t in (guest, host):
                wait_for(lambda t=t: back(t), timeout=30)  # type: ignore[misc]
                assert t.closed_reason is None
            said = next(x for x in heard[id(guest)] if x.startswith("Back at your seat."))
            assert "You play from the next deal." in said
            # At the next deal Bo sits down and plays the seat.
            play_until([host, guest], lambda: host.view().hand_number >= 2, timeout=120)
            wait_for(lambda: not guest.waiting and guest.view().hand_number >= 2)
            bo = {x.seat: x for x in host.people()}[seat]
            assert bo.person and bo.name == "Bo"
    finally:
        for t in tables:
            t.close()


def test_a_tables_file_from_before_waiting_seats_opens_with_everyone_seated(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE seats (code TEXT NOT NULL, seat TEXT NOT NULL, name TEXT NOT NULL,"
        " token TEXT NOT NULL, PRIMARY KEY (code, seat));"
        "CREATE TABLE tables (code TEXT PRIMARY KEY, rules TEXT NOT NULL, timers TEXT NOT NULL,"
        " seed TEXT NOT NULL, host TEXT, started INTEGER NOT NULL, public INTEGER NOT NULL,"
        " address TEXT NOT NULL);"
        "INSERT INTO tables VALUES ('K7MP-4QX2', '{}', '{}', 's', 'S', 1, 0, '127.0.0.1');"
        "INSERT INTO seats VALUES ('K7MP-4QX2', 'S', 'Ann', 'tok');"
    )
    db.commit()
    db.close()
    store = TableStore(path)
    [table] = store.open()
    assert table.seats == (("S", "Ann", "tok", False),)
    store.seat("K7MP-4QX2", "N", "Bo", "tok2", waiting=True)
    store.close()
    again = TableStore(path)
    [table] = again.open()
    again.close()
    assert sorted(table.seats) == [("N", "Bo", "tok2", True), ("S", "Ann", "tok", False)]
