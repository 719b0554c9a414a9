"""The client side of a shared table.

``TableClient`` is the connection itself, on asyncio: it says hello, keeps the latest view
and people list the server sent, collects events, answers requests and rejoins with its
seat token when the connection drops. ``remote_table.RemoteTable`` wraps one on a
background thread and offers the ``Table`` protocol, so the shell plays a shared table
exactly like a local one.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import ssl
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from spades_voice.narration.closes import Closed
from spades_voice.narration.notices import Told
from spades_voice.narration.reasons import english
from spades_voice.narration.refusals import Refusal
from spades_voice.narration.wire import Wrong
from spades_voice.net.wire import codec, reasons
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.hellos import hello_join, hello_rejoin, hello_watch
from spades_voice.rules import (
    HandOutcome,
    Reason,
    Ruleset,
    Seat,
    SeatView,
)
from spades_voice.table import Event, Notice, Person

#: Close codes after which trying again cannot help (refusals and policy closes).
FINAL_CLOSES = frozenset(
    {
        p.CLOSE_POLICY,
        p.CLOSE_TOO_BIG,
        p.CLOSE_VERSION,
        p.CLOSE_NO_TABLE,
        p.CLOSE_FULL,
        p.CLOSE_HELLO,
        p.CLOSE_BUSY,
        p.CLOSE_MOVED,
    }
)

#: How many ``moved`` frames a hello follows: a process sends a player on to the one
#: holding the table, which holds it; one more is slack for a restart in between.
MAX_MOVES = 2


class JoinRefused(Exception):
    """The table could not be reached or refused us, for ``reason`` (a value the caller
    says in its player's language)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        """The reason in English, for a log (a player hears it in their own language)."""
        return english(self.reason)


class Moved(Exception):
    """Another process of the server holds the table: say hello there (``server``)."""

    def __init__(self, server: str, code: str) -> None:
        super().__init__(server)
        self.server, self.code = server, code


def _refused(reason: Reason) -> dict[str, Any]:
    """A ``refused`` reply the client makes itself (not connected, no answer in time)."""
    return {"type": "refused", "reason": reasons.reason_to_json(reason)}


def moved_from(data: dict[str, Any]) -> Moved:
    """A ``moved`` frame read; ProtocolError when it does not name a websocket address
    and a table code."""
    server, code = data.get("server"), data.get("table")
    if not isinstance(server, str) or not server.startswith(("ws://", "wss://")):
        raise p.wrong(Wrong.MOVED_URL)
    return Moved(server, p.normalize_code(code))


def moved_hello(hello: dict[str, Any], code: str) -> dict[str, Any]:
    """The hello to say at the process holding ``code``: the same join or rejoin, and a
    join of that table for a ``join_any``."""
    if hello.get("type") == "join_any":
        return hello_join(code, str(hello.get("name", "")))
    if hello.get("type") == "watch_any":
        return hello_watch(code, str(hello.get("name", "")))
    return {**hello, "table": code}


def server_url(address: str) -> str:
    """``HOST:PORT`` (or a ws:// or wss:// URL) as a websocket URL.

    >>> server_url("192.168.1.5:8765"), server_url("wss://example.org/spades")
    ('ws://192.168.1.5:8765', 'wss://example.org/spades')
    """
    if address.startswith(("ws://", "wss://")):
        return address
    return f"ws://{address}"


def client_tls(ca_file: str | None = None) -> ssl.SSLContext:
    """The context a client checks a ``wss://`` server with: the system's certificate
    authorities, or only ``ca_file`` (a private CA's PEM) when given."""
    return ssl.create_default_context(cafile=ca_file)


class TableClient:
    """One seat's connection to a table, on the running asyncio loop.

    After ``connect`` it knows its seat, the table code, its seat token and who is at the
    table. ``run`` reads frames until the table closes, rejoining with the token when the
    connection drops (for up to ``reconnect_seconds``). ``on_change`` is called, on the
    loop, whenever new events are waiting or the people changed.
    """

    def __init__(
        self,
        url: str,
        hello: dict[str, Any],
        *,
        on_change: Callable[[], None] | None = None,
        open_timeout: float = 10.0,
        reconnect_seconds: float = 60.0,
        tls: ssl.SSLContext | None = None,
        source: str | None = None,
    ) -> None:
        """``source``: the local address to connect from (a machine with several)."""
        self.url = url
        self.source = source
        self.hello = hello
        self.on_change = on_change
        self.open_timeout = open_timeout
        self.reconnect_seconds = reconnect_seconds
        self.tls = tls
        self.seat = Seat.S
        self.code = ""
        self.token = ""
        self.host = False
        self.back = False  # the server gave back a seat this token held
        self.waiting = False  # seated from the next deal; no view until then
        self.public = False
        #: Listening without a seat: no token, the public view only.
        self.watching = False
        #: Who watches the table now, by name.
        self.watchers: list[str] = []
        #: Watchers who asked to play, waiting for the host's answer.
        self.asking: list[str] = []
        self.rules = Ruleset()
        self._view: SeatView | None = None
        self._view_data: dict[str, Any] | None = None  # the latest view, not yet read
        # Finished hands as of the latest view: views carry only those not sent before.
        self._outcomes: tuple[HandOutcome, ...] = ()
        self.seq = -1
        self.people: list[Person] = []
        self.started = False
        self.timers: dict[str, float | None] = {"bid": None, "play": None}
        self.closed_reason: Reason | None = None
        self.lock = threading.Lock()  # guards events, view and people for other threads
        self._events: list[Event] = []
        self._ws: ClientConnection | None = None
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._closing = False
        #: Every frame received, raw, when a test asks for it (``keep_frames``).
        self.frames: list[str] | None = None

    # ---- connecting ----------------------------------------------------------------

    async def connect(self) -> None:
        """Say hello and wait for welcome and the people list, following the server to
        the process that holds the table; raises JoinRefused."""
        for _ in range(MAX_MOVES + 1):
            try:
                await self._open(self.hello)
                return
            except Moved as moved:
                self.url, self.hello = moved.server, moved_hello(self.hello, moved.code)
        raise JoinRefused(Reason(Closed.TABLE_ELSEWHERE))  # sent on and on: a server misconfigured

    async def _open(self, hello: dict[str, Any]) -> None:
        # wss:// always checks the certificate: against --ca, else the system's authorities.
        tls = (self.tls or client_tls()) if self.url.startswith("wss://") else None
        options: dict[str, Any] = {"ssl": tls} if tls is not None else {}
        try:
            ws = await connect(
                self.url,
                max_size=p.MAX_SERVER_FRAME,
                compression=None,
                open_timeout=self.open_timeout,
                # A server that stops answering is noticed within 9 seconds (3 + 5 + 1).
                ping_interval=3,
                close_timeout=1,
                ping_timeout=5,
                local_addr=(self.source, 0) if self.source else None,
                **options,
            )
        except ssl.SSLCertVerificationError as e:
            raise JoinRefused(Reason.of(Refusal.NOT_TRUSTED, url=self.url)) from e
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ValueError) as e:
            raise JoinRefused(Reason.of(Refusal.CANNOT_REACH, url=self.url)) from e
        try:
            await ws.send(p.encode(hello))
            # welcome (or moved: another process holds the table), then people, then
            # (once the match is under way) a view
            first = await asyncio.wait_for(ws.recv(), self.open_timeout)
            data = p.decode(first)
            if data["type"] == "moved":
                await ws.close()
                raise moved_from(data)
            if data["type"] != "welcome":
                raise p.wrong(Wrong.EXPECTED, key="welcome")
            self._frame(first)
            await self._expect(ws, "people")
            if self.started and not self.waiting:
                await self._expect(ws, "update")
        except ConnectionClosed as e:
            said = e.rcvd.reason if e.rcvd is not None else ""
            raise JoinRefused(reasons.close_reason(said)) from e
        except (TimeoutError, p.ProtocolError) as e:
            await ws.close()
            raise JoinRefused(Reason(Refusal.ANSWERED_BADLY)) from e
        self._ws = ws

    async def _expect(self, ws: ClientConnection, kind: str) -> None:
        raw = await asyncio.wait_for(ws.recv(), self.open_timeout)
        if p.decode(raw)["type"] != kind:
            raise p.wrong(Wrong.EXPECTED, key=kind)
        self._frame(raw)

    async def run(self) -> None:
        """Read frames until the table is closed for good (or ``close`` is called)."""
        while not self._closing:
            ws = self._ws
            assert ws is not None
            try:
                async for raw in ws:
                    try:
                        self._frame(raw)
                    except p.ProtocolError:
                        continue  # the server never sends these; dropping one is safest
            except ConnectionClosed:
                pass
            self._fail_pending(Reason(Refusal.CONNECTION_LOST))
            if self._closing:
                return
            if ws.close_code in FINAL_CLOSES:
                self._final(reasons.close_reason(ws.close_reason or "", Refusal.TABLE_CLOSED))
                return
            if not await self._reconnect():
                return

    async def _reconnect(self) -> bool:
        self._notice(Reason(Told.RECONNECTING))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.reconnect_seconds
        while not self._closing and loop.time() < deadline:
            try:
                await self._open(self._again())
            except Moved as moved:
                self.url = moved.server
                await asyncio.sleep(0.2)  # rare (tables stay put): never a tight loop
                continue
            except JoinRefused:
                await asyncio.sleep(1.0)
                continue
            return True  # the server says "Back at your seat" and where the hand stands
        self._final(Reason(Refusal.NO_RECONNECT))
        return False

    def _again(self) -> dict[str, Any]:
        """The hello that takes this connection's place back: the seat by its token, or
        for a watcher the table by its code."""
        if self.watching:  # the decisions heard so far: the rest come as a catch-up
            return {**hello_watch(self.code, str(self.hello.get("name", ""))),
                    "seen": max(0, self.seq)}
        return hello_rejoin(self.code, self.token)

    async def close(self) -> None:
        self._closing = True
        if self._ws is not None:
            await self._ws.close()

    # ---- requests ------------------------------------------------------------------

    async def send(self, message: dict[str, Any]) -> None:
        if self._ws is None:
            return
        with contextlib.suppress(ConnectionClosed):
            await self._ws.send(p.encode(message))

    async def request(self, message: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        """Send an intent with a fresh ``id``; the server's ``ok`` or ``refused`` reply."""
        if self.closed_reason is not None:
            return _refused(self.closed_reason)
        if self._ws is None:
            return _refused(Reason(Refusal.NOT_CONNECTED))
        rid = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[rid] = future
        try:
            await self._ws.send(p.encode({**message, "id": rid}))
            return await asyncio.wait_for(future, timeout)
        except (ConnectionClosed, TimeoutError):
            return _refused(Reason(Refusal.DID_NOT_ANSWER))
        finally:
            self._pending.pop(rid, None)

    # ---- frames --------------------------------------------------------------------

    def _frame(self, raw: str | bytes) -> None:
        if self.frames is not None and isinstance(raw, str):
            self.frames.append(raw)
        self.receive(p.decode(raw))

    def receive(self, data: dict[str, Any]) -> None:
        """Take in one decoded frame the server sent (a browser seat's adapter feeds them
        here too, so it reads views and events exactly as this client does)."""
        kind = data["type"]
        if kind == "update":
            events = [codec.event_from_json(e) for e in p.as_list(data.get("events"), 64)]
            seq = p.as_int(data.get("seq"))
            view = data.get("view")
            outcomes = self._outcomes
            if isinstance(view, dict):
                outcomes = codec.outcomes_from_json(view, outcomes)
            with self.lock:
                self.seq = seq
                if isinstance(view, dict):
                    # Read when asked for: many updates pass unread between two key presses.
                    self._view_data = view
                    self._outcomes = outcomes
                    self.started = True
                    self.waiting = False
                self._events.extend(events)
            self._changed()
            rid = data.get("id")
            if isinstance(rid, int):  # this update answers our intent: it stands for "ok"
                self._answer({"type": "ok", "id": rid})
        elif kind == "people":
            self._people(data)
        elif kind in ("ok", "refused", "error"):
            self._answer(data)
        elif kind == "welcome" and data.get("watching") is True:
            self.watching = True
            self.code = p.normalize_code(data.get("table"))
            self.rules = p.rules_from_json(data.get("rules"))
            self.public = data.get("public") is True
        elif kind == "welcome":
            self.watching = False  # a watcher who took a seat is welcomed to it
            self.seat = p.seat_from_json(data.get("seat"))
            self.code = p.normalize_code(data.get("table"))
            self.token = p.field_of(data, "token", str)
            self.host = bool(data.get("host"))
            self.rules = p.rules_from_json(data.get("rules"))
            self.back = data.get("back") is True
            self.waiting = data.get("waiting") is True
            self.public = data.get("public") is True
        else:
            raise p.wrong(Wrong.UNKNOWN_TYPE, text=repr(kind)[:40])

    def _answer(self, data: dict[str, Any]) -> None:
        rid = data.get("id")
        future = self._pending.get(rid) if isinstance(rid, int) else None
        if future is not None and not future.done():
            future.set_result(data)

    def _people(self, data: dict[str, Any]) -> None:
        host = p.optional(data, "host", p.seat_from_json)
        people = [
            Person(
                seat=p.seat_from_json(e.get("seat")),
                name=p.clean_name(e.get("name")),
                person=p.as_bool(e.get("person")),
                connected=p.as_bool(e.get("connected")),
                host=p.seat_from_json(e.get("seat")) is host,
                you=p.seat_from_json(e.get("seat")) is self.seat and not self.watching,
                waiting=p.clean_name(e["next"]) if isinstance(e.get("next"), str) else "",
            )
            for e in p.as_list(data.get("people"), 4)
            if isinstance(e, dict)
        ]
        timers = data.get("timers")
        watchers = [p.clean_name(n) for n in p.as_list(data.get("watchers", []), 64)]
        asking = [p.clean_name(n) for n in p.as_list(data.get("asking", []), 64)]
        with self.lock:
            self.people = people
            self.watchers = watchers
            self.asking = asking
            # Someone waiting for the next deal has not started: their lobby goes on.
            self.started = self.started or (data.get("started") is True and not self.waiting)
            self.host = host is self.seat and not self.watching
            if isinstance(timers, dict):
                self.timers = {k: timers.get(k) for k in ("bid", "play")}
        self._changed()

    def _notice(self, reason: Reason) -> None:
        with self.lock:
            self._events.append(Notice(reason))
        self._changed()

    def _final(self, reason: Reason) -> None:
        self.closed_reason = reason
        self._notice(reason)

    def _fail_pending(self, reason: Reason) -> None:
        for future in self._pending.values():
            if not future.done():
                future.set_result(_refused(reason))

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    @property
    def view(self) -> SeatView | None:
        """The latest view the server sent (None before the first deal)."""
        with self.lock:
            if self._view_data is not None:
                with contextlib.suppress(p.ProtocolError):  # keep the last good view
                    self._view = codec.view_from_json(self._view_data, self._outcomes)
                self._view_data = None
            if self._view is not None and self.watching:
                return replace(self._view, watching=True)  # never a watcher's turn
            return self._view

    @property
    def my_turn(self) -> bool:
        """Whether the latest view says this seat is to act (without reading all of it)."""
        with self.lock:
            if self.watching:
                return False
            if self._view_data is not None:
                return self._view_data.get("to_act") == self.seat.value
            return self._view is not None and self._view.my_turn

    @property
    def over(self) -> bool:
        """Whether the latest view says the match has a winner."""
        with self.lock:
            if self._view_data is not None:
                return self._view_data.get("winner") is not None
            return self._view is not None and self._view.winner is not None

    def drain(self) -> list[Event]:
        with self.lock:
            out, self._events = self._events, []
        return out

    def drain_notices(self) -> list[Notice]:
        """Take only the notices, leaving game events for ``drain`` (a lobby uses this)."""
        with self.lock:
            notices = [e for e in self._events if isinstance(e, Notice)]
            self._events = [e for e in self._events if not isinstance(e, Notice)]
        return notices
