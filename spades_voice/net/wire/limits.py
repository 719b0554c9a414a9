"""What a connection and an address may do before they are cut off: the server's limits,
the per-connection guard against floods and garbage, the guess limiter, and turn timers.

Pure bookkeeping with an injected clock: no sockets, so each rule is tested on its own.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from spades_voice.narration.chat import CHAT_BURST, CHAT_WINDOW
from spades_voice.narration.wire import Wrong
from spades_voice.net.wire import protocol as p
from spades_voice.rules import Phase

MAX_TIMER = 600


@dataclass(frozen=True, slots=True)
class Limits:
    """How much a connection may send before it is cut off, and how big the server grows.

    docs/protocol.md states each of these; a change here is a change there.
    """

    max_message: int = p.MAX_MESSAGE  # larger messages are dropped (a strike)
    max_frame: int = p.MAX_FRAME  # larger frames close the connection (1009)
    rate: float = 10.0  # messages per second, sustained
    burst: float = 30.0  # messages at once
    strikes: float = 10.0  # bad or dropped messages tolerated...
    forgive_per_second: float = 0.1  # ...one forgiven every ten seconds
    open_seconds: float = 5.0  # TCP accepted to websocket open (TLS and HTTP included)
    hello_seconds: float = 5.0  # websocket open to the first message
    # A client that stops answering is gone within ping_interval + ping_timeout +
    # close_seconds (the wait for a closing handshake it will never answer): 9 s.
    ping_interval: float = 3.0
    ping_timeout: float = 5.0
    close_seconds: float = 1.0
    max_tables: int = 1000
    tables_per_address: int = 5  # tables whose creator came from one address
    max_connections: int = 2000  # open sockets, counted before any handshake, of which
    max_unseated: int = 500  # ...not yet at a table (the oldest makes room beyond)
    connections_per_address: int = 32  # open sockets from one address...
    opens_per_second: float = 1.0  # ...opened at once, then this many a second
    failed_codes_per_minute: int = 20  # wrong codes or tokens from one address...
    failed_codes_per_minute_total: int = 300  # ...and from everyone together, but
    failed_codes_free: int = 3  # an address's first few are answered whatever the total
    backlog: int = 512  # frames queued for a slow reader before it is dropped
    empty_table_seconds: float = 60.0  # a table nobody is connected to is removed
    restart_grace_seconds: float = 20.0  # after a restart, time for people to come back
    sweep_seconds: float = 5.0  # how often empty tables and old guesses are swept
    crowd: int = 200  # sockets gone, and half the peak, after which the heap is trimmed
    min_timer: float = 5.0  # the shortest turn timer a host may set
    warnings: tuple[float, ...] = (10.0, 5.0)  # seconds left when a timed player is warned
    chat_burst: int = CHAT_BURST  # chat lines one person may say...
    chat_window: float = CHAT_WINDOW  # ...in this many seconds (each line also MAX_CHAT)
    watchers_per_table: int = 16  # people listening to one table without a seat


@dataclass(frozen=True, slots=True)
class Timers:
    """Seconds to bid and to play a card; None is no limit (the default)."""

    bid: float | None = None
    play: float | None = None

    def for_phase(self, phase: Phase) -> float | None:
        if phase is Phase.BIDDING:
            return self.bid
        if phase is Phase.PLAYING:
            return self.play
        return None

    def to_json(self) -> dict[str, float | None]:
        return {"bid": self.bid, "play": self.play}

    @classmethod
    def from_json(cls, value: object, minimum: float = 5.0) -> Timers:
        if value is None:
            return cls()
        if not isinstance(value, dict):
            raise p.wrong(Wrong.NOT_AN_OBJECT, key="timers")

        def one(key: str) -> float | None:
            v = value.get(key)
            if v is None:
                return None
            if not isinstance(v, int | float) or isinstance(v, bool):
                raise p.wrong(Wrong.TIMER_NOT_SECONDS, key=key)
            if not minimum <= v <= MAX_TIMER:
                raise p.wrong(Wrong.TIMER_RANGE, key=key, low=f"{minimum:g}", high=MAX_TIMER)
            return float(v)

        return cls(one("bid"), one("play"))


class Expelled(Exception):
    """The connection sent too many bad messages and is being closed."""


class Guard:
    """Rate and behaviour limits for one connection (two token buckets)."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.tokens = limits.burst
        self.strikes = limits.strikes
        self.last = clock()
        self.dropped = 0

    def _refill(self) -> None:
        now = self.clock()
        dt = now - self.last
        self.last = now
        lim = self.limits
        self.tokens = min(lim.burst, self.tokens + dt * lim.rate)
        self.strikes = min(lim.strikes, self.strikes + dt * lim.forgive_per_second)

    def strike(self) -> None:
        """Count one bad message; raises Expelled when the connection has used them all."""
        self.dropped += 1
        self.strikes -= 1
        if self.strikes <= 0:
            raise Expelled

    def admit(self, raw: str | bytes) -> dict[str, Any]:
        """The decoded message.

        A message that is too big, too soon (a flood) or malformed costs a strike and raises
        ProtocolError, to be answered with an error: since strikes run out after a few,
        answering does not feed a flood. Raises Expelled when the connection must close.
        """
        self._refill()
        if self.tokens < 1:
            self.strike()
            raise p.wrong(Wrong.SLOW_DOWN)
        self.tokens -= 1
        if len(raw) > self.limits.max_message or (
            isinstance(raw, str) and len(raw.encode("utf-8")) > self.limits.max_message
        ):
            self.strike()
            raise p.wrong(Wrong.TOO_BIG, number=self.limits.max_message)
        try:
            return p.decode(raw)
        except p.ProtocolError:
            self.strike()
            raise


