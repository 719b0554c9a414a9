"""A page's seat at a shared table: the terminal's own shell, as ``spades-voice join``
runs it, on the server, over that seat.

The page's join form (or Play online, or a table it opens) becomes the seat's hello;
the seat then goes through the server's ordinary handler as an in-process socket
(``net.seats.seat_table.SeatSocket``), so the same door, limits and table apply as for a
terminal player. Until the host deals, the page is in the lobby, as ``join`` is: it
hears who comes and goes, and the host's Start deals. From the deal on, a
``PageSession`` plays the seat's ``SeatTable``: every key, tap and click is the shell's
action, every sentence the shell's, in the page's language.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import time
from collections.abc import Callable, Coroutine
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from spades_voice import narration as say
from spades_voice.ai import REFERENCE_RATE, WorkRate
from spades_voice.alone.door import read_page, take
from spades_voice.alone.keys import page_keymap
from spades_voice.alone.session import PageSession
from spades_voice.alone.thinking import PoolThinking
from spades_voice.narration import chat, notices, texts
from spades_voice.narration.browser import START_HOST, table_code_line
from spades_voice.narration.closes import Closed
from spades_voice.narration.language import Way, line, playing_by, speaking
from spades_voice.narration.notices import Told
from spades_voice.narration.reasons import say_reason
from spades_voice.narration.refusals import Refusal
from spades_voice.net.door.server import Visit
from spades_voice.net.page.browser_seat import page_hello
from spades_voice.net.page.regions import regions
from spades_voice.net.page.web import chosen_language
from spades_voice.net.registry import seat_address
from spades_voice.net.seats.client import TableClient, moved_from
from spades_voice.net.seats.seat_table import SeatSocket, SeatTable, WatchSeatTable
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire import reasons
from spades_voice.net.wire.limits import Guard, Limits
from spades_voice.rules import IllegalAction, Reason
from spades_voice.shell.chat_mode import chat_line
from spades_voice.store.base import ShellHooks
from spades_voice.store.settings import Settings

#: Seconds a page has to say hello once its socket is open.
HELLO_SECONDS = 10.0
#: The server's handler, run for one in-process seat.
Handle = Callable[[SeatSocket], Coroutine[Any, Any, None]]


class GuestHooks(ShellHooks):
    """A guest keeps nothing on the server (``join`` keeps nothing either); the history
    the player asks for goes to the page to download."""

    def __init__(self) -> None:
        self.send_file: Callable[[str, str], None] = lambda name, text: None

    def download(self, name: str, text: str) -> None:
        self.send_file(name, text)


class GuestDoor:
    """Every page's seat at a shared table of this server."""

    def __init__(
        self,
        *,
        limits: Limits | None = None,
        rate: WorkRate = REFERENCE_RATE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limits = limits or Limits()
        self.rate = rate
        self.clock = clock
        self.keymap = page_keymap()

    async def __call__(self, ws: ServerConnection, visit: Visit, handle: Handle) -> None:
        """One page's socket, from its hello until it closes. A first frame that is not
        a page's hello goes to the server as it came, which refuses it as it refuses any
        client's ("Not JSON.", "A name must be text." ...)."""
        try:
            raw = await asyncio.wait_for(ws.recv(), HELLO_SECONDS)
        except (TimeoutError, ConnectionClosed):
            return
        text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
        data: dict[str, Any] = {}
        if len(text) <= p.MAX_MESSAGE:  # too big: refused without being read here
            with contextlib.suppress(p.ProtocolError):
                data = p.decode(text)
        hello = page_hello(data)
        way = Way.TOUCH if data.get("touch") is True else Way.KEYS  # worded for taps
        with speaking(chosen_language(data.get("lang"))), playing_by(way):
            await GuestSeat(self, ws, visit).run(p.encode(hello) if hello else text, handle)


class GuestSeat:
    """One page at one seat: the lobby until the deal, then the seat's shell."""

    def __init__(self, door: GuestDoor, ws: ServerConnection, visit: Visit) -> None:
        self.door = door
        self.ws = ws
        self.visit = visit
        self.client = TableClient("", {})
        self.socket: SeatSocket | None = None
        #: The seat's table, once the table has welcomed it.
        self.table: SeatTable | None = None
        self.session: PageSession | None = None
        self.hooks = GuestHooks()
        self._context = contextvars.copy_context()  # the page's language, for callbacks
        self._outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._greet = False
        self._leaving: asyncio.Task[None] | None = None
        #: How this seat was closed (its code and reason): the page's socket closes so.
        self._close: tuple[int, str] = (1000, "")

    async def run(self, hello: str, handle: Handle) -> None:
        ws = self.ws
        self.socket = SeatSocket(hello, self._take, self._closed,
                                 remote_address=ws.remote_address, request=ws.request)
        loop = asyncio.get_running_loop()
        tasks = [
            loop.create_task(handle(self.socket)),
            loop.create_task(self._read()),
            loop.create_task(self._write()),
        ]
        try:
            await asyncio.wait(tasks[:2], return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.socket.leave()
            if self.session is not None:
                await self.session.end()
            self._outbox.put_nowait(None)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(tasks[2]), 5.0)
            for task in [*tasks, *([self._leaving] if self._leaving else [])]:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                    await task
            with contextlib.suppress(ConnectionClosed):
                await ws.close(*self._close)

    # ---- the table's frames -------------------------------------------------------------

    def _take(self, text: str) -> None:
        """A frame the table sent this seat, as it is made (on whichever task made it)."""
        data = p.decode(text)
        kind = data["type"]
        if kind == "moved":  # another process holds the table: the page opens its seat there
            moved = moved_from(data)
            self._outbox.put_nowait({"type": "moved", "table": moved.code,
                                     "seat": seat_address(moved.server)})
            return
        if kind in ("refused", "error") and data.get("id") is None:
            try:
                reason = reasons.reason_from_json(data.get("reason"))
            except p.ProtocolError:
                reason = Reason(Refusal.REFUSED)
            self._context.run(self._answer, say_reason(reason))
            return
        with contextlib.suppress(p.ProtocolError):
            self.client.receive(data)
        if kind == "welcome" and self.socket is not None:
            self.visit.seated()
            # A watcher's table listens until a seat it asks for brings its cards: a
            # second welcome (let in) is to that seat, and the same table plays it.
            if self.table is None:
                made = WatchSeatTable if self.client.watching else SeatTable
                self.table = made(self.socket, self.client)
            self._context.run(self._welcome)
        elif self.session is None:
            asyncio.get_running_loop().call_soon(self._lobby, context=self._context)

    def _closed(self, code: int, reason: str) -> None:
        if self._close == (1000, ""):  # the first close is the one the page hears
            self._close = (code, reason)
        if code not in (1000, p.CLOSE_MOVED) and reason:
            said = reasons.close_reason(reason)
            frame = self._context.run(lambda: {"type": "closed", "code": code,
                                               "urgent": [say_reason(said)]})
            self._outbox.put_nowait(frame)

    def _welcome(self) -> None:
        client = self.client
        self._greet = not (client.host or client.back or client.waiting or client.watching)
        self._outbox.put_nowait({
            "type": "welcome", "shell": True, "table": client.code,
            "code_line": table_code_line(client.code), "seat": client.seat.value,
            "token": client.token, "host": client.host, "waiting": client.waiting,
            "watching": client.watching,
            "rules": texts.rules_lines(client.rules),
            "urgent": [line(START_HOST)] if client.host and not client.started else [],
        })

    def _lobby(self) -> None:
        """Before the deal, as ``join``'s lobby: who comes and goes, the seats; once the
        table has started, the seat's shell takes over."""
        client, table = self.client, self.table
        if table is None:
            return
        if self.session is None and client.started:
            self._begin(table)
            return
        said = [say_reason(n.reason) for n in client.drain_notices()]
        if self._greet and client.people:
            self._greet = False
            said.append(notices.waiting_for_host(client.seat))
        view = table.view()
        frame: dict[str, Any] = {"type": "update", "lines": said, "urgent": []}
        frame.update(regions(view, _cast(client), client.people, started=client.started,
                             host=client.host, waiting=client.waiting))
        self._outbox.put_nowait(frame)

    def _begin(self, table: SeatTable) -> None:
        settings = Settings()

        async def send(frame: dict[str, Any]) -> None:
            self._outbox.put_nowait(frame)

        door = self.door
        self.session = PageSession(
            table, self.hooks, door.keymap, settings, send, shared=True,
            thinking=PoolThinking(self.visit.computers, self.visit.address, door.rate),
        )
        self.hooks.send_file = self.session.send_file
        self.session.begin()
        # Q, then Y: the goodbye goes out and the seat leaves the table, as join's does.
        self._leaving = asyncio.get_running_loop().create_task(self._leave_when_quit(table))

    async def _leave_when_quit(self, table: SeatTable) -> None:
        assert self.session is not None
        await self.session.ended.wait()
        table.socket.leave()

    # ---- the page's frames ----------------------------------------------------------------

    async def _read(self) -> None:
        guard = Guard(self.door.limits, self.door.clock)
        if not await read_page(self.ws, guard, self._page, self._refused):
            # As the server closes a connection that sends too many bad messages.
            self._closed(p.CLOSE_POLICY, reasons.close_text(Reason(Closed.TOO_MANY_BAD_MESSAGES)))

    def _refused(self, reason: Reason) -> None:
        """A frame the guard turned away: said by the seat's shell once it plays, as the
        page alone hears it; in the lobby, as the lobby's answers are."""
        if self.session is not None:
            self.session.refused(reason)
        else:
            self._answer(say_reason(reason))

    def _page(self, message: dict[str, Any]) -> None:
        session = self.session
        kind = message.get("type")
        if kind == "say" and isinstance(message.get("text"), str):
            if session is not None:
                session.chat(message["text"])
            elif self.table is not None:
                self._ask(self._chat, message["text"])
            return
        if session is not None:
            take(session, message)
            return
        if kind in ("press", "act"):
            self._lobby_key(message)

    def _lobby_key(self, message: dict[str, Any]) -> None:
        """A key or a button before the deal: the host's Start (Enter, N or the button)
        deals; a watcher's J asks to play (the table says that the host decides); any
        other says who starts, as the page's lobby always has."""
        client, table = self.client, self.table
        starts = message.get("action") in ("move_on", "start") or message.get("key") in (
            "enter", "n", "N")
        if client.host and starts and table is not None:
            self._ask(table.start)
            return
        asks = message.get("action") == "seat_waiting" or message.get("key") in ("j", "J")
        if asks and isinstance(table, WatchSeatTable) and table.listening:
            self._ask(table.take_seat)
            return
        if client.host:
            self._answer(line(START_HOST))
            return
        host = next((x.name for x in client.people if x.host), "")
        self._answer(say_reason(Reason.of(Told.NOT_STARTED_HOST, host=host)))

    def _chat(self, text: str) -> None:
        """A line typed in the lobby's chat, as the shell's chat line sends it (the host's
        "/mute Bo" too)."""
        assert self.table is not None
        answer = chat_line(self.table, chat.clean_chat(text))
        if answer:
            self._answer(answer)

    def _ask(self, intent: Callable[..., None], *args: Any) -> None:
        """An intent of the lobby's; a refusal is said, in the server's reason."""
        try:
            intent(*args)
        except IllegalAction as exc:
            self._answer(say_reason(exc.reason))

    def _answer(self, text: str) -> None:
        self._outbox.put_nowait({"type": "answer", "urgent": [text]})

    async def _write(self) -> None:
        while True:
            frame = await self._outbox.get()
            if frame is None:
                return
            with contextlib.suppress(ConnectionClosed):
                await self.ws.send(json.dumps(frame, separators=(",", ":")))


def _cast(client: TableClient) -> say.Cast:
    return say.Cast(client.seat, {x.seat: x.name for x in client.people if not x.you})
