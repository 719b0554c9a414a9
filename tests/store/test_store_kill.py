"""Real processes, real files, real SIGKILL: the match resumes at the last decision.

``kill_driver.py`` plays (LocalTable + StoreHooks, no shell) and reports each save
before and after it is written. The test kills it at random moments, starts it again,
and checks that what it loaded is exactly the last save it finished, or the one it was
writing when it died (a save is atomic: old or new, never a mix), that statistics count
every finished match exactly once, and that no temporary file is left behind.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from spades_voice.store import DATA_DIR_ENV

DRIVER = Path(__file__).with_name("kill_driver.py")
KILLS = 15


class Model:
    """What the parent knows has been, or may have been, written."""

    def __init__(self) -> None:
        self.over: dict[str, bool] = {}
        self.last_saved: str | None = None
        self.pending: str | None = None
        self.finished: set[str] = set()
        self.resumed_mid_save = 0
        self.resumed = 0
        self.log: list[str] = []

    def line(self, text: str) -> None:
        self.log.append(text.strip())
        kind, *rest = text.split()
        if kind == "SAVING":
            self.pending = rest[0]
            self.over[rest[0]] = rest[1] == "1"
        elif kind == "SAVED":
            assert rest[0] == self.pending, self.log[-6:]
            self.last_saved, self.pending = rest[0], None
            if self.over[rest[0]]:
                self.finished.add(rest[0])

    def start(self, text: str) -> None:
        self.log.append(text.strip())
        kind, loaded, played, _elapsed = text.split()
        assert kind == "START", text
        if loaded == "-":
            # Nothing saved yet, or the finished match was cleared for the next one.
            assert self.last_saved is None or self.over[self.last_saved], text
        else:
            assert loaded in (self.last_saved, self.pending), (text, self.last_saved, self.pending)
            self.resumed += 1
            self.resumed_mid_save += loaded == self.pending
            if self.over[loaded]:
                self.finished.add(loaded)
        assert int(played) == len(self.finished), (text, len(self.finished))
        self.last_saved = None if loaded == "-" else loaded
        self.pending = None


def _spawn(
    data: Path, seed: int, errors: Path, *extra: str
) -> subprocess.Popen[str]:
    env = {**os.environ, DATA_DIR_ENV: str(data)}
    with errors.open("a") as err:
        return subprocess.Popen(
            [sys.executable, str(DRIVER), str(seed), *extra],
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
            env=env,
        )


def _kill(proc: subprocess.Popen[str]) -> str:
    """SIGKILL, then everything it wrote before dying (read through the same buffer)."""
    assert proc.stdout is not None
    proc.send_signal(signal.SIGKILL)
    rest = proc.stdout.read()
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    return rest


def test_sigkill_at_random_points_loses_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    errors = tmp_path / "stderr.txt"
    rng = random.Random(20240611)
    model = Model()
    for round_no in range(KILLS):
        proc = _spawn(data, round_no, errors)
        assert proc.stdout is not None
        model.start(proc.stdout.readline())
        target = rng.randint(1, 90)
        saved = 0
        while saved < target:
            text = proc.stdout.readline()
            assert text, errors.read_text()
            model.line(text)
            saved += text.startswith("SAVED")
        time.sleep(rng.random() * 0.015)  # land anywhere, mid-write included
        for text in _kill(proc).splitlines():
            model.line(text)

    proc = _spawn(data, 999, errors, "--check")
    assert proc.stdout is not None
    model.start(proc.stdout.readline())
    assert proc.wait(timeout=30) == 0
    # The driver clears temporaries a killed process left at start-up (and, in check
    # mode, writes nothing after, so none can be a write still under way).
    assert [p.name for p in data.iterdir() if p.name.endswith(".tmp")] == []
    assert errors.read_text() == ""
    assert model.resumed >= KILLS // 2
    assert len(model.finished) >= 2  # kills landed around match ends too
