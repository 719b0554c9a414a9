"""How the page's files go out (issue 44): gzipped when the request asks, with an ETag
(a content hash) that makes a reload a 304, under the same CSP; and every refusal the
server makes (400, 403, 414, 431) carries the security headers the 200s do."""

from __future__ import annotations

import gzip
import socket

from web_helpers import web_server

#: The headers every answer carries.
SECURITY = ("content-security-policy", "x-content-type-options", "referrer-policy",
            "x-frame-options")


def _ask(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """One raw HTTP exchange on loopback: status, headers (lower-case names), body."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
        s.sendall(request)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for h in lines[1:]:
        name, _, value = h.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers, body


def _get(port: int, path: str, *extra: str) -> tuple[int, dict[str, str], bytes]:
    lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", *extra, "", ""]
    return _ask(port, "\r\n".join(lines).encode())


def test_files_go_gzipped_when_asked_and_a_reload_is_a_304() -> None:
    with web_server() as server:
        port = server.address[1] if server.address else 0
        for path in ("/", "/app.js", "/say.js", "/app.css", "/app.json?lang=es"):
            status, plain_headers, plain = _get(port, path)
            assert status == 200 and "content-encoding" not in plain_headers
            status, headers, packed = _get(port, path, "Accept-Encoding: gzip, deflate, br")
            assert status == 200 and headers["content-encoding"] == "gzip", path
            assert gzip.decompress(packed) == plain and len(packed) < len(plain)
            assert headers["vary"] == "Accept-Encoding"
            assert headers["content-security-policy"] == plain_headers["content-security-policy"]
            tag = headers["etag"]
            assert tag.startswith('"') and tag != plain_headers["etag"]  # one per form
            status, again, body = _get(port, path, "Accept-Encoding: gzip",
                                       f"If-None-Match: {tag}")
            assert status == 304 and body == b"" and again["etag"] == tag
            assert all(again.get(h) for h in SECURITY)
            status, _, body = _get(port, path, f"If-None-Match: {plain_headers['etag']}")
            assert status == 304 and body == b""
            # A tag the file does not have is answered with the file.
            status, _, body = _get(port, path, 'If-None-Match: "stale"')
            assert status == 200 and body == plain
        # Each language's data is its own file with its own tag.
        tags = {_get(port, f"/app.json?lang={lang}")[1]["etag"] for lang in ("en", "es")}
        assert len(tags) == 2


def test_the_servers_refusals_carry_the_same_security_headers() -> None:
    with web_server() as server:
        port = server.address[1] if server.address else 0
        ok = _get(port, "/")[1]
        upgrade = ["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Version: 13"]
        refusals = {
            400: _get(port, "/seat", *upgrade),  # no key: not a websocket handshake
            403: _get(port, "/seat", *upgrade, "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
                      "Origin: http://elsewhere.example"),
            414: _get(port, "/" + "a" * 9000),
            431: _get(port, "/", *(f"X-{k}: {k}" for k in range(300))),
        }
        for code, (status, headers, _) in refusals.items():
            assert status == code
            for name in SECURITY:
                assert headers.get(name) == ok[name], (code, name)
