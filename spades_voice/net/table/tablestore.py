"""Tables written down as they happen, so they survive the server (stdlib sqlite3, WAL).

A table is its ruleset, its match seed, the decisions so far and who sits where (names and
seat tokens): everything else is a replay. Each decision is one small insert committed at
once. In WAL mode with ``synchronous=NORMAL`` a commit is durable against the process
being killed (the log is in the operating system's hands) though not against a power cut,
which is the right trade for a card game: no fsync on every card.

The file holds seat tokens, so it is created 0600 in a 0700 folder.

Any failure to read the file, whatever the exception, makes it "unreadable": it is moved
aside, the server says so once and starts with no tables. A failure to write is logged
once and the server plays on from memory.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger("spades_voice.net")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    rules TEXT NOT NULL,
    timers TEXT NOT NULL,
    seed TEXT NOT NULL,
    host TEXT,
    started INTEGER NOT NULL,
    public INTEGER NOT NULL,
    address TEXT NOT NULL,
    watching TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL,
    seat TEXT NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL,
    waiting INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS decisions (
    code TEXT NOT NULL,
    n INTEGER NOT NULL,
    decision TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
"""


@dataclass(frozen=True, slots=True)
class StoredTable:
    """One table as read back: JSON-ready values, turned into model values by the server."""

    code: str
    rules: Any
    timers: Any
    seed: str
    host: str | None
    started: bool
    public: bool
    address: str
    #: (seat, name, token, waiting) of each person; ``waiting``: sits from the next deal.
    seats: tuple[tuple[str, str, str, bool], ...]
    decisions: tuple[Any, ...]  # JSON forms, in order
    #: The host's choices about watchers, ``{"allowed": bool, "chat": bool}``; a key
    #: left out (a file from before watchers) is the default, true.
    watching: Any = None


def private_dir(path: Path) -> None:
    """Make ``path`` (and missing parents) a folder only its owner can enter.

    On Windows ``chmod`` sets only the read-only flag, so this makes nothing private
    there: what keeps the folder private is where it is, the user's profile
    (``%LOCALAPPDATA%``), which Windows lets only that user, SYSTEM and the computer's
    administrators open (docs/saves.md says so, and what ``SPADES_VOICE_DATA_DIR`` changes).
    """
    path.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        os.chmod(path, 0o700)


class TableStore:
    """The SQLite file of one server process. Every method is quick and never raises."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None  # said once when the file could not be used
        self._db: sqlite3.Connection | None = None
        self._write_failed = False

    def open(self) -> list[StoredTable]:
        """Open (or create) the file and read back every table in it."""
        try:
            private_dir(self.path.parent)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            os.close(fd)
            self._db = self._connect()
            return self._read()
        except Exception as e:  # any failure to read is "unreadable"
            if self._db is not None:
                with contextlib.suppress(Exception):
                    self._db.close()
                self._db = None
            aside = self.path.with_name(f"{self.path.name}.unreadable-{int(time.time())}")
            with contextlib.suppress(OSError):
                self.path.replace(aside)
            self.problem = (
                f"The saved tables could not be read ({type(e).__name__}); "
                f"the file was moved to {aside.name} and the server starts with no tables."
            )
            log.info("%s", self.problem)  # the owner says it once (serve prints it)
            try:
                self._db = self._connect()
            except Exception as again:
                log.error("tables will not be saved: %s", again)
                self._db = None
            return []

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=2.0, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.executescript(SCHEMA)
        columns = {row[1] for row in db.execute("PRAGMA table_info(seats)")}
        if "waiting" not in columns:  # a file from before waiting seats were kept
            db.execute("ALTER TABLE seats ADD COLUMN waiting INTEGER NOT NULL DEFAULT 0")
        columns = {row[1] for row in db.execute("PRAGMA table_info(tables)")}
        if "watching" not in columns:  # a file from before watchers: the defaults
            db.execute("ALTER TABLE tables ADD COLUMN watching TEXT NOT NULL DEFAULT '{}'")
        for suffix in ("-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.chmod(f"{self.path}{suffix}", 0o600)
        return db

    def _read(self) -> list[StoredTable]:
        assert self._db is not None
        db = self._db
        out: list[StoredTable] = []
        rows = db.execute(
            "SELECT code, rules, timers, seed, host, started, public, address, watching"
            " FROM tables"
        ).fetchall()
        for code, rules, timers, seed, host, started, public, address, watching in rows:
            seats = tuple(
                (str(s), str(n), str(t), bool(w))
                for s, n, t, w in db.execute(
                    "SELECT seat, name, token, waiting FROM seats WHERE code = ?", (code,)
                )
            )
            decisions = tuple(
                json.loads(d)
                for (d,) in db.execute(
                    "SELECT decision FROM decisions WHERE code = ? ORDER BY n", (code,)
                )
            )
            out.append(
                StoredTable(
                    str(code), json.loads(rules), json.loads(timers), str(seed),
                    None if host is None else str(host), bool(started), bool(public),
                    str(address), seats, decisions, json.loads(watching),
                )
            )
        return out

    def _write(self, sql: str, *rows: tuple[Any, ...]) -> None:
        if self._db is None:
            return
        try:
            if len(rows) == 1:
                self._db.execute(sql, rows[0])
            else:
                with self._db:
                    self._db.executemany(sql, rows)
        except Exception as e:
            if not self._write_failed:
                self._write_failed = True
                log.error("cannot save tables (%s); playing on from memory", e)

    def save_table(
        self, code: str, rules: Any, timers: Any, seed: str, host: str | None,
        started: bool, public: bool, address: str, watching: Any = None,
    ) -> None:
        self._write(
            "INSERT OR REPLACE INTO tables (code, rules, timers, seed, host, started, public,"
            " address, watching) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (code, json.dumps(rules), json.dumps(timers), seed, host, int(started),
             int(public), address, json.dumps(watching or {})),
        )

    def new_match(self, code: str, seed: str) -> None:
        self._write("DELETE FROM decisions WHERE code = ?", (code,))
        self._write("UPDATE tables SET seed = ?, started = 1 WHERE code = ?", (seed, code))

    def seat(self, code: str, seat: str, name: str | None, token: str | None,
             waiting: bool = False) -> None:
        """A person sits at ``seat``, or waits to from the next deal (``waiting``); with no
        token, the computer has it again."""
        if token is None or name is None:
            self._write("DELETE FROM seats WHERE code = ? AND seat = ?", (code, seat))
        else:
            self._write("INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?, ?)",
                        (code, seat, name, token, int(waiting)))

    def decision(self, code: str, n: int, decision: Any) -> None:
        self._write("INSERT OR REPLACE INTO decisions VALUES (?, ?, ?)",
                    (code, n, json.dumps(decision)))

    def remove(self, code: str) -> None:
        for table in ("decisions", "seats", "tables"):
            self._write(f"DELETE FROM {table} WHERE code = ?", (code,))

    def close(self) -> None:
        if self._db is not None:
            with contextlib.suppress(Exception):
                self._db.close()
            self._db = None
