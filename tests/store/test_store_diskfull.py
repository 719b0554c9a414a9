"""Statistics are never lost to a full disk.

A result that cannot be written stays in memory and is written with the next write that
succeeds; while writes fail it is also kept in ``stats-pending.json``, which was made at
full size while there was room and is rewritten in place, so it needs no new space. The
next start counts what it holds. The "cannot be saved" sentence comes once a session.

Two ways to fill the disk: an injected ``ENOSPC`` from the writer (everywhere), and a
real small tmpfs filled to the last byte (when this process may mount one, as root).
"""

from __future__ import annotations

import contextlib
import errno
import os
import random
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from store_helpers import FakeClock, crash, finish, play, short_match, won_by

from spades_voice.rules import Match, MatchState
from spades_voice.store import StoreHooks, load_stats
from spades_voice.store.files import write_atomic
from spades_voice.store.stats import PENDING_FILE, PENDING_SIZE, load_pending

FULL = "Your progress cannot be saved: the disk is full. Play goes on."


class Disk:
    """A writer that fails with ENOSPC while ``full``."""

    def __init__(self) -> None:
        self.full = False
        self.refused = 0

    def __call__(self, path: Path, data: bytes) -> None:
        if self.full:
            self.refused += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        write_atomic(path, data)


def _session(data: Path, disk: Disk | None = None) -> StoreHooks:
    return StoreHooks(data, clock=FakeClock(), writer=disk or write_atomic)


def _three_matches(hooks: StoreHooks, start: int = 0) -> list[str]:
    """Finish three short matches (two won by NS, one lost); their ids."""
    ids = []
    seed = start
    for team in ("NS", "EW", "NS"):
        state, rng = won_by(team, seed)
        seed = int(str(state.seed)) + 1
        finish(hooks, state, rng)
        ids.append(hooks.statistics.counted[-1])
        hooks.start_new(None)
    return ids


class TestInjectedFullDisk:
    def test_space_comes_back_mid_session(self, data: Path) -> None:
        disk = Disk()
        hooks = _session(data, disk)
        disk.full = True
        _three_matches(hooks)
        assert disk.refused > 100
        assert hooks.notices() == [FULL]  # once, not once per failed write
        assert hooks.unwritten_results == 3
        disk.full = False
        play(hooks, MatchState(Match(seed=40)), 1, random.Random(40))  # any write
        stats = load_stats(data / "stats.json")
        assert stats is not None and (stats.played, stats.won, stats.lost) == (3, 2, 1)
        assert hooks.unwritten_results == 0
        assert load_pending(data / PENDING_FILE) == ()
        assert hooks.notices() == []

    def test_still_full_at_exit_kept_then_counted_at_next_start(self, data: Path) -> None:
        disk = Disk()
        hooks = _session(data, disk)
        assert (data / PENDING_FILE).stat().st_size == PENDING_SIZE  # made while there is room
        disk.full = True
        ids = _three_matches(hooks)
        hooks.close()
        notices = hooks.notices()
        assert notices == [
            FULL,
            "Your statistics could not be saved (the disk is full): 3 match results are "
            "kept in stats-pending.json and will be counted when you next play.",
        ]
        kept = load_pending(data / PENDING_FILE)
        assert kept is not None and [r.match_id for r in kept] == ids
        assert (data / PENDING_FILE).stat().st_size == PENDING_SIZE  # rewritten in place
        assert load_stats(data / "stats.json") is None

        again = _session(data)
        assert again.notices() == ["3 match results from last time were added to your statistics."]
        stats = load_stats(data / "stats.json")
        assert stats is not None and (stats.played, stats.won, stats.lost) == (3, 2, 1)
        assert load_pending(data / PENDING_FILE) == ()
        again.close()
        third = _session(data)  # counted once only
        assert third.notices() == [] and third.statistics.played == 3

    def test_killed_while_full_still_kept(self, data: Path) -> None:
        disk = Disk()
        hooks = _session(data, disk)
        disk.full = True
        finish(hooks, short_match(5), random.Random(5))
        crash(hooks)  # no close: the pending file was written when the write failed
        again = _session(data)
        assert "1 match result from last time was added to your statistics." in again.notices()
        assert again.statistics.played == 1

    def test_pending_results_already_counted_are_not_counted_twice(self, data: Path) -> None:
        disk = Disk()
        hooks = _session(data, disk)
        disk.full = True
        finish(hooks, short_match(6), random.Random(6))
        pending = (data / PENDING_FILE).read_bytes()
        disk.full = False
        hooks.close()  # the stats write succeeds at exit
        (data / PENDING_FILE).write_bytes(pending)  # as if emptying it had not happened
        again = _session(data)
        assert again.notices() == []
        assert again.statistics.played == 1
        assert load_pending(data / PENDING_FILE) == ()

    def test_nowhere_to_keep_them_says_so(self, data: Path) -> None:
        disk = Disk()
        hooks = _session(data, disk)
        (data / PENDING_FILE).unlink()  # no reserve, and the disk cannot make one
        disk.full = True
        finish(hooks, short_match(7), random.Random(7))
        hooks.close()
        assert hooks.notices()[-1] == (
            "Your statistics could not be saved (the disk is full), "
            "and 1 match result could not be kept."
        )


