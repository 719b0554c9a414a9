"""StoreHooks end to end on real files: save after every decision, continue or new, the
files a new session finds, corrupt and newer files moved aside, disks that refuse."""

from __future__ import annotations

import errno
import json
import os
import random
from pathlib import Path

import pytest
from store_helpers import FakeClock, crash, finish, play, quick_write, short_match

from spades_voice.options import Level
from spades_voice.rules import Match, MatchState, Ruleset, Seat
from spades_voice.store import Settings, StoreHooks, load_saved
from spades_voice.store.files import write_atomic


def _hooks(data: Path, clock: FakeClock | None = None, **kw: object) -> StoreHooks:
    return StoreHooks(data, clock=clock or FakeClock(), **kw)  # type: ignore[arg-type]


def _aside(data: Path, stem: str) -> list[Path]:
    return sorted(
        p for p in data.iterdir() if p.name.startswith(f"{stem}.") and p.name.count(".") >= 2
    )


class TestSaveAndContinue:
    def test_every_decision_is_on_disk(self, data: Path) -> None:
        hooks = _hooks(data)
        state = MatchState(Match(seed=7))
        rng = random.Random(7)
        for n in range(1, 30):
            play(hooks, state, 1, rng)
            saved = load_saved(data / "save.json")
            assert saved is not None and saved.match == state.match
            assert len(saved.match.decisions) == n

    def test_next_session_offers_the_match(self, data: Path) -> None:
        hooks = _hooks(data)
        state = MatchState(Match(seed="abc"))
        play(hooks, state, 21, random.Random(1))
        hooks.close()
        again = _hooks(data)
        assert again.saved_match() == state.match
        assert MatchState(again.saved_match()) == state  # type: ignore[arg-type]
        assert again.notices() == []

    def test_nothing_offered_without_decisions_or_after_the_end(self, data: Path) -> None:
        assert _hooks(data).saved_match() is None
        hooks = _hooks(data)
        state = short_match(3)
        finish(hooks, state, random.Random(3))
        crash(hooks)
        assert _hooks(data).saved_match() is None

    def test_continuing_keeps_saving_the_same_match(self, data: Path) -> None:
        hooks = _hooks(data)
        state = MatchState(Match(seed=9))
        rng = random.Random(9)
        play(hooks, state, 10, rng)
        crash(hooks)
        again = _hooks(data)
        match = again.saved_match()
        assert match is not None
        resumed = MatchState(match)
        play(again, resumed, 5, rng)
        saved = load_saved(data / "save.json")
        assert saved is not None and len(saved.match.decisions) == 15
        assert again.statistics.played == 0

    def test_new_match_archives_the_old_for_export(self, data: Path) -> None:
        hooks = _hooks(data)
        state = MatchState(Match(seed=4))
        play(hooks, state, 6, random.Random(4))
        hooks.start_new(state.match)
        assert not (data / "save.json").exists()
        last = load_saved(data / "last-match.json")
        assert last is not None and last.match == state.match
        crash(hooks)
        assert _hooks(data).saved_match() is None

    def test_undo_is_saved_too(self, data: Path) -> None:
        hooks = _hooks(data)
        state = MatchState(Match(seed=5))
        play(hooks, state, 12, random.Random(5))
        state.undo(Seat.S)
        hooks.decision_made(state.match)
        saved = load_saved(data / "save.json")
        assert saved is not None and saved.match == state.match
        assert hooks.statistics.played == 0

    def test_stale_temp_files_are_cleared(self, data: Path) -> None:
        data.mkdir()
        (data / ".save.json.abc123.tmp").write_text("{half")
        (data / ".unrelated.tmp").write_text("x")
        _hooks(data)
        assert not (data / ".save.json.abc123.tmp").exists()
        assert (data / ".unrelated.tmp").exists()


