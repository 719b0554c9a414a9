"""More than one process behind a real proxy: Debian's nginx on loopback in front of two
``spades-voice serve`` processes, with the configuration docs/scaling.md gives (read from
that page, so the page says what was tested)."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest
from net_helpers import (
    crash,
    free_port,
    hello,
    play_until,
    serve,
    wait_for,
    ws_from,
)
from proxy_helpers import NGINX, PROXY_ADDRESS, nginx
from websockets.exceptions import InvalidStatus

from spades_voice.narration.reasons import say_reason
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.hellos import hello_join
from spades_voice.rules import Ruleset
from spades_voice.table import Notice

pytestmark = pytest.mark.skipif(
    NGINX is None, reason="nginx is not installed (.ci/run installs Debian's nginx)"
)


def said(table: RemoteTable, into: list[str]) -> list[str]:
    into.extend(say_reason(e.reason) for e in table.drain() if isinstance(e, Notice))
    return into


def test_two_servers_behind_nginx_play_limit_and_restart_apart(tmp_path: Path) -> None:
    p1, p2, front = free_port(), free_port(), free_port()
    one, two = f"ws://127.0.0.1:{front}/p1", f"ws://127.0.0.1:{front}/p2"
    trust = ("--trust-proxy", PROXY_ADDRESS)
    tables: list[RemoteTable] = []
    try:
        with serve(tmp_path / "two", p2, *trust), nginx(tmp_path / "nginx", front, p1, p2):
            with serve(tmp_path / "one", p1, *trust) as first:
                # A table hosted through /p2 is joined through the proxy and plays; another
                # (one person, three computers) plays at /p1.
                ann = RemoteTable.create(two, "Ann", rules=Ruleset(target=300))
                bo = RemoteTable.join(two, ann.code, "Bo")
                cy = RemoteTable.create(one, "Cy", rules=Ruleset(target=300))
                tables = [ann, bo, cy]
                ann.start()
                cy.start()
                play_until(tables, lambda: min(len(t.view().tricks) for t in tables) >= 2)
                # Each table lives in its own process: /p1 does not know /p2's code.
                assert hello(one, hello_join(ann.code, "Eve"), "127.0.0.4")[0] == 4004

                # The limits count the address nginx forwards, not nginx's own...
                bad = hello_join("AAAA-AAAA", "Guess")
                assert {hello(two, bad, "127.0.0.5")[0] for _ in range(20)} == {4004}
                assert hello(two, bad, "127.0.0.5")[0] == p.CLOSE_BUSY
                assert hello(two, bad, "127.0.0.6")[0] == 4004
                # ...and a forged X-Forwarded-For changes nothing: through nginx, which
                # appends the address it saw, nor straight to a server, which trusts
                # the header from the proxy alone.
                forged = {"X-Forwarded-For": "127.0.0.7"}
                assert hello(two, bad, "127.0.0.5", **forged)[0] == p.CLOSE_BUSY
                assert hello(f"ws://127.0.0.1:{p2}", bad, "127.0.0.5", **forged)[0] == (
                    p.CLOSE_BUSY
                )

                # SIGKILL the /p1 process at Cy's turn.
                wait_for(lambda: cy.view().my_turn, timeout=30)
                before = cy.view()
                crash(first)
            # Meanwhile the /p2 table plays on.
            tricks = len(ann.view().tricks)
            play_until([ann, bo], lambda: len(ann.view().tricks) > tricks)
            with serve(tmp_path / "one", p1, *trust):
                heard: list[str] = []
                wait_for(lambda: any(x.startswith("Back at your seat.")
                                     for x in said(cy, heard)), timeout=30)
                assert replace(cy.view(), hand_seen=before.hand_seen) == before
                play_until(tables, lambda: len(cy.view().tricks) > len(before.tricks))
    finally:
        for t in tables:
            t.close()


def test_one_address_through_nginx_opens_at_the_servers_pace(tmp_path: Path) -> None:
    """Issue 40: through nginx one address completed 3 490 handshakes in 5 s (36
    straight to the server). Now it opens its 32 at once, then one a second, as it would
    straight: the bound counts the seconds the attempts took, however long that was."""
    p1, front = free_port(), free_port()
    url = f"ws://127.0.0.1:{front}/p1"
    with serve(tmp_path / "one", p1, "--trust-proxy", PROXY_ADDRESS), \
            nginx(tmp_path / "nginx", front, p1, free_port()):
        began = time.monotonic()
        opened = refused = 0
        for _ in range(80):
            try:
                with ws_from(url, "127.0.0.21"):
                    opened += 1
            except InvalidStatus as e:
                assert e.response.status_code == 429
                refused += 1
        seconds = time.monotonic() - began
        assert opened <= 32 + int(seconds) + 1, (opened, seconds)
        assert opened + refused == 80
        # Another address behind the same proxy is not held back by it.
        with ws_from(url, "127.0.0.22"):
            pass
