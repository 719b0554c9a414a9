"""Nobody locks the others out: floods of tables, silent sockets, half-open handshakes and
code guesses from one address or many, over real sockets on 127.0.0.0/8."""

from __future__ import annotations

import contextlib
import json
import socket

import pytest
from net_helpers import (
    close_code,
    hello,
    raw_sockets,
    replies,
    running_server,
    wait_for,
    ws_from,
)
from websockets.exceptions import InvalidStatus

from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.hellos import hello_create, hello_join, hello_rejoin
from spades_voice.net.wire.limits import GuessLimiter, Limits

FAST = dict(rate=10_000, burst=10_000)


def dropped(s: socket.socket, timeout: float = 5.0) -> bool:
    """Whether the server closed ``s`` (EOF or reset) within ``timeout``."""
    s.settimeout(timeout)
    try:
        return s.recv(1024) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_the_defaults_keep_slow_openers_short() -> None:
    limits = Limits()
    assert limits.open_seconds <= 5 and limits.hello_seconds <= 5
    assert limits.ping_interval + limits.ping_timeout + limits.close_seconds <= 10
    assert limits.empty_table_seconds <= 60


class TestTableFlood:
    def test_a_create_flood_from_one_address_leaves_room_for_others(self) -> None:
        # The flood's tables must outlive the flood on a busy machine: 40 hellos in well
        # under 6 s.
        limits = Limits(**FAST, tables_per_address=5, empty_table_seconds=6.0,
                        sweep_seconds=0.1, opens_per_second=10_000)  # (paced: below)
        with running_server(limits=limits) as server:
            codes = []
            for i in range(40):  # create, then leave at once
                code, welcome = hello(server.url, hello_create(f"Flood{i}"))
                if welcome is None:
                    codes.append(code)
            assert codes and set(codes) == {p.CLOSE_BUSY}
            assert len(codes) == 35  # five tables, then refused
            assert hello(server.url, hello_create("Ann"), "127.0.0.2")[1] is not None
            # The flood's empty tables end, and its address may open tables again.
            wait_for(lambda: server.call(lambda: len(server.server.tables)) == 0, 60.0)
            code, welcome = hello(server.url, hello_create("Later"))
            assert welcome is not None


