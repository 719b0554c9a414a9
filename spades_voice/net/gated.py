"""Sockets counted as they open, before any handshake: the server's door (see ``server.py``).

``SocketCount`` is the bookkeeping (how many are open, from where, which have not sat
down); ``GatedConnection`` is the websocket connection that asks it before websockets
spends anything on a socket. Neither knows the server: it hands its count to ``gated``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Callable, Iterable

from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

from spades_voice.net.limits import Limits

log = logging.getLogger("spades_voice.net")


class SocketCount:
    """Open TCP connections, server-wide and per address, counted as each opens.

    A full server (or one with ``max_unseated`` sockets not yet at a table) makes room by
    dropping its oldest socket that has not sat down at a table: sockets that never say
    hello cannot hold the server, since each newcomer pushes the oldest of them out, while
    people already seated are never dropped.

    An address also opens sockets at a measured pace: ``connections_per_address`` at once,
    then ``opens_per_second``. Without it, sockets dropped for room (or for saying
    nothing) and reopened at once from many addresses made the server set up and tear
    down a websocket connection for each, hundreds a second, and the collector walk
    their remains (issue 34, hole 4); refused here, a socket costs the accept and its
    abort, and nothing of it lives on.
    """

    def __init__(self, limits: Limits, trusted_proxies: Iterable[str] = (),
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.trusted_proxies = frozenset(trusted_proxies)
        self.clock = clock
        #: Per address: sockets it may still open now, and when that was worked out.
        self.opens: dict[str, tuple[float, float]] = {}
        self.total = 0  # open TCP connections, handshakes included
        self.peak = 0  # the most open at once since the last crowd left (server's sweep)
        #: Sockets not yet seated at a table (handshaking, or not yet said hello), oldest
        #: first: when the server is full, the oldest of them makes room for a newcomer.
        self.unseated: dict[GatedConnection, None] = {}
        self.by_peer: Counter[str] = Counter()

    def opened(self, peer: str, conn: GatedConnection) -> bool:
        """Count a new socket; False when it must be dropped (before any handshake)."""
        lim = self.limits
        if peer not in self.trusted_proxies and (
            self.by_peer[peer] >= lim.connections_per_address or not self.may_open(peer)
        ):
            return False
        if self.total >= lim.max_connections or len(self.unseated) >= lim.max_unseated:
            if not self.unseated:
                return False
            oldest = next(iter(self.unseated))
            log.info("server full: dropping an unseated socket from %s", oldest.peer)
            oldest.uncount()  # now, not again when the abort reaches connection_lost
            oldest.transport.abort()
        self.total += 1
        self.peak = max(self.peak, self.total)
        self.by_peer[peer] += 1
        self.unseated[conn] = None
        return True

    def may_open(self, peer: str) -> bool:
        """Take one of ``peer``'s opens (a token bucket); False when it has none left.

        The server asks it again for the address a trusted proxy forwards (``server.py``):
        the proxy itself is not paced, the players behind it are."""
        lim = self.limits
        now = self.clock()
        left, then = self.opens.get(peer, (float(lim.connections_per_address), now))
        left = min(lim.connections_per_address, left + (now - then) * lim.opens_per_second)
        if left < 1:
            self.opens[peer] = (left, now)
            return False
        self.opens[peer] = (left - 1, now)
        return True

    def refund(self, peer: str) -> None:
        """Give back the open ``peer``'s connection took: it asked for a file of the page,
        which opens no websocket (a page is a dozen files, each its own connection, and a
        load and a reload would otherwise use up the opens before the seat's socket)."""
        if peer in self.opens:
            left, then = self.opens[peer]
            self.opens[peer] = (min(float(self.limits.connections_per_address), left + 1), then)

    def sweep(self) -> None:
        """Forget the pace of addresses that could open a full share again."""
        lim = self.limits
        now = self.clock()
        for peer, (left, then) in list(self.opens.items()):
            if left + (now - then) * lim.opens_per_second >= lim.connections_per_address:
                del self.opens[peer]

    def seated(self, conn: object) -> None:
        """A person sat down on ``conn``: never dropped to make room."""
        if isinstance(conn, GatedConnection):
            self.unseated.pop(conn, None)

    def closed(self, peer: str, conn: GatedConnection) -> None:
        self.unseated.pop(conn, None)
        self.total -= 1
        self.by_peer[peer] -= 1
        if self.by_peer[peer] <= 0:
            del self.by_peer[peer]


class GatedConnection(ServerConnection):
    """A websocket connection that counts its socket as it opens, before any handshake,
    and drops it there when its address or the server is over a limit, before websockets
    spends anything on it (not even a handler task). ``gated`` binds it to a count."""

    count: SocketCount
    peer: str | None = None  # counted against this address until the socket is lost
    refused = False
    #: The last bytes of the request's head so far (its end may span two reads); None
    #: once the head is complete.
    _head: bytes | None = b""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        name = transport.get_extra_info("peername")
        peer = str(name[0]) if name else "?"
        if not self.count.opened(peer, self):
            self.refused = True
            assert isinstance(transport, asyncio.Transport)
            transport.abort()
            return
        self.peer = peer
        super().connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        if self._head is not None:
            data = self._first_request(self._head, data)
        elif self.state is State.CONNECTING:
            return  # more after the request, before its answer: dropped as above
        if data:
            super().data_received(data)

    def _first_request(self, head: bytes, data: bytes) -> bytes:
        """One request a connection: the bytes up to the end of the first request's
        head; what follows it before the answer (a second request in the same write, or
        in any read until the answer) is dropped, as the answer closes the connection.
        websockets would otherwise read the second request as frames, and fail with a
        traceback in the log instead of answering the first. A websocket client sends
        nothing more until the server's 101, and the server takes no request body, so
        nothing of a request is lost."""
        seen = head + data
        end = seen.find(b"\r\n\r\n")
        if end < 0:
            self._head = seen[-3:]
            return data
        self._head = None
        return data[: end + 4 - (len(seen) - len(data))]

    def eof_received(self) -> None:
        if not self.refused:
            super().eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.refused:
            return
        self.uncount()
        super().connection_lost(exc)

    def uncount(self) -> None:
        if self.peer is not None:
            self.count.closed(self.peer, self)
            self.peer = None


def gated(count: SocketCount) -> type[GatedConnection]:
    return type("Gated", (GatedConnection,), {"count": count})
