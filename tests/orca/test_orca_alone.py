"""Playing alone in the page, heard through a real Orca: from the first screen of the real
``spades-voice serve``, Tab to "Play alone" and its choices (level, target, blind nil, the house rule),
each heard by name, role and value, then the game started and a few of the terminal's
keys pressed (H, the bid, a card by Tab and Enter, U, restart's question and Escape, P
twice). Every line the page announced on the way must be spoken by Orca, in order, none
twice; each key must be answered in speech.

The same desktop, browser and listener as the guest's hand (``orca_seat``); keys go
through X, and the player waits for Orca to finish before each, as a listener would.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from helpers import game_program
from net_helpers import free_port
from orca_helpers import Desktop, sentences
from orca_seat import OPTION, Played, Player, orca_browser
from web_helpers import WHAT_NOW, open_page

from spades_voice.narration import prompts, texts
from spades_voice.narration.browser import PAGE_WORDS
from spades_voice.narration.language import line
from spades_voice.store import DATA_DIR_ENV

ACTIVE = "document.activeElement.id"
HAND = "document.querySelectorAll('#hand [role=option]').length"
#: The first screen's controls the player hears by name and value, in Tab order.
CHOICES = ("level", "target", "alone-blind-nil", "alone-spades-any-time")


def _serve(port: int, home: Path) -> pexpect.spawn:
    """The real ``spades-voice serve`` on loopback, its saves in ``home``."""
    home.mkdir()
    child = pexpect.spawn(
        game_program(), ["serve", "--bind", "127.0.0.1", "--port", str(port), "--no-save"],
        env={**os.environ, DATA_DIR_ENV: str(home)}, encoding="utf-8", timeout=60,
    )
    child.expect(r"Browsers open (\S+)")
    return child


def _choose_and_start(player: Player) -> None:
    """From the code field: Tab to Play alone, on to each choice (changed by a key), back
    to Play alone, Enter."""
    page = player.page
    tabs = 0
    while page.js(ACTIVE) != "play-alone":
        tabs += 1
        assert tabs < 12, f"Tab never reached Play alone: at {page.js(ACTIVE)}"
        player.press("tab to play alone", "Tab", facts=f"({{focus: {ACTIVE}}})")
    player.press("level", "Tab", facts=f"({{focus: {ACTIVE}}})")
    player.press("level changed", "Home",
                 facts="({value: document.getElementById('level').value})")
    player.press("target", "Tab", facts=f"({{focus: {ACTIVE}}})")
    player.press("target changed", "End",
                 facts="({value: document.getElementById('target').value})")
    player.press("alone-blind-nil", "Tab", facts=f"({{focus: {ACTIVE}}})")
    checked = "({value: document.querySelector('#alone-choices #alone-blind-nil').checked})"
    player.press("alone-blind-nil changed", "space", facts=checked)
    # Off again: a blind-nil offer at the bid is not what these keys are about.
    player.press("alone-blind-nil back", "space", facts=checked)
    player.press("alone-spades-any-time", "Tab", facts=f"({{focus: {ACTIVE}}})")
    for _ in CHOICES:
        player.press("back", "shift+Tab")
    assert page.js(ACTIVE) == "play-alone", page.js(ACTIVE)
    player.press("start", "Return", answered="line",
                 facts="({game: !document.getElementById('game').hidden})")


def _play_a_few_keys(player: Player) -> None:
    """H, Right in the bids and the bid, a card by Tab and Enter, U, restart's question
    and Escape, P twice."""
    page = player.page
    page.wait(f"{WHAT_NOW} === 'bid'", timeout=120)
    player.press("h", "h", answered="line")
    player.press("right in the bids", "Right", facts=f"({{option: {OPTION}}})")
    player.press("bid", "Return", answered="line")
    page.wait(f"{WHAT_NOW} === 'play'", timeout=180)
    held = page.js(HAND)
    # The focus moves, and Orca reads the option it moved to: no line is announced.
    player.press("tab to a card", "Tab", facts=f"({{option: {OPTION}}})")
    player.press("play the card", "Return", answered="line")
    page.wait(f"{HAND} < {held}", timeout=60)
    player.press("undo", "u", answered="line", facts=f"({{held: {HAND}}})")
    player.press("restart", "shift+r", answered="line")
    player.press("restart declined", "Escape", answered="line")
    player.press("pause", "p", answered="line")
    player.press("resume", "p", answered="line")


@pytest.fixture(scope="module")
def alone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    root = tmp_path_factory.mktemp("orca-alone")
    desk = Desktop(root / "desktop")
    server = None
    try:
        server = _serve(free_port(), root / "server")
        link = server.match.group(1)
        with orca_browser(desk) as b:
            page = open_page(b, link)
            player = Player(desk, page, desk.window_of(b.proc.pid))
            page.wait(f"{ACTIVE} === 'code'")
            player.settle()
            start = len(desk.spoken())
            desk.focus(player.window)
            _choose_and_start(player)
            _play_a_few_keys(player)
            player.settle()
            played = player.played(start)
            played.save(root / "alone.json")
            yield played
    finally:
        if server is not None:
            server.terminate(force=True)
        desk.close()


def _heard_as(alone: Played, name: str, *words: str) -> None:
    moment = alone.at(name)
    said = " ".join(moment.said)
    missing = [w for w in words if w not in said]
    assert not missing, f"{name}: Orca did not say {missing}; it said {moment.said}"


def test_tab_to_play_alone_says_its_name_and_role(alone: Played) -> None:
    moment = alone.at("tab to play alone")
    assert moment.facts["focus"] == "play-alone"
    _heard_as(alone, "tab to play alone", PAGE_WORDS["play_alone"], "button")


def test_each_choice_is_heard_by_name_and_value(alone: Played) -> None:
    assert [alone.at(c).facts["focus"] for c in CHOICES] == list(CHOICES)
    _heard_as(alone, "level", PAGE_WORDS["level_label"], PAGE_WORDS["level_medium"])
    _heard_as(alone, "target", PAGE_WORDS["target_label"], PAGE_WORDS["target_500"])
    _heard_as(alone, "alone-blind-nil", PAGE_WORDS["blind_nil_label"], "check box", "not checked")
    _heard_as(alone, "alone-spades-any-time", PAGE_WORDS["spades_any_time_label"], "check box",
              "not checked")


def test_a_changed_choice_is_heard_with_its_new_value(alone: Played) -> None:
    assert alone.at("level changed").facts["value"] == "easy"
    _heard_as(alone, "level changed", PAGE_WORDS["level_easy"])
    assert alone.at("target changed").facts["value"] == "single"
    _heard_as(alone, "target changed", PAGE_WORDS["target_single"])
    assert alone.at("alone-blind-nil changed").facts["value"] is True
    _heard_as(alone, "alone-blind-nil changed", "checked")
    assert "not checked" not in " ".join(alone.at("alone-blind-nil changed").said)
    assert alone.at("alone-blind-nil back").facts["value"] is False
    _heard_as(alone, "alone-blind-nil back", "not checked")


def test_play_alone_starts_the_game_and_says_so(alone: Played) -> None:
    moment = alone.at("start")
    assert moment.facts["game"]
    assert moment.spoke(line(texts.GREETING)), moment.said
    # The terminal's greeting, then the deal, as the terminal says them.
    said = [s for u in moment.said for s in sentences(u)]
    deal = next(x for x in moment.lines if x != line(texts.GREETING))
    first, dealt = sentences(line(texts.GREETING))[0], sentences(deal)[0]
    assert said.index(first) < said.index(dealt), moment.said


def test_orca_speaks_every_line_the_page_announced_once_in_order(alone: Played) -> None:
    # The greeting, the deal, four bids, cards, undo, a question, pause and resume.
    assert len(alone.announced) > 12
    result, twice = alone.hearing()
    assert (result.lost, twice) == ([], []), f"{result}; said twice as live lines: {twice}"


@pytest.mark.parametrize("name", ["right in the bids", "tab to a card"])
def test_a_move_in_a_list_names_the_option_once(alone: Played, name: str) -> None:
    """Orca reads the option the focus moved to; the page does not say the terminal's
    answer naming the same card (or bid) again."""
    moment = alone.at(name)
    assert moment.facts["option"] and moment.answer(), moment.said
    assert moment.times_named(moment.facts["option"]) == 1, moment.said


@pytest.mark.parametrize("name", ["h", "bid", "play the card", "undo"])
def test_each_key_of_the_game_is_answered_in_speech(alone: Played, name: str) -> None:
    moment = alone.at(name)
    assert moment.lines and moment.spoke(moment.lines[0]), moment.said


def test_undo_takes_the_card_back_in_words(alone: Played) -> None:
    moment = alone.at("undo")
    assert moment.spoke("Undone:"), moment.said
    assert moment.facts["held"] == 13


def test_restart_asks_and_escape_goes_back(alone: Played) -> None:
    assert alone.at("restart").spoke(line(texts.CONFIRM_RESTART))
    assert alone.at("restart declined").spoke(line(prompts.BACK_TO_TABLE))


def test_pause_and_resume_are_heard(alone: Played) -> None:
    assert alone.at("pause").spoke(line(texts.PAUSED))
    assert alone.at("resume").spoke(line(texts.RESUMED))