class TestSilentSockets:
    def test_sockets_beyond_an_addresses_share_are_dropped_before_the_handshake(self) -> None:
        limits = Limits(**FAST, connections_per_address=8, open_seconds=1.0, hello_seconds=1.0)
        with running_server(limits=limits) as server:
            port = server.address[1]
            with raw_sockets(port, "127.0.0.1", 12) as socks:
                wait_for(lambda: server.call(lambda: server.server.sockets) == 8)
                assert sum(dropped(s, 0.5) for s in socks[8:]) == 4
                # Another address is not held up: it opens a table and starts it.
                with ws_from(server.url, "127.0.0.2") as ws:
                    ws.send(json.dumps(hello_create("Ann")))
                    assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
                    ws.send(json.dumps({"type": "start", "id": 1}))
                    assert replies(ws, ("update",))["id"] == 1
                # The half-open handshakes are closed after open_seconds.
                assert all(dropped(s, 3.0) for s in socks[:8])
            wait_for(lambda: server.call(lambda: server.server.sockets) == 0)

    def test_an_address_reopening_at_once_is_paced_and_others_are_not(self) -> None:
        """Sockets dropped and reopened at once (issue 34, hole 4): an address opens its
        share at once, then one a second, refused before any handshake."""
        now = [0.0]
        limits = Limits(**FAST, connections_per_address=4, opens_per_second=1.0)
        with running_server(limits=limits, clock=lambda: now[0]) as server:
            port = server.address[1]
            with raw_sockets(port, "127.0.0.1", 4):
                wait_for(lambda: server.call(lambda: server.server.sockets) == 4)
            wait_for(lambda: server.call(lambda: server.server.sockets) == 0)
            with raw_sockets(port, "127.0.0.1", 1) as socks:
                assert dropped(socks[0])  # its share is spent for now...
            assert hello(server.url, hello_create("Ann"), "127.0.0.2")[1] is not None
            now[0] = 1.0  # ...and a second later it may open one more
            assert hello(server.url, hello_create("Bo"), "127.0.0.1")[1] is not None
            with raw_sockets(port, "127.0.0.1", 1) as socks:
                assert dropped(socks[0])

    def test_an_address_behind_a_trusted_proxy_is_paced_as_if_it_came_straight(
        self,
    ) -> None:
        """Issue 40: the door cannot pace the proxy (every player comes from it), so the
        address the proxy forwards is paced at the handshake: its share at once, then one
        a second, refused with 429 before any websocket opens."""
        now = [0.0]
        limits = Limits(**FAST, connections_per_address=4, opens_per_second=1.0)
        with running_server(limits=limits, clock=lambda: now[0],
                            trusted_proxies=("127.0.0.1",)) as server:
            bad = hello_join("AAAA-AAAA", "G")
            one, two = {"X-Forwarded-For": "203.0.113.7"}, {"X-Forwarded-For": "203.0.113.8"}
            for _ in range(4):
                assert hello(server.url, bad, **one)[0] == p.CLOSE_NO_TABLE
            with pytest.raises(InvalidStatus) as refused:
                hello(server.url, bad, **one)
            assert refused.value.response.status_code == 429
            assert hello(server.url, bad, **two)[0] == p.CLOSE_NO_TABLE  # others are not
            now[0] = 1.0  # a second later it may open one more
            assert hello(server.url, bad, **one)[0] == p.CLOSE_NO_TABLE
            with pytest.raises(InvalidStatus):
                hello(server.url, bad, **one)

    def test_websockets_that_never_say_hello_are_closed(self) -> None:
        limits = Limits(**FAST, hello_seconds=0.5)
        with running_server(limits=limits) as server, contextlib.ExitStack() as stack:
            conns = [stack.enter_context(ws_from(server.url, "127.0.0.1")) for _ in range(10)]
            # Closed by the hello timer (its code says so); how soon is the server's clock's
            # business, which this process cannot move, so a busy machine gets time.
            assert {close_code(ws, 30) for ws in conns} == {p.CLOSE_HELLO}

    def test_a_full_server_drops_its_oldest_unseated_socket_for_a_newcomer(self) -> None:
        limits = Limits(**FAST, max_connections=6, connections_per_address=100)
        with running_server(limits=limits) as server:
            port = server.address[1]
            with raw_sockets(port, "127.0.0.3", 6) as silent:
                wait_for(lambda: server.call(lambda: server.server.sockets) == 6)
                # Full of sockets that never say hello: a person still gets in...
                assert hello(server.url, hello_create("Ann"), "127.0.0.2")[1] is not None
                # ...and the oldest silent ones made room (one for each socket it opened).
                assert dropped(silent[0], 2.0)
            wait_for(lambda: server.call(lambda: server.server.sockets) == 0)

    def test_sockets_not_yet_at_a_table_are_capped_apart(self) -> None:
        """However much room the server has, at most ``max_unseated`` sockets wait
        unseated: each beyond pushes the oldest out, and seated people are not counted."""
        limits = Limits(**FAST, max_unseated=3, connections_per_address=100)
        with running_server(limits=limits) as server, ws_from(server.url, "127.0.0.2") as ann:
            ann.send(json.dumps(hello_create("Ann")))
            assert json.loads(ann.recv(timeout=5))["type"] == "welcome"
            with raw_sockets(server.address[1], "127.0.0.3", 5) as silent:
                assert dropped(silent[0], 2.0) and dropped(silent[1], 2.0)
                wait_for(lambda: server.call(lambda: server.server.sockets) == 4)
                ann.send(json.dumps({"type": "ping", "id": 1}))
                assert replies(ann, ("ok",))["id"] == 1

    def test_seated_people_are_never_dropped_for_room(self) -> None:
        limits = Limits(**FAST, max_connections=4, connections_per_address=100)
        with running_server(limits=limits) as server, contextlib.ExitStack() as stack:
            seated = [stack.enter_context(ws_from(server.url, "127.0.0.3"))]
            seated[0].send(json.dumps(hello_create("Ann")))
            code = json.loads(seated[0].recv(timeout=5))["table"]
            for name in ("Bo", "Cy", "Di"):
                ws = stack.enter_context(ws_from(server.url, "127.0.0.3"))
                ws.send(json.dumps(hello_join(code, name)))
                assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
                seated.append(ws)
            # Every socket is a seated person: a fifth is refused, nobody is dropped.
            with raw_sockets(server.address[1], "127.0.0.4", 1) as (late,):
                assert dropped(late, 2.0)
            for ws in seated:
                ws.send(json.dumps({"type": "ping", "id": 1}))
                assert replies(ws, ("ok",))["id"] == 1


