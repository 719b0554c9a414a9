"""``spades-voice arena`` as it is run: its printed summary."""

from __future__ import annotations

import subprocess
import sys


def test_matches_only_report_matches_not_an_empty_deal_figure() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spades_voice", "arena", "--ns", "medium", "--ew", "easy",
         "--deals", "0", "--matches", "1", "--jobs", "1", "--seed", "3"],
        capture_output=True, text=True, timeout=120, check=True,
    )
    assert "matches won: medium" in done.stdout
    assert "points per deal" not in done.stdout
    assert "per match" in done.stderr and "per deal" not in done.stderr
