"""The golden test of one game behind every seat, in a real browser: at one shared table, a
page's seat (chromium, keys pressed as a person does) and a terminal ``join`` seat (the
``Shell`` over a ``RemoteTable``) in the same partnership answer every public key (B S T
C L O K) at the same moment in the same words, each seat's "you" said as its own name.
tests/alone/test_guest_golden.py compares the same through the page's socket through a
hand and every other key."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from cdp import Page
from web_helpers import WHAT_NOW, base_url, browser, open_page, said_to, web_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "alone"))
from guest_helpers import TerminalSeat
from net_helpers import wait_for
from test_guest_golden import PARTNER, SAME_WORDS, _named

from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Bid, Phase


def test_a_page_in_chromium_and_a_terminal_partner_answer_the_public_keys_alike() -> None:
    with web_server() as server, browser() as b:
        page = open_page(b, base_url(server))
        page.js("document.getElementById('name').value = 'Bo'")
        page.js("document.getElementById('open-table').click()")  # the page hosts
        page.wait("!document.getElementById('start').hidden", timeout=30)
        code = page.js("location.hash.slice(1)")
        seat = RemoteTable.join(server.url, code, "Cy")
        other = RemoteTable.join(server.url, code, "Ann")  # an opponent, by plain intents
        try:
            wait_for(lambda: any(x.name == "Bo" for x in seat.people()), 30)
            bo = next(x for x in seat.people() if x.name == "Bo")
            assert PARTNER[bo.seat] is seat.seat  # one partnership
            page.js("document.getElementById('start').click()")  # the host's Start
            seat.wait_started(30)
            terminal = TerminalSeat(seat)
            # Each seat acts when its turn comes, as a player does (the page by keys);
            # at the opponent's turn, when nothing moves, both answer every public key.
            compared = 0
            deadline = time.monotonic() + 180
            while compared < 2:
                assert time.monotonic() < deadline, "stuck"
                view = other.view()
                if view.my_turn and _caught_up(other, terminal):
                    _compare(page, terminal)
                    compared += 1
                    other.submit(Bid(3) if view.phase is Phase.BIDDING else view.legal_cards[0])
                elif terminal.table.view().my_turn:
                    terminal.play()
                elif page.js(WHAT_NOW) == "bid":
                    page.key("enter")  # the bid it was told
                    page.wait("document.getElementById('bidding').hidden", timeout=30)
                elif page.js(WHAT_NOW) == "play":
                    cards = page.js("document.querySelectorAll('#hand [role=option]').length")
                    said_to(page, "tab")
                    page.key("enter")
                    page.wait(f"document.querySelectorAll('#hand [role=option]').length < {cards}")
                else:
                    time.sleep(0.05)
        finally:
            seat.close()
            other.close()


def _caught_up(other: RemoteTable, terminal: TerminalSeat) -> bool:
    here, there = other.view(), terminal.table.view()
    return (here.to_act, here.bids, here.tricks, here.current) == (
        there.to_act, there.bids, there.tricks, there.current)


def _compare(page: Page, terminal: TerminalSeat) -> None:
    """Every public key, pressed on both: the same words ("you" said as each one's name)."""
    page.wait("!document.getElementById('said').dataset.pending")
    for key, same in SAME_WORDS.items():
        said_there = terminal.answer_to(key)
        said_here = " ".join(said_to(page, key))
        assert said_here, f"the page said nothing to {key}"
        if same:
            assert said_here == said_there, (key, said_here, said_there)
        else:
            assert _named(said_here, "Bo") == _named(said_there, "Cy"), (
                key, said_here, said_there)
        if terminal.shell.mode.value != "table":
            assert " ".join(said_to(page, "escape")) == terminal.answer_to("escape")
