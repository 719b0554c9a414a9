"""Receiving a connection's hello: reading it within its time, then seating the person.

A hello creates a table, joins one by its code (or takes a seat back with its token), or
joins any public table waiting for people. Wrong codes are limited per address and
server-wide (``GuessLimiter``), yet a right code with a valid seat token is always let in.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import assert_never

from websockets.asyncio.server import ServerConnection

from spades_voice.narration.closes import Closed
from spades_voice.narration.refusals import Refusal
from spades_voice.net.registry import Registry, RegistryLost
from spades_voice.net.table.shared_table import Member, Place, SharedTable
from spades_voice.net.table.tables import Tables
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.hellos import (
    Create,
    Hello,
    Join,
    JoinAny,
    Rejoin,
    Watch,
    WatchAny,
    parse_hello,
)
from spades_voice.net.wire.limits import Guard, GuessLimiter, Limits, Timers
from spades_voice.rules import IllegalAction, Reason, Ruleset, Seat

#: Where a hello seated its connection: at a seat, or among the watchers.
Seated = tuple[SharedTable, Place]


def waits_for_people(table: SharedTable) -> bool:
    """Whether ``join_any`` (Play online) may seat someone at ``table``: public, not
    started, a seat free and someone there."""
    return table.sign.public and not table.started and bool(table.seating.free_seats()) and (
        table.connected > 0
    )


def being_played(table: SharedTable) -> bool:
    """Whether ``watch --any`` may send a watcher to ``table``: public, its match under
    way, someone playing, and watchers welcome."""
    return (table.sign.public and table.started and not table.state.over
            and table.connected > 0 and table.watchable)


class Reception:
    """Seats each connection's hello at a table, or closes it with the reason."""

    def __init__(self, tables: Tables, limits: Limits, *, allow_create: bool,
                 clock: Callable[[], float], registry: Registry | None = None) -> None:
        """``registry``: the other processes' tables (``net/registry``), when shared."""
        self.tables = tables
        self.registry = registry
        self.limits = limits
        self.allow_create = allow_create
        self.guesses = GuessLimiter(
            limits.failed_codes_per_minute, limits.failed_codes_per_minute_total,
            free=limits.failed_codes_free, clock=clock,
        )

    async def hello(
        self, ws: ServerConnection, member: Member, guard: Guard, address: str
    ) -> Seated | None:
        try:
            async with asyncio.timeout(self.limits.hello_seconds):  # no task, unlike wait_for
                raw = await ws.recv()
            message = guard.admit(raw)
        except (TimeoutError, p.ProtocolError) as e:
            reason = e.reason if isinstance(e, p.ProtocolError) else Reason(Closed.SAY_HELLO_FIRST)
            member.close(p.CLOSE_HELLO, reason)
            return None
        if message.get("protocol") != p.PROTOCOL_VERSION:
            spoken = Reason.of(Closed.WRONG_PROTOCOL, version=p.PROTOCOL_VERSION)
            member.close(p.CLOSE_VERSION, spoken)
            return None
        try:
            # Every field is read before any is used: a bad one is refused alike for
            # live and dead codes.
            hello = parse_hello(message, self.limits.min_timer)
        except p.ProtocolError as e:
            member.close(p.CLOSE_HELLO, e.reason)
            return None
        if self.registry is not None and await self._sent_on(self.registry, hello, member,
                                                               address):
            return None
        match hello:
            case Create():
                return self._create(hello, member, address)
            case JoinAny():
                return self._join_any(hello, member, address)
            case Join() | Rejoin():
                return self._join(hello, member, address)
            case Watch():
                return self._watch(hello, member, address)
            case WatchAny():
                return self._watch_any(hello, member)
            case _:
                assert_never(hello)

    async def _sent_on(self, registry: Registry, hello: Hello, member: Member,
                       address: str) -> bool:
        """Whether the hello was answered for another process: sent on to the process
        holding its code (or the public table waiting there), or refused because the
        registry cannot be asked. False: this process answers it as it would alone."""
        match hello:
            case Join() | Rejoin() | Watch() if hello.code not in self.tables.by_code:
                if self.guesses.blocked(address):
                    return False  # refused below as any guess is: the registry is not asked
                try:
                    server = await registry.where(hello.code)
                except RegistryLost:
                    self.guesses.failed(address)
                    member.close(p.CLOSE_NO_TABLE, Reason(Closed.REGISTRY_LOST))
                    return True
                if server is None:
                    return False  # not found anywhere: counted as a wrong code below
                self._move(member, server, hello.code)
                return True
            case WatchAny():
                try:
                    found = await registry.playing()
                except RegistryLost:
                    return False  # a table of this process's, as without a registry
                here = max((t.connected for t in self._playing_here()), default=0)
                best = max(found, key=lambda t: t.connected, default=None)
                if best is None or best.connected <= here:
                    return False  # none elsewhere busier than the busiest here
                self._move(member, best.server, best.code)
                return True
            case JoinAny() if not self._waiting_here():
                try:
                    found = await registry.waiting()
                except RegistryLost:
                    return False  # a table of this process's, as without a registry
                if not found:
                    return False
                best = max(found, key=lambda t: t.seated)
                self._move(member, best.server, best.code)
                return True
        return False

    @staticmethod
    def _move(member: Member, server: str, code: str) -> None:
        member.send({"type": "moved", "server": server, "table": code})
        member.close(p.CLOSE_MOVED, Reason(Closed.TABLE_ELSEWHERE))

    def _playing_here(self) -> list[SharedTable]:
        """This process's public tables being played that take watchers."""
        return [t for t in self.tables.by_code.values() if being_played(t)]

    def _waiting_here(self) -> list[SharedTable]:
        """This process's public tables waiting for people."""
        return [t for t in self.tables.by_code.values() if waits_for_people(t)]

    def _join(self, hello: Join | Rejoin, member: Member, address: str) -> Seated | None:
        rejoin, token = isinstance(hello, Rejoin), hello.token
        table = self.tables.by_code.get(hello.code)
        owner = table.seating.token_seat(token) if table is not None and token else None
        if table is not None and owner is not None:
            if rejoin or owner.member is None:
                # A right code with a valid token is never refused, whatever the limiter
                # says: otherwise a flood of guesses could keep the players out.
                return table, table.presence.rejoin(owner, member)
            # ``join`` with the token of a seat someone is using (a friend on the same
            # computer found the saved token): a seat of their own, never a takeover.
        elif self.guesses.blocked(address):
            # Not telling whether the code exists: that is what a guesser wants to know.
            member.close(p.CLOSE_BUSY, Reason(Closed.TOO_MANY_WRONG_CODES))
            return None
        if not isinstance(hello, Join) or table is None:
            # A rejoin is answered alike whether the code is live or not.
            self.guesses.failed(address)
            said = Closed.NO_SUCH_SEAT if rejoin else Closed.NO_SUCH_TABLE
            member.close(p.CLOSE_NO_TABLE, Reason(said))
            return None
        return self._sit(table, hello.name, hello.seat, member)

    def _watch(self, hello: Watch, member: Member, address: str) -> Seated | None:
        """Listen to a table by its code: a wrong code counts as a guess, as for a seat."""
        table = self.tables.by_code.get(hello.code)
        if self.guesses.blocked(address):
            member.close(p.CLOSE_BUSY, Reason(Closed.TOO_MANY_WRONG_CODES))
            return None
        if table is None:
            self.guesses.failed(address)
            member.close(p.CLOSE_NO_TABLE, Reason(Closed.NO_SUCH_TABLE))
            return None
        return self._listen(table, hello.name, member, hello.seen)

    def _watch_any(self, hello: WatchAny, member: Member) -> Seated | None:
        """Listen to the public table being played with the most people at it."""
        playing = self._playing_here()
        if not playing:
            member.close(p.CLOSE_NO_TABLE, Reason(Refusal.NOTHING_TO_WATCH))
            return None
        table = max(playing, key=lambda t: (t.connected, -t.ledger.last_active))
        return self._listen(table, hello.name, member)

    @staticmethod
    def _listen(
        table: SharedTable, name: str, member: Member, seen: int | None = None
    ) -> Seated | None:
        try:
            return table, table.gallery.watch(name, member, seen)
        except IllegalAction as e:
            member.close(p.CLOSE_FULL, e.reason)
            return None

    def _sit(
        self, table: SharedTable, name: str, wanted: Seat | None, member: Member
    ) -> Seated | None:
        try:
            return table, table.presence.sit(name, wanted, member)
        except IllegalAction as e:
            member.close(p.CLOSE_FULL, e.reason)
            return None

    def _room_for_table(self, member: Member, address: str) -> bool:
        if not self.allow_create:
            member.close(p.CLOSE_BUSY, Reason(Closed.NO_NEW_TABLES))
            return False
        if self.tables.opened_by(address) >= self.limits.tables_per_address:
            member.close(p.CLOSE_BUSY, Reason(Closed.TOO_MANY_TABLES))
            return False
        if len(self.tables.by_code) >= self.limits.max_tables and not self.tables.make_room():
            member.close(p.CLOSE_BUSY, Reason(Closed.NO_ROOM_FOR_TABLE))
            return False
        return True

    def _create(self, hello: Create, member: Member, address: str) -> Seated | None:
        if not self._room_for_table(member, address):
            return None
        table = self.tables.create(hello.rules, hello.timers, public=hello.public,
                                   address=address)
        table.out.audience.allowed = hello.watchers  # saved as the host sits down
        table.out.audience.may_chat = hello.watcher_chat
        return table, table.presence.sit(hello.name, hello.seat or Seat.S, member)

    def _join_any(self, hello: JoinAny, member: Member, address: str) -> Seated | None:
        """Sit at the public table waiting for people that has the most of them; with
        none, open a new public table (its host starts it)."""
        waiting = self._waiting_here()
        if waiting:
            table = max(waiting, key=lambda t: (4 - len(t.seating.free_seats()),
                                                -t.ledger.last_active))
            return self._sit(table, hello.name, None, member)
        if not self._room_for_table(member, address):
            return None
        table = self.tables.create(Ruleset(), Timers(), public=True, address=address)
        return table, table.presence.sit(hello.name, Seat.S, member)
