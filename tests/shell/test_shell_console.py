"""A quiet console: what reaches the terminal, byte for byte.

The Console is tested on its own through prompt_toolkit's VT100 output into a recorder,
and the installed game in a pseudo-terminal: in print mode what is drawn over a 60-key
session is exactly what is spoken, each line once, nothing is erased, and keys typed
before the greeting are never echoed.
"""

from __future__ import annotations

import itertools
import re
import time
from pathlib import Path

import pexpect
import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output.vt100 import Vt100_Output
from pty_session import SESSION, Session, measure, script, visible

from spades_voice.shell.terminal import Console, wrap

needs_game = pytest.mark.skipif(script() is None, reason="spades-voice is not installed")


class Recorder:
    def __init__(self) -> None:
        self.out: list[str] = []

    def write(self, text: str) -> None:
        self.out.append(text)

    def flush(self) -> None:
        pass

    @property
    def text(self) -> str:
        return "".join(self.out)


def _console(columns: int = 40) -> tuple[Console, Recorder]:
    """A Console drawing through prompt_toolkit's VT100 output into a recorder: the bytes
    a terminal would get, one write per change."""
    rec = Recorder()
    size = Size(rows=24, columns=columns)
    return Console(Vt100_Output(rec, lambda: size)), rec


class TestWrap:
    def test_wraps_at_words_and_splits_only_overlong_words(self) -> None:
        text = "Spades: king, 4, 3. Hearts: jack, 10."
        assert [text[a:b] for a, b in wrap(text, 20)] == [
            "Spades: king, 4, 3.", "Hearts: jack, 10."
        ]
        assert [("x" * 25)[a:b] for a, b in wrap("x" * 25, 10)] == ["x" * 10, "x" * 10, "x" * 5]
        assert wrap("", 10) == [(0, 0)]


class TestConsole:
    def test_spoken_lines_are_plain_lines_written_once(self) -> None:
        console, rec = _console()
        console.say("Hand 1. Alex deals.\n")
        console.say("Sam bids 2.\n")
        assert rec.text == "Hand 1. Alex deals.\r\r\nSam bids 2.\r"
        console.close()
        assert rec.text.endswith("Sam bids 2.\r\r\n")

    def test_long_lines_wrap_at_words_and_the_cursor_rests_at_the_start(self) -> None:
        console, rec = _console(columns=21)
        console.say("Us 231 points, 4 bags. Them 180 points, 8 bags.")
        assert rec.text == "Us 231 points, 4\r\nbags. Them 180\r\npoints, 8 bags.\x1b[2A\r"
        console.say("Next.")
        assert rec.text.endswith("\x1b[2A\r\n\n\r\nNext.\r")

    def test_printed_speech_is_all_that_is_drawn(self) -> None:
        """Issue 42: the focus line repeated the turn, and named the card the spoken
        line left out; a console screen reader reads each new line aloud."""
        console, rec = _console()
        console.say("Your turn, hearts led.")
        drawn = rec.text
        console.focus("Your turn. Hand: 9 of hearts, playable.", 17)
        console.focus("Hand: King of spades.", 6)
        assert rec.text == drawn

    def test_focus_already_spoken_moves_the_cursor_onto_it(self) -> None:
        console, rec = _console()
        console.say("First card. Queen of hearts, playable.")
        before = rec.text
        console.focus("Your turn. Hand: Queen of hearts, playable.", 17)
        assert rec.text == before + "\r\x1b[12C"  # onto "Queen" in the printed line
        assert visible(rec.text) == "First card. Queen of hearts, playable."

    def test_questions_appear_once(self) -> None:
        console, rec = _console(columns=80)
        question = "Quit the game? Y quits, Escape goes back."
        console.say(question)
        console.focus(question, 0)
        assert visible(rec.text).count("Quit the game?") == 1

    def test_without_printed_speech_the_focus_line_is_redrawn_whole_in_place(self) -> None:
        console, rec = _console()
        console.focus("Your bid: 3", 10)
        console.focus("Your bid: 4", 10)
        console.focus("Your bid: 4", 10)
        assert rec.out == [
            "Your bid: 3\r\x1b[10C",
            "\rYour bid: 4\x1b[K\x1b[J\r\x1b[10C",
        ]


    def test_a_wrapped_focus_line_is_redrawn_from_its_first_row(self) -> None:
        console, rec = _console(columns=21)
        console.focus("A saved match is waiting: hand 3.", 0)
        assert rec.out == ["A saved match is\r\nwaiting: hand 3.\x1b[A\r"]
        console.focus("Your bid: 4", 10)
        # From its first row: each row cleared to its end, the rest of the old one below.
        assert rec.out[-1] == "\rYour bid: 4\x1b[K\x1b[J\r\x1b[10C"


