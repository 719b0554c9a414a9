"""The browser seat heard through a real screen reader: Orca on a private desktop, the page
in chromium (not headless) with its renderer accessibility on, a guest playing one whole
hand by keys sent through X, the host in the real ``spades-voice host`` program.

What the page put in its live regions is recorded in the page (a MutationObserver put in
over DevTools); what Orca said is what reached its speech-dispatcher. Every key a player
presses waits until Orca has finished speaking, as a listener would. One hand is played
once for the module; each test judges one thing the player heard in it.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pexpect
import pytest
from cdp import Browser, Page
from helpers import game_program, wait_until
from net_helpers import free_port
from orca_helpers import Desktop, hearing, lines_in_speech, sentences
from web_helpers import need_chromium

from spades_voice.store import DATA_DIR_ENV, Settings

#: Installed before the page's own script: every line added to a live region, with the
#: region's politeness. A paragraph that holds several lines (one span each, marked
#: ``data-line``) is recorded line by line, in its order.
RECORDER = """
window.__heard = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes) {
      const el = node.nodeType === 1 ? node : node.parentElement;
      const region = el && el.closest('[aria-live]');
      if (!region || region === node) continue;  // the region itself, as the page loads
      const parts = node.nodeType === 1 ? Array.from(node.querySelectorAll('[data-line]')) : [];
      for (const part of parts.length ? parts : [node]) {
        window.__heard.push({live: region.getAttribute('aria-live'), id: region.id,
                             text: part.textContent});
      }
    }
  }
}).observe(document, {childList: true, subtree: true, characterData: true});
"""

#: What the page shows the guest may do now.
WHAT_NOW = """(() => {
  if (document.querySelectorAll('#hands li').length) return 'over';
  if (!document.getElementById('bidding').hidden) return 'bid';
  if (document.querySelector('#hand .playable')) return 'play';
  return '';
})()"""

#: What Orca says when it echoes a key (xdotool's name -> Orca's word).
ECHO = {"Return": "return", "Tab": "tab", "End": "end", "Home": "home", "Escape": "escape",
        "Down": "down", "Up": "up", "Left": "left", "Right": "right"}

#: Enough for any answer on a loaded machine; only a page that never answers reaches it.
ANSWER_SECONDS = 30.0


@dataclass
class Moment:
    """Keys pressed at one point of the hand, and what came of them before the next."""

    keys: tuple[str, ...]
    said: list[str] = field(default_factory=list)  # what Orca spoke after the keys
    lines: list[str] = field(default_factory=list)  # what the page announced after them
    facts: dict[str, Any] = field(default_factory=dict)  # the page's state after

    def answer(self) -> list[str]:
        """What Orca said beyond echoing the keys."""
        echoes = {ECHO.get(k, k.lower()) for k in self.keys}
        return [s for s in self.said if s.lower() not in echoes]


@dataclass
class Hand:
    """One hand under Orca: every line announced, every utterance, and the moments."""

    announced: list[dict[str, str]]
    spoken: list[str]  # what reached speech
    live: list[str]  # what Orca said as live-region messages
    moments: dict[str, Moment]


class Guest:
    """The guest at the page: keys through X, waiting on Orca between them."""

    def __init__(self, desk: Desktop, page: Page, window: str) -> None:
        self.desk, self.page, self.window = desk, page, window
        self.moments: dict[str, Moment] = {}
        self._heard_to = (0, 0)  # lines announced, utterances spoken, when last settled

    def settle(self) -> None:
        """As a listener waits before the next key: until every line announced since the
        last time has been spoken (a line lost for good is waited for only that once),
        and then until speech is quiet."""
        lines_from, said_from = self._heard_to
        # Lines the page holds back a moment to say them in one paragraph come first.
        self.page.wait("!(document.getElementById('said') || {dataset: {}}).dataset.pending",
                       ANSWER_SECONDS)

        def heard_all() -> bool:
            lines = [h["text"] for h in self.announced()[lines_from:]]
            said = [u.text for u in self.desk.spoken()[said_from:]]
            return not hearing(lines, said).lost

        wait_until(heard_all, ANSWER_SECONDS)
        self.desk.quiet()
        self._heard_to = (len(self.announced()), len(self.desk.spoken()))

    def announced(self) -> list[dict[str, str]]:
        found: list[dict[str, str]] = self.page.js("window.__heard")
        return found

    def press(self, name: str, *keys: str, answered: str = "speech",
              facts: str = "({})") -> Moment:
        """Press ``keys`` and keep what came of them as moment ``name``. ``answered``:
        what the player waits for before judging: "speech" (Orca said something beyond
        the key's echo), "line" (the page announced a line and Orca spoke it), "none"."""
        self.settle()
        before_said, before_lines = len(self.desk.spoken()), len(self.announced())
        moment = Moment(keys)
        self.desk.keys(*keys, window=self.window)

        def look() -> bool:
            moment.said = [u.text for u in self.desk.spoken()[before_said:]]
            moment.lines = [h["text"] for h in self.announced()[before_lines:]]
            if answered == "speech":
                return bool(moment.answer())
            if answered == "line":
                return bool(moment.lines) and len(
                    lines_in_speech(moment.said, moment.lines)) == len(moment.lines)
            return True

        wait_until(look, ANSWER_SECONDS)
        self.settle()
        look()
        moment.facts = self.page.js(facts)
        self.moments[name] = moment
        return moment

    def tab_to(self, found: str, presses: int = 40) -> bool:
        """Tab (through X) until ``found`` is true in the page."""
        for _ in range(presses):
            if self.page.js(found):
                return True
            self.desk.keys("Tab", window=self.window)
        return bool(self.page.js(found))


def _host(port: int, home: Path) -> pexpect.spawn:
    home.mkdir()
    (home / "settings.json").write_bytes(Settings(speech="print").to_bytes())
    return pexpect.spawn(
        game_program(), ["host", "--port", str(port), "--name", "Ann", "--target", "single"],
        env={**os.environ, DATA_DIR_ENV: str(home), "TERM": "xterm"},
        encoding="utf-8", timeout=60, dimensions=(24, 200),
    )


def _host_plays(child: pexpect.spawn, stop: threading.Event) -> None:
    """The host answers each of its turns at the terminal by keys until the match ends."""
    turns = [r"Your bid\. \S+ selected\.", r"Your lead\.", r"Your turn, \w+ led\.",
             r"win the match"]
    while not stop.is_set():
        try:
            found = child.expect(turns, timeout=1)
        except pexpect.TIMEOUT:
            continue
        except pexpect.EOF:
            return
        if found == 3:
            return
        child.send("\r" if found == 0 else "\t\r")


ON_PLAYABLE = "!!document.querySelector('#hand .focused.playable')"
IN_TABLE = "!!document.activeElement.closest('#table')"
BIDDING = "!document.getElementById('bidding').hidden"
SEND_BEFORE_TURN = """(() => {
  if (document.querySelector('#hand .playable') || document.querySelectorAll('#hands li').length)
    return false;
  document.querySelector('#chat-form button').focus();
  return true;
})()"""


def _play_hand(guest: Guest, child: pexpect.spawn) -> None:
    """The guest's whole hand, with the issue's keys tried on the way."""
    desk, page = guest.desk, guest.page
    # Before the match starts: what a guest's H, E and N say.
    for key in ("h", "e", "n"):
        guest.press(f"lobby {key}", key, answered="line")
    mark = len(desk.spoken())
    child.send("\r")  # the host starts the match from the terminal's lobby
    page.wait("document.querySelectorAll('#hand [role=option]').length === 13", 120)
    turns, on_send = 0, False
    while (what := page.wait(WHAT_NOW, timeout=180)) != "over":
        if what == "bid":
            guest.settle()
            guest.moments["bid arrives"] = Moment((), said=[
                u.text for u in desk.spoken()[mark:]])
            guest.moments["bid arrives"].facts = page.js(
                "({focus: document.activeElement.id,"
                " highlighted: document.querySelectorAll('#table .focused').length})")
            # Enter on the "Your hand" key button does what its name says: ? goes to the
            # key buttons, Tab to that one.
            desk.keys("question", window=guest.window)
            if guest.tab_to("(document.activeElement.textContent || '')"
                            ".startsWith('Your hand')"):
                guest.press("enter on hand button", "Return",
                            facts=f"({{bidding: {BIDDING}}})")
            if page.js(BIDDING):
                page.js("document.getElementById('bids').focus()")  # back to the bids
                guest.press("bid", "Return", answered="line")
            page.wait(f"!({BIDDING}) || document.querySelectorAll('#hands li').length")
            continue
        turns += 1
        guest.settle()  # the turn heard to its end before any key, as a listener does
        cards = page.js("document.querySelectorAll('#hand [role=option]').length")
        if turns == 1:
            guest.press("u at a shared table", "u", answered="line")
            guest.press("unbound key", "grave", answered="line")
            guest.press("end", "End")
            guest.press("tab after end", "Tab", facts=f"({{playable: {ON_PLAYABLE}}})")
        if on_send:
            on_send = False
            guest.settle()
            guest.moments["turn"] = Moment((), said=[u.text for u in desk.spoken()[mark:]],
                                           facts=page.js(f"({{table: {IN_TABLE}}})"))
            guest.press("h in the chat", "h", facts=f"({{table: {IN_TABLE}}})")
            if not page.js(IN_TABLE):
                guest.press("escape from the chat", "Escape")
        if not page.js(ON_PLAYABLE):
            desk.keys("Home", window=guest.window)
        if not page.js(ON_PLAYABLE):
            desk.keys("Tab", window=guest.window)
        guest.settle()
        desk.keys("Return", window=guest.window)  # plays it
        page.wait(f"document.querySelectorAll('#hand [role=option]').length < {cards}"
                  " || document.querySelectorAll('#hands li').length", 120)
        if "h in the chat" not in guest.moments:
            # The chat's Send button has focus when the next turn comes: put there in the
            # page's own event loop only if that turn has not come yet (else next time).
            mark = len(desk.spoken())
            on_send = page.js(SEND_BEFORE_TURN)
    guest.settle()


@contextlib.contextmanager
def _browser(desk: Desktop) -> Iterator[Browser]:
    b = Browser(need_chromium(), timeout=60, headless=False,
                extra=("--force-renderer-accessibility",),
                env={**desk.env, "ACCESSIBILITY_ENABLED": "1"})
    try:
        yield b
    finally:
        b.close()


@pytest.fixture(scope="module")
def hand(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hand]:
    root = tmp_path_factory.mktemp("orca-page")
    desk = Desktop(root / "desktop")
    child = None
    stop = threading.Event()
    try:
        child = _host(free_port(), root / "host")
        child.expect(r"Or in a web browser: (\S+)")
        link = child.match.group(1)
        with _browser(desk) as b:
            page = b.page()
            page.add_script(RECORDER)
            page.goto(link)
            page.wait("document.body && document.body.dataset.ready === 'true'")
            guest = Guest(desk, page, desk.window_of(b.proc.pid))
            page.wait("document.activeElement.id === 'name'")
            guest.settle()
            start = len(desk.spoken())
            desk.focus(guest.window)
            desk.type("Bo")
            join = guest.press("join", "Return", answered="line")
            child.expect("Bo joined")
            join.facts = {"seated": page.wait(
                "document.getElementById('seats-body').textContent.includes('Ann')")}
            hosting = threading.Thread(target=_host_plays, args=(child, stop), daemon=True)
            hosting.start()
            try:
                _play_hand(guest, child)
            finally:
                stop.set()
                hosting.join(30)
            played = Hand(guest.announced(), [u.text for u in desk.spoken()[start:]],
                          desk.orca_live(), guest.moments)
            # Kept beside Orca's debug log, for reading a failure.
            (root / "hand.json").write_text(json.dumps(
                {"announced": played.announced, "spoken": played.spoken,
                 "live": played.live,
                 "moments": {k: vars(m) for k, m in played.moments.items()}}, indent=1))
            yield played
    finally:
        stop.set()
        if child is not None:
            child.terminate(force=True)
        desk.close()


def _at(hand: Hand, name: str) -> Moment:
    if name not in hand.moments:
        pytest.fail(f"the hand never came to '{name}' by keys")
    return hand.moments[name]


def _spoke(moment: Moment, sentence: str) -> bool:
    return any(sentence in s for s in sentences(" ".join(moment.said)))


# -- the whole hand -----------------------------------------------------------------------


def test_orca_speaks_every_line_the_page_announced_once_in_order(hand: Hand) -> None:
    lines = [h["text"] for h in hand.announced]
    assert len(lines) > 60  # a whole hand: the deal, four bids, 52 cards, 13 tricks, score
    result = hearing(lines, hand.spoken)
    # Twice: as a live line (Orca reading a focused card in a line's words is not).
    twice = hearing(lines, hand.live).twice
    assert (result.lost, twice) == ([], []), f"{result}; said twice as live lines: {twice}"


def test_the_join_announcement_is_heard(hand: Hand) -> None:
    join = _at(hand, "join")
    assert join.facts["seated"]
    assert join.lines, "the page announced nothing when the guest sat down"
    assert _spoke(join, "You sit"), join.said


# -- the keys of issue 44, items 4 to 8 ------------------------------------------------------


def test_enter_on_the_hand_button_shows_the_hand_and_places_no_bid(hand: Hand) -> None:
    moment = _at(hand, "enter on hand button")
    assert moment.facts["bidding"], f"Enter on the hand's button bid: {moment.said}"
    assert not any("placed" in s for s in moment.said), moment.said
    assert moment.answer(), "Enter on the hand's button said nothing"


def test_a_key_that_does_nothing_says_so(hand: Hand) -> None:
    assert _spoke(_at(hand, "unbound key"), "That key does nothing on this page.")
    undo = _at(hand, "u at a shared table")
    assert undo.lines and _spoke(undo, undo.lines[0]), undo.said


@pytest.mark.parametrize("key", ["h", "e", "n"])
def test_a_guests_keys_before_the_match_say_why_they_wait(hand: Hand, key: str) -> None:
    moment = _at(hand, f"lobby {key}")
    assert moment.lines and moment.answer(), f"{key} said nothing: {moment.said}"


def test_tab_after_end_reaches_a_playable_card_and_says_it(hand: Hand) -> None:
    moment = _at(hand, "tab after end")
    assert moment.facts["playable"], moment.said
    assert moment.answer(), "Tab after End said nothing"


def test_h_with_focus_on_the_chat_button_when_the_turn_comes_reaches_the_hand(
        hand: Hand) -> None:
    moment = _at(hand, "h in the chat")
    assert moment.facts["table"] and moment.answer(), moment.said


def test_one_focus_at_the_bid(hand: Hand) -> None:
    moment = _at(hand, "bid arrives")
    said = " ".join(moment.said)
    assert "Bidding" in said, moment.said
    assert "Your hand" not in said[said.rindex("Bidding"):], moment.said
    assert moment.facts["highlighted"] <= 1, moment.facts
