"""Listening to a shared table without a seat, as a ``Table`` the shell runs.

``WatchTable`` is a ``RemoteTable`` whose connection said ``watch``: the server sends it
the public view and events only. It listens as ``listening.Listening`` says until a seat
it asked for (J) brings its cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spades_voice.ai import Hint
from spades_voice.net.seats.listening import Listening
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire.hellos import hello_watch
from spades_voice.table import LetsIn, Seatable, SharedSeat, Table


class WatchTable(Listening, RemoteTable):
    """A table listened to without a seat (see the module's words)."""

    @classmethod
    def watch(cls, url: str, code: str, name: str, **options: Any) -> WatchTable:
        """Listen to the table with ``code`` (raises JoinRefused with the spoken reason:
        no such table, it takes no watchers, or it has all it may)."""
        return cls(url, hello_watch(code, name), **options)

    @classmethod
    def watch_any(cls, url: str, name: str, **options: Any) -> WatchTable:
        """Listen to the busiest public table being played."""
        return cls(url, hello_watch(None, name), **options)

    def hint(self) -> Hint:
        self.only_seated()
        return super().hint()

    def reveal(self) -> None:
        """Nothing to look at while listening: a watcher is never sent a hand."""
        if not self.listening:
            super().reveal()


if TYPE_CHECKING:

    def _is_a_table(table: WatchTable) -> tuple[Table, SharedSeat, LetsIn, Seatable]:
        return table, table, table, table  # mypy checks what a watcher's table offers
