"""``spades-voice score`` against hostile input: any unreadable input is exit 2 with one
line saying why, input over 16 MB is refused before it is read, the replay stops at the
first hand after a won match, and values quoted back are cut to 40 characters.

Each case runs the real command in its own process on a real file (or pipe).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from spades_voice.commands import score
from spades_voice.rules import Match, MatchState, Phase, Ruleset
from spades_voice.rules.record import to_record

MB = 1 << 20


def _run(args: list[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    proc = subprocess.run(
        [sys.executable, "-m", "spades_voice", "score", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
    )
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert "Traceback" not in out + err
    return proc.returncode, out, err


def _json(path: Path | str, stdin: bytes | None = None) -> tuple[int, dict[str, Any]]:
    code, out, _ = _run([str(path), "--json"], stdin)
    lines = out.splitlines()
    assert len(lines) == 1, out[:500]
    return code, json.loads(lines[0])


def _plain_error(path: Path) -> tuple[int, str]:
    code, out, err = _run([str(path)])
    assert out == ""
    assert err.count("\n") == 1, err[:500]  # one line
    return code, err.strip()


def _record(seed: int = 3, target: int | None = None) -> dict[str, Any]:
    """A finished match played at random (a single hand unless ``target`` is given)."""
    state = MatchState(Match(ruleset=Ruleset(target=target), seed=seed))
    rng = random.Random(seed)
    while not state.over:
        hand = state.hand
        assert hand is not None
        if hand.phase is Phase.BIDDING:
            # Modest bids, no nil: a match to a target ends (random nils and big bids fail
            # for ever).
            state.apply(rng.choice([b for b in hand.legal_bids() if 1 <= b.tricks <= 3]))
        else:
            state.apply(rng.choice(hand.legal_cards()))
    return to_record(state)


def _write(tmp_path: Path, content: bytes | str) -> Path:
    path = tmp_path / "record.json"
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return path


UNREADABLE: dict[str, bytes] = {
    "5,000-digit number": b'{"format": "spades-record/1", "rules": {"target": '
    + b"9" * 5000
    + b'}, "hands": []}',
    "5,000-digit bid": b'{"format": "spades-record/1", "hands": [{"bids": ['
    + b"7" * 5000
    + b"]}]}",
    "nested 3,000 deep": b'{"format": "spades-record/1", "hands": '
    + b"[" * 3000
    + b"]" * 3000
    + b"}",
    "nested 100,000 deep at the top": b"[" * 100_000,
    "not UTF-8": b'{"format": "\xff\xfe"}',
    "UTF-16": '{"format": "spades-record/1", "hands": []}'.encode("utf-16"),
    "NUL bytes": b"\0" * 1000,
    "empty": b"",
    "lone surrogate": b'{"format": "\\ud800", "hands": []}',
    "NaN target": b'{"format": "spades-record/1", "rules": {"target": NaN}, "hands": []}',
    "not an object": b"[1, 2, 3]",
}


class TestUnreadableIsExit2:
    @pytest.mark.parametrize("case", list(UNREADABLE))
    def test_one_line_reason(self, tmp_path: Path, case: str) -> None:
        path = _write(tmp_path, UNREADABLE[case])
        code, out = _json(path)
        assert code == 2 and set(out) == {"error"}
        assert len(out["error"]["reason"]) < 200
        code, line = _plain_error(path)
        assert code == 2 and len(line) < 300

    def test_link_to_dev_zero_refused_before_reading(self, tmp_path: Path) -> None:
        os.symlink("/dev/zero", tmp_path / "zero.json")
        code, out = _json(tmp_path / "zero.json")
        assert code == 2 and "not an ordinary file" in out["error"]["reason"]

    def test_pipe_and_folder(self, tmp_path: Path) -> None:
        os.mkfifo(tmp_path / "pipe.json")
        assert _json(tmp_path / "pipe.json")[0] == 2  # refused, not waited on
        assert _json(tmp_path)[0] == 2
        code, out = _json(tmp_path / "missing.json")
        assert code == 2 and "no such file" in out["error"]["reason"]

    def test_over_16_mb_refused_at_once(self, tmp_path: Path) -> None:
        path = tmp_path / "big.json"
        with path.open("wb") as f:
            f.truncate(50 * MB)  # sparse: 50 MB long, no disk used, never read
        code, out = _json(path)
        assert code == 2
        assert out["error"]["reason"].endswith("it is larger than 16 megabytes.")

    def test_over_16_mb_on_standard_input(self) -> None:
        code, out = _json("-", stdin=b" " * (16 * MB + 1))
        assert code == 2 and "larger than 16 megabytes" in out["error"]["reason"]

    def test_a_bom_is_fine(self, tmp_path: Path) -> None:
        path = _write(tmp_path, b"\xef\xbb\xbf" + json.dumps(_record()).encode())
        code, out = _json(path)
        assert code == 0 and out["winner"] in ("NS", "EW")

    @pytest.mark.parametrize(
        "error", [MemoryError(), RecursionError(), OverflowError(), KeyError("x")],
        ids=lambda e: type(e).__name__,
    )
    def test_any_exception_while_reading(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        error: Exception,
    ) -> None:
        path = _write(tmp_path, json.dumps(_record()))

        def boom(raw: bytes) -> object:
            raise error

        monkeypatch.setattr(score, "decode_json", boom)
        code = score.run(argparse.Namespace(file=str(path), json=True))
        assert code == 2
        assert "Cannot read" in json.loads(capsys.readouterr().out)["error"]["reason"]


class TestEchoedValuesAreCut:
    @pytest.mark.parametrize(
        ("where", "field"),
        [
            (lambda r, big: r.update(format=big), "format"),
            (lambda r, big: r["hands"][0].update(dealer=big), "dealer"),
            (lambda r, big: r["hands"][0]["plays"].__setitem__(0, big), "plays[0]"),
            (lambda r, big: r["hands"][0]["bids"].__setitem__(0, big), "bids[0]"),
            (lambda r, big: r["hands"][0]["deal"]["S"].__setitem__(0, big), "deal.S"),
            (lambda r, big: r.update(rules={"target": big}), "rules"),
        ],
    )
    def test_a_10_mb_value_is_not_repeated(
        self, tmp_path: Path, where: Any, field: str
    ) -> None:
        rec = _record()
        where(rec, "Q" * (10 * MB))
        code, out = _json(_write(tmp_path, json.dumps(rec)))
        assert code == 2 and out["error"]["field"] == field
        assert len(out["error"]["reason"]) < 120
        assert "Q" * 40 not in out["error"]["reason"]


class TestStopsAfterAWonMatch:
    def test_nothing_after_the_winning_hand_is_read(self, tmp_path: Path) -> None:
        rec = _record()
        won_at = len(rec["hands"])
        rec["hands"].append("not even a hand")  # would be exit 2 if it were read
        code, out = _json(_write(tmp_path, json.dumps(rec)))
        assert code == 1
        assert out["error"]["hand"] == won_at + 1 and "already won" in out["error"]["reason"]

    def test_a_16_mb_record_after_a_win_is_quick(self, tmp_path: Path) -> None:
        rec = next(r for r in map(_record, range(20)) if len(r["hands"]) == 1)  # no tie
        hand = json.dumps(rec["hands"][0])
        count = (16 * MB - 2000) // (len(hand) + 2)
        text = json.dumps({**rec, "hands": []})[:-2] + ", ".join([hand] * count) + "]}"
        path = _write(tmp_path, text)
        assert 15 * MB < path.stat().st_size <= 16 * MB
        started = time.perf_counter()
        code, out = _json(path)
        took = time.perf_counter() - started
        assert code == 1 and out["error"]["hand"] == 2, out
        print(f"\n{count} hands, {path.stat().st_size / MB:.1f} MB: exit 1 in {took:.2f} s")

    def test_legal_long_match_still_scores(self, tmp_path: Path) -> None:
        rec = _record(seed=11, target=200)
        code, out = _json(_write(tmp_path, json.dumps(rec)))
        assert code == 0 and len(out["hands"]) == len(rec["hands"]) and out["winner"]
