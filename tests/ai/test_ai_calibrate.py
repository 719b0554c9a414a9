"""Calibration: the measured rate follows the clock it is given, and a seed plus a
calibration always gives the same decision."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from spades_voice.ai import HardPlayer, Level, make_player
from spades_voice.ai.calibrate import measure, probe_position
from spades_voice.ai.hard import REFERENCE_RATE, WorkRate, judge_card
from spades_voice.rules import Match, MatchState, Ruleset, Seat, view_of


class _Clock:
    """Moves ``step`` seconds each time it is read: every probe seems to take one step."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_rate_follows_the_clock() -> None:
    slow = measure(_Clock(0.040), probes=3)
    fast = measure(_Clock(0.010), probes=3)
    assert slow.plays_per_ms > 0 and slow.solves_per_ms > 0
    # The same work in a quarter of the time is four times the rate.
    assert abs(fast.plays_per_ms / slow.plays_per_ms - 4.0) < 0.05
    assert 3.0 < fast.solves_per_ms / slow.solves_per_ms < 5.0


def test_probes_are_real_positions() -> None:
    for seed, each in ((0, 8), (1000, 3)):
        known, legal = probe_position(seed, each)
        assert legal == known.hand and known.hand.bit_count() == each
        assert known.unseen.bit_count() == 3 * each
        assert not known.hand & known.unseen
        played = known.played_by[0] | known.played_by[1] | known.played_by[2] | known.played_by[3]
        assert not played & (known.hand | known.unseen)
        assert (played | known.hand | known.unseen).bit_count() == 52
        assert sum(known.won) == 13 - each


def test_a_faster_machine_weighs_more_deals() -> None:
    known, legal = probe_position(3, 8)
    slow = judge_card(known, legal, random.Random(1), 50.0, False, REFERENCE_RATE)
    fast = judge_card(known, legal, random.Random(1), 50.0, False, WorkRate(600.0, 4.8))
    assert fast.deals > 3 * slow.deals


def _hand(rate: WorkRate) -> list[object]:
    state = MatchState(Match(Ruleset(target=None), seed=8))
    hard = {s: HardPlayer(random.Random(s.value), 6.0, safety_net=False, rate=rate) for s in Seat}
    out: list[object] = []
    while not state.outcomes:
        seat = state.to_act
        assert seat is not None
        d = hard[seat].decide(view_of(state, seat))
        out.append(d)
        state.apply(d)
    return out


def test_seed_and_calibration_give_the_same_decisions() -> None:
    rate = WorkRate(231.5, 2.75)
    assert _hand(rate) == _hand(WorkRate(231.5, 2.75))


def test_make_player_passes_the_rate_on() -> None:
    rate = WorkRate(400.0, 3.0)
    player = make_player(Level.HARD, random.Random(0), rate=rate)
    assert isinstance(player, HardPlayer) and player.rate == rate


def test_calibrate_command_measures_and_saves(tmp_path: Path) -> None:
    env = {**os.environ, "SPADES_VOICE_DATA_DIR": str(tmp_path)}
    proc = subprocess.run(
        [sys.executable, "-m", "spades_voice", "calibrate"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Hard's work rate on this machine: ")
    assert proc.stdout.rstrip().endswith("Saved.")
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["plays_per_ms"] > 0 and saved["solves_per_ms"] > 0
