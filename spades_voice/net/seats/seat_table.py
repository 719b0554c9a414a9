"""A seat at a shared table in the server's own process: the ``Table`` a page's shell
plays, as ``spades-voice join`` plays its seat through ``RemoteTable``.

``SeatSocket`` is what the server's handler sees in place of a websocket: its ``recv``
gives the page's hello and its messages end when the page goes, so the seat goes through
the same door, limits and table as a terminal player's (the real client address counts,
wrong codes are guesses). ``SeatTable`` is what the shell sees: the frames the table
sends this seat are decoded by a ``TableClient`` exactly as a terminal's are, and each
intent is applied to the table at once, in this process and on this loop
(``SharedTable.intent`` is synchronous), so a refusal is raised with the server's reason
as ``RemoteTable`` raises it, and when ``submit`` or ``reveal`` returns the view already
holds their effect: this seat's frames are taken in as they are made (``DirectMember``),
never through a writer task.

Nothing here is a browser's: a watcher's session, or any other in-process seat, takes a
``SeatTable`` the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

from spades_voice.ai import Hint, hint
from spades_voice.ai.hints import hint_rng
from spades_voice.narration.refusals import Refusal
from spades_voice.net.seats.client import TableClient
from spades_voice.net.seats.client_seat import ClientSeat
from spades_voice.net.seats.listening import Listening
from spades_voice.net.table.broadcast import Member
from spades_voice.net.wire import reasons
from spades_voice.rules import IllegalAction, Reason, Seat
from spades_voice.table import LetsIn, Seatable, SharedSeat, Table

#: Applies one intent message to the seat's table; the reply (None: answered by an update).
Ask = Callable[[dict[str, Any]], dict[str, Any] | None]
#: The id the seat's intents carry (their answer is at once: no matching is needed).
INTENT_ID = 1


class DirectMember(Member):
    """A member whose frames are taken in as they are made (``take``), not queued for a
    socket: the seat is in this process."""

    def __init__(self, take: Callable[[str], None], closed: Callable[[int, str], None]) -> None:
        super().__init__(None, 0)  # type: ignore[arg-type]  # no socket: nothing is written
        self._take = take
        self._closed = closed
        self.gone = False

    def send_text(self, text: str) -> None:
        if not self.gone:
            self._take(text)

    def close(self, code: int, reason: Reason) -> None:
        if not self.gone:
            self.gone = True
            self.close_code, self.close_reason = code, reasons.close_text(reason)
            self._closed(code, self.close_reason)

    async def finish(self, timeout: float = 5.0) -> None:
        """Nothing is queued: every frame was taken in as it was made."""


class SeatSocket:
    """The server handler's side of an in-process seat: the hello, then nothing until
    the seat goes (``leave``); its frames go to ``take``, its close to ``closed``."""

    def __init__(
        self,
        hello: str,
        take: Callable[[str], None],
        closed: Callable[[int, str], None],
        *,
        remote_address: Any = None,
        request: Any = None,
    ) -> None:
        self.remote_address = remote_address
        self.request = request
        self._hello = hello
        self._take = take
        self._closed = closed
        self._gone = asyncio.Event()
        #: Set by the server once the seat is at a table: applies one intent there.
        self.ask: Ask | None = None

    def member(self) -> DirectMember:
        return DirectMember(self._take, self._closed)

    def seated_at(self, ask: Ask) -> None:
        self.ask = ask

    def leave(self) -> None:
        """The seat's person has gone: the handler leaves the table as for a socket."""
        self.ask = None
        self._gone.set()

    async def recv(self) -> str:
        return self._hello

    def __aiter__(self) -> AsyncIterator[str]:
        return self._nothing()

    async def _nothing(self) -> AsyncIterator[str]:
        await self._gone.wait()
        return
        yield  # an async generator that yields nothing

    async def send(self, text: str) -> None:
        self._take(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self._closed(code, reason)


class SeatTable(ClientSeat):
    """One seat at a shared table of this server, offering the ``Table`` protocol (see
    table.py) and ``SharedSeat`` to a shell in the same process."""

    def __init__(self, socket: SeatSocket, client: TableClient) -> None:
        """``client``: decodes the frames ``socket`` takes in (the session feeds it),
        and has been welcomed."""
        self.socket = socket
        self.client = client
        self._listener: Callable[[], None] | None = None
        self._context = contextvars.copy_context()
        client.on_change = self._changed
        #: Made once the table has welcomed the seat: its seat is known.
        self.seat: Seat = client.seat

    def _changed(self) -> None:
        # Frames come in on whichever task made them (another seat's intent, a computer's
        # move): the listener runs as its setter did (its language, for one).
        if self._listener is not None:
            asyncio.get_running_loop().call_soon(self._listener, context=self._context)

    def intent(self, message: dict[str, Any]) -> None:
        """Apply an intent now; raises IllegalAction with the server's reason."""
        ask = self.socket.ask
        if ask is None:
            raise IllegalAction(Reason(Refusal.DID_NOT_ANSWER))
        reply = ask({**message, "id": INTENT_ID})
        if reply is not None:
            reasons.raise_refused(reply)

    # ---- the Table protocol ----------------------------------------------------------

    def set_listener(self, callback: Callable[[], None] | None) -> None:
        """``callback`` runs (soon, on this loop, in the caller's context) whenever events
        wait in ``drain``."""
        self._listener = callback
        self._context = contextvars.copy_context()

    def hint(self) -> Hint:
        """A hint thought out here (a session gives its shell the server's workers)."""
        view = self.view()
        return hint(view, hint_rng(f"{self.client.code}/{self.seat.value}", view))

    def reveal(self) -> None:
        """Look at this seat's cards: when this returns, ``view()`` holds them."""
        with contextlib.suppress(IllegalAction):  # nothing held back: nothing to look at
            self.intent({"type": "reveal"})


class WatchSeatTable(Listening, SeatTable):
    """A page's watcher in the server's own process: as ``watch_table.WatchTable`` is for
    the terminal, it listens as ``listening.Listening`` says until a seat it asked for
    (J) brings its cards; its intents take the seat's own path (``intent``)."""

    def hint(self) -> Hint:
        self.only_seated()
        return super().hint()

    def reveal(self) -> None:
        """Nothing to look at while listening: a watcher is never sent a hand."""
        if not self.listening:
            super().reveal()


if TYPE_CHECKING:

    def _is_a_table(table: SeatTable) -> tuple[Table, SharedSeat, LetsIn]:
        return table, table, table  # mypy checks here that SeatTable keeps these protocols

    def _watch_is_a_table(table: WatchSeatTable) -> tuple[Table, SharedSeat, LetsIn, Seatable]:
        return table, table, table, table
