"""Whole games by touch and by mouse, with no key event at all (``phone.py``): a match alone
to 200 from the first screen, and a whole hand at a table opened for friends, played by
swipes through the accessibility tree and double taps (a phone's screen reader), and the
same by a mouse's clicks. Every tapped card is the card played and every tapped bid the
bid placed; every tap is answered (a line is said, or the page changes)."""

from __future__ import annotations

import json
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from phone import Phone, Stop, control, phone_tab
from web_helpers import RECORDER, base_url, browser, web_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "alone"))
from alone_helpers import alone_server
from guest_helpers import guest_server
from net_helpers import play_until, wait_for

from spades_voice.narration import prompts, texts
from spades_voice.narration.browser import PAGE_WORDS
from spades_voice.narration.language import line
from spades_voice.narration.naming import card_name
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Card, Ruleset

SEED = 11
SAID = "window.__heard.map((h) => h.text)"
HANDS_PLAYED = "document.querySelectorAll('#hands li').length"
#: What the page asks of the player now: bid, play, or nothing yet.
WHAT_NOW = """(() => {
  if (document.getElementById('said').dataset.pending) return '';
  if (document.getElementById('game').hidden) return '';
  if (!document.getElementById('bidding').hidden) return 'bid';
  if (document.querySelector('#hand .playable')) return 'play';
  return '';
})()"""
#: The playable cards: code and the name a screen reader hears.
PLAYABLE = """Array.from(document.querySelectorAll('#hand .playable')).map((e) =>
  [e.dataset.card, e.lastElementChild.textContent])"""
#: The bid the list stands on: its index and name.
BID_FOCUS = """(() => { const el = document.querySelector('#bids [aria-selected=true]');
  return el ? [Number(el.id.slice(4)), el.textContent] : null; })()"""
#: The seat's own bid as the players' table shows it.
MY_BID = ("Array.from(document.querySelectorAll('#players-body tr'))"
          ".find((r) => r.cells[0].textContent === 'You').cells[2].textContent")


def said(phone: Phone) -> list[str]:
    lines: list[str] = phone.page.js(SAID)
    return lines


def answered(phone: Phone, before: int, changed: str = "false") -> None:
    """The tap was answered: a new line said, or ``changed`` true in the page."""
    phone.page.wait(f"{SAID}.length > {before} || ({changed})", timeout=60)


def tap_answered(phone: Phone, want: Any, changed: str = "false") -> Stop:
    before = len(said(phone))
    stop = phone.tap(want)
    answered(phone, before, changed)
    return stop


def help_texts(url: str) -> dict[str, str]:
    with urllib.request.urlopen(url + "app.json", timeout=30) as answer:
        data: dict[str, dict[str, str]] = json.load(answer)
    return data["help"]


def bid(phone: Phone, offset: int) -> None:
    """Tap a bid (``offset`` from the one the list stands on), then Place this bid: the
    bid placed is the one tapped."""
    index, _ = phone.page.wait(BID_FOCUS)
    count = phone.page.js("document.querySelectorAll('#bids [role=option]').length")
    index = min(index + offset, count - 1)
    name = phone.page.js(f"document.getElementById('bid-{index}').textContent")
    # Answered by a line (alone: the shell names the bid) or by the option now chosen
    # (a guest's list: the screen reader says it is selected).
    tap_answered(phone, lambda s: s.role == "option" and s.name == name,
                 f"document.getElementById('bid-{index}').getAttribute('aria-selected') === 'true'"
                 f" && {offset} > 0")
    tap_answered(phone, control("button", PAGE_WORDS["place_bid"]),
                 "document.getElementById('bidding').hidden")
    phone.page.wait("document.getElementById('bidding').hidden", timeout=60)
    placed = phone.page.wait(f"{MY_BID} !== '-' && {MY_BID}")
    assert placed.rstrip(".") == name.rstrip(".").split(",")[0], (placed, name)


def play(phone: Phone, choice: int) -> None:
    """Tap a playable card (the ``choice``th, wrapping): that card is played and said.
    With a mouse the first click names it and a second plays it."""
    cards = phone.page.wait(PLAYABLE)
    code, label = cards[choice % len(cards)]
    spoken = card_name(Card.from_code(code))
    on_card = lambda s: s.role == "option" and s.name == label  # noqa: E731
    if phone.mouse:
        before = len(said(phone))
        tap_answered(phone, on_card)
        assert any(spoken.lower() in t.lower() for t in said(phone)[before:])  # named
    before = len(said(phone))
    tap_answered(phone, on_card, f"!document.getElementById('card-{code}')")
    phone.page.wait(f"!document.getElementById('card-{code}')", timeout=60)
    phone.page.wait(f"{SAID}.slice({before}).some((t) => t.toLowerCase().includes("
                    f"{json.dumps(spoken.lower())}))", timeout=60)


