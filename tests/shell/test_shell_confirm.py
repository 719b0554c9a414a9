"""Questions say yes only to the key they name: a stray N, Q or F5 followed by a habitual
Enter (the key that plays a card) must not start over, quit or restart. Every other key
says the question again; Escape goes back."""

from __future__ import annotations

from prompt_toolkit.data_structures import Size
from prompt_toolkit.output.vt100 import Vt100_Output
from shell_harness import RecordingHooks, easy_table, harness

from spades_voice.narration import prompts, stored, texts
from spades_voice.rules import Match, Phase, Seat, view_at
from spades_voice.shell.state import Mode
from spades_voice.shell.terminal import Console


def test_enter_after_n_says_the_question_again_and_starts_nothing() -> None:
    hooks = RecordingHooks()
    with harness(easy_table(6), hooks=hooks) as h:
        h.play_my_turn()
        decisions = h.table.match.decisions
        assert h.said("n") == texts.CONFIRM_NEW
        assert "counts as a loss" in texts.CONFIRM_NEW  # as the start-up question says
        assert h.said("enter") == texts.CONFIRM_NEW
        assert h.said("space") == texts.CONFIRM_NEW
        assert h.shell is not None and h.shell.mode is Mode.CONFIRM
        assert h.table.match.decisions == decisions
        assert h.said("escape") == prompts.BACK_TO_TABLE
        assert [v for n, v in hooks.calls if n == "start_new" and v is not None] == []
        h.press("n", "y")
        assert [v for n, v in hooks.calls if n == "start_new" and v is not None]


def test_enter_after_q_does_not_quit() -> None:
    with harness(easy_table(6)) as h:
        assert h.said("q") == texts.CONFIRM_QUIT
        assert h.said("enter") == texts.CONFIRM_QUIT
        assert not h.finished
        assert h.said("escape") == prompts.BACK_TO_TABLE
        h.press("q", "y")
        h.wait_for(lambda: h.finished)
        assert h.texts()[-1] == prompts.GOODBYE


def test_enter_after_f5_does_not_restart() -> None:
    with harness(easy_table(5)) as h:
        h.play_my_turn()
        h.play_my_turn()
        decisions = h.table.match.decisions
        assert h.said("f5") == texts.CONFIRM_RESTART
        assert h.said("enter") == texts.CONFIRM_RESTART
        assert h.said("h") == texts.CONFIRM_RESTART  # any other key: the question again
        assert h.table.match.decisions == decisions
        h.press("y")
        assert h.table.view().phase is Phase.BIDDING


def test_the_saved_offer_names_enter_so_y_asks_again() -> None:
    source = easy_table(21)
    with harness(source) as h:
        h.play_my_turn()
        saved = h.table.match
    hooks = RecordingHooks(saved=saved)
    with harness(easy_table(99), hooks=hooks) as h:
        offer = texts.saved_offer(view_at(saved, Seat.S))
        assert h.said("y") == offer
        assert h.shell is not None and h.shell.mode is Mode.CONFIRM
        h.press("enter")
        assert h.table.match.decisions[: len(saved.decisions)] == saved.decisions
        assert "start_new" not in hooks.names()


class FolderInUse(RecordingHooks):
    def in_use_elsewhere(self) -> bool:
        return True


def test_escape_when_the_folder_is_in_use_says_goodbye() -> None:
    with harness(easy_table(3), hooks=FolderInUse(saved=Match(seed=5))) as h:
        assert stored.FOLDER_IN_USE in h.texts()
        h.press("escape")
        h.wait_for(lambda: h.finished)
        assert h.texts()[-1] == prompts.GOODBYE
        assert "start_new" not in h.hooks.names()  # type: ignore[union-attr]


class Drawn:
    """A terminal's stream that keeps each write."""

    def __init__(self, into: list[str]) -> None:
        self.into = into

    def write(self, text: str) -> None:
        self.into.append(text)

    def flush(self) -> None:
        pass


def test_nothing_is_drawn_after_goodbye() -> None:
    drawn: list[str] = []
    console = Console(Vt100_Output(Drawn(drawn), lambda: Size(rows=24, columns=80)))
    with harness(easy_table(6), console=console) as h:
        h.press("q")
        h.wait_for(lambda: any("Quit the game?" in text for text in drawn))  # drawn
        before = len(drawn)
        h.press("y")
        h.wait_for(lambda: h.finished)
        assert h.texts()[-1] == prompts.GOODBYE
    assert "".join(drawn[before:]).strip() == ""  # at most the closing new line
