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
from spades_voice.narration.refusals import Refusal
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire.hellos import hello_watch
from spades_voice.rules import Decision, IllegalAction, Reason, Seat, SeatView
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
        return cls(url, hello_watch(None, name), **options)

    @property  # the seat it takes, once it takes one
    def seat(self) -> Seat:
        return self.client.seat

    @seat.setter
    def seat(self, seat: Seat) -> None:
        """Set by ``RemoteTable``; the client's welcome decides it."""

    @property
    def listening(self) -> bool:
        """Still without cards: watching, or sat down and waiting for the next deal."""
        return self.client.watching or self.client.waiting

    def names(self) -> dict[Seat, str]:
        if not self.listening:
            return super().names()
        with self.client.lock:
            people = list(self.client.people)
        return {x.seat: x.name for x in people}

    def view(self) -> SeatView:
        view = super().view()
        return replace(view, watching=True) if self.listening else view

    def take_seat(self) -> None:
        """Ask the host for a seat a computer holds (raises IllegalAction with the reason:
        the table is full); the table says that the host decides, then the answer."""
        self._call({"type": "sit"})

    def submit(self, decision: Decision) -> None:
        if self.listening:
            raise IllegalAction(Reason(Refusal.WATCHERS_DO_NOT_PLAY))
        super().submit(decision)

    def hint(self) -> Hint:
        if self.listening:
            raise IllegalAction(Reason(Refusal.WATCHERS_DO_NOT_PLAY))
        return super().hint()

    def reveal(self) -> None:
        """Nothing to look at while watching: a watcher is never sent a hand."""
        if not self.listening:
            super().reveal()

    def new_match(self) -> None:
        if self.listening:
            raise IllegalAction(Reason(Refusal.WATCHERS_DO_NOT_PLAY))
        super().new_match()

    def admit(self, seat: Seat) -> None:
        if self.listening:
            raise IllegalAction(Reason(Refusal.WATCHERS_DO_NOT_PLAY))
        super().admit(seat)


if TYPE_CHECKING:

    def _is_a_table(table: WatchTable) -> tuple[Table, SharedSeat]:
        return table, table  # mypy checks what a watcher's table offers