def play_alone_to_200(phone: Phone, url: str) -> None:
    help_for = help_texts(url)
    phone.adjust(phone.swipe_to(control("combobox", PAGE_WORDS["level_label"])), "easy")
    phone.adjust(phone.swipe_to(control("combobox", PAGE_WORDS["target_label"])), "200")
    tap_answered(phone, control("button", PAGE_WORDS["play_alone"]))
    phone.page.wait(f"{WHAT_NOW} === 'bid'", timeout=60)
    # Instant pace: the pace's button among every action (Help opens them), twice.
    if phone.mouse:
        phone.tap(lambda s: s.role == "DisclosureTriangle")
    else:
        phone.tap(control("button", PAGE_WORDS["act_help"]))
    phone.page.wait("document.getElementById('keys-box').open")
    for pace in ("quick", "instant"):
        tap_answered(phone, control("button", help_for["pace"]))
        phone.page.wait(f"{SAID}.includes({json.dumps(prompts.pace_now(pace))})")
    next_hand = (control("button", help_for["move_on"]) if phone.mouse
                 else control("button", PAGE_WORDS["act_move_on"]))
    turns, dealt = 0, 1
    while True:
        what = phone.page.wait(
            f"{SAID}.some((t) => t.includes(' win the match')) ? 'won' : "
            f"{WHAT_NOW} || ({HANDS_PLAYED} >= {dealt} ? 'over' : '')", timeout=120)
        if what == "won":
            return
        if what == "bid":
            bid(phone, 1 if turns == 0 else 0)
        elif what == "play":
            play(phone, turns)
        else:
            tap_answered(phone, next_hand)
            dealt += 1
        turns += 1


def test_a_match_alone_to_200_by_touch_alone(tmp_path: Path) -> None:
    with alone_server(tmp_path, SEED) as server, browser() as b:
        phone = phone_tab(b, base_url(server), RECORDER)
        play_alone_to_200(phone, base_url(server))
        assert phone.page.js(HANDS_PLAYED) >= 1


def test_a_match_alone_to_200_by_mouse_alone(tmp_path: Path) -> None:
    with alone_server(tmp_path, SEED) as server, browser() as b:
        phone = phone_tab(b, base_url(server), RECORDER, mouse=True)
        play_alone_to_200(phone, base_url(server))


#: Sentences that name keys, each said otherwise to a player by touch.
KEYS_WORDED = [texts.GREETING, texts.NEXT_HAND, texts.NEW_MATCH, texts.BLIND_OFFER,
               texts.CONFIRM_NEW, texts.CONFIRM_RESTART, texts.CONFIRM_QUIT,
               texts.CONFIRM_QUIT_UNSAVED, texts.CONFIRM_ABANDON_SAVED, prompts.LOOK_AT_CARDS]


def hand_at_a_table_for_friends(mouse: bool, server_for: Any = web_server) -> list[str]:
    """A guest by touch (or mouse) at a table a host opened, one hand to its end; the
    host plays its seat from a thread. The guest's name is typed by the phone's own
    keyboard (text inserted, no key event). What the guest's page said."""
    with server_for() as server, browser() as b:
        host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
        stop = threading.Event()
        worker = threading.Thread(target=play_until, args=([host], stop.is_set),
                                  kwargs={"timeout": 300}, daemon=True)
        try:
            phone = phone_tab(b, base_url(server) + "#" + host.code, RECORDER, mouse=mouse)
            phone.double_tap(phone.swipe_to(control("textbox", PAGE_WORDS["name_label"])))
            phone.page.type("Bo")
            tap_answered(phone, control("button", PAGE_WORDS["join_button"]))
            wait_for(lambda: any(p.name == "Bo" for p in host.people()))
            host.start()
            worker.start()
            turns, began = 0, time.monotonic()
            while True:
                what = phone.page.wait(f"{HANDS_PLAYED} ? 'over' : {WHAT_NOW}", timeout=120)
                if what == "over":
                    # The figures of the note (printed, never asserted).
                    print(f"one hand at a table for friends by {'mouse' if mouse else 'touch'}:"
                          f" {phone.swipes} swipes, {phone.taps} taps,"
                          f" {time.monotonic() - began:.0f} s")
                    return said(phone)
                if what == "bid":
                    bid(phone, 1)
                else:
                    play(phone, turns)
                turns += 1
        finally:
            stop.set()
            worker.join(10)
            host.close()


def test_a_hand_at_a_table_for_friends_by_touch_alone() -> None:
    hand_at_a_table_for_friends(mouse=False)


def test_a_hand_at_a_table_for_friends_by_mouse_alone() -> None:
    hand_at_a_table_for_friends(mouse=True)


def test_a_hand_by_touch_as_the_shells_guest_is_worded_for_taps() -> None:
    """At a table whose guests each play the terminal's shell on the server (the guest
    door), a phone's guest plays its hand by taps and hears no instruction in keys."""
    heard = hand_at_a_table_for_friends(mouse=False, server_for=guest_server)
    keys = {line(sentence) for sentence in KEYS_WORDED}
    assert [t for t in heard if t in keys or "Press " in t] == []
