"""The golden test of one game behind every seat: at one shared table, a terminal
``join`` seat and a page's seat in the same partnership answer every public key (B S T
C L O K) at the same moments, the page in the terminal's words: the same words where
the two partners' answers are the same (scores, the count, what we need), and for the
bids, the trick, the last trick and the review the same words once each seat's "You"
is said as its own name. Real sockets on 127.0.0.1; the page's seat is the server's guest door,
the terminal's the ``Shell`` over a ``RemoteTable``, as ``join`` runs it."""

from __future__ import annotations

import re
import time

from guest_helpers import GuestPage, TerminalSeat, guest_server, url_of
from net_helpers import wait_for

from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Bid, Phase, Seat
from spades_voice.shell.state import Mode

PARTNER = {Seat("S"): Seat("N"), Seat("N"): Seat("S"), Seat("W"): Seat("E"),
           Seat("E"): Seat("W")}
#: The public keys, and whether both partners' answers are the same words as they are.
SAME_WORDS = {"s": True, "c": True, "o": True, "b": False, "t": False, "l": False, "k": False}


def test_a_terminal_seat_and_a_page_seat_of_one_partnership_say_the_same() -> None:
    with guest_server(computer_delay=0.0) as server:
        url = url_of(server)
        page = GuestPage(server, type="create", name="Bo")  # the page opens the table
        code = page.welcome["table"]
        seat = RemoteTable.join(url, code, "Cy")
        assert seat.seat is PARTNER[Seat(page.welcome["seat"])]
        other = RemoteTable.join(url, code, "Ann")  # an opponent, by plain intents
        try:
            page.send(type="act", action="move_on")  # the host's Start
            page.until(lambda p: "alone" in p.state, 30)
            seat.wait_started(30)
            terminal = TerminalSeat(seat)  # as join: the shell once the lobby is over
            moments = _play_comparing(other, page, terminal, moments=6)
            assert moments == 6
            _every_key(page, terminal)
        finally:
            page.close()
            seat.close()
            other.close()


def _play_comparing(host: RemoteTable, page: GuestPage, terminal: TerminalSeat,
                    moments: int) -> int:
    """Play the hand (the host bids 3 and plays its first legal card; the page and the
    terminal as a player does, by keys); each time the host is to act and everyone has
    heard the same, both seats answer every public key. Returns the moments compared."""
    done = 0
    deadline = time.monotonic() + 180
    while done < moments:
        assert time.monotonic() < deadline, f"stuck; page heard {page.said[-4:]}"
        page._next(0.05)
        view = host.view()
        if view.my_turn and _caught_up(host, page, terminal):
            _compare(page, terminal)
            done += 1
            host.submit(Bid(3) if view.phase is Phase.BIDDING else view.legal_cards[0])
        elif terminal.table.view().my_turn:
            terminal.play()
        elif _page_turn(page):
            if not page.state["bidding"]:
                page.send(type="press", key="tab")
            page.send(type="press", key="enter")
            page.until(lambda p: not _page_turn(p), 30)
    return done


def _page_turn(page: GuestPage) -> bool:
    s = page.state
    return bool(s.get("my_turn") and s.get("alone", {}).get("mode") == "table")


def _caught_up(other: RemoteTable, page: GuestPage, terminal: TerminalSeat) -> bool:
    """The terminal has had every frame of the table so far (the page's seat takes its
    frames as they are made, and its shell says them before the next key)."""
    here, there = other.view(), terminal.table.view()
    return (here.to_act, here.bids, here.tricks, here.current) == (
        there.to_act, there.bids, there.tricks, there.current)


def _compare(page: GuestPage, terminal: TerminalSeat) -> None:
    names = {"terminal": "Cy", "page": "Bo"}
    for key, same in SAME_WORDS.items():
        said_there = terminal.answer_to(key)
        said_here = page.answer_to(key)
        assert said_here, f"the page said nothing to {key}"
        if same:
            assert said_here == said_there, (key, said_here, said_there)
        else:
            assert _named(said_here, names["page"]) == _named(said_there, names["terminal"]), (
                key, said_here, said_there)
        if key == "k" and terminal.shell.shown_list is not None:
            assert page.answer_to("escape") == terminal.answer_to("escape")


#: Every other key the terminal answers at a shared table (the history's file and the
#: problem report are the page's own: downloads, not files on the server; the sound keys
#: are each device's own, and this terminal seat has none).
OTHER_KEYS = ("e", "j", "f", "T", "S", "?", "d", "u", "R", "p", "f2", "a",
              "v", "z", "V", "y", "n", "q", "/", "r", "`")


#: Keys whose answer is told from where each seat sits (who sits where, the plays since
#: one's own last card, the history of what each heard).
SEAT_OWN = ("w", "m", "g")


def _every_key(page: GuestPage, terminal: TerminalSeat) -> None:
    """Each key, at one moment: the page says what the terminal says (a question, a list,
    a menu or the chat line it opens closed again by Escape, said alike too)."""
    for key in SEAT_OWN:  # told from where each sits: both answer, neither "not here"
        said_there, said_here = terminal.answer_to(key), page.answer_to(key)
        assert said_here and said_there and said_here != said_there, key
        if terminal.shell.mode is not Mode.TABLE:
            assert page.answer_to("escape") == terminal.answer_to("escape"), key
    for key in OTHER_KEYS:
        said_there = terminal.answer_to(key)
        said_here = page.answer_to(key)
        assert said_here or not said_there, f"the page said nothing to {key}"
        assert _named(said_here, "Bo") == _named(said_there, "Cy"), (key, said_here, said_there)
        if terminal.shell.mode is not Mode.TABLE:
            assert page.answer_to("escape") == terminal.answer_to("escape"), key


def _named(text: str, me: str) -> str:
    """``text`` with its "you" said as the name of who heard it."""
    return re.sub(r"\b[Yy]ou\b", me, re.sub(r"\b[Yy]ou are\b", f"{me} is", text))


def test_a_page_seat_that_quits_hears_goodbye_and_leaves_the_table() -> None:
    with guest_server(computer_delay=0.0) as server:
        page = GuestPage(server, type="create", name="Bo")
        other = RemoteTable.join(url_of(server), page.welcome["table"], "Ann")
        try:
            page.send(type="act", action="move_on")
            page.until(lambda p: "alone" in p.state, 30)
            page.send(type="press", key="q")
            page.until(lambda p: p.state["alone"]["mode"] == "confirm")
            page.send(type="press", key="y")
            page.until(lambda p: any(f["type"] == "left" for f in p.frames), 30)
            assert ("now", "Goodbye.") in page.said
            wait_for(lambda: not next(x for x in other.people() if x.name == "Bo").connected)
        finally:
            page.close()
            other.close()
