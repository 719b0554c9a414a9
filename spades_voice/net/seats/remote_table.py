"""A seat at a shared table as a ``Table``: ``RemoteTable`` runs a ``client.TableClient``
on a background thread and offers the ``Table`` protocol, so the shell plays a shared
table exactly like a local one.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import ssl
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from spades_voice.ai import Hint, WorkRate, hint
from spades_voice.ai.calibrate import measure
from spades_voice.ai.hints import hint_rng
from spades_voice.narration.refusals import Refusal
from spades_voice.net.seats.client import JoinRefused, TableClient
from spades_voice.net.seats.client_seat import ClientSeat
from spades_voice.net.wire import reasons
from spades_voice.net.wire.hellos import hello_create, hello_join, hello_join_any, hello_rejoin
from spades_voice.rules import (
    IllegalAction,
    Reason,
    Ruleset,
    Seat,
)
from spades_voice.table import LetsIn, Notice, SharedSeat, Table

log = logging.getLogger(__name__)

class RemoteTable(ClientSeat):
    """A seat at a shared table, offering the ``Table`` protocol (see table.py).

    The connection runs on its own thread and event loop, so the shell's loop never waits
    on the network except in ``submit`` and ``new_match``, which wait for the server's
    answer (one round trip) so a refusal is raised with the server's spoken reason.
    ``view()`` answers at once from the latest view the server sent.

    Beyond the protocol: ``people()`` (who sits where, who is connected: bind a key to
    it), ``code``, ``token``, ``is_host``, ``started``, ``wait_started()``, ``start()``,
    ``set_timers()`` and ``close()``.
    """

    def __init__(
        self,
        url: str,
        hello: dict[str, Any],
        *,
        open_timeout: float = 10.0,
        reconnect_seconds: float = 60.0,
        answer_timeout: float = 10.0,
        keep_frames: bool = False,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self._listener: Callable[[], None] | None = None
        self._listener_loop: asyncio.AbstractEventLoop | None = None
        self._started = threading.Event()
        self.answer_timeout = answer_timeout
        self.client = TableClient(
            url,
            hello,
            on_change=self._changed,
            open_timeout=open_timeout,
            reconnect_seconds=reconnect_seconds,
            tls=tls,
        )
        if keep_frames:
            self.client.frames = []
        self._loop = asyncio.new_event_loop()
        #: ``close`` on the loop: the task closing the connection, and whether ``_main``
        #: has ended (then there is nothing left to close).
        self._closing: asyncio.Task[None] | None = None
        self._finished = False
        self._connected = concurrent.futures.Future[None]()
        self._thread = threading.Thread(target=self._run, name="spades-table", daemon=True)
        self._thread.start()
        self._connected.result()  # raises JoinRefused
        self.seat: Seat = self.client.seat
        #: This machine's work rate for the hints' Hard (``ai.calibrate``): the caller sets
        #: the stored one; if none is stored it is measured at the first hint.
        self.rate: WorkRate | None = None

    @classmethod
    def create(
        cls,
        url: str,
        name: str,
        *,
        seat: Seat | None = None,
        rules: Ruleset | None = None,
        bid_seconds: float | None = None,
        play_seconds: float | None = None,
        public: bool = False,
        watchers: bool = True,
        watcher_chat: bool = True,
        **options: Any,
    ) -> RemoteTable:
        """Open a new table on the server at ``url`` and sit at it as its host;
        ``public`` lists it for ``join_any``; ``watchers``: people may listen without a
        seat; ``watcher_chat``: they may write in the chat."""
        timers = {"bid": bid_seconds, "play": play_seconds}
        hello = hello_create(name, seat, rules, timers, public=public, watchers=watchers,
                             watcher_chat=watcher_chat)
        return cls(url, hello, **options)

    @classmethod
    def join(
        cls,
        url: str,
        code: str,
        name: str,
        *,
        seat: Seat | None = None,
        token: str | None = None,
        **options: Any,
    ) -> RemoteTable:
        """Sit at the table with ``code`` (raises JoinRefused with the spoken reason).

        ``token``, saved from an earlier visit, gives that seat back when nobody is using
        it (``back`` is then True); a seat someone is using is never taken over."""
        return cls(url, hello_join(code, name, seat, token), **options)

    @classmethod
    def join_any(cls, url: str, name: str, **options: Any) -> RemoteTable:
        """Sit at a public table waiting for people, or open one and be its host."""
        return cls(url, hello_join_any(name), **options)

    @classmethod
    def rejoin(cls, url: str, code: str, token: str, **options: Any) -> RemoteTable:
        """Take back the seat that ``token`` was given for."""
        return cls(url, hello_rejoin(code, token), **options)

    # ---- the network thread --------------------------------------------------------

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._main())
        finally:
            self._loop.close()

    async def _main(self) -> None:
        try:
            try:
                await self.client.connect()
            except JoinRefused as e:
                self._connected.set_exception(e)
                return
            except Exception as e:  # whatever went wrong, the caller hears it, never hangs
                log.warning("joining the table failed: %r", e)
                self._connected.set_exception(JoinRefused(Reason(Refusal.CANNOT_JOIN)))
                return
            self._connected.set_result(None)
            await self.client.run()
            if self._closing is not None:
                await self._closing  # finish the closing handshake before the loop ends
        finally:
            self._finished = True

    def _close_on_loop(self) -> None:
        # Runs on the loop, so it cannot race ``_main``: the coroutine is made only when
        # ``_main`` will still await it (made elsewhere, a loop that has just finished
        # would drop it unawaited).
        if not self._finished and self._closing is None:
            self._closing = self._loop.create_task(self.client.close())

    def _changed(self) -> None:
        if self.client.started:
            self._started.set()
        listener, loop = self._listener, self._listener_loop
        if listener is None:
            return
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(listener)
        elif loop is None:
            listener()

    def intent(self, message: dict[str, Any]) -> None:
        """Send an intent and wait for its answer; raises IllegalAction when refused."""
        if threading.current_thread() is self._thread:
            raise RuntimeError("RemoteTable requests cannot be made from its own thread.")
        future = asyncio.run_coroutine_threadsafe(
            self.client.request(message, self.answer_timeout), self._loop
        )
        try:
            reply = future.result(self.answer_timeout + 1)
        except concurrent.futures.TimeoutError:
            raise IllegalAction(Reason(Refusal.DID_NOT_ANSWER)) from None
        reasons.raise_refused(reply)

    def _send(self, message: dict[str, Any]) -> None:
        asyncio.run_coroutine_threadsafe(self.client.send(message), self._loop)

    # ---- the Table protocol ----------------------------------------------------------

    def set_listener(self, callback: Callable[[], None] | None) -> None:
        """``callback`` runs whenever events wait in ``drain``: on the event loop that was
        running when this was called (the shell's), else on the network thread."""
        try:
            self._listener_loop = asyncio.get_running_loop()
        except RuntimeError:
            self._listener_loop = None
        self._listener = callback

    def hint(self) -> Hint:
        if self.rate is None:
            self.rate = measure(time.process_time)
        # The match's seed is the server's secret: the table and seat stand in for it.
        view = self.view()
        return hint(view, hint_rng(f"{self.client.code}/{self.seat.value}", view), rate=self.rate)

    def reveal(self) -> None:
        """Look at this seat's cards. While blind nil is open the server holds them back,
        so this waits for the update that brings them (one round trip): when it returns,
        ``view()`` holds the cards. Without an answer they come with the next update."""
        view = self.view()
        if view.hand or view.hand_seen:  # nothing held back: nothing to wait for
            self._send({"type": "reveal"})
            return
        with contextlib.suppress(IllegalAction):
            self.intent({"type": "reveal"})

    @property
    def code(self) -> str:
        return self.client.code

    @property
    def token(self) -> str:
        """Give this to ``rejoin`` to take the seat back after leaving."""
        return self.client.token

    @property
    def is_host(self) -> bool:
        return self.client.host

    @property
    def back(self) -> bool:
        """Whether the server gave back the seat a saved token held."""
        return self.client.back

    @property
    def waiting(self) -> bool:
        """Whether this seat is played by the computer until the next deal."""
        return self.client.waiting

    @property
    def started(self) -> bool:
        return self.client.started

    @property
    def closed_reason(self) -> Reason | None:
        """Why the table is gone for good, or None while it is there."""
        return self.client.closed_reason

    def drain_notices(self) -> list[Notice]:
        """Notices only (someone joined, left, came back), leaving game events queued."""
        return self.client.drain_notices()

    def wait_started(self, timeout: float | None = None) -> bool:
        return self._started.wait(timeout)

    def set_timers(self, bid: float | None, play: float | None) -> None:
        """Seconds to bid and to play (None: no limit); host only."""
        self.intent({"type": "timers", "timers": {"bid": bid, "play": play}})

    @property
    def frames(self) -> list[str]:
        """Raw frames received (only with ``keep_frames=True``; tests read them)."""
        return list(self.client.frames or [])

    def close(self) -> None:
        if self._thread.is_alive():
            # The thread ending is the signal that the connection is closed.
            with contextlib.suppress(RuntimeError):  # the loop has already closed
                self._loop.call_soon_threadsafe(self._close_on_loop)
            self._thread.join(5)


if TYPE_CHECKING:

    def _is_a_table(table: RemoteTable) -> tuple[Table, SharedSeat, LetsIn]:
        return table, table, table  # mypy checks here that RemoteTable keeps these protocols
