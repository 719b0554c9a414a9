"""The house rule "spades may be led at any time", chosen on the command line of the
installed ``spades-voice`` in a pseudo-terminal: the rules key tells it, the player's
spade lead in the first trick is played, and the choice is remembered in the settings.
Without it, the same lead is refused. Judged by the speech log and the settings file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pexpect
import pytest
from helpers import game_program, wait_until

from spades_voice.rules import Match, MatchState, Ruleset, Seat, Suit

HOME, DOWN, F2, ESCAPE = "\x1b[H", "\x1b[B", "\x1bOQ", "\x1b"
#: East deals the first hand of this seed, so South (the player) leads the first trick,
#: holding spades and other suits, the lowest spade first.
SEED = 3
HOUSE_RULE = "House rule: spades may be led at any time, broken or not."
REFUSED = "Spades are not broken yet, and you hold other suits."


def test_the_seed_gives_the_player_the_first_lead_with_spades_and_more() -> None:
    hand = MatchState(Match(Ruleset(), seed=SEED)).hand
    assert hand is not None and hand.dealer is Seat.E
    held = hand.held(Seat.S)
    assert held[0].suit is Suit.SPADES and any(c.suit is not Suit.SPADES for c in held)


def _log(path: Path) -> list[str]:
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["text"] for line in lines if line]


def _wait(path: Path, pred: object, timeout: float = 20.0) -> list[str]:
    seen: list[list[str]] = [[]]

    def met() -> bool:
        seen[0] = _log(path)
        return bool(pred(seen[0]))  # type: ignore[operator]

    if not wait_until(met, timeout):
        raise AssertionError(f"timed out; log ends {seen[0][-6:]}")
    return seen[0]


@pytest.mark.parametrize("house", [True, False])
def test_spades_any_time_from_the_command_line(tmp_path: Path, house: bool) -> None:
    log = tmp_path / "speech.jsonl"
    config = tmp_path / "config"
    env = {**os.environ, "XDG_CONFIG_HOME": str(config),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_STATE_HOME": str(tmp_path / "state"),
           "TERM": "xterm"}
    argv = ["--speech", "print", "--speech-log", str(log), "--pace", "instant",
            "--seed", str(SEED), "--level", "easy"]
    child = pexpect.spawn(
        game_program(), [*argv, "--spades-any-time"] if house else argv,
        env=env, encoding="utf-8", dimensions=(24, 100), timeout=30,
    )
    try:
        child.expect("Press question mark for help")
        _wait(log, lambda lg: any(t.startswith("Your bid. ") for t in lg))
        child.send(F2)  # the rules, line by line, until the lead rule is heard
        _wait(log, lambda lg: lg[-1].startswith("Rules"))
        for _ in range(14):
            before = len(_log(log))
            child.send(DOWN)
            said = _wait(log, lambda lg, n=before: len(lg) > n)
            if said[-1].startswith(("House rule", "Spades cannot be led")):
                break
        assert said[-1] == (HOUSE_RULE if house else
                            "Spades cannot be led until a spade has been played, unless you "
                            "hold only spades.")
        before = len(_log(log))
        child.send(ESCAPE)  # back to the table, which says so (so Enter is a key of its own)
        _wait(log, lambda lg, n=before: len(lg) > n)
        before = len(_log(log))
        child.send("\r")  # the bid Enter places
        _wait(log, lambda lg, n=before: any(t.startswith("Bid ") for t in lg[n:]))
        _wait(log, lambda lg: lg[-1].startswith("Your lead"))
        before = len(_log(log))
        child.send(HOME)  # the lowest spade, named
        said = _wait(log, lambda lg, n=before: len(lg) > n)
        assert "of spades" in said[before]
        before = len(said)
        child.send("\r")
        said = _wait(log, lambda lg, n=before: len(lg) > n)
        if house:
            assert said[before].startswith("You, ") and said[before].endswith("of spades.")
        else:
            assert said[before] == REFUSED
        child.send("q")
        _wait(log, lambda lg: lg[-1].startswith("Quit the game?"))
        child.send("y")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    saved = json.loads(next(tmp_path.rglob("settings.json")).read_text(encoding="utf-8"))
    assert saved["rules"].get("spades_any_time", False) is house
