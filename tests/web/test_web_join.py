"""A guest joins a shared table from a real browser (Debian's chromium, headless): by the
host's link with the code in its fragment, and by typing the code; a reload returns to
the same seat; a wrong code is said in plain words."""

from __future__ import annotations

import json
import urllib.request

from web_helpers import base_url, browser, focused, heard, open_page, wait_for, web_server

from spades_voice.net.seats.remote_table import RemoteTable


def test_the_link_opens_the_table_with_the_code_chosen_and_a_reload_keeps_the_seat() -> None:
    with web_server() as server, browser() as b:
        host = RemoteTable.create(server.url, "Ann")
        try:
            page = open_page(b, base_url(server) + "#" + host.code)
            # The code is already chosen; the guest picks their own name.
            assert page.js("document.getElementById('code').value") == host.code
            page.wait("document.activeElement.id === 'name'")
            page.type("Bo")
            page.key("enter")
            page.wait("!document.getElementById('seats').hidden")
            page.wait("document.getElementById('seats-body').textContent.includes('Ann')")
            token = page.js(f"sessionStorage.getItem('spades-seat-{host.code.replace('-', '')}')")
            assert json.loads(token)["name"] == "Bo"
            host.start()
            page.wait("document.querySelectorAll('#hand [role=option]').length === 13")
            assert focused(page).startswith("hand>card-")
            # Reloading the page returns to the seat, with the same cards.
            cards = page.js("document.getElementById('hand').textContent")
            page.send("Page.reload")
            b.wait_event("Page.loadEventFired")
            page.wait("document.querySelectorAll('#hand [role=option]').length === 13")
            assert page.js("document.getElementById('hand').textContent") == cards
            page.wait("window.__heard.some((h) => h.text.startsWith('Back at your seat.'))")
        finally:
            host.close()


def test_the_code_typed_in_joins_and_a_wrong_code_is_said_in_plain_words() -> None:
    with web_server() as server, browser() as b:
        host = RemoteTable.create(server.url, "Ann")
        try:
            page = open_page(b, base_url(server))
            page.wait("document.activeElement.id === 'code'")
            page.type("ZZZZ-ZZZZ")
            page.key("tab")
            page.type("Cy")
            page.key("enter")
            page.wait("window.__heard.length > 0")
            assert heard(page) == [{
                "live": "polite", "id": "said", "text": "No table has that code.",
                "urgent": True, "batch": 1,
            }]
            page.js("document.getElementById('code').value = ''")
            page.js("document.getElementById('code').focus()")
            page.type(host.code.lower().replace("-", " "))  # as read out: any case, a space
            page.key("enter")
            page.wait("document.getElementById('seats-body').textContent.includes('Ann')")
            wait_for(lambda: [p.name for p in host.people() if p.person] == ["Ann", "Cy"])
        finally:
            host.close()


def test_the_page_is_served_from_memory_with_headers_that_let_in_only_itself() -> None:
    with web_server() as server:
        with urllib.request.urlopen(base_url(server), timeout=10) as answer:
            headers = answer.headers
            body = answer.read().decode()
        csp = headers["Content-Security-Policy"]
        port = server.address[1] if server.address else 0
        assert "default-src 'none'" in csp and "script-src 'self'" in csp
        assert f"connect-src 'self' ws://127.0.0.1:{port} ws://localhost:{port}" in csp
        assert "frame-ancestors 'none'" in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
        # The log live region is in the first HTML, before any script runs.
        assert 'id="said" class="visually-hidden" role="log" aria-live="polite"' in body
        assert "http" not in body.replace('href="/app.css"', "")  # nothing from elsewhere


def test_play_online_opens_a_public_table_whose_host_starts_it_with_n() -> None:
    with web_server() as server, browser() as b:
        page = open_page(b, base_url(server))
        page.key("tab")  # from the code field to the name field
        page.type("Di")
        page.key("tab")  # then Join, Watch, then Play online
        page.key("tab")
        page.key("tab")
        assert page.js("document.activeElement.id") == "play-online"
        page.key("space")
        page.wait("!document.getElementById('start').hidden")
        assert page.js("document.activeElement.id") == "start"
        page.wait("window.__heard.length > 0")  # said a moment later: one burst, one line
        said = [h["text"] for h in heard(page)]
        assert said[-1].startswith("Press N or the Start a game button")
        [table] = server.call(lambda: list(server.server.tables.values()))
        assert table.sign.public
        page.key("n")
        page.wait("document.querySelectorAll('#hand [role=option]').length === 13")
        assert page.js("document.getElementById('start').hidden")
