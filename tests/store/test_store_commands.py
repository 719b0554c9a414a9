"""``spades-voice stats`` and ``spades-voice export``, with ``score`` reading the export."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from store_helpers import FakeClock, finish, play, quick_write, short_match

from spades_voice.cli import main
from spades_voice.rules import Match, MatchState
from spades_voice.rules.record import read_record, replay_record
from spades_voice.store import StoreHooks


def _hooks(data: Path) -> StoreHooks:
    return StoreHooks(data, clock=FakeClock(), writer=quick_write)


class TestStats:
    def test_none_yet(self, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["stats"]) == 0
        assert capsys.readouterr().out == "No matches played yet.\n"

    def test_text_and_json(self, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
        hooks = _hooks(data)
        finish(hooks, short_match(1), random.Random(1))
        expected = hooks.statistics
        assert main(["stats", "--data-dir", str(data)]) == 0
        assert capsys.readouterr().out == expected.text() + "\n"
        assert main(["stats", "--json"]) == 0
        figures = json.loads(capsys.readouterr().out)
        assert figures["played"] == 1 and figures["hands"] == expected.hands
        assert "counted" not in figures

    def test_unusable_file_is_reported_and_left(
        self, data: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        data.mkdir()
        (data / "stats.json").write_text("{broken")
        assert main(["stats"]) == 2
        assert "cannot be used because it is not valid JSON" in capsys.readouterr().err
        assert (data / "stats.json").read_text() == "{broken"


class TestExport:
    def test_current_match_then_score(
        self, data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        hooks = _hooks(data)
        state = MatchState(Match(seed=5))
        play(hooks, state, 130, random.Random(5))
        out = tmp_path / "match.json"
        assert main(["export", str(out)]) == 0
        said = capsys.readouterr().out
        assert said.startswith("Wrote the current match (in hand 3, 130 moves)")
        with out.open() as f:
            replayed = replay_record(read_record(f))
        assert replayed.totals == state.totals
        assert replayed.decisions == state.decisions
        assert main(["score", str(out), "--json"]) == 0
        scored = json.loads(capsys.readouterr().out)
        assert [h["totals"] for h in scored["hands"]] == [
            {t.value: n for t, n in o.totals.items()} for o in state.outcomes
        ]

    def test_last_match_after_a_new_one_starts(
        self, data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        hooks = _hooks(data)
        state = short_match(2)
        finish(hooks, state, random.Random(2))
        hooks.start_new(None)
        out = tmp_path / "last.json"
        assert main(["export", str(out)]) == 0
        assert capsys.readouterr().out.startswith("Wrote the last match (finished")
        assert main(["score", str(out), "--json"]) == 0
        scored = json.loads(capsys.readouterr().out)
        assert scored["winner"] == state.winner.value  # type: ignore[union-attr]

    def test_to_stdout(self, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
        play(_hooks(data), MatchState(Match(seed=1)), 6, random.Random(1))
        assert main(["export", "-"]) == 0
        record = json.loads(capsys.readouterr().out)
        assert record["format"] == "spades-record/1"
        assert len(record["hands"][0]["bids"]) == 4

    def test_nothing_to_export(
        self, data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        assert main(["export", str(tmp_path / "x.json")]) == 1
        assert "no match to export" in capsys.readouterr().err
        assert not (tmp_path / "x.json").exists()

    def test_corrupt_save(
        self, data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        data.mkdir()
        (data / "save.json").write_bytes(b"\x00\x01")
        assert main(["export", str(tmp_path / "x.json")]) == 2
        assert "cannot be used" in capsys.readouterr().err

    def test_real_process(self, data: Path, tmp_path: Path) -> None:
        play(_hooks(data), MatchState(Match(seed=3)), 20, random.Random(3))
        out = tmp_path / "r.json"
        env = {**os.environ}
        run = [sys.executable, "-m", "spades_voice"]
        done = subprocess.run([*run, "export", str(out)], env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        scored = subprocess.run([*run, "score", str(out)], env=env, capture_output=True, text=True)
        assert scored.returncode == 0, scored.stderr
        assert "No winner yet." in scored.stdout