# ---- a real full disk ---------------------------------------------------------------------


@contextlib.contextmanager
def small_tmpfs(where: Path, size: str) -> Iterator[Path]:
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
        capture_output=True,
        timeout=20,
    ) if shutil.which("mount") and os.geteuid() == 0 else None
    if done is None or done.returncode != 0:
        pytest.skip("cannot mount a small tmpfs here (needs root); the injected ENOSPC "
                    "tests above cover the same paths")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], timeout=20, check=False)


def fill(folder: Path) -> Path:
    """Write until the filesystem refuses: the disk is full."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError as e:
        assert e.errno == errno.ENOSPC
    finally:
        os.close(fd)
    return filler


def test_a_real_full_disk(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path / "disk", "400k") as disk:
        data = disk / "data"
        hooks = _session(data)
        finish(hooks, short_match(1), random.Random(1))  # counted while there is room
        hooks.start_new(None)
        filler = fill(disk)
        _three_matches(hooks, start=10)
        assert hooks.notices() == [FULL]
        hooks.close()
        [told] = hooks.notices()
        assert "3 match results are kept in stats-pending.json" in told
        stats = load_stats(data / "stats.json")
        assert stats is not None and stats.played == 1

        filler.unlink()  # space comes back
        again = _session(data)
        assert again.notices() == ["3 match results from last time were added to your statistics."]
        stats = load_stats(data / "stats.json")
        assert stats is not None and stats.played == 4
        again.close()


def test_the_real_game_on_a_full_disk(tmp_path: Path) -> None:
    """The game a player runs, on a disk that fills up mid-match: told once, plays to the
    end, and at quit hears where the result was kept; next start counts it."""
    pytest.importorskip("pexpect")
    from game_process import Game, step_keys

    with small_tmpfs(tmp_path / "disk", "400k") as disk:
        data = disk / "data"
        game = Game(data, 21, "--target", "single")
        game.settle()
        filler = fill(disk)
        for _ in range(400):
            if "Press N for a new match" in game.transcript[-300:]:
                break
            game.press(*step_keys(game.transcript))
        else:
            raise AssertionError(game.transcript[-1500:])
        assert game.transcript.count("Your progress cannot be saved: the disk is full.") == 1
        game.press("q")
        game.press("y")
        game.child.expect(__import__("pexpect").EOF, timeout=20)
        said = game.transcript + game.child.before
        assert (
            "Your statistics could not be saved (the disk is full): 1 match result is kept "
            "in stats-pending.json and will be counted when you next play." in said
        ), said[-800:]
        assert load_stats(data / "stats.json") is None

        filler.unlink()
        again = Game(data, 22)
        again.wait_for("1 match result from last time was added to your statistics.")
        again.settle()
        assert "1 match: 1 won" in again.press("f3") or "1 match: 0 won" in again.transcript
        again.kill()
