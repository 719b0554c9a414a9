"""A stored table that cannot be taken back is named in the log and left out; the others
come back (real SQLite file, real server on 127.0.0.1)."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest
from net_helpers import running_server, wait_for

from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.table.tablestore import TableStore


def test_a_bad_stored_row_is_logged_and_the_rest_come_back(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "tables.sqlite3"
    with running_server(store=TableStore(path)) as server:
        good = RemoteTable.create(server.url, "Ann")
        bad = RemoteTable.create(server.url, "Bo")
        codes = good.code, bad.code
        good.close()
        bad.close()
        wait_for(lambda: server.call(lambda: sum(t.connected for t in
                                                 server.server.tables.values())) == 0)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE tables SET rules = ? WHERE code = ?",
                   ('{"target": "very high"}', codes[1]))
        assert db.total_changes == 1
    with (caplog.at_level(logging.WARNING, logger="spades_voice.net"),
          running_server(store=TableStore(path)) as server):
        kept = server.call(lambda: sorted(server.server.tables))
    assert kept == [codes[0]]
    lines = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(lines) == 1 and "could not be taken back" in lines[0]
    assert codes[1] in lines[0]
