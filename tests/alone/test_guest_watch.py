"""A page watcher: the page's Watch (a ``watch`` hello at ``/seat``) runs the terminal's
own Shell on the server over a ``WatchSeatTable``, as ``spades-voice watch`` runs it over
a ``WatchTable``. Real sockets on 127.0.0.1: two people (terminal seats) and two
computers play a hand while the page listens."""

from __future__ import annotations

import json
import re
import sys
import threading
from pathlib import Path
from typing import Any

from guest_helpers import GuestPage, guest_server, url_of

from spades_voice.narration.reasons import say_reason
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Ruleset, Seat

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from net_helpers import play_until, wait_for


def told(table: RemoteTable) -> list[str]:
    """The notices ``table``'s person has been told since last asked, as said."""
    return [say_reason(n.reason) for n in table.drain_notices()]


def test_a_page_watcher_hears_the_whole_hand_and_answers_the_public_keys() -> None:
    with guest_server(computer_delay=0.0) as server:
        url = url_of(server)
        ann = RemoteTable.create(url, "Ann", rules=Ruleset(target=None))
        bo = RemoteTable.join(url, ann.code, "Bo")
        page = GuestPage(server, type="watch", table=ann.code, name="Wes")
        try:
            assert page.welcome["watching"] is True and page.welcome["token"] == ""
            wait_for(lambda: "Wes is watching." in told(ann))
            ann.start()
            playing = threading.Thread(
                target=play_until, args=([ann, bo], lambda: ann.view().winner is not None, 120),
                daemon=True,
            )
            playing.start()
            page.until(lambda p: any("win the match" in t for _, t in p.said), 120)
            playing.join(120)
            said = [t for kind, t in page.said if kind == "said"]
            text = "\n".join(said)
            assert len(re.findall(r"\w+ bids (nil|\d+)\.", text)) == 4, text
            cards = re.findall(r"(\w+), (\w+) of (\w+)\.", text)
            assert len(cards) == 52 and len(set(cards)) == 52, text
            assert len(re.findall(r"\w+ takes it\.", text)) == 13, text
            assert "Your " not in text and "You take" not in text
            # No hand on the page, ever: the watcher holds no cards.
            updates = [f for f in page.frames if f["type"] == "update"]
            assert any("hand" in f for f in updates)  # the page's hand region is drawn
            assert all(not f.get("hand") for f in updates)
            _no_card_before_it_is_played(page.frames)
            assert page.answer_to("h") == "You are watching: there is no hand to show."
            assert page.answer_to("i") == "You are watching: only the players act."
            assert page.answer_to("e").endswith("Watching: Wes.")
            assert page.answer_to("w").startswith("Seats: Ann South, ")
        finally:
            page.close()
            ann.close()
            bo.close()


def test_a_page_watchers_j_asks_the_host_and_at_the_next_deal_it_plays() -> None:
    """The page's J while watching asks the host for a seat a computer holds (as the
    terminal's does); let in mid-hand, the page still shows no hand until the next deal
    brings its own cards, then its shell bids and plays a card as any seat's does."""
    with guest_server(computer_delay=0.0) as server:
        url = url_of(server)
        ann = RemoteTable.create(url, "Ann", rules=Ruleset(target=500))
        bo = RemoteTable.join(url, ann.code, "Bo")
        page = GuestPage(server, type="watch", table=ann.code, name="Wes")
        heard: list[str] = []
        stop = threading.Event()
        try:
            wait_for(lambda: "Wes is watching." in told(ann))
            ann.start()
            page.until(lambda p: p.state.get("alone", {}).get("mode") == "table")
            page.send(type="press", key="j")
            wait_for(lambda: heard.extend(told(ann)) or "Wes asks to play." in heard)
            page.until(lambda p: ("said", "You asked to play. The host decides; you would "
                                  "sit from the next deal.") in p.said)
            ann.let_in("Wes")
            page.until(lambda p: any(re.fullmatch(r"You sit (West|East) from the next deal\. "
                                                  r"Until then \w+ plays this hand\.", t)
                                     for _, t in p.said))
            assert page.welcome["token"] == ""  # watching: nothing to take back
            seated = next(f for f in page.frames[1:] if f["type"] == "welcome")
            assert seated["token"] and not seated["watching"]  # now a seat, kept for a reload
            playing = threading.Thread(target=play_until, args=([ann, bo], stop.is_set, 240),
                                       daemon=True)
            playing.start()
            page.until(lambda p: len(p.state.get("hand") or []) == 13, 120)
            # Not one of the computer's cards reached the page before its own came.
            first = next(i for i, f in enumerate(page.frames)
                         if f["type"] == "update" and f.get("hand"))
            assert all(not f.get("hand") for f in page.frames[:first] if f["type"] == "update")
            lines = [t for f in page.frames[:first + 1] for t in f.get("lines") or []]
            assert any(t.startswith("Hand 2. ") for t in lines), lines[-8:]  # its own cards
            while len(page.state.get("hand") or []) == 13:  # its keys, each answered
                s, start = page.state, len(page.frames)
                if s["bidding"]:
                    page.answer_to("enter")
                elif s["my_turn"] and s["phase"] == "playing":
                    page.answer_to("tab")
                    page.answer_to("enter")
                else:
                    page.until(lambda p, n=start: len(p.frames) > n, 60)
            assert len(page.state["hand"]) == 12
            text = "\n".join(t for _, t in page.said)
            assert re.search(r"^Bid (nil|\d+) placed\.$", text, re.M), text[-400:]
            assert re.search(r"^You, \w+ of \w+\.$", text, re.M), text[-400:]
            assert any(x.name == "Wes" and x.person for x in ann.people())
        finally:
            stop.set()
            page.close()
            ann.close()
            bo.close()


