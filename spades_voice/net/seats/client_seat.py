"""What a seat at a shared table is, whichever way it reaches the table: ``ClientSeat``
over the ``TableClient`` that decodes the frames the table sends it.

What the frames say (names, the view, who sits and watches, the events waiting) is read
from the client, and each action is the intent the table judges (a bid or card, a chat
line, the host's choices), sent by ``intent``, which each way of reaching the table
gives: ``remote_table.RemoteTable`` over the network, waiting for the answer;
``seat_table.SeatTable`` in the server's own process, at once. Either raises
IllegalAction with the table's reason.
"""

from __future__ import annotations

from typing import Any

from spades_voice.net.seats.client import TableClient
from spades_voice.net.wire import codec
from spades_voice.net.wire import protocol as p
from spades_voice.rules import Decision, Match, Seat, SeatView
from spades_voice.table import Event, Person


class ClientSeat:
    """A seat's ``Table`` and ``SharedSeat`` over a ``TableClient`` (see the module)."""

    client: TableClient
    seat: Seat

    def intent(self, message: dict[str, Any]) -> None:
        """Apply an intent; raises IllegalAction with the table's reason (each way of
        reaching the table gives this)."""
        raise NotImplementedError

    # ---- the Table protocol ----------------------------------------------------------

    def names(self) -> dict[Seat, str]:
        with self.client.lock:
            people = list(self.client.people)
        return {x.seat: "You" if x.you else x.name for x in people}

    def view(self) -> SeatView:
        view = self.client.view
        return view if view is not None else codec.lobby_view(self.seat, self.client.rules)

    def submit(self, decision: Decision) -> None:
        """Bid or play; raises IllegalAction with the table's spoken reason.

        When this returns, ``view()`` and ``drain()`` already hold the decision's effects:
        the table sends the update before its answer.
        """
        self.intent(p.decision_to_json(decision))

    @property
    def match(self) -> Match | None:
        """None: a seat at a shared table never holds the other hands, so no record."""
        return None

    def drain(self) -> list[Event]:
        return self.client.drain()

    def new_match(self) -> None:
        """Start a new match (the host, or anyone while the host is away)."""
        self.intent({"type": "new_match"})

    # ---- SharedSeat ------------------------------------------------------------------

    def people(self) -> list[Person]:
        """Who sits at each seat, S W N E: name, person or computer, connected, host."""
        with self.client.lock:
            return list(self.client.people)

    def say(self, text: str) -> None:
        """A chat line for everyone at the table; the table cleans and limits it."""
        self.intent({"type": "say", "text": text})

    def mute(self, name: str, on: bool) -> None:
        """The host stops or allows the chat of the person called ``name``."""
        self.intent({"type": "mute", "name": name, "muted": on})

    def admit(self, seat: Seat) -> None:
        """Let the person waiting for ``seat`` sit down now, mid-hand (host only): they
        see the cards that seat holds."""
        self.intent({"type": "admit", "seat": seat.value})

    def watchers(self) -> list[str]:
        """The names of the people watching the table without a seat."""
        with self.client.lock:
            return list(self.client.watchers)

    def set_watching(self, allowed: bool | None = None, chat: bool | None = None) -> None:
        """The host lets people watch (``allowed``) and watchers chat (``chat``); None
        leaves that choice as it is."""
        self.intent({"type": "watchers", "allowed": allowed, "chat": chat})

    def asking(self) -> list[str]:
        """The watchers who asked to play, waiting for the host's answer."""
        with self.client.lock:
            return list(self.client.asking)

    def let_in(self, name: str, yes: bool = True) -> None:
        """The host's answer to the watcher called ``name`` who asked to play."""
        self.intent({"type": "let_in", "name": name, "yes": yes})

    def start(self) -> None:
        """Deal the first hand (host only). Empty seats are played by the computer."""
        self.intent({"type": "start"})
