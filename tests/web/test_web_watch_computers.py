"""Watching the computers from the page's first screen, in chromium: four computers play a
match at the level chosen there, heard as the terminal's ``watch --computers`` hears it
(the terminal's own Shell over ``table.ComputersTable``, run by the alone door). By keys:
cards played and a trick taken, P pauses, I says what the one to act is thinking, in one
breath. By touch (``phone.py``: no key event at all): the same through the page's
buttons. Nothing is kept: the player's folder gets no match."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from cdp import Page
from phone import Phone, control, phone_tab
from test_web_alone import SAID, first_screen, hears, said_count, tab_to
from test_web_phone_play import help_texts, tap_answered
from web_helpers import RECORDER, base_url, browser

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "alone"))
from alone_helpers import alone_server

from spades_voice.narration import prompts, texts
from spades_voice.narration.browser import PAGE_WORDS
from spades_voice.narration.language import line
from spades_voice.table import COMPUTERS_NAMES

NAMES = "|".join(COMPUTERS_NAMES.values())
#: A card played and a trick taken, as the terminal says them (regular expressions).
CARD = rf"^({NAMES}), \w+ of \w+\.$"
TAKEN = rf"^({NAMES}) takes it\.$"
#: The one to act, thinking: its name, then its reasons (one line).
THINKING = rf"^({NAMES}) is thinking\. \S"


def heard_like(page: Page, pattern: str, since: int, timeout: float = 120.0) -> str:
    """Wait until a line said since ``since`` matches ``pattern``; that line."""
    found: str = page.wait(
        f"{SAID}.slice({since}).find((t) => new RegExp({json.dumps(pattern)}).test(t))",
        timeout=timeout,
    )
    return found


def test_watching_the_computers_by_keys_from_the_first_screen(tmp_path: Path) -> None:
    root = tmp_path / "alone"
    with alone_server(root) as server, browser() as b:
        page = first_screen(b, server)
        tab_to(page, "level")
        page.key("home")  # Easy: the level the four play at
        tab_to(page, "watch-computers")
        page.key("enter")
        hears(page, line(texts.GREETING), 0)
        start = said_count(page)
        page.key("a")  # the pace, as at the terminal
        hears(page, prompts.pace_now("quick"), start)
        assert re.match(CARD, heard_like(page, CARD, 0))
        heard_like(page, TAKEN, 0)
        start = said_count(page)
        page.key("p")
        hears(page, line(texts.PAUSED), start)
        start = said_count(page)
        page.key("i")
        thought = heard_like(page, THINKING, start, timeout=60)
        assert "You" not in thought and "\n" not in thought
        start = said_count(page)
        page.key("h")  # no hand to show: nobody is "you" here
        heard_like(page, r"^You are watching: there is no hand to show\.$", start)
        said: list[str] = page.js(SAID)
        assert not any(re.match(r"^Your (turn|lead|bid)", t) for t in said), said
        page.key("p")
        hears(page, line(texts.RESUMED), start)
        # Watching keeps nothing: no match, no statistics in any player's folder.
        assert not [p for p in root.rglob("*") if p.is_file()], list(root.rglob("*"))


def test_watching_the_computers_by_touch(tmp_path: Path) -> None:
    with alone_server(tmp_path / "alone") as server, browser() as b:
        url = base_url(server)
        help_for = help_texts(url)
        phone: Phone = phone_tab(b, url, RECORDER)
        phone.adjust(phone.swipe_to(control("combobox", PAGE_WORDS["level_label"])), "easy")
        tap_answered(phone, control("button", PAGE_WORDS["watch_computers"]))
        page = phone.page
        heard_like(page, r"^Spades\. ", 0)  # the greeting, worded for taps
        heard_like(page, CARD, 0)
        heard_like(page, TAKEN, 0)
        # Pause: its button among every action (Help opens them).
        phone.tap(control("button", PAGE_WORDS["act_help"]))
        page.wait("document.getElementById('keys-box').open")
        start = said_count(page)
        tap_answered(phone, control("button", help_for["pause"]))
        heard_like(page, r"^Paused\.", start)
        start = said_count(page)
        tap_answered(phone, control("button", PAGE_WORDS["act_hint"]))
        heard_like(page, THINKING, start, timeout=60)
