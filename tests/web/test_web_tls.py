"""Over TLS the page is served over https and talks ``wss`` to its own server only."""

from __future__ import annotations

from pathlib import Path

from web_helpers import browser, page_for_tests, seat_guest

from spades_voice.alone.guest import GuestDoor
from spades_voice.net.door.hosting import tls_context
from spades_voice.net.seats.client import client_tls
from spades_voice.net.seats.remote_table import RemoteTable


def test_the_page_over_https_opens_wss(tmp_path: Path) -> None:
    from net_helpers import running_server  # tests/net is on the path: web_helpers
    from test_net_tls import make_certificates

    ca, cert, key = make_certificates(tmp_path)
    with running_server(web=page_for_tests(), guest=GuestDoor(),
                        tls=tls_context(cert, key)) as server, browser(
        "--ignore-certificate-errors"  # the test's private authority, not the system's
    ) as b:
        host = RemoteTable.create(server.url, "Ann", tls=client_tls(str(ca)))
        try:
            assert server.url.startswith("wss://")
            page = seat_guest(b, server, host)
            assert page.js("location.protocol") == "https:"
            sockets = [e["params"]["url"] for e in b.events
                       if e.get("method") == "Network.webSocketCreated"]
            port = server.address[1] if server.address else 0
            assert sockets == [f"wss://127.0.0.1:{port}/seat"]
        finally:
            host.close()