class TestGuesses:
    def test_guesses_spread_over_many_addresses_hit_the_server_wide_budget(self) -> None:
        limits = Limits(**FAST, failed_codes_per_minute=5, failed_codes_per_minute_total=12,
                        failed_codes_free=2)
        with running_server(limits=limits) as server:
            host = RemoteTable.create(server.url, "Ann", reconnect_seconds=0)
            guest = RemoteTable.join(server.url, host.code, "Bo")
            code, token = guest.code, guest.token
            guest.close()
            try:
                heard = [
                    hello(server.url, hello_join("AAAA-AAAA", "G"), f"127.0.1.{i}")[0]
                    for i in range(1, 7) for _ in range(2)
                ]
                assert heard == [p.CLOSE_NO_TABLE] * 12
                # Budget spent: the guessing addresses learn nothing, even with the right
                # code, though each is under its own limit...
                assert hello(server.url, hello_join(code, "G"), "127.0.1.1")[0] == p.CLOSE_BUSY
                # ...while an address that has not been guessing is answered: its first
                # wrong codes are its own, and the right code sits it down.
                fresh = [hello(server.url, hello_join("AAAA-AAAA", "G"), "127.0.2.1")[0]
                         for _ in range(3)]
                assert fresh == [p.CLOSE_NO_TABLE, p.CLOSE_NO_TABLE, p.CLOSE_BUSY]
                _, welcome = hello(server.url, hello_join(code, "Cy"), "127.0.2.2")
                assert welcome is not None
                # And the right code with a valid token is never refused.
                _, welcome = hello(server.url, hello_rejoin(code, token), "127.0.1.2")
                assert welcome is not None and welcome["back"] is True
            finally:
                host.close()

    def test_guesses_from_twenty_addresses_do_not_lock_out_the_right_code(self) -> None:
        """20 wrong codes from each of 20 addresses (the server-wide budget spent), then a
        newcomer with the right code and no token sits down (issue 34, hole 3)."""
        with running_server(limits=Limits(**FAST)) as server:
            host = RemoteTable.create(server.url, "Ann", reconnect_seconds=0)
            try:
                heard = {
                    hello(server.url, hello_join("AAAA-AAAA", "G"), f"127.0.1.{i}")[0]
                    for i in range(1, 21) for _ in range(20)
                }
                assert p.CLOSE_BUSY in heard  # the guessers were stopped...
                code, welcome = hello(server.url, hello_join(host.code, "Bo"), "127.0.3.1")
                assert (code, welcome is not None) == (None, True)  # ...the newcomer not
                # A guesser holding the right code now is refused with the rest.
                again = hello(server.url, hello_join(host.code, "G"), "127.0.1.20")[0]
                assert again == p.CLOSE_BUSY
            finally:
                host.close()

    def test_one_address_is_stopped_before_the_budget(self) -> None:
        limits = Limits(**FAST, failed_codes_per_minute=3, failed_codes_per_minute_total=100)
        with running_server(limits=limits) as server:
            for _ in range(3):
                assert hello(server.url, hello_join("AAAA-AAAA", "G"))[0] == p.CLOSE_NO_TABLE
            assert hello(server.url, hello_join("AAAA-AAAA", "G"))[0] == p.CLOSE_BUSY
            other = hello(server.url, hello_join("AAAA-AAAA", "G"), "127.0.0.2")[0]
            assert other == p.CLOSE_NO_TABLE

    def test_a_trusted_proxy_names_the_client_and_an_untrusted_one_does_not(self) -> None:
        limits = Limits(**FAST, failed_codes_per_minute=2)
        with running_server(limits=limits, trusted_proxies=("127.0.0.1",)) as server:
            url = server.url
            bad = hello_join("AAAA-AAAA", "G")
            for _ in range(2):
                assert hello(url, bad, **{"X-Forwarded-For": "203.0.113.7"})[0] == 4004
            assert hello(url, bad, **{"X-Forwarded-For": "203.0.113.7"})[0] == p.CLOSE_BUSY
            # Another client behind the same proxy is counted on its own.
            assert hello(url, bad, **{"X-Forwarded-For": "203.0.113.8"})[0] == 4004
            # 127.0.0.2 is not a trusted proxy: its header is ignored.
            for _ in range(2):
                assert hello(url, bad, "127.0.0.2", **{"X-Forwarded-For": "198.51.100.1"})[
                    0
                ] == 4004
            assert hello(url, bad, "127.0.0.2", **{"X-Forwarded-For": "198.51.100.2"})[0] == (
                p.CLOSE_BUSY
            )


