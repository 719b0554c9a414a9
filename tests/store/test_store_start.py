"""The real game at start: whatever the data folder holds, it starts, and says what it must.

Each test prepares a data folder with real files (some written by the store itself and
left as a killed game leaves them, some hostile), then runs ``python -m spades_voice``
in a pseudo-terminal and reads what the player is told.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from game_process import Game, step_keys
from store_helpers import FakeClock, choose, crash, won_by

from spades_voice.narration.stored import FOLDER_IN_USE
from spades_voice.rules import Match, MatchState, Ruleset, Seat, view_of
from spades_voice.store import StoreHooks, load_saved, load_stats

pytest.importorskip("pexpect")

NEW_MATCH = "Press N for a new match, or Q to quit."


def _play_to_end(game: Game) -> None:
    for _ in range(400):
        if NEW_MATCH in game.transcript[-300:]:
            return
        game.press(*step_keys(game.transcript))
    raise AssertionError(game.transcript[-1500:])


def test_a_result_never_heard_is_said_first(tmp_path: Path) -> None:
    """Killed between saving the finished match and saying its result."""
    data = tmp_path / "data"
    hooks = StoreHooks(data, clock=FakeClock())
    state, rng = won_by("EW")
    while not state.over:
        state.apply(choose(state, rng))
        hooks.decision_made(state.match)
    hooks.match_finished(state.match, view_of(state, Seat.S))
    crash(hooks)
    saved = load_saved(data / "save.json")
    assert saved is not None and not saved.heard

    game = Game(data, 1)
    game.wait_for("Your last match is over: Robin and Sam won, ")
    game.settle()
    # Before anything else (the screen line is redrawn before each printed line).
    said = game.transcript
    assert said.index("Your last match is over") < said.index("Hand 1.")
    assert "Your bid" in game.transcript or "Hand 1." in game.transcript  # then play on
    game.kill()
    stats = load_stats(data / "stats.json")
    assert stats is not None and (stats.played, stats.lost) == (1, 1)
    # Said once: the next start does not repeat it.
    game = Game(data, 2)
    game.wait_for("Hand 1.")
    game.settle()
    assert "Your last match is over" not in game.transcript
    game.kill()


def test_resumed_between_hands_N_deals_the_next_hand(tmp_path: Path) -> None:
    """Killed at "Press N to deal the next hand": it resumes there, and N deals."""
    data = tmp_path / "data"
    hooks = StoreHooks(data, clock=FakeClock())
    state = MatchState(Match(ruleset=Ruleset(target=500), seed=4))
    rng = random.Random(4)
    while not state.outcomes:
        state.apply(choose(state, rng))
        hooks.decision_made(state.match)
    crash(hooks)
    first = load_saved(data / "save.json")
    assert first is not None and not MatchState(first.match).hand_decisions()

    game = Game(data, 3)
    game.wait_for("Enter continues it; N starts a new match.")
    resumed = game.press("enter")
    assert resumed.rstrip().splitlines()[-1].endswith("Press N to deal the next hand."), resumed
    assert "Hand 2." not in resumed and "Your bid" not in resumed
    dealt = game.press("n")
    assert "Hand 2." in dealt
    game.settle()
    now = game.saved()
    assert now is not None and now.match_id == first.match_id
    assert load_stats(data / "stats.json") is None  # nothing abandoned, nothing counted
    game.kill()


def test_a_second_game_is_asked_and_the_first_is_unharmed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = Game(data, 5, "--target", "single")
    first.wait_for("Hand 1.")
    first.settle()
    for _ in range(3):
        first.press(*step_keys(first.transcript))
    before = first.saved()
    assert before is not None

    second = Game(data, 6)
    second.wait_for(FOLDER_IN_USE)
    second.press("escape")  # Escape quits
    second.child.expect(__import__("pexpect").EOF, timeout=20)
    second.child.close()
    assert second.child.exitstatus == 0

    third = Game(data, 7)
    third.wait_for(FOLDER_IN_USE)
    third.press("enter")  # plays on without saving
    for _ in range(4):
        third.press(*step_keys(third.transcript))
    assert first.saved() == before  # the second game wrote nothing
    third.kill()

    first.press(*step_keys(first.transcript))
    after = first.saved()
    assert after is not None and after.match_id == before.match_id
    assert len(after.match.decisions) > len(before.match.decisions)
    assert not [p for p in data.iterdir() if ".unreadable-" in p.name]
    first.kill()


def test_the_real_game_starts_whatever_the_folder_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    os.symlink("/dev/zero", data / "save.json")
    (data / "stats.json").write_text(
        '{"schema": "spades-voice/stats", "version": 1, "played": ' + "9" * 5000 + "}"
    )
    (data / "settings.json").write_text(
        '{"schema": "spades-voice/settings", "version": 1, "pace": ' + "[" * 3000 + "}"
    )
    (data / "last-match.json").mkdir()
    config = tmp_path / "config" / "spades-voice"
    config.mkdir(parents=True)
    (config / "keymap.toml").write_text("[keys]\nhand = " + "[" * 3000 + "\n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    game = Game(data, 8)
    game.wait_for("Your saved match could not be read")
    game.settle()
    text = game.transcript
    for said in (
        "Your saved match could not be read, so it was set aside as save.unreadable-",
        "Your statistics could not be read, so they were set aside as stats.unreadable-",
        "Your settings could not be read, so they were set aside as settings.unreadable-",
        "Your keymap could not be read (it is nested too deeply), so every action keeps",
    ):
        assert said in text, text
    assert "Your bid" in text or "Hand 1." in text
    assert "Traceback" not in text
    assert "F3" not in text
    assert "No matches played yet." in game.press("f3")
    game.kill()
    assert os.readlink(next(data.glob("save.unreadable-*.json"))) == "/dev/zero"