@needs_game
def test_print_mode_draws_only_what_it_says(tmp_path: Path) -> None:
    """Over a 60-key session: what is drawn is exactly what is spoken, each line once;
    nothing is erased; the quit question appears once."""
    session = Session(tmp_path).start()
    try:
        for key in SESSION:
            session.press(key)
        session.press("q")
        session.press("escape")
    finally:
        session.close()
    figures = measure(session)
    assert not re.search(r"\x1b\[[0-9;]*[JK]", session.raw), "something was erased"
    drawn = re.sub(r"\s+", "", visible(session.raw))
    assert drawn == "".join(re.sub(r"\s+", "", line) for line in session.log()), figures
    assert visible(session.raw).count("Quit the game?") == 1
    assert figures["spoken lines"] > 60


@needs_game
def test_keys_typed_before_the_greeting_are_never_echoed(tmp_path: Path) -> None:
    """Keys typed while the game starts: taken as keys once it runs, never echoed; the
    control keys that would stop or freeze a terminal program do nothing harmful."""
    session = Session(tmp_path, args=["--seed", "7"]).start(expect_greeting=False)
    child = session.child
    assert child is not None
    # Wait until the game holds the terminal (echo off), then type before it speaks.
    deadline = time.monotonic() + 10
    while child.getecho() and time.monotonic() < deadline:
        time.sleep(0.001)
    assert not child.getecho()
    child.send("hb")
    session._drain(0.001)
    assert "Spades." not in session.raw  # typed before the greeting was drawn
    child.send("\x13\x11\x1c")  # Ctrl+S, Ctrl+Q, Ctrl+\
    session.settle(lambda log: len(log) >= 4)
    early = session.raw.split("Spades. Press question mark", 1)[0]
    assert "hb" not in early and visible(early) == "", repr(early)
    spoken = session.log()
    assert spoken[0] == "Spades. Press question mark for help."
    assert any(t.startswith("Spades: ") for t in spoken), spoken  # H was taken
    assert child.isalive()  # Ctrl+\ did not kill it; Ctrl+S did not freeze it:
    session.press("s")
    assert session.log()[-1].startswith("Us 0 points")
    child.send("\x03")  # Ctrl+C asks
    session.settle(lambda log: log[-1].startswith("Quit the game?"))
    session.press("y")
    child.expect(pexpect.EOF, timeout=10)
    child.close()
    assert child.exitstatus == 0
    # Nothing typed was echoed anywhere: the letters appear only inside spoken lines.
    drawn = visible(session.raw)
    assert "hb" not in drawn and "sy" not in drawn


@needs_game
def test_without_printed_speech_focus_lines_are_whole_and_never_repeated(
    tmp_path: Path,
) -> None:
    session = Session(tmp_path)
    session.args = ["--speech", "none"]
    session.start(expect_greeting=True)
    try:
        for key in ["right", "right", "left", "h", "b", "s"]:
            session.press(key)
    finally:
        session.close()
    # Each draw is a whole focus line, written from the start of the line and ended by
    # clearing what was there: split on the control sequences, every piece is whole.
    pieces = [p for p in re.split(r"\r\n?|\x1b\[[0-9;]*[A-Za-z]", session.raw) if p.strip()]
    assert pieces
    for piece in pieces:
        assert re.fullmatch(r"Your bid: (nil|\d+)|(Your turn\. )?Hand: .+\.", piece), pieces
    for a, b in itertools.pairwise(pieces):
        assert a != b, pieces
    # Spoken text never reaches the terminal in this mode: only focus lines.
    assert "Us 0 points" not in visible(session.raw)
