"""A tap or a click is an action on the thing tapped, in chromium: a card by its code,
a bid by its value, alone and as a guest at a shared table, after the hand has changed
order too. By touch a card is chosen (the screen reader named it as the finger reached
it); with a mouse the first click names it and a second click on it plays it. Whatever
is played is said ("You, 7 of hearts."), and a tap that cannot act says why.

Touches are real touch events (``Input.dispatchTouchEvent`` with touch emulation on, so
chromium makes the tap's click itself, ``pointerType`` "touch"), and clicks real mouse
events, each at the element's centre; no key is pressed for any card or bid here."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cdp import Browser, Page
from web_helpers import base_url, browser, open_page, seat_guest, wait_for, web_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "alone"))
from alone_helpers import alone_server

from spades_voice.narration import prompts
from spades_voice.narration.naming import card_name
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Bid, Card, Phase, Seat

SAID = "window.__heard.map((h) => h.text)"
HAND = "Array.from(document.querySelectorAll('#hand [role=option]')).map((e) => e.dataset.card)"
PLAYABLE = (
    "Array.from(document.querySelectorAll('#hand [role=option].playable'))"
    ".map((e) => e.dataset.card)"
)


def centre(page: Page, selector: str) -> tuple[float, float]:
    box: dict[str, float] = page.js(
        f"(() => {{ const el = document.querySelector({json.dumps(selector)});"
        " el.scrollIntoView({block: 'center'}); const r = el.getBoundingClientRect();"
        " return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()"
    )
    return box["x"], box["y"]


def touch(page: Page, selector: str) -> None:
    """A finger's tap at the element's centre (a screen reader's double tap lands so)."""
    x, y = centre(page, selector)
    page.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def click(page: Page, selector: str) -> None:
    """A mouse's left click at the element's centre."""
    x, y = centre(page, selector)
    page.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
    for kind in ("mousePressed", "mouseReleased"):
        page.send("Input.dispatchMouseEvent",
                  {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})


def touch_screen(page: Page) -> None:
    page.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})


def said_count(page: Page) -> int:
    count: int = page.js(f"{SAID}.length")
    return count


def hears(page: Page, text: str, since: int, timeout: float = 30.0) -> None:
    page.wait(f"{SAID}.slice({since}).includes({json.dumps(text)})", timeout=timeout)


def my_bid(bid: int) -> str:
    """True once the players' table shows the player's own bid as ``bid``."""
    return (
        "Array.from(document.querySelectorAll('#players-body tr')).some((tr) =>"
        " tr.children[0].textContent.startsWith('You') &&"
        f" tr.children[2].textContent === '{bid}')"
    )


def card_option(code: str) -> str:
    return f"#card-{code}"


def hand_now(page: Page) -> list[str]:
    found: list[str] = page.js(HAND)
    return found


def clicks_seen(page: Page) -> list[str]:
    """The pointer type of every click the page has had (the page acts on each)."""
    found: list[str] = page.js("window.__pointers")
    return found


POINTERS = """
window.__pointers = [];
document.addEventListener('click', (e) => window.__pointers.push(e.pointerType), true);
"""


def unfocused_playable(page: Page) -> str:
    """A playable card that is not the one the hand's focus is on, and not the first in
    the hand (so a place kept from the deal would name another card)."""
    playable: list[str] = page.wait(PLAYABLE)
    hand = hand_now(page)
    focus = page.js("document.getElementById('hand').getAttribute('aria-activedescendant')")
    choices = [c for c in playable if f"card-{c}" != focus and hand.index(c) > 0]
    return (choices or playable)[-1]


# ---- alone ----------------------------------------------------------------------------


def alone_page(b: Browser, url: str) -> Page:
    page = open_page(b, url)
    page.js(POINTERS)
    touch_screen(page)
    touch(page, "#play-alone")
    page.wait("!document.getElementById('game').hidden", timeout=30)
    return page


