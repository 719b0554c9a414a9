"""What a watcher's table shares, whichever way it reaches the table: ``Listening`` over
the ``TableClient`` its class holds (``watch_table.WatchTable`` for a terminal over the
network, ``seat_table.WatchSeatTable`` for a page's shell in the server's process).

A watcher listens until the deal brings it cards of its own: while it watches, and once
the host let it in, while it waits for the next deal. Meanwhile its views are the public
one marked ``watching`` (never its turn: the shell reads it there and answers the keys
that act with why not), its names have no "You", and what only a seat may do is refused
with the reason, without asking the table. From that deal on it is a seat like any
other (the shell's ``Chair.sit`` seats it).
"""

from __future__ import annotations

from dataclasses import replace

from spades_voice.narration.refusals import Refusal
from spades_voice.net.seats.client_seat import ClientSeat
from spades_voice.rules import Decision, IllegalAction, Reason, Seat, SeatView


class Listening(ClientSeat):
    """A watcher's table that may become a seat (mixed in before the seat's own class,
    which gives ``intent``)."""

    @property  # the seat it takes, once it takes one
    def seat(self) -> Seat:
        return self.client.seat

    @seat.setter
    def seat(self, seat: Seat) -> None:
        """Set by the seat's own class; the client's welcome decides it."""

    @property
    def listening(self) -> bool:
        """Still without cards: watching, or let in and waiting for the next deal."""
        return self.client.watching or self.client.waiting

    def names(self) -> dict[Seat, str]:
        """Each seat's name; its own is "You" once it holds cards there."""
        listening = self.listening
        with self.client.lock:
            people = list(self.client.people)
        return {x.seat: "You" if x.you and not listening else x.name for x in people}

    def heard(self, view: SeatView) -> SeatView:
        """``view`` as this table gives it: marked ``watching`` while listening."""
        return replace(view, watching=True) if self.listening else view

    def only_seated(self) -> None:
        """Raises IllegalAction while listening: only a seat may do that."""
        if self.listening:
            raise IllegalAction(Reason(Refusal.WATCHERS_DO_NOT_PLAY))

    def view(self) -> SeatView:
        return self.heard(super().view())

    def take_seat(self) -> None:
        """Ask the host for a seat a computer holds (raises IllegalAction with the reason:
        the table is full); the table says that the host decides, then the answer."""
        self.intent({"type": "sit"})

    def submit(self, decision: Decision) -> None:
        self.only_seated()
        super().submit(decision)

    def new_match(self) -> None:
        self.only_seated()
        super().new_match()

    def admit(self, seat: Seat) -> None:
        self.only_seated()
        super().admit(seat)