class GuessLimiter:
    """Wrong table codes and seat tokens, counted per address and for the whole server.

    Each failure is remembered for ``window`` seconds. An address with ``per_address``
    failures in the window is not told whether a code exists until they expire, whatever
    the code. Once the server has ``total`` failures from everyone, an address past its
    first ``free`` failures is not told either: spreading guesses over many addresses buys
    ``free`` guesses an address, no more. What is never refused is the person who holds
    the code: an address that has not been guessing (fewer than ``free`` failures) is
    always answered, so guesses from elsewhere cannot lock newcomers out, and a right code
    with a valid token is let in whatever the counts say (``Reception._join``).

    Memory: the server-wide count holds at most ``total`` entries, and an address past
    its share stops adding. Once the budget is spent, at most ``max_addresses`` addresses
    (20 x ``total`` unless told) are remembered: beyond that (thousands of guessing
    addresses), a fresh address is refused while the budget is spent, as it cannot be
    counted.
    """

    def __init__(
        self,
        per_address: int,
        total: int,
        window: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        *,
        free: int = 3,
        max_addresses: int | None = None,
    ) -> None:
        self.per_address = per_address
        self.total = total
        self.window = window
        self.clock = clock
        self.free = free
        self.max_addresses = 20 * total if max_addresses is None else max_addresses
        self._all: deque[float] = deque()
        self._by_address: dict[str, deque[float]] = {}

    def _expire(self, seen: deque[float], now: float) -> None:
        while seen and now - seen[0] > self.window:
            seen.popleft()

    def _failures(self, address: str, now: float) -> int:
        seen = self._by_address.get(address)
        if seen is None:
            return 0
        self._expire(seen, now)
        if not seen:
            del self._by_address[address]
        return len(seen)

    def blocked(self, address: str) -> bool:
        now = self.clock()
        self._expire(self._all, now)
        failures = self._failures(address, now)
        if failures >= self.per_address:
            return True
        if len(self._all) < self.total:
            return False
        if failures >= self.free:
            return True  # a guesser, and the budget is spent
        return failures == 0 and len(self._by_address) >= self.max_addresses

    def failed(self, address: str) -> None:
        now = self.clock()
        if len(self._all) < self.total:  # a spent budget needs no more entries
            self._all.append(now)
        self._by_address.setdefault(address, deque()).append(now)

    def sweep(self) -> None:
        """Forget expired failures, and addresses with none left."""
        now = self.clock()
        self._expire(self._all, now)
        for address, seen in list(self._by_address.items()):
            self._expire(seen, now)
            if not seen:
                del self._by_address[address]

    @property
    def addresses(self) -> int:
        return len(self._by_address)
