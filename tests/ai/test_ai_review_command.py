"""`spades-voice review FILE --seat S`: the real command, in its own process, over a
record written by the game's own record writer."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from spades_voice.ai import Level, make_player
from spades_voice.rules import Match, MatchState, Ruleset, view_of
from spades_voice.rules.record import dumps_record
from spades_voice.store.settings import Settings


def _record(tmp_path: Path) -> Path:
    state = MatchState(Match(Ruleset(target=500), seed=5))
    players = {s: make_player(Level.EASY, random.Random(s)) for s in "SWNE"}
    while len(state.outcomes) < 1 or state.hand is None or state.hand.plays:
        seat = state.to_act
        assert seat is not None
        state.apply(players[seat.value].decide(view_of(state, seat)))
    path = tmp_path / "match.json"
    path.write_text(dumps_record(state))
    return path


def _review(path: Path, data: Path, *extra: str) -> tuple[int, Any, str]:
    env = {**os.environ, "SPADES_VOICE_DATA_DIR": str(data)}
    proc = subprocess.run(
        [sys.executable, "-m", "spades_voice", "review", str(path), *extra],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert "Traceback" not in proc.stderr + proc.stdout
    return proc.returncode, proc.stdout, proc.stderr


def test_review_names_decisions_of_the_chosen_seat(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    # A stored calibration, so the review is the same every time it is run.
    (data / "settings.json").write_bytes(Settings(plays_per_ms=150.0, solves_per_ms=1.2).to_bytes())
    path = _record(tmp_path)
    code, out, _ = _review(path, data, "--seat", "W", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["seat"] == "W" and [h["hand"] for h in report["hands"]] == [1]
    findings = report["hands"][0]["findings"]
    assert 1 <= len(findings) <= 3  # Easy always leaves something to learn
    costs = [f["cost"] for f in findings]
    assert costs == sorted(costs, reverse=True) and costs[-1] >= 4
    assert _review(path, data, "--seat", "W", "--json")[1] == out  # seed + calibration
    code, text, _ = _review(path, data, "--seat", "W")
    # One finding a line under the hand's count (a terminal's screen reader reads lines).
    first, *lines = text.splitlines()
    plural = "s" * (len(findings) > 1)
    assert code == 0 and first == f"Hand 1, {len(findings)} finding{plural}.", text
    assert len(lines) == len(findings), text
    assert all(line.count("cost about") == 1 for line in lines), text


def test_review_refuses_what_it_cannot_read(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert _review(bad, tmp_path, "--seat", "S")[0] == 2
    assert _review(tmp_path / "missing.json", tmp_path, "--seat", "S")[0] == 2
    code, _, err = _review(_record(tmp_path), tmp_path, "--seat", "Q")
    assert code == 2 and "seat" in err.lower()