class TestSettings:
    def test_defaults_then_round_trip(self, data: Path) -> None:
        hooks = _hooks(data)
        assert hooks.settings == Settings()
        rules = Ruleset(target=None, blind_nil=True, spades_any_time=True)
        chosen = Settings(speech="print", rate=220, pace="quick", level="hard", rules=rules)
        hooks.save_settings(chosen)
        crash(hooks)
        assert _hooks(data).settings == chosen

    def test_work_rate_round_trips_exactly(self, data: Path) -> None:
        """Hard's decisions are a function of seed and calibration, so the stored rate must
        come back bit for bit."""
        chosen = Settings(plays_per_ms=312.7, solves_per_ms=3.981)
        _hooks(data).save_settings(chosen)
        assert _hooks(data).settings == chosen
        with pytest.raises(ValueError):
            Settings(plays_per_ms=0.0)

    def test_bad_values_refused(self) -> None:
        with pytest.raises(ValueError):
            Settings(speech="loud")
        with pytest.raises(ValueError):
            Settings(rules=Ruleset(target=200 + 1))

    def test_layout_1_rules_are_read_into_the_ruleset(self, data: Path) -> None:
        """Layout 1 kept the target and blind nil beside the other choices: they come
        back as the rules of the next match, and the rest as it was."""
        data.mkdir()
        old = {"schema": "spades-voice/settings", "version": 1, "level": "hard",
               "target": 300, "blind_nil": True}
        (data / "settings.json").write_text(json.dumps(old))
        settings = _hooks(data).settings
        assert settings.rules == Ruleset(target=300, blind_nil=True)
        assert settings.level is Level.HARD

    def test_a_rule_of_the_wrong_type_on_disk_is_set_aside(self, data: Path) -> None:
        data.mkdir()
        bad = {"schema": "spades-voice/settings", "version": 2,
               "rules": {"spades_any_time": "yes"}}
        (data / "settings.json").write_text(json.dumps(bad))
        hooks = _hooks(data)
        assert hooks.settings == Settings()
        [notice] = hooks.notices()
        assert "settings" in notice and "defaults" in notice

    def test_wrong_type_on_disk_is_set_aside(self, data: Path) -> None:
        data.mkdir()
        (data / "settings.json").write_text(
            json.dumps({"schema": "spades-voice/settings", "version": 1, "rate": "fast"})
        )
        hooks = _hooks(data)
        assert hooks.settings == Settings()
        [notice] = hooks.notices()
        assert "settings" in notice and "defaults" in notice
        assert len(_aside(data, "settings")) == 1


