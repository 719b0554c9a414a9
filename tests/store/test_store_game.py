"""The real game, end to end: continue or new at start, the statistics key, the clock
with the scores, and SIGKILL at random moments with the match resuming where it was.

Runs ``python -m spades_voice --speech print --pace instant`` in a pseudo-terminal and
reads the store's files as the ground truth of what the game holds.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from game_process import Game, asks_for_n, step_keys, waiting_for_player

from spades_voice.rules import MatchState
from spades_voice.store import SavedMatch, load_saved, load_stats

pytest.importorskip("pexpect")

GAME_KILLS = 8


def _advance(game: Game, decisions: int) -> str:
    """Press keys until the save holds at least ``decisions`` decisions (or the match ends)."""
    text = game.transcript
    for _ in range(200):
        saved = game.saved()
        if saved is not None and (
            len(saved.match.decisions) >= decisions or MatchState(saved.match).over
        ):
            return text
        text = game.press(*step_keys(game.transcript))
    raise AssertionError(game.transcript[-2000:])


def _idle(game: Game) -> None:
    for _ in range(20):
        if waiting_for_player(game):
            return
        game.settle(first=1.0)
    raise AssertionError("the game never waited for a key: " + game.transcript[-1000:])


def test_continue_new_statistics_and_clock(tmp_path: Path) -> None:
    data = tmp_path / "data"
    game = Game(data, 5, "--target", "single")
    game.settle()
    _advance(game, 8)
    _idle(game)
    assert "No matches played yet." in game.press("f3")
    assert "Time: " in game.press("s")
    first = game.saved()
    assert first is not None
    game.kill()

    game = Game(data, 6)
    offer = game.wait_for("Enter continues it; N starts a new match.")
    hand = MatchState(first.match).hand_number
    assert f"A saved match is waiting: hand {hand}," in offer
    assert "Enter continues it; N starts a new match." in offer
    game.press("enter")
    _advance(game, len(first.match.decisions) + 1)
    resumed = game.saved()
    assert resumed is not None and resumed.match_id == first.match_id
    assert resumed.match.decisions[: len(first.match.decisions)] == first.match.decisions
    assert resumed.elapsed >= first.elapsed  # restored, not restarted
    game.kill()

    game = Game(data, 7)
    game.wait_for("A saved match is waiting")
    # A new match counts the unfinished one as a loss: N asks first, and says so.
    assert "The saved one counts as a loss." in game.press("n")
    assert load_stats(data / "stats.json") is None
    assert "A saved match is waiting" in game.press("escape")  # no: the offer again
    assert "The saved one counts as a loss." in game.press("n")
    game.press("y")
    stats = load_stats(data / "stats.json")
    assert stats is not None and (stats.played, stats.lost) == (1, 1)
    last = load_saved(data / "last-match.json")
    assert last is not None and last.match_id == first.match_id
    _idle(game)
    assert "1 match: 0 won, 1 lost." in game.press("f3")
    game.kill()


def _note_finished(game: Game, finished: set[str]) -> None:
    saved = game.saved()
    if saved is not None and MatchState(saved.match).over:
        finished.add(saved.match_id)


def test_sigkill_the_real_game(tmp_path: Path) -> None:
    data = tmp_path / "data"
    rng = random.Random(77)
    finished: set[str] = set()
    snapshot: SavedMatch | None = None
    for round_no in range(GAME_KILLS):
        on_disk = load_saved(data / "save.json")
        game = Game(data, round_no, "--target", "single")
        if on_disk is not None and on_disk.match.decisions and not MatchState(on_disk.match).over:
            hand = MatchState(on_disk.match).hand_number
            opening = game.wait_for("Enter continues it; N starts a new match.")
            assert f"A saved match is waiting: hand {hand}," in opening, opening
            game.press("enter")
            before = len(on_disk.match.decisions)
            _advance(game, before + 1)
            now = game.saved()
            assert now is not None and now.match_id == on_disk.match_id
            assert now.match.decisions[:before] == on_disk.match.decisions
            assert now.elapsed >= on_disk.elapsed
        else:
            game.settle()
            _idle(game)
            assert "A saved match is waiting" not in game.transcript
        for _ in range(rng.randint(1, 5)):
            _idle(game)
            _note_finished(game, finished)
            game.press(*step_keys(game.transcript))
        _idle(game)
        _note_finished(game, finished)
        snapshot = game.saved()
        mid_key = rng.random() < 0.5 and not asks_for_n(game.transcript)
        if mid_key:
            game.child.send("\r")  # killed while the computers answer the key
        game.kill()
        after = load_saved(data / "save.json")
        if snapshot is None:
            continue
        assert after is not None
        assert after.match_id == snapshot.match_id
        if mid_key:
            n = len(snapshot.match.decisions)
            assert after.match.decisions[:n] == snapshot.match.decisions
        else:
            assert after == snapshot  # killed while waiting: nothing at all lost
        for saved in (snapshot, after):
            if MatchState(saved.match).over:
                finished.add(saved.match_id)
        assert [p for p in data.iterdir() if p.name.endswith(".tmp")] in ([],) or mid_key

    game = Game(data, 99, "--target", "single")
    game.settle()
    game.kill()
    stats = load_stats(data / "stats.json")
    played = 0 if stats is None else stats.played
    assert played == len(finished)
