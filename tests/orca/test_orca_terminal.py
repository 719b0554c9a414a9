"""The terminal game with Orca running: ``--speech auto`` in xterm on Orca's desktop.

With Orca running, ``auto`` starts with prism. Orca 43 (Debian 12) has no D-Bus service
for prism's Orca backend to speak through (``org.gnome.Orca.Service`` came later), so
prism falls back to its Speech Dispatcher backend: the game speaks beside Orca, on the same
speech-dispatcher Orca uses. These tests judge what reached that speech-dispatcher: every
line the game said, once and in order; a key cutting off the line being said; and Orca
not reading the printed text a second time.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import descendants, end_session, game_program, wait_until
from orca_helpers import Desktop, hearing, sentences

#: Every wait is for an event; this only bounds a hang.
EVENT_SECONDS = 60.0


@dataclass
class Game:
    desk: Desktop
    window: str
    log: Path
    pid: int

    def said(self) -> list[str]:
        """What the game said, by its own speech log."""
        if not self.log.exists():
            return []
        return [json.loads(x)["text"] for x in self.log.read_text("utf-8").splitlines() if x]

    def until_said(self, start: str, after: int = 0) -> None:
        """Until the game has said a line starting ``start`` (after the first ``after``),
        and speech has gone quiet."""
        assert wait_until(lambda: any(x.startswith(start) for x in self.said()[after:]),
                          EVENT_SECONDS), f"the game never said {start!r}: {self.said()}"
        self.desk.quiet()

    def key(self, *names: str) -> None:
        self.desk.keys(*names, window=self.window)


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Game]:
    desk = Desktop(tmp_path / "desktop")
    xterm = None
    try:
        log = tmp_path / "speech.jsonl"
        xterm = subprocess.Popen(
            ["xterm", "-geometry", "120x40", "-e", game_program(), "--speech", "auto",
             "--speech-log", str(log), "--seed", "7", "--level", "easy", "--pace", "quick",
             "--target", "single"],
            env={**desk.env, "TERM": "xterm"}, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        window = desk.window_of(xterm.pid)
        desk.focus(window)
        pids = [0]

        def started() -> bool:
            for pid in descendants(xterm.pid):
                try:
                    if b"spades" in Path(f"/proc/{pid}/cmdline").read_bytes():
                        pids[0] = pid
                        return True
                except OSError:
                    continue
            return False

        assert wait_until(started, EVENT_SECONDS), "the game did not start in xterm"
        yield Game(desk, window, log, pids[0])
    finally:
        if xterm is not None:
            end_session(xterm, timeout=10.0)
        desk.close()


def _prism_loaded(pid: int) -> bool:
    """Whether the game process has prism's native library mapped (``auto`` chose it)."""
    try:
        return "libprism" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def test_every_line_the_game_says_reaches_speech_once_in_order(game: Game) -> None:
    game.until_said("Your bid.")
    assert _prism_loaded(game.pid), "--speech auto did not start with prism under Orca"
    game.key("Return")  # the bid the list starts on
    game.until_said("Bid ")
    for turn in range(3):
        game.until_said("Your lead" if turn == 0 else "Your", len(game.said()) - 1)
        count = len(game.said())
        game.key("Tab")  # the next card that can be played, named
        assert wait_until(lambda n=count: len(game.said()) > n, EVENT_SECONDS)
        game.desk.quiet()
        count = len(game.said())
        game.key("Return")  # plays it
        game.until_said("You, ", count)
    game.desk.quiet()
    said = game.said()
    spoken = [u.text for u in game.desk.spoken()]
    result = hearing(said, spoken)
    assert len(said) > 15
    assert (result.lost, result.twice) == ([], []), str(result)
    # Orca read none of it a second time from the terminal.
    orca_own = {s for line in game.desk.orca_lines() for s in sentences(line)}
    assert not orca_own & {s for line in said for s in sentences(line)}, orca_own


def test_a_key_cuts_off_the_line_being_said(game: Game) -> None:
    game.until_said("Your bid.")
    out = game.desk.out
    held = len(game.desk.spoken())
    (out / ".hold").write_text(str(held), encoding="utf-8")  # later lines play until cut
    count = len(game.said())
    game.key("s")  # the scores: a line that now plays until something cuts it
    assert wait_until(lambda: len(game.desk.spoken()) > held, EVENT_SECONDS)
    playing = game.desk.spoken()[held]
    assert not playing.done and game.said()[count].startswith(playing.text)
    (out / ".hold").unlink()
    game.key("h")  # the hand: cuts the scores off and is said in their place
    assert wait_until(lambda: any(u.text.startswith("Spades:") and u.done
                                  for u in game.desk.spoken()[held + 1:]), EVENT_SECONDS)
    assert not game.desk.spoken()[held].done  # cut off, never played to its end
