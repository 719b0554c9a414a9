"""Running a ``TableServer``: on a thread and event loop of its own (``host`` and tests),
with a TLS context, and whether a bind address keeps it to this computer."""

from __future__ import annotations

import asyncio
import ipaddress
import ssl
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from spades_voice.narration.language import Language, speaking
from spades_voice.net.door.server import TableServer
from spades_voice.net.wire.protocol import CLOSE_NO_TABLE
from spades_voice.rules import Reason


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` keeps the server to this computer."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def tls_context(cert: str | Path, key: str | Path) -> ssl.SSLContext:
    """A server TLS context from a certificate chain and its private key (PEM files)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


class ServerThread:
    """A ``TableServer`` on its own thread and event loop (``host`` and tests use it)."""

    def __init__(self, server: TableServer, host: str = "127.0.0.1", port: int = 0) -> None:
        self.server = server
        self.host = host
        self.port = port
        self.address: tuple[str, int] | None = None
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._stop: asyncio.Event | None = None
        self._ending: Reason | None = None
        self._thread = threading.Thread(target=self._run, name="spades-server", daemon=True)

    def start(self, timeout: float = 30.0) -> tuple[str, int]:
        self._thread.start()
        self._ready.wait(timeout)
        if self._error is not None:
            raise self._error
        assert self.address is not None
        return self.address

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        # A server speaks English, the source language, whatever its host's process
        # speaks: each guest's client hears it in their own (``narration.refusals``).
        with speaking(Language.EN):
            self.loop.run_until_complete(self._main())

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        try:
            self.address = await self.server.start(self.host, self.port)
        except BaseException as e:  # reported to the thread that called start()
            self._error = e
            self._ready.set()
            await self.server.computers.stop()
            return
        self._ready.set()
        await self._stop.wait()
        if self._ending is not None:
            await self._end_tables(self._ending)
        await self.server.close()

    async def _end_tables(self, reason: Reason) -> None:
        """Tell everyone seated that their table has ended, and wait (a little) for the
        words to go out: their clients then say so at once, where a server that simply
        went away would leave them trying to reconnect for a minute."""
        members = [
            info.member for table in self.server.tables.values()
            for info in table.seats.values() if info.member is not None
        ]
        for member in members:
            member.close(CLOSE_NO_TABLE, reason)
        if members:
            await asyncio.wait([m.writer for m in members], timeout=2.0)

    def call(self, fn: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Run ``fn`` on the server's loop and return its result (tests look inside)."""

        async def run() -> Any:
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout)

    def stop(self, timeout: float = 30.0, *, ending: Reason | None = None) -> None:
        """Stop the server. ``ending``: the tables end for good (no store keeps them), and
        everyone seated hears this reason first, in their own language."""
        self._ending = ending
        if self._stop is not None and self._thread.is_alive():
            self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout)

    @property
    def url(self) -> str:
        assert self.address is not None
        scheme = "wss" if self.server.tls is not None else "ws"
        return f"{scheme}://{self.address[0]}:{self.address[1]}"
