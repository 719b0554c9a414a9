"""Watching from a real browser (Debian's chromium, headless): at the host's link
(/#CODE) the Watch button beside Join listens to the table without a seat; the page is
the terminal's own Shell on the server (the guest door), so it says what ``spades-voice
watch`` says, and never shows a hand."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from web_helpers import base_url, browser, open_page, wait_for, web_server

from spades_voice.alone.guest import GuestDoor
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire.limits import Limits
from spades_voice.rules import Ruleset

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from net_helpers import play_until


def test_the_watch_button_at_the_link_listens_to_a_hand_without_a_seat() -> None:
    limits = Limits(rate=10_000, burst=10_000)
    with web_server(guest=GuestDoor(limits=limits), limits=limits) as server, browser() as b:
        ann = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
        bo = RemoteTable.join(server.url, ann.code, "Bo")
        try:
            page = open_page(b, base_url(server) + "#" + ann.code)
            page.wait("document.activeElement.id === 'name'")
            page.type("Wes")
            assert page.js("document.getElementById('watch-button').textContent") == "Watch"
            page.js("document.getElementById('watch-button').click()")
            wait_for(lambda: "Wes" in ann.watchers(), 30)
            page.wait("window.__heard.some((h) => h.text.startsWith('You are watching.'))")
            ann.start()
            play_until([ann, bo], lambda: len(ann.view().tricks) >= 1, 60)
            page.wait("window.__heard.some((h) => / takes it\\./.test(h.text))")
            assert page.js("document.querySelectorAll('#hand [role=option]').length") == 0
            # Nothing is kept for a reload: a watcher has no seat to take back.
            assert page.js("sessionStorage.length") == 0
        finally:
            ann.close()
            bo.close()


def test_a_watchers_j_on_the_page_asks_to_play_and_the_next_deal_shows_its_hand() -> None:
    """J on the page while watching asks the host; let in, the page shows no hand until
    the next deal brings the seat's own, and keeps the seat for a reload from then."""
    limits = Limits(rate=10_000, burst=10_000)
    with web_server(guest=GuestDoor(limits=limits), limits=limits) as server, browser() as b:
        ann = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=500))
        bo = RemoteTable.join(server.url, ann.code, "Bo")
        stop = threading.Event()
        try:
            page = open_page(b, base_url(server) + "#" + ann.code)
            page.wait("document.activeElement.id === 'name'")
            page.type("Wes")
            page.js("document.getElementById('watch-button').click()")
            wait_for(lambda: "Wes" in ann.watchers(), 30)
            ann.start()
            page.wait("window.__heard.some((h) => h.text.startsWith('Hand 1.'))")
            page.wait("document.getElementById('table').contains(document.activeElement)")
            page.key("j")
            page.wait("window.__heard.some((h) => h.text.startsWith('You asked to play.'))")
            wait_for(lambda: ann.asking() == ["Wes"], 30)
            ann.let_in("Wes")
            page.wait("window.__heard.some((h) => / from the next deal\\./.test(h.text))")
            assert page.js("document.querySelectorAll('#hand [role=option]').length") == 0
            assert page.js("sessionStorage.length") == 1  # a seat now: kept for a reload
            threading.Thread(target=play_until, args=([ann, bo], stop.is_set, 240),
                             daemon=True).start()
            page.wait("document.querySelectorAll('#hand [role=option]').length === 13",
                      timeout=120)
            page.wait("window.__heard.some((h) => h.text.startsWith('Hand 2.'))")
        finally:
            stop.set()
            ann.close()
            bo.close()


def test_a_table_opened_without_watchers_refuses_the_watch_button_in_plain_words() -> None:
    """The open-a-table form's two switches (both on by default): a table opened by keys
    with watching off, and a page's Watch at its link told why not."""
    from test_web_alone import tab_to

    limits = Limits(rate=10_000, burst=10_000)
    with web_server(guest=GuestDoor(limits=limits), limits=limits) as server, browser() as b:
        host = open_page(b, base_url(server))
        host.js("document.getElementById('name').value = 'Di'")
        for switch in ("open-watchers", "open-watcher-chat"):
            assert host.js(f"document.getElementById('{switch}').checked") is True
        tab_to(host, "open-watchers")
        host.key("space")
        tab_to(host, "open-table")
        host.key("enter")
        host.wait("!document.getElementById('start').hidden")
        (code, allowed, chat), = server.call(lambda: [
            (c, t.out.audience.allowed, t.out.audience.may_chat)
            for c, t in server.server.tables.items()])
        assert (allowed, chat) == (False, True)
        page = open_page(b, base_url(server) + "#" + code)
        page.wait("document.activeElement.id === 'name'")
        page.type("Wes")
        page.js("document.getElementById('watch-button').click()")
        page.wait("window.__heard.some((h) => h.text === 'This table does not take watchers.')",
                  timeout=30)
