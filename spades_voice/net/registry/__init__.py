"""Many ``serve`` processes that behave as one server to the players (issue 40).

A table stays pinned to the process that opened it (one event loop per table); what
every process must see is kept in a shared registry on Redis (``shared.py``): which
process holds each live code, and the public tables waiting for people. A process given
a code it does not hold asks the registry and sends the player on (a ``moved`` frame the
clients follow); Play online and ``join --any`` look at every process's public tables.

This module holds what the server needs to know of a registry without Redis installed
(``serve --registry`` is optional, and redis-py an optional extra): the shape of a
registry, what a process lists in it, and the error a lost registry raises.

May import no other room of ``net``: the door and the page ask it where tables are.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import urlsplit, urlunsplit


class RegistryLost(Exception):
    """The registry did not answer within its bound: the caller falls back to what this
    process knows on its own."""


@dataclass(frozen=True, slots=True)
class Listing:
    """One table as the registry lists it: where it is, and whether it waits for people
    (public, not started, a free seat and someone there) with how many seated."""

    code: str
    server: str
    waiting: bool = False
    seated: int = 0
    #: Public and being played, watchers welcome (``watch --any``), with how many of
    #: its people are connected.
    playing: bool = False
    connected: int = 0


class Registry(Protocol):
    """What the server asks of a registry (``shared.RedisRegistry`` is the one there is)."""

    here: str  # this process's address, as the others send players to it
    lost: bool  # the last call went unanswered (it is said in the log)

    async def start(self, here: str, tables: Callable[[], list[Listing]]) -> None:
        """Begin listing this process's tables (``tables`` is read on each refresh)."""

    def changed(self) -> None:
        """A table opened, or someone sat down: list the tables again soon."""

    async def where(self, code: str) -> str | None:
        """The live process (its public websocket address) holding ``code``, if another
        process holds it; raises RegistryLost."""

    async def waiting(self) -> list[Listing]:
        """Other live processes' public tables waiting for people, fullest first; raises
        RegistryLost."""

    async def playing(self) -> list[Listing]:
        """Other live processes' public tables being played that take watchers, most
        people connected first; raises RegistryLost."""

    async def close(self) -> None:
        """Stop listing; this process's tables are no longer found through it."""


def socket_address(public_url: str) -> str:
    """A process's websocket address from the page address players open (``--public-url``,
    a proxy's path for this process), the one a ``moved`` frame names.

    >>> socket_address("https://cards.example/p1/")
    'wss://cards.example/p1'
    >>> socket_address("http://127.0.0.1:8765")
    'ws://127.0.0.1:8765'
    """
    parts = urlsplit(public_url)
    scheme = {"https": "wss", "http": "ws"}.get(parts.scheme, parts.scheme)
    return urlunsplit((scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def seat_address(server: str) -> str:
    """Where a browser seat's websocket opens at the process ``server``.

    >>> seat_address("wss://cards.example/p1")
    'wss://cards.example/p1/seat'
    """
    return server.rstrip("/") + "/seat"
