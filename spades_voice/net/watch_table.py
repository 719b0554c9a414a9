"""Listening to a shared table without a seat, as a ``Table`` the shell runs.

``WatchTable`` is a ``RemoteTable`` whose connection said ``watch``: the server sends it
the public view and events only. Every view it gives is marked ``watching`` (never its
turn: the shell reads it there and answers the keys that act with why not), its names
have no "You", and what only a seat may do is refused with the reason,
without asking the server.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from spades_voice.ai import Hint
from spades_voice.narration import refusals
from spades_voice.net.client import hello_watch, hello_watch_any
from spades_voice.net.remote_table import RemoteTable
from spades_voice.rules import Decision, IllegalAction, Seat, SeatView
from spades_voice.table import SharedSeat, Table


class WatchTable(RemoteTable):
    """A table listened to without a seat (see the module's words)."""

    @classmethod
    def watch(cls, url: str, code: str, name: str, **options: Any) -> WatchTable:
        """Listen to the table with ``code`` (raises JoinRefused with the spoken reason:
        no such table, it takes no watchers, or it has all it may)."""
        return cls(url, hello_watch(code, name), **options)

    @classmethod
    def watch_any(cls, url: str, name: str, **options: Any) -> WatchTable:
        """Listen to the busiest public table being played."""
        return cls(url, hello_watch_any(name), **options)

    def names(self) -> dict[Seat, str]:
        with self.client.lock:
            people = list(self.client.people)
        return {x.seat: x.name for x in people}

    def view(self) -> SeatView:
        return replace(super().view(), watching=True)

    def submit(self, decision: Decision) -> None:
        raise IllegalAction(refusals.WATCHERS_DO_NOT_PLAY)

    def hint(self) -> Hint:
        raise IllegalAction(refusals.WATCHERS_DO_NOT_PLAY)

    def reveal(self) -> None:
        """Nothing to look at: a watcher is never sent a hand."""

    def new_match(self) -> None:
        raise IllegalAction(refusals.WATCHERS_DO_NOT_PLAY)

    def admit(self, seat: Seat) -> None:
        raise IllegalAction(refusals.WATCHERS_DO_NOT_PLAY)


if TYPE_CHECKING:

    def _is_a_table(table: WatchTable) -> tuple[Table, SharedSeat]:
        return table, table  # mypy checks what a watcher's table offers
