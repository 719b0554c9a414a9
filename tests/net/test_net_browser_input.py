"""The browser seat's socket and page answer bad input as protocol 2 does (issue 40,
item 2): over real sockets on 127.0.0.1, what reaches the client and what reaches the
server's log."""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import socket
from collections.abc import Iterator

import pytest
from net_helpers import running_server
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from spades_voice.alone.guest import GuestDoor
from spades_voice.commands.net_common import web_page
from spades_voice.narration.reasons import say_reason
from spades_voice.net.door.hosting import ServerThread
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.hellos import hello_join
from spades_voice.net.wire.limits import Limits
from spades_voice.net.wire.reasons import close_reason

NESTED = "[" * 1000 + "]" * 1000  # 2,000 bytes, within the message limit


@contextlib.contextmanager
def web_server(limits: Limits | None = None) -> Iterator[ServerThread]:
    page = web_page(argparse.Namespace(public_url=None, cert=None), "127.0.0.1", 0)
    door = GuestDoor(limits=limits)  # the page's seats, as serve gives them
    with running_server(web=page, limits=limits, guest=door) as server:
        yield server


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    failed = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert not failed, [r.getMessage() for r in failed]


def frames_until_closed(ws: ClientConnection) -> list[dict[str, object]]:
    seen: list[dict[str, object]] = []
    with contextlib.suppress(ConnectionClosed):
        while True:
            seen.append(json.loads(ws.recv(timeout=30)))
    return seen


def answer(ws: ClientConnection) -> str:
    """The next answer the page would say (skipping the table's updates)."""
    while True:
        frame = json.loads(ws.recv(timeout=30))
        if frame["type"] == "answer":
            return str(frame["urgent"][0])


def test_deeply_nested_json_on_the_seat_socket_is_not_json_as_on_protocol_2(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    with web_server() as server:
        seat = f"{server.url}/seat"
        # As the first message: the hello is refused, 4000 "Not JSON.", as protocol 2's.
        for url in (seat, server.url):
            with connect(url) as ws:
                ws.send(NESTED)
                frames = frames_until_closed(ws)
                assert ws.close_code == p.CLOSE_HELLO
                assert say_reason(close_reason(ws.close_reason)) == "Not JSON."
            if url == seat:  # a browser never sees a close reason: it is said first
                assert frames[-1]["urgent"] == ["Not JSON."]
        # Seated: an error said to the seat, a strike counted, the seat kept.
        host = RemoteTable.create(server.url, "Ann")
        try:
            with connect(seat) as ws:
                ws.send(json.dumps({"type": "join", "table": host.code, "name": "Bo"}))
                assert json.loads(ws.recv(timeout=30))["type"] == "welcome"
                ws.send(NESTED)
                assert answer(ws) == "Not JSON."
                ws.send(json.dumps({"type": "press", "key": "e"}))
                assert "Ann" in answer(ws)  # still seated, still answered
                # Each is a strike: the seat is told why it is closed when they run out.
                for _ in range(int(Limits().strikes)):
                    with contextlib.suppress(ConnectionClosed):
                        ws.send(NESTED)
                frames = frames_until_closed(ws)
                assert ws.close_code == p.CLOSE_POLICY
                assert frames[-1]["type"] == "closed"
        finally:
            host.close()
    no_tracebacks(caplog)


def test_a_name_sent_as_a_list_is_refused_at_both_doors_alike() -> None:
    with web_server() as server:
        host = RemoteTable.create(server.url, "Ann")
        try:
            with connect(server.url) as ws:
                ws.send(json.dumps({**hello_join(host.code, "A"), "name": ["A"]}))
                frames_until_closed(ws)
                protocol_2 = (ws.close_code, say_reason(close_reason(ws.close_reason)))
            assert protocol_2 == (p.CLOSE_HELLO, "A name must be text.")
            for form in (
                {"type": "join", "table": host.code, "name": ["A"]},
                {"type": "join_any", "name": {"A": 1}},
                {"type": "join", "table": [host.code], "name": "A"},
            ):
                with connect(f"{server.url}/seat") as ws:
                    ws.send(json.dumps(form))
                    frames = frames_until_closed(ws)
                    assert ws.close_code == p.CLOSE_HELLO, form
                    assert not any(f["type"] == "welcome" for f in frames), form
            assert [x.name for x in host.people() if x.person and not x.you] == []  # nobody sat
        finally:
            host.close()


def http(server: ServerThread, request: bytes) -> bytes:
    """Everything the server answers to ``request``, sent in one write."""
    assert server.address is not None
    with socket.create_connection(server.address, timeout=30) as s:
        s.sendall(request)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    return answer


def head_and_body(answer: bytes) -> tuple[str, dict[str, str], bytes]:
    head, _, body = answer.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    return status, dict(line.split(": ", 1) for line in lines), body


def test_two_requests_in_one_write_are_answered_without_a_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    with web_server() as server:
        get = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        status, headers, body = head_and_body(http(server, get + get.replace(b"/", b"/app.css", 1)))
        assert status == "HTTP/1.1 200 OK"
        assert headers["Connection"] == "close"  # one request a connection, cleanly
        assert len(body) == int(headers["Content-Length"]) and b"<html" in body
    no_tracebacks(caplog)


def test_head_answers_headers_alone_and_other_methods_are_405() -> None:
    with web_server() as server:
        _, got, page = head_and_body(http(server, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
        status, headers, body = head_and_body(http(server, b"HEAD / HTTP/1.1\r\nHost: x\r\n\r\n"))
        assert status == "HTTP/1.1 200 OK"
        assert body == b"" and headers["Content-Length"] == str(len(page))
        assert headers["Content-Type"] == got["Content-Type"]
        for method in (b"DELETE", b"TRACE", b"OPTIONS", b"POST", b"BREW"):
            status, headers, body = head_and_body(
                http(server, method + b" / HTTP/1.1\r\nHost: x\r\n\r\n")
            )
            assert status == "HTTP/1.1 405 Method Not Allowed", method
            assert headers["Allow"] == "GET, HEAD"
            assert b"<html" not in body
