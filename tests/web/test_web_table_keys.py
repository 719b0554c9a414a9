"""Every key at the table does what a player expects (issue 44, items 4-7 and 10): a
focused button does what its name says; every key is answered as the terminal's shell
answers it at a shared table (it plays the seat on the server), the browser's F3, F5, F6
and Ctrl+S included, which the page keeps from the browser; Tab past the last playable
card says it is the last, then leaves the hand; the turn takes focus from the chat's Send
button; before the first deal the server answers a guest's keys with why; the table says
its name as focus comes back into it."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from cdp import Page
from test_web_access import guest_bidding
from test_web_hand import WHAT_NOW
from web_helpers import URGENT, base_url, browser, open_page, said_to, seat_guest, web_server

from spades_voice.narration import prompts, texts
from spades_voice.narration.browser import START_HOST
from spades_voice.narration.keynames import spoken_key
from spades_voice.narration.language import line
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Card

TABLE = "Spades table: the game's keys work here"


def _said_after(page: Page, key: str, **kw: bool) -> str:
    """Press ``key``; the line said at once in answer."""
    before = len(page.js(URGENT))
    page.key(key, **kw)
    page.wait(f"{URGENT}.length > {before}")
    said: str = page.js(URGENT)[-1]
    return said


def test_a_focused_button_does_what_its_name_says() -> None:
    with guest_bidding() as page:
        for key in ("enter", "space"):
            page.js("document.getElementById('keys-box').open = true;"
                    " document.getElementById('key-hand').focus()")
            assert _said_after(page, key).startswith("Spades:")
            assert not page.js("document.getElementById('bidding').hidden")  # no bid placed


def test_keys_with_nothing_to_do_here_say_so_and_keep_the_browsers_hands_off() -> None:
    """Each key says what the terminal's shell says to it at a shared table (the golden
    test, tests/alone/test_guest_golden.py, holds the page's answers to the terminal's);
    the browser's own keys (F3 find, F5 reload, F6 the address bar, Control S save the
    page) are the game's here, and the page is never reloaded."""
    with guest_bidding() as page:
        page.js("window.__stayed = true")
        assert said_to(page, "u") == [line(prompts.UNDO_NOT_HERE)]
        assert said_to(page, "f5") == [line(prompts.RESTART_NOT_HERE)]  # not a reload
        assert said_to(page, "d") == [line(prompts.COACH_NOT_HERE)]
        assert said_to(page, "1") == [prompts.does_nothing(spoken_key("1"))]
        assert said_to(page, "f3") == [line(texts.NO_STATS)]  # not the browser's find
        assert said_to(page, "p") == [line(texts.PAUSED)]
        assert said_to(page, "p") == [line(texts.RESUMED)]
        assert said_to(page, "x") == []  # silence: nothing said, as at the terminal
        assert said_to(page, "f6")[0].startswith(line(prompts.SPEECH_MENU_INTRO))
        assert said_to(page, "escape")  # the menu closes, and says so
        assert said_to(page, "s", ctrl=True)[0].startswith("History saved")  # a download
        assert page.js("window.__stayed === true")  # the page was never reloaded
        assert not page.js("document.getElementById('bidding').hidden")


@contextmanager
def guest_playing(
    before_move: Callable[[RemoteTable], None] | None = None,
) -> Iterator[Page]:
    """A guest who has bid, on its first turn to play."""
    with guest_bidding(before_move) as page:
        page.key("enter")
        page.wait(f"{WHAT_NOW} === 'play'", timeout=60)
        yield page


ACTIVE_CARD = "document.getElementById('hand').getAttribute('aria-activedescendant')"


def test_tab_past_the_last_playable_card_says_so_then_leaves_the_hand() -> None:
    with guest_playing() as page:
        playable = page.js("Array.from(document.querySelectorAll('#hand .playable'))"
                           ".map((el) => el.id)")
        cards = page.js("Array.from(document.querySelectorAll('#hand [role=option]'))"
                        ".map((el) => el.id)")
        assert cards[-1] != playable[-1], "this deal's last card should not be playable"
        said_to(page, "end")
        # The focus moves to the last playable card, and a screen reader says it (the
        # option's name): the live line says only which end it is, so the card is heard
        # once.
        assert said_to(page, "tab") == [line(prompts.LAST_PLAYABLE)]
        assert page.js(ACTIVE_CARD) == playable[-1]
        assert page.js("document.activeElement.id") == "hand"
        # Again: the focus stays, so the line names the card, as the terminal says it ...
        last = Card.from_code(playable[-1].removeprefix("card-"))
        jump = prompts.playable_jump(last, edge=prompts.LAST_PLAYABLE)
        assert said_to(page, "tab") == [jump.text]
        page.key("tab")  # ... and said already: on to the page's other controls
        assert page.js("document.activeElement.id") != "hand"
        assert not page.js("document.getElementById('hand').contains(document.activeElement)")


