"""The page on a phone, as a phone's screen reader finds it (``phone.py``: chromium made a
phone, moved through by swipes and chosen by double taps, no key event at all): no
application role, the turn line and the hand first, the log after them, every target at
least 44 by 44 CSS px with nothing standing over it, the actions as buttons a few swipes
on, instructions worded for taps; axe-core finds nothing in either colour scheme. A
mouse's desktop keeps the keyboard's page."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path

from phone import Phone, control, phone_tab, starts
from test_web_access import AXE
from web_helpers import RECORDER, base_url, browser

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "alone"))
from alone_helpers import alone_server

from spades_voice.narration import texts
from spades_voice.narration.browser import PAGE_WORDS
from spades_voice.narration.language import Way, line, playing_by

SEED = 11
#: What the page's log holds, in order (the recorder's lines).
SAID = "window.__heard.map((h) => h.text)"
#: Swipes from the top that a phone player may need to reach the turn line and the hand.
FEW = 8


@contextlib.contextmanager
def phone_alone(tmp_path: Path, *, mouse: bool = False) -> Iterator[Phone]:
    """A phone (or a mouse's desktop) at the first screen of a server that plays alone."""
    with alone_server(tmp_path, SEED) as server, browser() as b:
        yield phone_tab(b, base_url(server), RECORDER, mouse=mouse)


def begin(phone: Phone) -> None:
    """From the first screen by taps alone: Easy opponents, to 200, Play alone; until the
    seat's first turn to bid is said."""
    phone.adjust(phone.swipe_to(control("combobox", PAGE_WORDS["level_label"])), "easy")
    phone.adjust(phone.swipe_to(control("combobox", PAGE_WORDS["target_label"])), "200")
    phone.tap(control("button", PAGE_WORDS["play_alone"]))
    phone.page.wait("window.__heard.some((h) => h.text.startsWith('Your bid'))",
                    timeout=60)


def small(phone: Phone) -> list[dict[str, object]]:
    return [t for t in phone.targets() if float(str(t["width"])) < 44
            or float(str(t["height"])) < 44]


def test_a_phone_finds_the_turn_and_the_hand_first_and_every_target_big(tmp_path: Path) -> None:
    with phone_alone(tmp_path) as phone:
        page = phone.page
        assert page.js("matchMedia('(pointer: coarse)').matches")
        assert small(phone) == [] and phone.covered() == []  # the first screen
        begin(phone)
        # Said for taps: the greeting names the Help button, not a key.
        heard = page.js(SAID)
        with playing_by(Way.TOUCH):
            assert line(texts.GREETING) in heard
        assert line(texts.GREETING) not in heard
        nodes = page.send("Accessibility.getFullAXTree")["nodes"]
        roles = {(n.get("role") or {}).get("value") for n in nodes if not n.get("ignored")}
        assert "application" not in roles
        # Each list is named by its heading alone, with no word of keys.
        lists = {(n.get("name") or {}).get("value") for n in nodes
                 if (n.get("role") or {}).get("value") == "listbox" and not n.get("ignored")}
        assert lists == {PAGE_WORDS["hand_heading"], PAGE_WORDS["bidding_heading"]}
        stops = phone.stops()
        where = {str(s): i for i, s in reversed(list(enumerate(stops)))}
        turn = next(i for i, s in enumerate(stops) if "Your bid" in s.name)
        first_card = next(i for i, s in enumerate(stops) if s.role == "option")
        assert turn <= 3 and first_card <= FEW, stops[:FEW + 2]
        # The actions, as buttons, just after the bids (a few swipes on from the last one).
        last_option = max(i for i, s in enumerate(stops) if s.role == "option")
        for action in ("help", "hand", "bids", "scores", "trick", "hint", "undo",
                       "statistics", "history", "speech_menu"):
            at = where[f"button {PAGE_WORDS['act_' + action]!r}"]
            assert last_option < at <= last_option + 16, (action, at, last_option)
        # The log is after the table's controls, still in the page to read.
        assert page.js("Boolean(document.getElementById('actions').compareDocumentPosition("
                       "document.getElementById('said')) & Node.DOCUMENT_POSITION_FOLLOWING)")
        log_line = next(i for i, s in enumerate(stops)
                        if s.role == "StaticText" and s.name == heard[0] and i > turn)
        assert log_line > last_option
        assert small(phone) == [], small(phone)
        assert phone.covered() == []
        # The history is read by swipes: its intro names no keys.
        intro = [s.name for s in stops if s.name in (PAGE_WORDS["history_intro"],
                                                     PAGE_WORDS["history_intro_touch"])]
        assert intro == [PAGE_WORDS["history_intro_touch"]]
        # Help opens every action, and says nothing silently: its buttons are there.
        phone.tap(control("button", PAGE_WORDS["act_help"]))
        page.wait("document.getElementById('keys-box').open")
        assert small(phone) == [], small(phone)


def test_axe_finds_nothing_in_the_phone_layout(tmp_path: Path) -> None:
    with phone_alone(tmp_path) as phone:
        begin(phone)
        phone.page.js(AXE.read_text(encoding="utf-8"))
        for scheme in ("light", "dark"):
            phone.media(scheme)
            found = phone.page.js(
                "axe.run(document, {resultTypes: ['violations']}).then((r) => r.violations"
                ".filter((v) => ['critical', 'serious'].includes(v.impact))"
                ".map((v) => ({id: v.id, nodes: v.nodes.map((n) => n.target)})))")
            assert found == [], (scheme, found)


def test_a_mouse_keeps_the_keyboard_page(tmp_path: Path) -> None:
    """A desktop with a mouse is not a phone: the table stays a named application for its
    keys, the greeting names keys, no actions bar, and the targets are still 44 px."""
    with phone_alone(tmp_path, mouse=True) as phone:
        page = phone.page
        assert not page.js("matchMedia('(pointer: coarse)').matches")
        begin(phone)
        assert page.js("document.getElementById('table').getAttribute('role')") == "application"
        assert line(texts.GREETING) in page.js(SAID)
        assert not [s for s in phone.stops() if s.name == PAGE_WORDS["act_hint"]]
        assert phone.swipe_to(starts("Spades"))
        assert small(phone) == [], small(phone)
