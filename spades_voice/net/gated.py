"""Sockets counted as they open, before any handshake (see ``server.py``)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from websockets.asyncio.server import ServerConnection

if TYPE_CHECKING:
    from spades_voice.net.server import TableServer


class GatedConnection(ServerConnection):
    """A websocket connection that counts its socket as it opens, before any handshake,
    and drops it there when its address or the server is over a limit, before websockets
    spends anything on it (not even a handler task). ``gated`` binds it to a server."""

    table_server: TableServer
    peer: str | None = None  # counted against this address until the socket is lost
    refused = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        name = transport.get_extra_info("peername")
        peer = str(name[0]) if name else "?"
        if not self.table_server._socket_opened(peer, self):
            self.refused = True
            assert isinstance(transport, asyncio.Transport)
            transport.abort()
            return
        self.peer = peer
        super().connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if not self.refused:
            super().data_received(data)

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
            self.table_server._socket_closed(self.peer, self)
            self.peer = None


def gated(server: TableServer) -> type[GatedConnection]:
    return type("Gated", (GatedConnection,), {"table_server": server})
