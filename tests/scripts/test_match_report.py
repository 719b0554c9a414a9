"""bench/match_report.py reads bench_ismcts.py's hand lines right: its figures for a small
run worked out by hand, the comparison over common matches, and a line it cannot score."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Table 1, Hard North-South: 8 taking 10 (2 bags), 5 made, 6 set by two (the bot reaches
# 9 bags), a made nil beside 5 taking 6 (the bot's tenth bag: -100). Table 2, Hard
# East-West: 6 taking 8.
RUN = """match 1 of 1: Hard's side won 2 of 2
    match 8 table 1: S* 4/5 W 1/2 N* 4/5 E 2/1  Hard +82, ISMCTS +30
    match 8 table 1: S* 4/4 W 1/5 N* 1/1 E 3/3  Hard +50, ISMCTS +44
    match 8 table 1: S* 3/2 W 2/5 N* 3/2 E 2/4  Hard -60, ISMCTS +45
    match 8 table 1: S* 0/0 W 2/3 N* 5/6 E 2/4  Hard +151, ISMCTS -57
    match 8 table 2: S 3/3 W* 4/4 N 2/2 E* 2/4  Hard +62, ISMCTS +50
"""


def _report(tmp_path: Path, *runs: str) -> subprocess.CompletedProcess[str]:
    paths = []
    for i, text in enumerate(runs):
        path = tmp_path / f"run{i}.err"
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    return subprocess.run(
        [sys.executable, str(ROOT / "bench" / "match_report.py"), *paths],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


def test_a_small_run_is_summed_up_as_worked_out_by_hand(tmp_path: Path) -> None:
    out = _report(tmp_path, RUN)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].endswith(
        "2 tables, Hard's side won 2; 5 hands, Hard set 1 (20.0%), bags 1.00 a hand, "
        "0 bag penalties, nil made 1 of 1"
    )
    assert lines[1] == "  points a hand: Hard 57.0, ISMCTS 22.4, Hard minus ISMCTS +34.6"
    assert lines[2] == (
        "  hands with no nil on Hard's side (4): Hard bid 6.25, took 6.75; "
        "ISMCTS bid 4.00, took 6.25; Hard set 1 (25.0%)"
    )
    assert lines[3] == "  hands with a nil on Hard's side (1): the partner's contract set 0 (0.0%)"
    assert lines[5:] == ["    0 bags: 0 of 2 (0.0%)", "    2 bags: 1 of 3 (33.3%)"]


def test_a_set_beside_a_nil_is_counted_apart(tmp_path: Path) -> None:
    # The nil hand again, North now taking 4 of 5: set beside a made nil (+100 - 50).
    nil_hand = "N* 5/6 E 2/4  Hard +151, ISMCTS -57"
    out = _report(tmp_path, RUN.replace(nil_hand, "N* 5/4 E 2/6  Hard +50, ISMCTS -55"))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "Hard set 2 (40.0%)" in lines[0]
    assert lines[2].endswith("Hard set 1 (25.0%)")
    assert lines[3].endswith("nil on Hard's side (1): the partner's contract set 1 (100.0%)")


def test_two_runs_are_compared_over_the_matches_both_played(tmp_path: Path) -> None:
    other = "\n".join(
        line.replace("match 8", "match 9") if "table 2" in line else line
        for line in RUN.splitlines()
    )
    out = _report(tmp_path, RUN, other)
    assert out.returncode == 0, out.stderr
    heads = [line for line in out.stdout.splitlines() if not line.startswith(" ")]
    assert len(heads) == 2
    assert all("1 table, Hard's side won 1; 4 hands, Hard set 1 (25.0%)" in h for h in heads)


def test_a_line_whose_points_do_not_score_is_refused(tmp_path: Path) -> None:
    out = _report(tmp_path, RUN.replace("Hard +50,", "Hard +51,"))
    assert out.returncode != 0
    assert "scored 50, the line says (51, 44)" in out.stderr
