"""The table server: many shared tables on one asyncio loop, websockets in and out.

The server decides everything. Each connection sits at one seat of one table
(``shared_table.py``); what it sends is an intent checked against that table's own match,
and what it receives is only its own seat's view and the public events. Computers think in
worker processes (``computers.py``), so one table's computer never holds up another table.

Nobody may lock others out: sockets are counted (server-wide, unseated and per address)
and paced per address as they open, before any handshake (``gated.py``); tables are
counted per address; wrong table codes are limited per address and server-wide
(``limits.py``), yet an address that has not been guessing is always answered, and a
right code with a valid seat token is always let in.

Here: the server's life (start, close, sweep), the door's request hook and the browser
seat's route, and each connection's messages once seated. The tables and their counts are
``tables.py``; reading a hello and seating its person is ``reception.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import secrets
import ssl
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from spades_voice.ai import Level
from spades_voice.narration import closes
from spades_voice.narration.closes import Closed
from spades_voice.net.computers.pool import ComputerPool
from spades_voice.net.door.gated import SocketCount, gated
from spades_voice.net.door.heap import trim_heap
from spades_voice.net.door.reception import Reception, Seated, being_played, waits_for_people
from spades_voice.net.page.web import SEAT_PATH, WebPage, with_secure_refusals
from spades_voice.net.registry import Listing, Registry, socket_address
from spades_voice.net.seats.seat_table import SeatSocket
from spades_voice.net.table.shared_table import Member, SharedTable
from spades_voice.net.table.tables import Tables
from spades_voice.net.table.tablestore import TableStore
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire import reasons
from spades_voice.net.wire.intents import parse_intent
from spades_voice.net.wire.limits import Expelled, Guard, Limits
from spades_voice.rules import Reason

#: The path a page that plays alone opens (``spades_voice.alone``).
ALONE_PATH = "/alone"


@dataclass(frozen=True, slots=True)
class Visit:
    """What the server tells the door to play alone about one page's socket."""

    #: The address the limits count (what a trusted proxy forwards, else the peer).
    address: str
    #: Call once the page is a player: never dropped for room, as a seated person is not.
    seated: Callable[[], None]
    #: Why the page may not play (its address has too many connections), said to it in
    #: its own language once its hello names one; None: it may.
    refused: str | None
    #: The server's computers' workers: the page's computers, hints and coach think
    #: there, on the same queues and budgets as the shared tables'.
    computers: ComputerPool


#: That door: the page's socket and its visit.
Alone = Callable[[ServerConnection, Visit], Awaitable[None]]
#: The door of a page's seat at a shared table: the page's socket, its visit, and the
#: server's handler, which it runs for the seat it makes (``SeatSocket``).
Guest = Callable[[ServerConnection, Visit, Callable[[SeatSocket], Coroutine[Any, Any, None]]],
                 Awaitable[None]]

log = logging.getLogger("spades_voice.net")

async def _discard(ws: ServerConnection) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for _ in ws:
            pass


