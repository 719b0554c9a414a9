"""Trust by ear, round two (issue 42): through the real shell, table and store, with real
files in a temporary data folder."""

from __future__ import annotations

from pathlib import Path

from shell_harness import Harness, harness

from spades_voice.ai import Level, WorkRate
from spades_voice.rules import Ruleset
from spades_voice.speech import Kind
from spades_voice.store import StoreHooks
from spades_voice.table import LocalTable

#: Hard does little work at this rate, far inside its safety net's cut-off, so the clock
#: never changes a decision (the test's table is the game's own: Hard partner, Medium
#: opponents, each decision drawn from the position's generator).
SMALL_WORK = WorkRate(plays_per_ms=2.0, solves_per_ms=0.02)


def real_table(seed: str = "abc", level: Level = Level.MEDIUM) -> LocalTable:
    """The table ``spades-voice --seed abc --level medium`` plays: no fixed players."""
    return LocalTable(Ruleset(target=200), seed, level=level, rate=SMALL_WORK)


def _computer_lines(h: Harness, mark: int) -> list[str]:
    """What the computers did since ``mark``: their bids and cards, as heard."""
    names = ("Alex", "Robin", "Sam")
    return [t for t in h.since(mark, Kind.EVENT) if t.startswith(names)]


def _play(h: Harness, turns: int) -> None:
    for _ in range(turns):
        h.wait_for(lambda: h.table.view().my_turn)
        h.play_my_turn()


class TestComputersRepeatThemselves:
    def test_restart_replays_the_same_bids_and_cards(self) -> None:
        with harness(real_table()) as h:  # "Hand 1. You deal.": they bid before you
            _play(h, 4)  # the bid and three cards
            first = _computer_lines(h, 0)
            assert any(" bids " in t for t in first) and len(first) >= 9, first
            mark = h.mark
            h.press("f5", "y")
            _play(h, 4)
            assert _computer_lines(h, mark) == first

    def test_undo_replays_the_same_bids(self) -> None:
        with harness(real_table("abd")) as h:  # East deals: you bid first
            _play(h, 1)  # the player's bid: the computers after it bid, then lead
            mark = h.mark
            h.press("u")
            _play(h, 1)
            first = _computer_lines(h, mark)
            assert any(" bids " in t for t in first), first
            for _ in range(2):
                mark = h.mark
                h.press("u")
                _play(h, 1)
                assert _computer_lines(h, mark) == first

    def test_a_resumed_match_makes_the_same_decisions(self, tmp_path: Path) -> None:
        easy = Level.EASY  # a random legal card: any generator's draw shows
        with harness(real_table(level=easy), hooks=StoreHooks(tmp_path / "straight")) as h:
            _play(h, 2)
            mark = h.mark
            _play(h, 3)
            straight = _computer_lines(h, mark)
        data = tmp_path / "data"
        with harness(real_table(level=easy), hooks=StoreHooks(data)) as h:
            _play(h, 2)
            h.press("q", "y")  # quit: the match is saved
        with harness(real_table(level=easy), hooks=StoreHooks(data)) as h:
            h.press("enter")  # continue the saved match
            mark = h.mark
            _play(h, 3)
            assert _computer_lines(h, mark) == straight