class TestLimiterMemory:
    def test_entries_expire_and_the_budget_bounds_them(self) -> None:
        now = [0.0]
        limiter = GuessLimiter(per_address=20, total=300, window=60.0, clock=lambda: now[0],
                               max_addresses=1000)
        for i in range(10_000):
            address = f"10.{i // 65536}.{i // 256 % 256}.{i % 256}"
            if not limiter.blocked(address):
                limiter.failed(address)
        # Each address's first guess is its own, as far as the limiter remembers them.
        assert limiter.addresses == 1000
        assert limiter.blocked("192.0.2.1")
        now[0] = 61.0
        limiter.sweep()
        assert limiter.addresses == 0 and not limiter.blocked("192.0.2.1")

    def test_an_address_that_has_not_guessed_is_answered_when_the_budget_is_spent(self) -> None:
        limiter = GuessLimiter(per_address=20, total=10, clock=lambda: 0.0, free=3)
        for _ in range(10):
            limiter.failed("10.0.0.1")
        assert limiter.blocked("10.0.0.1") and not limiter.blocked("10.0.0.2")
        for _ in range(2):
            limiter.failed("10.0.0.2")
        assert not limiter.blocked("10.0.0.2")
        limiter.failed("10.0.0.2")
        assert limiter.blocked("10.0.0.2")


class TestTableRoom:
    def test_a_full_server_ends_the_oldest_table_that_never_started(self) -> None:
        # Long enough that "just created" holds on a busy machine (the server's clock
        # cannot be moved from here).
        # The third host asks again and again until there is room: its opens are not what
        # this test paces (the door's pacing of reopened sockets has its own test).
        limits = Limits(**FAST, max_tables=2, empty_table_seconds=3.0, sweep_seconds=60,
                        opens_per_second=10_000)
        with running_server(limits=limits) as server, contextlib.ExitStack() as stack:
            held = []
            for source in ("127.0.0.3", "127.0.0.4"):  # hosts who stay, never start
                ws = stack.enter_context(ws_from(server.url, source))
                ws.send(json.dumps(hello_create("Hold")))
                assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
                held.append(ws)
            # Just created: a third has to wait for room...
            assert hello(server.url, hello_create("Ann"), "127.0.0.5")[0] == p.CLOSE_BUSY
            # ...once they have sat untouched past the limit, the oldest makes room.
            wait_for(lambda: hello(server.url, hello_create("Ann"), "127.0.0.5")[1] is not None,
                     30.0)
            assert close_code(held[0]) == p.CLOSE_BUSY
            held[1].send(json.dumps({"type": "ping", "id": 1}))
            assert replies(held[1], ("ok",))["id"] == 1