CORRUPTIONS: dict[str, object] = {
    "truncated": lambda good: good[: len(good) // 2],
    "empty": lambda good: b"",
    "garbage": lambda good: bytes(random.Random(0).randrange(256) for _ in range(300)),
    "not an object": lambda good: b"[1, 2, 3]",
    "wrong types": lambda good: good.replace(b'"elapsed": ', b'"elapsed": "soon", "x": '),
    "illegal move": lambda good: good.replace(b'"decisions": [\n', b'"decisions": [\n  "ZZ",\n', 1),
    "null match": lambda good: json.dumps(
        {"schema": "spades-voice/save", "version": 1, "id": "x", "elapsed": 0, "match": None}
    ).encode(),
}


class TestCorruptSave:
    @pytest.mark.parametrize("kind", list(CORRUPTIONS))
    def test_moved_aside_kept_told_once_stats_survive(self, data: Path, kind: str) -> None:
        hooks = _hooks(data, writer=quick_write)
        done = short_match(2)
        finish(hooks, done, random.Random(2))  # some statistics worth keeping
        hooks.start_new(None)
        state = MatchState(Match(seed=11))
        play(hooks, state, 9, random.Random(11))
        good = (data / "save.json").read_bytes()
        bad = CORRUPTIONS[kind](good)  # type: ignore[operator]
        assert bad != good
        (data / "save.json").write_bytes(bad)
        crash(hooks)

        again = _hooks(data)
        assert again.saved_match() is None
        notices = again.notices()
        assert len(notices) == 1
        assert notices[0].count(". ") == 0 and notices[0].endswith(".")
        assert "saved match" in notices[0] and "statistics are safe" in notices[0]
        [moved] = _aside(data, "save")
        assert moved.read_bytes() == bad
        assert moved.name in notices[0]
        assert again.statistics.played == 1
        assert again.notices() == []
        # Play goes on and saves normally.
        fresh = MatchState(Match(seed=99))
        play(again, fresh, 3, random.Random(99))
        assert load_saved(data / "save.json") is not None

    def test_newer_version_is_kept_not_dropped(self, data: Path) -> None:
        data.mkdir()
        future = {"schema": "spades-voice/save", "version": 7, "anything": [1, 2]}
        (data / "save.json").write_text(json.dumps(future))
        hooks = _hooks(data)
        [notice] = hooks.notices()
        assert "newer version" in notice
        [moved] = _aside(data, "save")
        assert json.loads(moved.read_text()) == future
        assert "newer" in moved.name

    def test_older_version_without_a_migration_is_refused_clearly(self, data: Path) -> None:
        data.mkdir()
        (data / "stats.json").write_text('{"schema": "spades-voice/stats", "version": 0}')
        hooks = _hooks(data)
        [notice] = hooks.notices()
        assert "too old" in notice and "statistics" in notice


class TestCorruptStats:
    @pytest.mark.parametrize(
        "content",
        [
            b"",
            b"{",
            b"\x00\xff\xfe",
            b'{"schema": "spades-voice/stats", "version": 1, "played": "two"}',
        ],
    )
    def test_stats_set_aside_save_survives(self, data: Path, content: bytes) -> None:
        hooks = _hooks(data)
        state = MatchState(Match(seed=3))
        play(hooks, state, 8, random.Random(3))
        (data / "stats.json").write_bytes(content)
        crash(hooks)
        again = _hooks(data)
        [notice] = again.notices()
        assert "statistics" in notice and "zero" in notice
        assert again.saved_match() == state.match
        assert _aside(data, "stats")[0].read_bytes() == content

    def test_counts_that_do_not_add_up(self, data: Path) -> None:
        hooks = _hooks(data)
        finish(hooks, short_match(1), random.Random(1))
        raw = json.loads((data / "stats.json").read_text())
        raw["won"] += 5
        (data / "stats.json").write_text(json.dumps(raw))
        hooks.close()
        assert len(_hooks(data).notices()) == 1


class _Failing:
    """A writer that fails with ``code`` while ``failing`` is set."""

    def __init__(self, code: int) -> None:
        self.code = code
        self.failing = True
        self.calls = 0

    def __call__(self, path: Path, data: bytes) -> None:
        self.calls += 1
        if self.failing:
            raise OSError(self.code, os.strerror(self.code), str(path))
        write_atomic(path, data)


class TestDiskRefuses:
    def test_full_disk_told_once_play_goes_on(self, data: Path) -> None:
        writer = _Failing(errno.ENOSPC)
        hooks = _hooks(data, writer=writer)
        state = MatchState(Match(ruleset=Ruleset(target=None), seed=6))
        finish(hooks, state, random.Random(6))
        assert writer.calls > 50
        assert hooks.notices() == ["Your progress cannot be saved: the disk is full. Play goes on."]
        assert hooks.statistics.played == 1  # counted in memory all the same
        assert hooks.stats_text() is not None
        assert hooks.notices() == []

    def test_told_once_a_session_even_after_saving_worked_in_between(self, data: Path) -> None:
        writer = _Failing(errno.ENOSPC)
        hooks = _hooks(data, writer=writer)
        state = MatchState(Match(seed=6))
        rng = random.Random(6)
        play(hooks, state, 3, rng)
        assert len(hooks.notices()) == 1
        writer.failing = False
        play(hooks, state, 3, rng)
        assert load_saved(data / "save.json") is not None
        writer.failing = True
        play(hooks, state, 3, rng)
        assert hooks.notices() == []

    def test_data_dir_cannot_be_created(self, tmp_path: Path) -> None:
        blocker = tmp_path / "file"
        blocker.write_text("not a folder")
        hooks = _hooks(blocker / "data")
        state = MatchState(Match(seed=1))
        play(hooks, state, 5, random.Random(1))
        [notice] = hooks.notices()
        assert notice.startswith("Your progress cannot be saved")

    @pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
    def test_read_only_folder(self, data: Path) -> None:
        data.mkdir()
        data.chmod(0o555)
        try:
            hooks = _hooks(data)
            play(hooks, MatchState(Match(seed=1)), 5, random.Random(1))
            assert hooks.notices() == [
                "Your progress cannot be saved: the folder cannot be written to. Play goes on."
            ]
        finally:
            data.chmod(0o755)

    def test_read_only_folder_by_injected_error(self, data: Path) -> None:
        hooks = _hooks(data, writer=_Failing(errno.EROFS))
        play(hooks, MatchState(Match(seed=1)), 5, random.Random(1))
        assert hooks.notices() == [
            "Your progress cannot be saved: the folder cannot be written to. Play goes on."
        ]

    def test_failed_write_leaves_old_file_whole(
        self, data: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        hooks = _hooks(data)
        state = MatchState(Match(seed=2))
        rng = random.Random(2)
        play(hooks, state, 4, rng)
        before = (data / "save.json").read_bytes()

        def full(fd: int) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(os, "fsync", full)  # the temp file is written, then fsync fails
        play(hooks, state, 2, rng)
        monkeypatch.undo()
        assert (data / "save.json").read_bytes() == before
        assert [p.name for p in data.iterdir() if p.name.endswith(".tmp")] == []
        assert hooks.notices() == ["Your progress cannot be saved: the disk is full. Play goes on."]
