"""The browser seat heard through a real screen reader: Orca on a private desktop, the page
in chromium (not headless) with its renderer accessibility on, a guest playing one whole
hand by keys sent through X, the host in the real ``spades-voice host`` program.

What the page put in its live regions is recorded in the page (a MutationObserver put in
over DevTools); what Orca said is what reached its speech-dispatcher. Every key a player
presses waits until Orca has finished speaking, as a listener would. One hand is played
once for the module; each test judges one thing the player heard in it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pexpect
import pytest
from net_helpers import free_port
from orca_helpers import Desktop
from orca_seat import OPTION, Moment, Played, Player, orca_browser
from web_helpers import WHAT_NOW, host_plays, open_page, terminal_host

from spades_voice.narration import prompts
from spades_voice.narration.keynames import spoken_key
from spades_voice.narration.language import line

ON_PLAYABLE = "!!document.querySelector('#hand .focused.playable')"
IN_TABLE = "!!document.activeElement.closest('#table')"
BIDDING = "!document.getElementById('bidding').hidden"
SEND_BEFORE_TURN = """(() => {
  if (document.querySelector('#hand .playable') || document.querySelectorAll('#hands li').length)
    return false;
  document.querySelector('#chat-form button').focus();
  return true;
})()"""


def _play_hand(guest: Player, child: pexpect.spawn) -> None:
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
            # ? is the terminal's help: a list of the keys, said; Escape goes back.
            guest.press("help", "question", answered="line")
            guest.press("help closed", "Escape", answered="line")
            # Enter on the "Your hand" key button does what its name says: the key
            # buttons opened (What you can do), Tab to that one.
            page.js("document.getElementById('keys-box').open = true;"
                    " document.getElementById('keys').firstElementChild.focus()")
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
            guest.press("tab after end", "Tab",
                        facts=f"({{playable: {ON_PLAYABLE}, option: {OPTION}}})")
        if on_send:
            on_send = False
            guest.settle()
            guest.moments["turn"] = Moment((), said=[u.text for u in desk.spoken()[mark:]],
                                           facts=page.js(f"({{table: {IN_TABLE}}})"))
            guest.press("h in the chat", "h", facts=f"({{table: {IN_TABLE}}})")
            if not page.js(IN_TABLE):
                guest.press("escape from the chat", "Escape")
        if turns != 1:  # (the first turn's Tab after End named a card already)
            # Tab names the next card that can be played: Enter plays only a card the
            # player heard named, as at the terminal.
            guest.press("tab", "Tab", answered="none")
            page.wait(ON_PLAYABLE, 30)
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


@pytest.fixture(scope="module")
def hand(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    root = tmp_path_factory.mktemp("orca-page")
    desk = Desktop(root / "desktop")
    child = None
    stop = threading.Event()
    try:
        child = terminal_host(root / "host", "--port", str(free_port()), "--target", "single")
        child.expect(r"Or in a web browser: (\S+)")
        link = child.match.group(1)
        with orca_browser(desk) as b:
            page = open_page(b, link)
            guest = Player(desk, page, desk.window_of(b.proc.pid))
            page.wait("document.activeElement.id === 'name'")
            guest.settle()
            start = len(desk.spoken())
            desk.focus(guest.window)
            desk.type("Bo")
            join = guest.press("join", "Return", answered="line")
            child.expect("Bo joined")
            join.facts = {"seated": page.wait(
                "document.getElementById('seats-body').textContent.includes('Ann')")}
            hosting = threading.Thread(target=host_plays, args=(child, stop), daemon=True)
            hosting.start()
            try:
                _play_hand(guest, child)
            finally:
                stop.set()
                hosting.join(30)
            played = guest.played(start)
            played.save(root / "hand.json")
            yield played
    finally:
        stop.set()
        if child is not None:
            child.terminate(force=True)
        desk.close()


# -- the whole hand -----------------------------------------------------------------------


def test_orca_speaks_every_line_the_page_announced_once_in_order(hand: Played) -> None:
    # A whole hand: the deal, four bids, 52 cards, 13 tricks, score.
    assert len(hand.announced) > 60
    result, twice = hand.hearing()
    assert (result.lost, twice) == ([], []), f"{result}; said twice as live lines: {twice}"


def test_the_join_announcement_is_heard(hand: Played) -> None:
    join = hand.at("join")
    assert join.facts["seated"]
    assert join.lines, "the page announced nothing when the guest sat down"
    assert join.spoke("You sit"), join.said


# -- the keys of issue 44, items 4 to 8 ------------------------------------------------------


def test_enter_on_the_hand_button_shows_the_hand_and_places_no_bid(hand: Played) -> None:
    moment = hand.at("enter on hand button")
    assert moment.facts["bidding"], f"Enter on the hand's button bid: {moment.said}"
    assert not any("placed" in s for s in moment.said), moment.said
    assert moment.answer(), "Enter on the hand's button said nothing"


def test_a_key_that_does_nothing_says_so(hand: Played) -> None:
    assert hand.at("unbound key").spoke(prompts.does_nothing(spoken_key("`")))
    undo = hand.at("u at a shared table")
    assert undo.lines and undo.spoke(undo.lines[0]), undo.said


@pytest.mark.parametrize("key", ["h", "e", "n"])
def test_a_guests_keys_before_the_match_say_why_they_wait(hand: Played, key: str) -> None:
    moment = hand.at(f"lobby {key}")
    assert moment.lines and moment.answer(), f"{key} said nothing: {moment.said}"


def test_tab_after_end_reaches_a_playable_card_and_says_it(hand: Played) -> None:
    moment = hand.at("tab after end")
    assert moment.facts["playable"], moment.said
    assert moment.answer(), "Tab after End said nothing"
    assert moment.spoke(line(prompts.LAST_PLAYABLE)), moment.said
    # Orca reads the card the focus moved to; the page's line must not name it again.
    assert moment.times_named(moment.facts["option"]) == 1, moment.said


def test_question_mark_says_the_terminals_help_and_escape_goes_back(hand: Played) -> None:
    help_list = hand.at("help")
    assert help_list.spoke("Help, "), help_list.said
    assert hand.at("help closed").spoke(line(prompts.BACK_TO_TABLE))


def test_h_with_focus_on_the_chat_button_when_the_turn_comes_reaches_the_hand(
        hand: Played) -> None:
    moment = hand.at("h in the chat")
    assert moment.facts["table"] and moment.answer(), moment.said


def test_one_focus_at_the_bid(hand: Played) -> None:
    moment = hand.at("bid arrives")
    said = " ".join(moment.said)
    assert "Bidding" in said, moment.said
    assert "Your hand" not in said[said.rindex("Bidding"):], moment.said
    assert moment.facts["highlighted"] <= 1, moment.facts