def test_alone_a_tapped_bid_is_placed_and_a_tapped_card_is_played(tmp_path: Path) -> None:
    with alone_server(tmp_path, seed=11) as server, browser() as b:
        page = alone_page(b, base_url(server))
        page.wait("!document.getElementById('bidding').hidden", timeout=60)
        # The bid the player taps (5), not the list's focus (the sure tricks), is placed.
        focus = page.js("document.getElementById('bids').getAttribute('aria-activedescendant')")
        five = 5 if focus != "bid-5" else 6
        touch(page, f"#bid-{five}")
        page.wait(f"document.getElementById('bids').getAttribute('aria-activedescendant')"
                  f" === 'bid-{five}'")
        touch(page, "#place-bid")
        page.wait(my_bid(five), timeout=60)
        # Two turns to play: the second after the hand has changed (a card gone from it).
        for _ in range(2):
            page.wait(f"{PLAYABLE}.length > 0", timeout=120)
            code = unfocused_playable(page)
            start = said_count(page)
            touch(page, card_option(code))
            hears(page, f"You, {card_name(Card.from_code(code))}.", start, timeout=60)
            page.wait(f"!{HAND}.includes('{code}')")
        assert set(clicks_seen(page)) == {"touch"}


def test_alone_a_mouse_names_a_card_first_and_plays_it_on_a_second_click(
    tmp_path: Path,
) -> None:
    with alone_server(tmp_path, seed=11) as server, browser() as b:
        page = open_page(b, base_url(server))
        page.js(POINTERS)
        click(page, "#play-alone")
        page.wait("!document.getElementById('bidding').hidden", timeout=60)
        click(page, "#place-bid")  # the bid said at the turn ("Your bid. 3 selected.")
        page.wait(f"{PLAYABLE}.length > 0", timeout=120)
        code = unfocused_playable(page)
        name = card_name(Card.from_code(code))
        start = said_count(page)
        click(page, card_option(code))
        hears(page, prompts.card_to_click(Card.from_code(code)).text, start)
        assert code in hand_now(page)  # named, not played
        start = said_count(page)
        click(page, card_option(code))
        hears(page, f"You, {name}.", start, timeout=60)
        assert set(clicks_seen(page)) == {"mouse"}


# ---- a guest at a shared table ----------------------------------------------------------


def test_guest_a_tapped_card_is_the_card_played_after_the_hand_changed(
    tmp_path: Path,
) -> None:
    with web_server(computer_delay=0.0) as server, browser() as b:
        url = f"ws://{server.address[0]}:{server.address[1]}"
        host = RemoteTable.create(url, "Ann", seat=Seat("S"))
        try:
            page = seat_guest(b, server, host)
            page.js(POINTERS)
            touch_screen(page)
            host.start()
            played: list[str] = []
            for _ in range(3):
                wait_for(lambda: _guest_to_act(host, page), timeout=120)
                if page.js("!document.getElementById('bidding').hidden"):
                    touch(page, "#bid-4")
                    touch(page, "#place-bid")
                    page.wait(my_bid(4), timeout=60)
                    continue
                code = unfocused_playable(page)
                start = said_count(page)
                touch(page, card_option(code))
                hears(page, f"You, {card_name(Card.from_code(code))}.", start, timeout=60)
                page.wait(f"!{HAND}.includes('{code}')")
                played.append(code)
            assert len(played) >= 2
        finally:
            host.close()


def _guest_to_act(host: RemoteTable, page: Page) -> bool:
    """Play the host's turns; True once the guest's turn shows on the page."""
    view = host.view()
    if view.my_turn and view.phase is Phase.BIDDING:
        host.submit(Bid(3))
    elif view.my_turn and view.phase is Phase.PLAYING:
        host.submit(view.legal_cards[0])
    return bool(page.js(f"!document.getElementById('bidding').hidden || {PLAYABLE}.length > 0"))


def test_guest_a_mouse_names_a_card_first_and_plays_it_on_a_second_click() -> None:
    with web_server(computer_delay=0.0) as server, browser() as b:
        url = f"ws://{server.address[0]}:{server.address[1]}"
        host = RemoteTable.create(url, "Ann", seat=Seat("S"))
        try:
            page = seat_guest(b, server, host)
            page.js(POINTERS)
            host.start()
            while True:
                wait_for(lambda: _guest_to_act(host, page), timeout=120)
                if not page.js("!document.getElementById('bidding').hidden"):
                    break
                click(page, "#place-bid")
                page.wait("document.getElementById('bidding').hidden", timeout=60)
            code = unfocused_playable(page)
            start = said_count(page)
            click(page, card_option(code))
            hears(page, prompts.card_to_click(Card.from_code(code)).text, start)
            assert code in hand_now(page)  # named, not played
            start = said_count(page)
            click(page, card_option(code))
            hears(page, f"You, {card_name(Card.from_code(code))}.", start, timeout=60)
            assert set(clicks_seen(page)) == {"mouse"}
        finally:
            host.close()
