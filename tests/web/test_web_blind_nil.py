"""A browser guest at a blind-nil table (issue 44, item 9): the server holds the cards
back while blind nil is open, so the page offers blind nil as the terminal does (Y, or
its button), and H, Escape or Show my cards look at the cards, as the terminal's shell
answers them."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from cdp import Page
from web_helpers import browser, heard, seat_guest, web_server

from spades_voice.narration import texts
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Ruleset

URGENT = "window.__heard.filter((h) => h.urgent).map((h) => h.text)"
HEARD = "window.__heard.map((h) => h.text)"
CARDS = "document.querySelectorAll('#hand [role=option]').length"


@contextmanager
def offered_blind_nil() -> Iterator[Page]:
    """A guest on its turn to bid at a blind-nil table, its cards not yet seen."""
    from net_helpers import play_until

    with web_server() as server, browser() as b:
        rules = Ruleset(target=None, blind_nil=True)
        host = RemoteTable.create(server.url, "Ann", rules=rules)
        stop = threading.Event()
        worker = threading.Thread(
            target=play_until, args=([host], stop.is_set), kwargs={"timeout": 120}, daemon=True
        )
        try:
            page = seat_guest(b, server, host)
            host.start()
            worker.start()
            # Said in order with the moves before it, as the terminal says the offer.
            page.wait(f"{HEARD}.includes({texts.BLIND_OFFER!r})", timeout=60)
            yield page
        finally:
            stop.set()
            worker.join(10)
            host.close()


def test_h_at_the_offer_shows_the_cards_and_reads_them() -> None:
    with offered_blind_nil() as page:
        assert page.js(CARDS) == 0
        assert page.js("document.activeElement.id") == "show-cards"
        assert not page.js("document.getElementById('blind-offer').hidden")
        before = len(page.js(URGENT))
        page.key("h")
        page.wait(f"{CARDS} === 13")
        # The terminal's answer, in one breath: the offer withdrawn, then the hand.
        page.wait(f"{URGENT}.slice({before}).some((t) => t.includes('Spades:'))")
        said = page.js(URGENT)[before:]
        assert said[0].startswith(texts.BLIND_WITHDRAWN + " Spades:"), said
        assert "Your hand is empty." not in " ".join(said)
        page.wait("document.getElementById('blind-offer').hidden")
        assert page.js("document.activeElement.id") == "bids"  # the bid list, cards seen


def test_y_at_the_offer_bids_blind_nil_and_then_the_cards_come() -> None:
    with offered_blind_nil() as page:
        page.key("y")
        page.wait("document.getElementById('bidding').hidden", timeout=30)
        page.wait(f"{CARDS} === 13", timeout=60)
        said = [h["text"] for h in heard(page)]
        assert any("blind nil" in t.lower() for t in said), said
        assert "That key does nothing on this page." not in said


def test_the_bid_blind_nil_button_bids_blind_nil() -> None:
    """The offer's button does what Y does (the first screen's "Allow blind nil" check
    box once had the same id, and took the button's click)."""
    with offered_blind_nil() as page:
        assert page.js("document.querySelectorAll('[id=\\'blind-nil\\']').length") == 1
        page.js("document.getElementById('blind-nil').click()")
        page.wait("document.getElementById('bidding').hidden", timeout=30)
        page.wait(f"{CARDS} === 13", timeout=60)
        said = [h["text"] for h in heard(page)]
        assert any("blind nil" in t.lower() for t in said), said
