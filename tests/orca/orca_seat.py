"""The browser seat under Orca: chromium on the desktop with its renderer accessibility on,
and a player who presses keys through X and waits on Orca between them, as a listener
does. What the page put in its live regions comes from the browser tests' recorder
(``web_helpers.RECORDER``); what Orca said is what reached its speech-dispatcher."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cdp import Browser, Page
from helpers import wait_until
from orca_helpers import Desktop, Hearing, hearing, lines_in_speech, sentences
from web_helpers import need_chromium

#: What Orca says when it echoes a key (xdotool's name -> Orca's word).
ECHO = {"Return": "return", "Tab": "tab", "End": "end", "Home": "home", "Escape": "escape",
        "Down": "down", "Up": "up", "Left": "left", "Right": "right", "space": "space",
        "shift+Tab": "left shift", "shift+r": "r"}

#: Enough for any answer on a loaded machine; only a page that never answers reaches it.
ANSWER_SECONDS = 30.0


@dataclass
class Moment:
    """Keys pressed at one point of the game, and what came of them before the next."""

    keys: tuple[str, ...]
    said: list[str] = field(default_factory=list)  # what Orca spoke after the keys
    lines: list[str] = field(default_factory=list)  # what the page announced after them
    facts: dict[str, Any] = field(default_factory=dict)  # the page's state after

    def answer(self) -> list[str]:
        """What Orca said beyond echoing the keys."""
        echoes = {ECHO.get(k, k.lower()) for k in self.keys}
        return [s for s in self.said if s.lower() not in echoes]

    def spoke(self, words: str) -> bool:
        """Whether Orca said ``words`` after the keys: a sentence holding them, or
        several sentences in a row ("Paused. P resumes.", said a sentence at a time)."""
        said = [s for u in self.said for s in sentences(u)]
        wanted = sentences(words)
        if len(wanted) == 1:
            return any(words in s for s in said)
        return any(said[i:i + len(wanted)] == wanted for i in range(len(said)))


    def times_named(self, option: str) -> int:
        """How many of the sentences Orca said after the keys name ``option`` (a list
        option's name: "5 of hearts, playable.", "4."), in its words or the terminal's
        ("5 of hearts." names it too)."""
        def bare(sentence: str) -> str:
            return sentence.split(",")[0].rstrip(".")

        said = [s for u in self.said for s in sentences(u)]
        return sum(bare(s) == bare(option) for s in said)


#: The option the focused list has active, by its name (facts for ``times_named``).
OPTION = ("(() => { const box = document.activeElement;"
          " const o = document.getElementById(box.getAttribute('aria-activedescendant'));"
          " return o ? (o.lastElementChild || o).textContent : null; })()")


@dataclass
class Played:
    """A game under Orca: every line announced, every utterance, and the moments."""

    announced: list[dict[str, Any]]
    spoken: list[str]  # what reached speech
    live: list[str]  # what Orca said as live-region messages
    moments: dict[str, Moment]

    def hearing(self) -> tuple[Hearing, list[str]]:
        """How the announced lines came through speech, and the lines Orca said twice as
        live lines (Orca reading a focused card in a line's words is not that)."""
        lines = [h["text"] for h in self.announced]
        return hearing(lines, self.spoken), hearing(lines, self.live).twice

    def save(self, path: Path) -> None:
        """Kept beside Orca's debug log, for reading a failure."""
        path.write_text(json.dumps(
            {"announced": self.announced, "spoken": self.spoken, "live": self.live,
             "moments": {k: vars(m) for k, m in self.moments.items()}}, indent=1))

    def at(self, name: str) -> Moment:
        """Moment ``name``: the test fails if the game never came to it by keys."""
        if name not in self.moments:
            raise AssertionError(f"the game never came to '{name}' by keys")
        return self.moments[name]


class Player:
    """The player at the page: keys through X, waiting on Orca between them."""

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

    def played(self, start: int) -> Played:
        """All that was announced, what was spoken from utterance ``start`` on, what
        Orca's log says it said as live messages, and the moments."""
        announced = self.announced()
        lines = [h["text"] for h in announced]
        # Orca logs a message as it sends it to speech; give the log's copy a moment to
        # hold the last ones (a line never presented as live is waited for only this once).
        wait_until(lambda: not hearing(lines, self.desk.orca_live()).missing, 10.0)
        return Played(announced, [u.text for u in self.desk.spoken()[start:]],
                      self.desk.orca_live(), self.moments)

    def announced(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self.page.js("window.__heard")
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


@contextlib.contextmanager
def orca_browser(desk: Desktop) -> Iterator[Browser]:
    """Chromium with a window on the desktop and its accessibility on, for Orca to read."""
    b = Browser(need_chromium(), timeout=60, headless=False,
                extra=("--force-renderer-accessibility",),
                env={**desk.env, "ACCESSIBILITY_ENABLED": "1"})
    try:
        yield b
    finally:
        b.close()
