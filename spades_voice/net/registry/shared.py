"""The registry on Redis: every ``serve --registry redis://…`` process writes its own
tables to it and reads the others' (the keys are in docs/scaling.md).

- ``spades:alive:<server>``: a process is alive while this key is; it expires ``ttl``
  seconds after the process stops refreshing it (every ``refresh`` seconds).
- ``spades:codes``: a hash, live code → the server (websocket address) holding it. A
  code whose server is not alive is not found, and is dropped when met; a restarted
  process lists its tables again as it takes them back from its file.
- ``spades:lobby``: a sorted set, public table waiting for people → people seated.
- ``spades:playing``: a sorted set, public table being played that takes watchers →
  people connected (``watch --any``).

Every call is bounded (``bound`` seconds, on the loop's clock): a registry that does not
answer in time raises ``RegistryLost``, and the server goes on with what it knows itself
(seated tables play on; a code it does not hold is not found here, and it says why).
Changes are seen by reading again: each lookup reads the registry as it is then.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from spades_voice.net.registry import Listing, RegistryLost

log = logging.getLogger("spades_voice.net")

T = TypeVar("T")

PREFIX = "spades:"
CODES = PREFIX + "codes"
LOBBY = PREFIX + "lobby"
PLAYING = PREFIX + "playing"
#: How many of the lobby's fullest tables a Play online looks at.
LOOK_AT = 64


def _text(value: object) -> str | None:
    """A reply as text (replies are decoded; None is no such key)."""
    if value is None:
        return None
    return value.decode() if isinstance(value, bytes) else str(value)


def alive_key(server: str) -> str:
    return f"{PREFIX}alive:{server}"


class RedisRegistry:
    """This process's view of the shared registry (see the module's docstring)."""

    def __init__(self, url: str, *, bound: float = 1.0, ttl: float = 15.0,
                 refresh: float = 3.0) -> None:
        self.url = url
        self.bound = bound
        self.ttl = ttl
        self.refresh = refresh
        self.here = ""
        self.lost = False  # the last call failed (said once in the log, and once back)
        self.client: aioredis.Redis = aioredis.from_url(
            url, socket_timeout=bound, socket_connect_timeout=bound, decode_responses=True,
        )
        self._tables: Callable[[], list[Listing]] = list
        self._listed: set[str] = set()  # codes this process has in the hash...
        self._in_lobby: set[str] = set()  # ...and in the lobby
        self._in_play: set[str] = set()  # ...and among the tables being played
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def _bounded(self, work: Awaitable[T], *, say: bool = True) -> T:
        """``work`` within the bound; RegistryLost, in plain words, when Redis fails us
        (said in the log once, unless ``say`` is False: the caller says it)."""
        try:
            async with asyncio.timeout(self.bound):
                result = await work
        except (TimeoutError, RedisError, OSError) as e:
            if not self.lost and say:
                log.warning("The registry at %s does not answer (%s): tables here play on, "
                            "and only this process's tables are found until it is back.",
                            self.url, type(e).__name__)
            self.lost = True
            raise RegistryLost(str(e)) from e
        if self.lost:
            log.warning("The registry at %s answers again.", self.url)
        self.lost = False
        return result

    async def start(self, here: str, tables: Callable[[], list[Listing]]) -> None:
        self.here, self._tables = here, tables
        with contextlib.suppress(RegistryLost):
            await self._publish(say=False)  # serve says it as it starts
        self._task = asyncio.get_running_loop().create_task(self._keep())

    def changed(self) -> None:
        self._wake.set()

    async def _keep(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.refresh):
                    await self._wake.wait()
            self._wake.clear()
            with contextlib.suppress(RegistryLost):
                await self._publish()

    async def _publish(self, *, say: bool = True) -> None:
        """List this process as alive, its codes, and its public tables waiting."""
        tables = self._tables()
        codes = {t.code for t in tables}
        waiting = {t.code: t.seated for t in tables if t.waiting}
        playing = {t.code: t.connected for t in tables if t.playing}
        gone, unlisted = self._listed - codes, self._in_lobby - waiting.keys()
        stopped = self._in_play - playing.keys()
        pipe = self.client.pipeline(transaction=False)
        pipe.set(alive_key(self.here), "1", px=int(self.ttl * 1000))
        if codes:
            pipe.hset(CODES, mapping=dict.fromkeys(codes, self.here))
        if gone:
            pipe.hdel(CODES, *gone)
        if waiting:
            pipe.zadd(LOBBY, dict(waiting))
        if unlisted:
            pipe.zrem(LOBBY, *unlisted)
        if playing:
            pipe.zadd(PLAYING, dict(playing))
        if stopped:
            pipe.zrem(PLAYING, *stopped)
        await self._bounded(pipe.execute(), say=say)
        self._listed, self._in_lobby, self._in_play = codes, set(waiting), set(playing)

    async def _alive(self, servers: set[str]) -> set[str]:
        ordered = sorted(servers)
        pipe = self.client.pipeline(transaction=False)
        for server in ordered:
            pipe.exists(alive_key(server))
        found: list[int] = await pipe.execute()
        return {s for s, n in zip(ordered, found, strict=True) if n}

    async def where(self, code: str) -> str | None:
        async def look() -> str | None:
            server = _text(await self.client.hget(CODES, code))
            if server is None or server == self.here:
                return None
            if await self._alive({server}):
                return server
            await self.client.hdel(CODES, code)  # its process is gone
            return None

        return await self._bounded(look())

    async def waiting(self) -> list[Listing]:
        return [Listing(t.code, t.server, True, t.seated)
                for t in await self._ranked(LOBBY)]

    async def playing(self) -> list[Listing]:
        return [Listing(t.code, t.server, playing=True, connected=t.seated)
                for t in await self._ranked(PLAYING)]

    async def _ranked(self, key: str) -> list[Listing]:
        """Other live processes' tables in the sorted set ``key``, highest first, with
        their scores (as ``seated``); codes of processes gone are dropped from it."""
        async def look() -> list[Listing]:
            ranked: list[tuple[object, float]] = await self.client.zrevrange(  # type: ignore[assignment]
                key, 0, LOOK_AT - 1, withscores=True
            )
            fullest = [(str(_text(code)), float(score)) for code, score in ranked]
            if not fullest:
                return []
            names = [code for code, _ in fullest]
            servers = [_text(s) for s in await self.client.hmget(CODES, names)]
            alive = await self._alive({s for s in servers if s is not None})
            found, dead = [], []
            for (code, seated), server in zip(fullest, servers, strict=True):
                if server is not None and server in alive:
                    if server != self.here:
                        found.append(Listing(code, server, True, int(seated)))
                else:
                    dead.append(code)
            if dead:
                await self.client.zrem(key, *dead)
            return found

        return await self._bounded(look())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        with contextlib.suppress(RegistryLost):
            pipe = self.client.pipeline(transaction=False)
            pipe.delete(alive_key(self.here))
            if self._in_lobby:
                pipe.zrem(LOBBY, *self._in_lobby)
            await self._bounded(pipe.execute())
        with contextlib.suppress(RedisError, OSError, TimeoutError):
            async with asyncio.timeout(self.bound):
                await self.client.aclose()


