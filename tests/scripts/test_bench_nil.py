"""bench/bench_nil.py runs, prints both of its figures, and leaves Hard's playouts as it
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


def test_it_prints_the_policy_bands_and_hards_covering_bids() -> None:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--deals", "400", "--judge", "2", "--seed", "3"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "the policy alone, by North's nil danger:"
    bands = [line for line in lines if re.match(r"  (under 1|1 to 2|2 to 3\.5): \d+ deals", line)]
    assert bands, out.stdout
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
    assert hard.playout is fastplay.playout
