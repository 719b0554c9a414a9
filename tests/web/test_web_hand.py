"""A whole hand by keys alone as a browser guest: the host is the real ``host`` terminal
program (pexpect) on a real server, the computers play the other two seats, the guest
plays in Debian's chromium with nothing but key presses. What the page's live regions
announce is checked against the hand's record: every event once, in order, in the words
``narration`` gives a terminal player in that seat; the history is never announced."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

from web_helpers import (
    WHAT_NOW,
    base_url,
    browser,
    focused,
    frames_received,
    heard,
    host_plays,
    open_page,
    said_to,
    terminal_host,
    web_server,
)

from spades_voice.narration import Cast, event_lines, texts
from spades_voice.narration.language import line
from spades_voice.narration.naming import card_name
from spades_voice.net.table.tablestore import TableStore
from spades_voice.net.wire import protocol as p
from spades_voice.rules import SEATS, Card, Match, MatchState, Seat
from spades_voice.rules.events import HandDealt, TurnToAct


def _expected(stored_rules: object, seed: str, decisions: tuple[object, ...],
              cast: Cast) -> list[str]:
    """The hand's events from its record, in the guest's words (turns are the seat's own
    and are checked apart)."""
    state = MatchState(Match(ruleset=p.rules_from_json(stored_rules), seed=seed))
    hand = state.hand
    assert hand is not None
    lines = event_lines(HandDealt(1, hand.dealer), cast)
    for raw in decisions:
        assert isinstance(raw, dict)
        for event in state.apply(p.decision_from_json(raw)):
            if not isinstance(event, TurnToAct):
                lines += event_lines(event, cast)
    return lines


CODE = re.compile(r"\b(10|[2-9TJQKA])[SHDC]\b")
PLAYED = re.compile(r"^[^,]+, ([^.]+)\.$")


def leaks(frames: list[dict[str, object]], others: set[Card]) -> list[str]:
    """Where a frame names a card another seat holds, by its code or its name, before a
    line has said it was played (the trick as it lies shows played cards by code)."""
    played: set[str] = set()
    found = []
    for n, frame in enumerate(frames):
        text = json.dumps(frame)
        lines = [x for key in ("lines", "urgent") for x in frame.get(key, [])]  # type: ignore[attr-defined]
        played |= {m.group(1).lower() for x in lines if (m := PLAYED.match(x))}
        codes = {Card.from_code(m.group(0)) for m in CODE.finditer(text)}
        found += [f"frame {n}: code {c.code}" for c in codes & others
                  if card_name(c) not in played]
        found += [
            f"frame {n}: {card_name(c)}" for c in others
            if card_name(c) in text.lower() and card_name(c) not in played
        ]
    return found


def test_the_leak_check_sees_a_leak() -> None:
    west = Card.from_code("QH")
    assert leaks([{"lines": ["Robin, queen of hearts."]}], {west}) == []
    assert leaks([{"trick": "Robin is winning with the queen of hearts."}], {west})
    assert leaks([{"hand": [{"card": "QH"}]}], {west})
    assert leaks([{"lines": ["Robin, queen of hearts."], "trick_cards": [{"card": "QH"}]}],
                 {west}) == []
    assert leaks([{"trick_cards": [{"card": "QH"}]}, {"lines": ["Robin, queen of hearts."]}],
                 {west})


def test_a_whole_hand_by_keys_alone_with_the_host_at_the_terminal(tmp_path: Path) -> None:
    store_file = tmp_path / "tables.sqlite3"
    with web_server(store=TableStore(store_file)) as server, browser() as b:
        address = base_url(server).removeprefix("http://").rstrip("/")
        child = terminal_host(tmp_path / "host", "--server", address, "--target", "single")
        stop, won = threading.Event(), threading.Event()
        try:
            child.expect(r"Table code (\S+)\.")
            code = child.match.group(1)
            child.expect(r"Or in a web browser: (\S+)")
            link = child.match.group(1)
            assert link == f"http://{address}/#{code}"
            page = open_page(b, link, frames=True)
            page.wait("document.activeElement.id === 'name'")
            page.type("Bo")
            page.key("enter")
            page.wait("document.getElementById('seats-body').textContent.includes('Ann')")
            child.expect("Bo joined")
            child.send("\r")  # the host starts the match from the terminal's lobby
            hosting = threading.Thread(target=host_plays, args=(child, stop, won), daemon=True)
            hosting.start()
            presses = 0
            # The page patches its DOM: the hand and each card stay the same elements.
            page.wait("document.querySelectorAll('#hand [role=option]').length === 13")
            page.js("window.__hand = document.getElementById('hand');"
                    "document.querySelectorAll('#hand [role=option]')"
                    ".forEach((el) => { el.__kept = true; })")
            while (what := page.wait(WHAT_NOW, timeout=60)) != "over":
                if what == "bid":
                    page.key("enter")  # places the bid the list starts on (the sure tricks)
                    presses += 1
                    page.wait("document.getElementById('bidding').hidden || "
                              "document.querySelectorAll('#hands li').length")
                    continue
                cards = page.js("document.querySelectorAll('#hand [role=option]').length")
                # Tab names the next card that can be played (Enter plays only a card the
                # player has heard named, as at the terminal).
                said_to(page, "tab")
                assert page.js("!!document.querySelector('#hand .focused.playable')")
                assert focused(page).startswith("hand>card-")
                assert page.js("Array.from(document.querySelectorAll('#hand [role=option]'))"
                               ".every((el) => el.__kept)")
                page.key("enter")
                presses += 1
                page.wait(f"document.querySelectorAll('#hand [role=option]').length < {cards}"
                          " || document.querySelectorAll('#hands li').length")
            assert presses == 14  # one bid and thirteen cards
            assert page.js("document.getElementById('hand') === window.__hand")
            hosting.join(60)
            assert won.is_set()  # the host's terminal said who won
            frames = frames_received(b)
            said = heard(page)  # before the host leaves (that is a notice of its own)
            history = page.js("Array.from(document.querySelectorAll('#history li'))"
                              ".map((li) => li.textContent)")
        finally:
            stop.set()
            child.terminate(force=True)
        # What the live regions announced, against the record of the hand.
        names = page.js("Array.from(document.querySelectorAll('#players-body th'))"
                        ".map((th) => th.textContent)")
        cast = Cast(Seat.N, {s: n for s, n in zip(SEATS, names, strict=True) if n != "You"})
        stored = next(t for t in TableStore(store_file).open() if t.code == code)
        expected = _expected(stored.rules, stored.seed, stored.decisions, cast)
        assert {h["live"] for h in said} == {"polite"}  # one region: Orca purges none
        # The seat's turns are events among the others, said in order as the terminal
        # says them; checked apart.
        turn = re.compile(r"Your (bid|lead|turn)")
        polite = [h["text"] for h in said if not h["urgent"] and not turn.match(h["text"])]
        start = polite.index(expected[0])
        # Then what the terminal says at the match's end: how to go on.
        assert polite[start:] == [*expected, line(texts.NEW_MATCH)]
        turns = [h["text"] for h in said if turn.match(h["text"])]
        assert len(turns) == 14, turns
        # The history holds it all, newest first, turns among it; it was never announced.
        events = [h for h in history if not turn.match(h)]
        assert events[: len(expected) + 1] == [line(texts.NEW_MATCH), *expected[::-1]]
        assert not any(h["id"] != "said" for h in said)
        # No frame the page received named a card another seat held before it was played.
        deal = MatchState(Match(ruleset=p.rules_from_json(stored.rules), seed=stored.seed))
        assert deal.hand is not None
        others = {c for s in SEATS if s is not Seat.N for c in deal.hand.held(s)}
        assert len(frames) > 14 and leaks(frames, others) == []
        assert any(f.get("hand") for f in frames)  # not vacuous: the guest's own cards came
