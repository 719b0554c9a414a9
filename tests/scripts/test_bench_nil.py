"""bench/bench_nil.py runs, prints each of its figures, and leaves Hard's playouts as it
found them."""

from __future__ import annotations

import importlib.util
import random
import re
import subprocess
import sys
from pathlib import Path

from spades_voice.ai import fastplay, hard

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "bench_nil.py"


def _run(*args: str) -> list[str]:
    """The lines bench_nil.py prints, given ``args``; it must succeed."""
    out = subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_it_prints_the_policy_bands_and_hards_covering_bids() -> None:
    lines = _run("--deals", "400", "--judge", "2", "--seed", "3")
    assert lines[0] == "the policy alone, by North's nil danger:"
    bands = [line for line in lines if re.match(r"  (under 1|1 to 2|2 to 3\.5): \d+ deals", line)]
    assert bands, lines
    assert re.fullmatch(
        r"Hard covering a nil: 2 bids, \d+\.\d\d on average; its playouts of the bid it "
        r"chose saw the nil made \d+\.\d%, South set \d+\.\d%",
        lines[-1],
    ), lines[-1]


def test_hards_playouts_are_put_back() -> None:
    spec = importlib.util.spec_from_file_location("bench_nil", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.hard_foresees(1, random.Random(1))
    assert vars(hard)["playout"] is fastplay.playout
    module.plain_foresees(1, random.Random(1))
    assert vars(hard)["playout"] is fastplay.playout


def test_bags_adds_hards_plain_bids_at_each_bag_count() -> None:
    lines = _run("--deals", "40", "--judge", "1", "--bags", "1")
    at = lines.index(
        "Hard's plain bids, by the bags its side carries (what its playouts of the bid see):"
    )
    rows = lines[at + 1 :]
    assert [row.split(":")[0] for row in rows] == ["  0 bags", "  5 bags", "  8 bags", "  9 bags"]
    for row in rows:
        m = re.fullmatch(r"  \d bags: 1 bids; set (.*)%, exact (.*)%, bags (.*)%", row)
        assert m, row
        assert abs(sum(float(x) for x in m.groups()) - 100.0) < 0.2, row
