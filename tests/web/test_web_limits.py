"""The page and the browser seat go through the server's door like any socket: page
requests count against the per-address limits (a proxy's forwarded address included),
a browser's key presses against the message rate, and only the page's own origin (or one
configured) may open a socket from a browser."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from web_helpers import base_url, page_for_tests, web_server
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from spades_voice.net.page.web import origins_for
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire.limits import Limits


def test_a_page_request_beyond_a_proxied_address_share_is_refused() -> None:
    limits = Limits(connections_per_address=1, rate=10_000, burst=10_000)
    with web_server(limits=limits, trusted_proxies=["127.0.0.1"]) as server:
        port = server.address[1] if server.address else 0
        forwarded = {"X-Forwarded-For": "203.0.113.9"}
        with connect(f"ws://127.0.0.1:{port}/", additional_headers=forwarded):
            request = urllib.request.Request(base_url(server), headers=forwarded)
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=10)
            assert refused.value.code == 429
        elsewhere = {"X-Forwarded-For": "203.0.113.10"}
        other = urllib.request.Request(base_url(server), headers=elsewhere)
        with urllib.request.urlopen(other, timeout=10) as answer:
            assert answer.status == 200


def test_a_proxied_address_loads_the_page_again_and_still_opens_its_seat() -> None:
    """The page's files take none of an address's opens (they open no websocket): a
    player behind a proxy who loads the page and reloads it still gets a seat."""
    limits = Limits(connections_per_address=2, opens_per_second=0.001, rate=10_000,
                    burst=10_000)
    with web_server(limits=limits, trusted_proxies=["127.0.0.1"]) as server:
        port = server.address[1] if server.address else 0
        forwarded = {"X-Forwarded-For": "203.0.113.11"}
        for _ in range(5):  # more files than the address has opens
            request = urllib.request.Request(base_url(server), headers=forwarded)
            with urllib.request.urlopen(request, timeout=10) as answer:
                assert answer.status == 200
        with connect(f"ws://127.0.0.1:{port}/", additional_headers=forwarded):
            pass


def test_an_address_loads_the_page_many_times_and_still_opens_its_seat() -> None:
    """Straight to the server, each file is a connection the door counts as it opens; the
    open is given back once it asks for a file, so reloads do not use up the seat's."""
    limits = Limits(connections_per_address=3, opens_per_second=0.001, rate=10_000,
                    burst=10_000)
    with web_server(limits=limits) as server:
        port = server.address[1] if server.address else 0
        for _ in range(6):  # twice the address's opens
            with urllib.request.urlopen(base_url(server), timeout=10) as answer:
                assert answer.status == 200
        with connect(f"ws://127.0.0.1:{port}/"):
            pass


def test_only_the_pages_own_origin_opens_a_browser_socket() -> None:
    with web_server() as server:
        port = server.address[1] if server.address else 0
        for origin in (f"http://127.0.0.1:{port}", f"http://localhost:{port}"):
            with connect(f"ws://127.0.0.1:{port}/seat", origin=origin):  # type: ignore[arg-type]
                pass
        # A name that resolves here (DNS rebinding) is not the page's origin, whatever Host says.
        for origin in (f"http://rebound.example:{port}", "null", f"https://127.0.0.1:{port}"):
            with pytest.raises(InvalidStatus):
                connect(f"ws://127.0.0.1:{port}/seat", origin=origin,  # type: ignore[arg-type]
                        additional_headers={"Host": f"rebound.example:{port}"})
    assert origins_for("https://cards.example.org/spades", "0.0.0.0", 8765, tls=False) == [
        "https://cards.example.org", "http://127.0.0.1:8765", "http://localhost:8765"
    ]


def test_a_browsers_keys_count_against_the_message_rate() -> None:
    limits = Limits(rate=1, burst=3)
    with web_server(limits=limits) as server:
        port = server.address[1] if server.address else 0
        host = RemoteTable.create(server.url, "Ann")
        try:
            with connect(f"ws://127.0.0.1:{port}/seat") as ws:
                ws.send(json.dumps({"type": "join", "table": host.code, "name": "Bo"}))
                for _ in range(8):  # W, as the page sends a key: before the deal
                    ws.send(json.dumps({"type": "press", "key": "w"}))
                kinds = []
                while len(kinds) < 12:
                    try:
                        kinds.append(json.loads(ws.recv(timeout=2)))
                    except TimeoutError:
                        break
                slow = [f for f in kinds if f["type"] == "answer" and "Slow down" in f["urgent"][0]]
                # Before the deal the lobby answers each key with why the match waits.
                answered = [f for f in kinds
                            if f["type"] == "answer" and "Ann hosts" in f["urgent"][0]]
                # The guard's words in the page's frame, and no answer for a key it dropped.
                assert slow and len(answered) + len(slow) == 8, kinds
        finally:
            host.close()


def test_unknown_paths_are_not_found_and_nothing_is_listed() -> None:
    with web_server() as server:
        for path in ("app.json", "favicon.ico", "../pyproject.toml", "web/app.js"):
            try:
                urllib.request.urlopen(base_url(server) + path, timeout=10)
                assert path == "app.json"
            except urllib.error.HTTPError as e:
                assert e.code == 404 and path != "app.json"
    assert page_for_tests().weight()[0] > 0


def test_a_public_url_must_be_a_web_address() -> None:
    import argparse

    from spades_voice.commands.net_common import web_page

    for bad in ("cards.example.org", "ftp://cards.example.org", "https://"):
        with pytest.raises(ValueError, match="--public-url must be"):
            web_page(argparse.Namespace(public_url=bad, cert=None), "0.0.0.0", 8765)
    good = web_page(argparse.Namespace(public_url="https://cards.example.org/", cert=None),
                    "0.0.0.0", 8765)
    assert good.listening("0.0.0.0", 8765, tls=False)[0] == "https://cards.example.org"
