"""Tables survive the server: SIGKILL ``spades-voice serve`` mid-hand, start it again, and
the players' clients come back to their seats by themselves with nothing lost."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

from net_helpers import crash, free_port, play_until, serve, wait_for

from spades_voice.narration.events import notice_line
from spades_voice.narration.lines import text_of
from spades_voice.narration.naming import seat_name
from spades_voice.narration.words import Cast
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Ruleset
from spades_voice.table import Notice


def heard(table: RemoteTable, into: list[str]) -> list[str]:
    cast = Cast(table.seat)
    said = [notice_line(e, cast, table.view()) for e in table.drain() if isinstance(e, Notice)]
    into.extend(text_of(line) for line in said)
    return into


def test_sigkill_mid_hand_then_reload_loses_nothing(tmp_path: Path) -> None:
    data, port = tmp_path / "data", free_port()
    url = f"ws://127.0.0.1:{port}"
    tables: list[RemoteTable] = []
    try:
        with serve(data, port) as first:
            host = RemoteTable.create(url, "Ann", rules=Ruleset(target=300))
            guest = RemoteTable.join(url, host.code, "Bo")
            tables = [host, guest]
            host.start()
            play_until(tables, lambda: len(host.view().tricks) >= 4)
            # Let the computers finish until a person is to act, then kill mid-hand.
            wait_for(lambda: host.client.seq == guest.client.seq
                     and any(t.view().my_turn for t in tables))
            before = {t.seat: t.view() for t in tables}
            # Nothing the server started outlives it: the computers' worker processes
            # (and their fork server).
            assert crash(first)
        db = data / "tables.sqlite3"
        for path in (db, db.with_name(db.name + "-wal")):
            if path.exists():
                assert stat.S_IMODE(os.stat(path).st_mode) == 0o600, path
        assert stat.S_IMODE(os.stat(data).st_mode) == 0o700
        with serve(data, port) as second:
            said: dict[int, list[str]] = {id(t): [] for t in tables}
            for t in tables:
                wait_for(lambda t=t: any(  # type: ignore[misc]
                    x.startswith("Back at your seat.") for x in heard(t, said[id(t)])
                ), timeout=30)
                back = next(x for x in said[id(t)] if x.startswith("Back at your seat."))
                assert f"You sit {seat_name(t.seat)}. Hand 1. Trick " in back
            for t in tables:  # the same moment of the same hand (the cards seen or not aside)
                now = replace(t.view(), hand_seen=before[t.seat].hand_seen)
                assert now == before[t.seat]
            play_until(tables, lambda: host.view().hand_number >= 2)
            assert second.poll() is None
        rows = sqlite3.connect(db).execute("SELECT count(*) FROM decisions").fetchone()
        assert rows[0] > 52
    finally:
        for t in tables:
            t.close()


def test_an_unreadable_tables_file_is_set_aside_and_the_server_starts(tmp_path: Path) -> None:
    data, port = tmp_path / "data", free_port()
    data.mkdir()
    (data / "tables.sqlite3").write_bytes(b"not a database" * 100)
    env = {**os.environ, "SPADES_VOICE_DATA_DIR": str(data)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "spades_voice", "serve", "--port", str(port)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline(), proc.stdout.readline()]
        assert "could not be read" in lines[0] and "Serving" in lines[1], lines
        assert any(p.name.startswith("tables.sqlite3.unreadable-") for p in data.iterdir())
        host = RemoteTable.create(f"ws://127.0.0.1:{port}", "Ann")
        host.close()
    finally:
        proc.kill()
        proc.wait(10)
        if proc.stdout is not None:
            proc.stdout.close()
    time.sleep(0)