def test_a_page_watcher_let_in_mid_hand_hears_that_hand_with_names_and_the_next_as_you() -> None:
    """Let in mid-hand, the page hears the end of the hand a computer plays for its seat
    as a watcher does (names, nobody "you"); from the deal of hand 2 its cards and its
    turn are its own."""
    with guest_server(computer_delay=0.0) as server:
        url = url_of(server)
        ann = RemoteTable.create(url, "Ann", rules=Ruleset(target=500))
        bo = RemoteTable.join(url, ann.code, "Bo")
        page = GuestPage(server, type="watch", table=ann.code, name="Wes")
        heard: list[str] = []
        try:
            wait_for(lambda: "Wes is watching." in told(ann))
            ann.start()
            page.until(lambda p: p.state.get("alone", {}).get("mode") == "table")
            page.send(type="press", key="j")
            wait_for(lambda: heard.extend(told(ann)) or "Wes asks to play." in heard)
            ann.let_in("Wes")
            sits = r"You sit (West|East) from the next deal\. Until then (\w+) plays this hand\."
            page.until(lambda p: any(re.fullmatch(sits, t) for _, t in p.said))
            let_in = next(i for i, (_, t) in enumerate(page.said) if re.fullmatch(sits, t))
            found = re.fullmatch(sits, page.said[let_in][1])
            assert found is not None
            seat, computer = Seat[found.group(1)[0]], found.group(2)
            play_until([ann, bo], lambda: ann.view().hand_number >= 2, 120)
            page.until(lambda p: any(t.startswith("Hand 2. ") for _, t in p.said), 60)
            dealt = next(i for i, (_, t) in enumerate(page.said) if t.startswith("Hand 2. "))
            before = "\n".join(t for _, t in page.said[let_in + 1:dealt])
            assert "Score: " in before and computer in before, before
            assert not re.search(r"\b[Yy]ou(r)?\b", before), before
            play_until([ann, bo], lambda: ann.view().to_act is seat, 60)
            page.until(lambda p: len(p.state.get("hand") or []) == 13 and p.state["bidding"])
            page.until(lambda p: any(t.startswith("Your bid.") for _, t in p.said[dealt:]))
        finally:
            page.close()
            ann.close()
            bo.close()


def test_before_the_first_deal_a_page_watchers_j_asks_and_once_let_in_it_is_dealt_cards() -> None:
    with guest_server(computer_delay=0.0) as server:
        url = url_of(server)
        ann = RemoteTable.create(url, "Ann", rules=Ruleset(target=None))
        page = GuestPage(server, type="watch", table=ann.code, name="Wes")
        try:
            page.until(lambda p: True)  # the lobby
            page.send(type="press", key="j")
            wait_for(lambda: ann.asking() == ["Wes"])
            page.until(lambda p: ("said", "You asked to play. The host decides; you would "
                                  "sit from the next deal.") in p.said)
            ann.let_in("Wes")
            page.until(lambda p: any(re.fullmatch(r"The host let you in\. You sit "
                                                  r"(West|North|East)\.", t)
                                     for _, t in p.said))
            assert not any(f.get("hand") for f in page.frames if f["type"] == "update")
            ann.start()
            page.until(lambda p: len(p.state.get("hand") or []) == 13)
            assert any(x.name == "Wes" and x.person for x in ann.people())
        finally:
            page.close()
            ann.close()


_NAME = re.compile(
    r"\b(2|3|4|5|6|7|8|9|10|jack|queen|king|ace) of (spades|hearts|diamonds|clubs)\b", re.I)
_CODE = re.compile(r"(10|[2-9JQKA])[SHDC]")


def _no_card_before_it_is_played(frames: list[dict[str, Any]]) -> None:
    """The leak scan for a page watcher: every card any frame names (in words or as a
    code in any field) was already played, in that frame's play lines or before. A card
    still in someone's hand, including a blind nil's, never reaches a watcher's page."""
    played: set[str] = set()
    for i, frame in enumerate(frames):
        lines = [*frame.get("lines", []), *frame.get("urgent", [])]
        played |= {f"{r} of {s}".lower() for _, r, s in
                   (m.groups() for x in lines for m in re.finditer(r"(\w+), " + _NAME.pattern, x))}
        text = json.dumps(frame)
        named = {m.group(0).lower() for m in _NAME.finditer(text)}
        assert named <= played, (i, named - played, frame)
        codes = [v for v in _strings(frame) if _CODE.fullmatch(v)]
        assert all(_spoken(c) in played for c in codes), (i, codes, frame)
    assert len(played) == 52


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _spoken(code: str) -> str:
    ranks = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    return f"{ranks.get(code[:-1], code[:-1])} of {suits[code[-1]]}"
