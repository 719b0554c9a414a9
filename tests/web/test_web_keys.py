"""The game's keys on the page, pressed in chromium: a held key is one press, moving
through the bids never bids, H reads the hand while bidding, G opens the history (Down,
Escape back), F2 the rules, each as the terminal's shell says them."""

from __future__ import annotations

from pathlib import Path

from test_web_access import guest_bidding
from web_helpers import said_to, wait_for

from spades_voice.narration import prompts
from spades_voice.narration.language import line


def test_keys_while_bidding() -> None:
    """The keys as the terminal's shell answers them at a shared table: G and F2 open its
    history and its rules as lists said line by line (Escape back to the table), and the
    page's focus stays on the bids throughout."""
    with guest_bidding() as page:
        urgent = "window.__heard.filter((h) => h.urgent).map((h) => h.text)"
        before = len(page.js(urgent))
        page.key("h", repeat=True)  # a held key's repeats send nothing
        page.key("c")
        page.wait(f"{urgent}.length > {before}")
        page.wait("!document.getElementById('said').dataset.pending")
        answers = page.js(urgent)[before:]
        assert len(answers) == 1 and "broken" in answers[0], answers  # C's answer alone
        start = page.js("document.getElementById('bids').getAttribute('aria-activedescendant')")
        index = int(start.removeprefix("bid-"))
        said_to(page, "left" if index == 13 else "right")
        moved = page.js("document.getElementById('bids').getAttribute('aria-activedescendant')")
        assert moved != start
        assert not page.js("document.getElementById('bidding').hidden")  # nothing was bid
        assert said_to(page, "h")[-1].startswith("Spades:")
        history = said_to(page, "g")
        assert history[0].startswith("History, "), history
        assert said_to(page, "down")  # the next entry, said
        assert said_to(page, "escape") == [line(prompts.BACK_TO_TABLE)]
        assert page.js("document.activeElement.id") == "bids"
        assert said_to(page, "f2")[0].startswith(line(prompts.RULES_INTRO))
        assert said_to(page, "escape") == [line(prompts.BACK_TO_TABLE)]
        assert page.js("document.activeElement.id") == "bids"
        label = page.js(f"document.getElementById('{moved}').textContent")
        page.key("enter")
        page.wait("document.getElementById('bidding').hidden")
        bid = label.rstrip(".").lower()
        page.wait(f"window.__heard.some((h) => h.text === 'Bid {bid} placed.')")


def test_i_gives_the_hint_and_focuses_what_it_suggests() -> None:
    with guest_bidding() as page:
        urgent = "window.__heard.filter((h) => h.urgent).map((h) => h.text)"
        before = len(page.js(urgent))
        page.key("i")
        page.wait(f"{urgent}.length > {before}", timeout=60)  # Hard thinks in a worker
        line = page.js(urgent)[-1]
        assert line.endswith("Enter takes it."), line
        focused_bid = page.js("document.querySelector('#bids .focused').textContent")
        assert f"bid {focused_bid.rstrip('.').lower()}" in line.lower(), (line, focused_bid)


def test_a_browser_host_seats_a_newcomer_mid_hand_with_j() -> None:
    from web_helpers import base_url, browser, open_page, web_server

    from spades_voice.net.seats.remote_table import RemoteTable

    with web_server() as server, browser() as b:
        page = open_page(b, base_url(server))
        page.key("tab")
        page.type("Di")
        page.key("tab")  # then Join, Watch, then Play online
        page.key("tab")
        page.key("tab")
        page.key("enter")  # Play online: a public table of one's own, hosted
        page.wait("!document.getElementById('start').hidden")
        page.key("n")
        page.wait("document.querySelectorAll('#hand [role=option]').length === 13")
        code = page.js("location.hash.slice(1)")
        guest = RemoteTable.join(server.url, code, "Eve")
        try:
            assert guest.waiting
            offer = "Eve is waiting for the next deal. Press J to seat them now."
            page.wait(f"window.__heard.some((h) => h.text === {offer!r})")
            page.key("j")
            wait_for(lambda: not guest.waiting and guest.view().hand != ())
        finally:
            guest.close()


def test_shift_b_makes_a_report_to_save_from_the_page(tmp_path: Path) -> None:
    from spades_voice.narration.browser import REPORT_READY

    with guest_bidding() as page:
        page.browser.send("Browser.setDownloadBehavior",
                          {"behavior": "allow", "downloadPath": str(tmp_path)})
        page.key("B")
        page.wait("!document.getElementById('report-region').hidden")
        assert page.js("document.activeElement.id") == "report-h"
        page.wait(f"window.__heard.at(-1)?.text === {REPORT_READY!r}")
        page.key("tab")
        assert page.js("document.activeElement.id") == "report-link"
        page.key("enter")  # saved as a person saves it: the link, by keys
        report = tmp_path / "spades-problem-report.txt"
        # Chromium may make the file before it writes it: wait for its words.
        wait_for(lambda: report.exists() and report.stat().st_size > 0, timeout=20)
        text = report.read_text(encoding="utf-8")
        newest = page.js("document.querySelector('#history li').textContent")
        assert "Browser: " in text and newest in text


def test_slash_opens_the_chat_line_and_enter_says_it_to_the_table() -> None:
    with guest_bidding() as page:
        page.key("/")
        assert page.js("document.activeElement.id") == "say"
        page.type("nice one")
        page.key("enter")
        page.wait("window.__heard.some((h) => h.text === 'You say: nice one')", timeout=20)
        page.key("escape")
        assert page.js("document.activeElement.id") == "bids"