def test_tab_at_the_last_playable_card_names_it_since_the_focus_stays() -> None:
    with guest_playing() as page:
        playable = page.js("Array.from(document.querySelectorAll('#hand .playable'))"
                           ".map((el) => el.id)")
        last = Card.from_code(playable[-1].removeprefix("card-"))
        said_to(page, "home")
        while page.js(ACTIVE_CARD) != playable[-1]:
            assert said_to(page, "tab") == []  # the focus says the card
        # Focus unchanged: nothing is read but the live line, which names the card, in
        # the terminal's words.
        jump = prompts.playable_jump(last, edge=prompts.LAST_PLAYABLE)
        assert said_to(page, "tab") == [jump.text]
        page.key("tab")
        assert page.js("document.activeElement.id") != "hand"


def test_right_at_the_last_card_says_so_and_names_it_as_the_terminal_does() -> None:
    """The focus cannot move past the end, so a screen reader reads nothing new: the page
    says the terminal's "Last card. 5 of hearts, playable.", which names the card."""
    with guest_playing() as page:
        labels = page.js("Array.from(document.querySelectorAll('#hand [role=option]'))"
                         ".map((el) => el.lastElementChild.textContent)")
        said_to(page, "end")
        assert said_to(page, "right") == [f"{line(prompts.LAST_CARD)} {labels[-1]}"]
        said_to(page, "home")
        assert said_to(page, "left") == [f"{line(prompts.FIRST_CARD)} {labels[0]}"]
        assert said_to(page, "right") == []  # it moved: the focus says the card


def test_the_turn_takes_focus_from_the_chats_send_button() -> None:
    """Focus is put on Send while the host (Ann) is to play, and she is held there, so
    the guest's turn cannot come back before it, however fast the computers play; when
    the guest's turn comes, the focus is on its hand."""
    asked: queue.Queue[None] = queue.Queue()
    go = threading.Semaphore(0)
    held = threading.Event()

    def ann_waits(_: RemoteTable) -> None:
        if held.is_set():
            asked.put(None)
            assert go.acquire(timeout=60), "the test never let Ann play"

    with guest_playing(ann_waits) as page:
        held.set()
        checked, on_send = 0, False
        deadline = time.monotonic() + 120
        while checked < 3:
            assert time.monotonic() < deadline, "the hand did not come round in time"
            if page.js(WHAT_NOW) == "play":
                if on_send:
                    assert page.js("document.activeElement.id") == "hand"
                    checked, on_send = checked + 1, False
                cards = page.js("document.querySelectorAll('#hand [role=option]').length")
                page.key("tab")
                page.key("enter")
                page.wait(f"document.querySelectorAll('#hand [role=option]').length < {cards}")
                continue
            try:
                asked.get(timeout=0.05)
            except queue.Empty:
                continue
            # Ann is to play, so the guest is not: focus on Send, then Ann plays.
            if not on_send:
                page.js("document.querySelector('#chat-form button').focus()")
                assert page.js("document.activeElement.tagName") == "BUTTON"
                on_send = True
            go.release()
        held.clear()
        go.release()


def test_before_the_first_deal_a_guests_keys_say_why() -> None:
    with web_server() as server, browser() as b:
        host = RemoteTable.create(server.url, "Ann")
        try:
            page = seat_guest(b, server, host)
            page.wait("document.activeElement.id === 'seats-h'")
            page.wait("window.__heard.length > 0")
            assert _said_after(page, "h") == "The match has not started yet. Ann hosts."
            assert "Ann" in _said_after(page, "e")  # the people at the table
            assert _said_after(page, "n")  # only the host starts: the server says so
        finally:
            host.close()


def test_before_the_first_deal_the_hosts_keys_say_how_to_start() -> None:
    with web_server() as server, browser() as b:
        page = open_page(b, base_url(server))
        page.wait("document.activeElement.id === 'code'")
        page.js("document.getElementById('name').value = 'Di'")
        page.js("document.getElementById('play-online').focus()")
        page.key("space")  # a public table of its own: Di is its host
        page.wait("document.activeElement.id === 'start'")
        page.wait("window.__heard.length > 0")
        assert _said_after(page, "h") == START_HOST


def test_the_table_says_its_name_as_focus_comes_back_into_it() -> None:
    with guest_bidding() as page:
        page.key("/")
        assert page.js("document.activeElement.id") == "say"
        page.key("escape")
        assert page.js("document.activeElement.id") == "bids"
        # What a screen reader says as focus lands: the focused list's name, which
        # begins with the table's (Orca says no application region's name of its own).
        page.send("Accessibility.enable")
        focused = page.send("Accessibility.queryAXTree", {
            "accessibleName": f"{TABLE} Bidding", "role": "listbox",
            "objectId": page.send("Runtime.evaluate", {"expression": "document"})
            ["result"]["objectId"],
        })["nodes"]
        assert len(focused) == 1
        assert page.js("document.getElementById('hand').getAttribute('aria-labelledby')"
                       ".split(' ')[0]") == "table"