class TableServer:
    """Shared tables behind one websocket endpoint. ``start`` binds, ``close`` stops."""

    def __init__(
        self,
        *,
        limits: Limits | None = None,
        computer_delay: float = 0.8,
        level: Level = Level.MEDIUM,
        allow_create: bool = True,
        new_seed: Callable[[], str] | None = None,
        store: TableStore | None = None,
        tls: ssl.SSLContext | None = None,
        trusted_proxies: Iterable[str] = (),
        origins: Iterable[str] = (),
        workers: int | None = None,
        web: WebPage | None = None,
        clock: Callable[[], float] = time.monotonic,
        registry: Registry | None = None,
        alone: Alone | None = None,
        guest: Guest | None = None,
    ) -> None:
        """``new_seed`` gives each match its secret seed; tests pass a fixed sequence.

        ``trusted_proxies``: addresses of reverse proxies whose ``X-Forwarded-For`` names
        the real client (the limits then count that address). ``origins``: browser
        origins allowed to connect; requests with any other ``Origin`` are refused, and
        programs that send none (every spades-voice client) are always let in. ``web``:
        the browser seat's page (``web.py``), whose own origin is let in too.
        ``clock``: what the server's limits read (the socket pace, each connection's
        guard, the guess limiter); tests pass their own. How long a table has been idle
        is the table's own reckoning, in its loop's time. ``registry``: shared with other
        processes (``net/registry``): they find this one's tables, and it theirs.
        ``alone``: where a page that plays alone goes (``ALONE_PATH``;
        ``spades_voice.alone``), None for no such door. ``guest``: where a page's seat at
        a shared table goes (``SEAT_PATH``: the seat's shell on this server,
        ``spades_voice.alone.guest``); None: no page seats.
        """
        self.limits = limits or Limits()
        self.store = store
        self.tls = tls
        self.trusted_proxies = frozenset(trusted_proxies)
        self.origins = tuple(origins)
        self.web = web
        self.alone = alone
        self.guest = guest
        self._origins: list[str | None] = [None, *self.origins]  # + the page's, once bound
        self.clock = clock
        self.computers = ComputerPool(workers)
        self.hall = Tables(self.limits, level, computer_delay, self.computers,
                           new_seed or (lambda: secrets.token_hex(16)), store)
        self.registry = registry
        self.reception = Reception(self.hall, self.limits, allow_create=allow_create,
                                   clock=clock, registry=registry)
        self._server: Server | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self.door = SocketCount(self.limits, self.trusted_proxies, clock)
        self._open_by_address: Counter[str] = Counter()
        self.connections = 0  # websocket connections in the handler
        self.trims = 0  # times the heap's free pages were handed back after a crowd
        self.trim_seconds = 0.0  # the longest that took

    @property
    def tables(self) -> dict[str, SharedTable]:
        """The open tables by code."""
        return self.hall.by_code

    @property
    def sockets(self) -> int:
        """Open TCP connections, handshakes included."""
        return self.door.total

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Listen on ``host:port`` (port 0 picks a free one); returns the bound address."""
        self.computers.start()
        loop = asyncio.get_running_loop()
        if self.store is not None:
            for stored in self.store.open():
                try:
                    self.hall.restore(stored, loop)
                except (ValueError, KeyError, TypeError) as e:  # one bad row, not the rest
                    log.warning("Table %s could not be taken back, left out: %s",
                                stored.code, e)
        lim = self.limits
        self._server = await serve(
            self._route,
            host,
            port,
            create_connection=self._connections(),
            max_size=lim.max_frame,
            compression=None,  # frames are small; deflate would cost CPU and invite bombs
            ping_interval=lim.ping_interval,
            ping_timeout=lim.ping_timeout,
            open_timeout=lim.open_seconds,
            close_timeout=lim.close_seconds,
            max_queue=8,
            origins=self._origins,  # type: ignore[arg-type]  # read at each handshake
            process_request=self._process_request,
            ssl=self.tls,
        )
        self._sweeper = loop.create_task(self._sweep())
        sock = next(iter(self._server.sockets))
        name = sock.getsockname()
        if self.web is not None:
            self._origins.extend(self.web.listening(host, int(name[1]), tls=self.tls is not None))
        if self.registry is not None:
            await self.registry.start(self.public_address(host, int(name[1])), self.listings)
        return str(name[0]), int(name[1])

    def public_address(self, host: str, port: int) -> str:
        """Where players reach this process, as other processes send them here: the page's
        public address (``--public-url``, a proxy's path for it) or the one listened on."""
        if self.web is not None and self.web.public_url:
            return socket_address(self.web.public_url)
        scheme = "wss" if self.tls is not None else "ws"
        return f"{scheme}://{f'[{host}]' if ':' in host else host}:{port}"

    def listings(self) -> list[Listing]:
        """This process's tables as the registry lists them."""
        assert self.registry is not None
        here = self.registry.here
        return [
            Listing(code, here, waits_for_people(t), 4 - len(t.seating.free_seats()),
                    being_played(t), t.connected)
            for code, t in self.tables.items()
        ]
    def _connections(self) -> type[ServerConnection]:
        """Each socket's connection: counted at the door; with the page served, its
        refusals carry the page's security headers too."""
        counted = gated(self.door)
        return counted if self.web is None else with_secure_refusals(counted, self.web)

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        self.hall.close()
        if self.registry is not None:
            await self.registry.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        await self.computers.stop()
        if self.store is not None:
            self.store.close()

    async def serve_forever(self) -> None:
        assert self._server is not None
        await self._server.serve_forever()

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_seconds)
            self.sweep()

    def sweep(self) -> None:
        """End tables nobody has been connected to for a while; forget old guesses."""
        self.hall.end_idle(asyncio.get_running_loop().time())  # the tables' own clock
        self.reception.guesses.sweep()
        self.door.sweep()
        door = self.door
        if door.peak - door.total >= self.limits.crowd and 2 * door.total <= door.peak:
            # A crowd of sockets came and went: hand the C library's free pages back
            # (6-8 MB of the ~42 a 4 100-socket crowd adds; docs/scaling.md).
            door.peak = door.total
            began = time.perf_counter()
            self.trims += trim_heap()
            self.trim_seconds = max(self.trim_seconds, time.perf_counter() - began)

    # ---- connections -----------------------------------------------------------------

    def address_of(self, ws: ServerConnection) -> str:
        """Where the client is: the peer, or what a trusted proxy says it forwarded."""
        peer = str(ws.remote_address[0]) if ws.remote_address else "?"
        if peer in self.trusted_proxies and ws.request is not None:
            forwarded = ws.request.headers.get_all("X-Forwarded-For")
            if forwarded:
                # The proxy appends the address it saw; anything before is the client's say.
                last = forwarded[-1].split(",")[-1].strip()
                with contextlib.suppress(ValueError):
                    return str(ipaddress.ip_address(last))
        return peer

    def _process_request(self, ws: ServerConnection, request: Request) -> Response | None:
        """Before the websocket opens: an address behind a proxy is counted and paced here,
        as the door counts and paces one that connects straight (issue 40: through the
        proxy one address completed 3 490 handshakes in 5 s, against 36 straight). The
        page's files count against the address's share of open connections but take none
        of its opens: they open no websocket."""
        address = self.address_of(ws)
        peer = str(ws.remote_address[0] if ws.remote_address else "?")
        proxied = address != peer
        if proxied and self._open_by_address[address] >= self.limits.connections_per_address:
            return ws.respond(HTTPStatus.TOO_MANY_REQUESTS, closes.TOO_MANY_REQUESTS)
        page_file = self.web.respond(request) if self.web is not None else None
        if page_file is not None:
            # A file of the page's, from memory, opens no websocket: it takes none of the
            # address's opens (straight, the door took one as it connected: given back),
            # or a player who loads the page (a dozen files, each its own connection)
            # and reloads it is refused a seat.
            if not proxied:
                self.door.refund(peer)
            return page_file
        if proxied and not self.door.may_open(address):
            return ws.respond(HTTPStatus.TOO_MANY_REQUESTS, closes.TOO_MANY_REQUESTS)
        return None

    async def _route(self, ws: ServerConnection) -> None:
        """A page's seat goes through the guest door (the seat's shell, over a seat that
        goes through the same handler); a page playing alone through its own door. A
        server without a guest door has no page seats: its seat path is a plain
        protocol-2 connection, and a page's hello is refused there as any bad hello."""
        path = ws.request.path if ws.request is not None else None
        if self.web is not None and self.alone is not None and path == ALONE_PATH:
            await self._alone(ws, self.alone)
            return
        if self.web is None or self.guest is None or path != SEAT_PATH:
            await self._handle(ws)
            return
        visit = Visit(self.address_of(ws), lambda: self.door.seated(ws), None, self.computers)
        await self.guest(ws, visit, self._handle)  # type: ignore[arg-type]  # a seat is a connection to it

    def _came(self, address: str) -> bool:
        """A connection from ``address`` is in the handler: counted; False when that
        makes one more than the address may hold (``_process_request`` refuses most
        before they open; this is for handshakes that raced past it)."""
        self.connections += 1
        self._open_by_address[address] += 1
        return self._open_by_address[address] <= self.limits.connections_per_address

    def _went(self, address: str) -> None:
        self.connections -= 1
        self._open_by_address[address] -= 1
        if self._open_by_address[address] <= 0:
            del self._open_by_address[address]

    async def _alone(self, ws: ServerConnection, alone: Alone) -> None:
        """A page playing alone: counted with the address's other connections (a seat's,
        a client's), so one address holds no more sockets by playing alone."""
        address = self.address_of(ws)
        allowed = self._came(address)
        try:
            await alone(ws, Visit(address, lambda: self.door.seated(ws),
                                  None if allowed else closes.TOO_MANY_CONNECTIONS,
                                  self.computers))
        finally:
            self._went(address)

    async def _handle(self, ws: ServerConnection) -> None:
        address = self.address_of(ws)
        allowed = self._came(address)
        # A seat in this process (a page's shell) takes its frames as they are made.
        member = ws.member() if isinstance(ws, SeatSocket) else Member(ws, self.limits.backlog)
        guard = Guard(self.limits, self.clock)
        seated: Seated | None = None
        try:
            if not allowed:
                member.close(p.CLOSE_BUSY, Reason(Closed.TOO_MANY_CONNECTIONS))
                return
            seated = await self.reception.hello(ws, member, guard, address)
            if seated is None:
                return
            self.door.seated(ws)
            if self.registry is not None:
                self.registry.changed()  # a new table, or one fuller, for the lobby
            table, info = seated
            if isinstance(ws, SeatSocket):  # its intents come straight to the table
                min_timer = self.limits.min_timer
                ws.seated_at(lambda message: table.intent(info, parse_intent(message, min_timer)))
            async for raw in ws:
                try:
                    message = guard.admit(raw)  # strikes on its own account
                except p.ProtocolError as e:
                    member.send(reasons.error_reply(raw, e))
                    continue
                try:
                    reply = table.intent(info, parse_intent(message, self.limits.min_timer))
                except p.ProtocolError as e:
                    guard.strike()
                    member.send(reasons.error_reply(raw, e))
                    continue
                if reply is not None:
                    member.send(reply)
        except Expelled:
            member.close(p.CLOSE_POLICY, Reason(Closed.TOO_MANY_BAD_MESSAGES))
        except ConnectionClosed:
            pass
        finally:
            self._went(address)
            if seated is not None:
                seated[0].leave(seated[1], member)
            # Keep reading (and discarding) while the close handshake runs: a reader that
            # stops leaves the peer's close frame unread, and the socket ends in a reset
            # that can swallow the close code and our last answers.
            discard = asyncio.get_running_loop().create_task(_discard(ws))
            await member.finish()
            discard.cancel()
