"""Every stored file attacked the way a tester would: whatever is in it, the game starts.

Real files in a real folder for each case: numbers too long for Python to read, nesting
too deep, a field of the wrong type anywhere in a save, links to /dev/zero, pipes,
folders where a file should be, files over their cap, a byte-order mark, and any
exception at all from the decoder. Each must end the same way: the file is set aside
beside itself, one sentence names it, and the session starts.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from store_helpers import FakeClock, crash, finish, play, quick_write, short_match

from spades_voice.options import Level
from spades_voice.rules import Match, MatchState
from spades_voice.store import Settings, StoreHooks, files, load_saved
from spades_voice.store.files import StoreError, Unreadable
from spades_voice.store.save import parse_saved
from spades_voice.store.settings import load_settings
from spades_voice.store.stats import load_pending, load_stats

HUGE = "9" * 5000  # more digits than int() reads (4,300)
DEEP = "[" * 3000 + "]" * 3000

LOADERS: dict[str, Callable[[Path], object]] = {
    "save.json": load_saved,
    "last-match.json": load_saved,
    "stats.json": load_stats,
    "settings.json": load_settings,
    "stats-pending.json": load_pending,
}
CAPS = {
    "save.json": files.SAVE_CAP,
    "last-match.json": files.SAVE_CAP,
    "stats.json": files.STATS_CAP,
    "settings.json": files.SETTINGS_CAP,
    "stats-pending.json": files.STATS_CAP,
}
#: What the player hears each file called.
SPOKEN = {
    "save.json": "saved match",
    "stats.json": "statistics",
    "settings.json": "settings",
    "stats-pending.json": "results waiting to be counted",
}
SCHEMAS = {
    "save.json": "spades-voice/save",
    "stats.json": "spades-voice/stats",
    "settings.json": "spades-voice/settings",
    "stats-pending.json": "spades-voice/stats-pending",
}


def _aside(data: Path, stem: str) -> list[Path]:
    return sorted(
        p for p in data.iterdir() if p.name.startswith(f"{stem}.") and p.name.count(".") >= 2
    )


def _head(name: str) -> str:
    return f'{{"schema": "{SCHEMAS[name]}", "version": 1'


#: A field each file reads, to carry the poison where it is looked at.
FIELD = {
    "save.json": "elapsed",
    "stats.json": "seconds",
    "settings.json": "pace",
    "stats-pending.json": "results",
}


def _bad_contents(name: str) -> dict[str, bytes]:
    head, field = _head(name), FIELD[name]
    return {
        "5,000-digit number": f'{head}, "{field}": {HUGE}}}'.encode(),
        "5,000-digit version": f'{{"schema": "{SCHEMAS[name]}", "version": {HUGE}}}'.encode(),
        "nested 3,000 deep": f'{head}, "{field}": {DEEP}}}'.encode(),
        "nested 3,000 deep at the top": DEEP.encode(),
        "NaN": f'{head}, "{field}": NaN}}'.encode(),
        "1e999": f'{head}, "{field}": 1e999}}'.encode(),
        "not UTF-8": b"\xff\xfe\xfa" + head.encode(),
        "NUL bytes": b"\x00" * 200,
        "UTF-16": (head + "}").encode("utf-16"),
        "a lone surrogate escape": f'{head}, "{field}": "\\ud800"}}'.encode(),
    }


def _session(data: Path, **kw: Any) -> StoreHooks:
    return StoreHooks(data, clock=FakeClock(), **kw)


class TestEveryFileEveryPoison:
    @pytest.mark.parametrize("name", list(SPOKEN))
    @pytest.mark.parametrize("case", list(_bad_contents("save.json")))
    def test_set_aside_told_started(self, data: Path, name: str, case: str) -> None:
        data.mkdir()
        bad = _bad_contents(name)[case]
        (data / name).write_bytes(bad)
        with pytest.raises(StoreError):
            LOADERS[name](data / name)
        hooks = _session(data)
        notices = hooks.notices()
        assert len(notices) == 1, notices
        assert notices[0].startswith(f"Your {SPOKEN[name]} ")
        [moved] = _aside(data, Path(name).stem)
        assert moved.read_bytes() == bad
        assert moved.name in notices[0]
        # The game goes on: it saves a match normally.
        play(hooks, MatchState(Match(seed=1)), 3, random.Random(1))
        assert load_saved(data / "save.json") is not None


def _link(data: Path, name: str, target: str) -> None:
    data.mkdir(exist_ok=True)
    os.symlink(target, data / name)


class TestNotOrdinaryFiles:
    @pytest.mark.parametrize("name", list(SPOKEN))
    def test_link_to_dev_zero_refused_before_reading(self, data: Path, name: str) -> None:
        _link(data, name, "/dev/zero")
        with pytest.raises(Unreadable, match="not an ordinary file"):
            LOADERS[name](data / name)
        hooks = _session(data)
        [notice] = hooks.notices()
        assert SPOKEN[name] in notice
        [moved] = _aside(data, Path(name).stem)
        assert moved.is_symlink() and os.readlink(moved) == "/dev/zero"

    @pytest.mark.parametrize("name", list(LOADERS))
    def test_pipe_does_not_block(self, data: Path, name: str) -> None:
        data.mkdir()
        os.mkfifo(data / name)  # opening it for reading would wait for a writer
        with pytest.raises(Unreadable, match="not an ordinary file"):
            LOADERS[name](data / name)

    @pytest.mark.parametrize("name", list(LOADERS))
    def test_a_folder_in_its_place(self, data: Path, name: str) -> None:
        (data / name).mkdir(parents=True)
        with pytest.raises(Unreadable):
            LOADERS[name](data / name)

    @pytest.mark.parametrize("name", list(LOADERS))
    def test_over_its_cap(self, data: Path, name: str) -> None:
        data.mkdir()
        with (data / name).open("wb") as f:  # sparse: costs no disk
            f.truncate(CAPS[name] + 1)
        with pytest.raises(Unreadable, match="larger than"):
            LOADERS[name](data / name)

    def test_link_to_a_good_file_is_read(self, data: Path) -> None:
        hooks = _session(data, writer=quick_write)
        play(hooks, MatchState(Match(seed=2)), 5, random.Random(2))
        crash(hooks)
        os.rename(data / "save.json", data / "real.json")
        os.symlink(data / "real.json", data / "save.json")
        assert _session(data).saved_match() is not None


class TestByteOrderMark:
    def test_each_file_is_read_with_a_bom(self, data: Path) -> None:
        hooks = _session(data, writer=quick_write)
        hooks.save_settings(Settings(speech="print", level="hard"))
        finish(hooks, short_match(4), random.Random(4))
        hooks.start_new(None)
        play(hooks, MatchState(Match(seed=5)), 7, random.Random(5))
        crash(hooks)
        for name in ("save.json", "stats.json", "settings.json"):
            path = data / name
            path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
        again = _session(data)
        assert again.notices() == []
        assert again.settings.level is Level.HARD
        assert again.statistics.played == 1
        assert again.saved_match() is not None


class TestAnyExceptionIsUnreadable:
    """Whatever the decoder or a check raises, the answer is "unreadable"."""

    @pytest.mark.parametrize(
        "error",
        [MemoryError(), RecursionError(), ValueError("x"), TypeError("x"), OverflowError(),
         KeyError("x"), IndexError(), AttributeError("x"), ZeroDivisionError()],
        ids=lambda e: type(e).__name__,
    )
    def test_decoder_raises(
        self, data: Path, monkeypatch: pytest.MonkeyPatch, error: Exception
    ) -> None:
        hooks = _session(data, writer=quick_write)
        finish(hooks, short_match(3), random.Random(3))
        hooks.start_new(None)
        play(hooks, MatchState(Match(seed=3)), 4, random.Random(3))
        crash(hooks)

        def boom(*args: object, **kw: object) -> object:
            raise error

        monkeypatch.setattr(files.json, "loads", boom)
        again = _session(data)
        notices = again.notices()
        assert any("saved match could not be read" in n for n in notices), notices
        assert any("statistics could not be read" in n for n in notices), notices
        assert again.saved_match() is None


def _good_save(data: Path) -> dict[str, Any]:
    """A real save of a match with fixed deals (so ``deals`` is there to spoil too)."""
    from spades_voice.rules.record import dumps_record, parse_record

    state = MatchState(Match(seed=8))
    rng = random.Random(8)
    hooks = _session(data, writer=quick_write)
    play(hooks, state, 60, rng)
    crash(hooks)
    # Rebuild it from its record: a match with deals and no seed, as an import would be.
    record = parse_record(json.loads(dumps_record(state)))
    match = record.to_match()
    from spades_voice.store.save import SavedMatch, saved_to_bytes

    obj: dict[str, Any] = json.loads(saved_to_bytes(SavedMatch(match, "abc123", 4.0)))
    obj["match"]["seed"] = 8
    parse_saved(json.dumps(obj).encode())  # good as it stands
    return obj


def _paths(obj: object, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (capped per list so the test stays quick)."""
    out = [at]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*at, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:3]):
            out += _paths(v, (*at, i))
    return out


def _set(obj: Any, at: tuple[Any, ...], value: object) -> Any:
    if not at:
        return value
    copy = json.loads(json.dumps(obj))
    node = copy
    for k in at[:-1]:
        node = node[k]
    node[at[-1]] = value
    return copy


WRONG: list[object] = [None, True, 5, -1, 2**70, 1.5, "x", "", [], [1], {}, {"a": 1}]


class TestEveryFieldOfASave:
    def test_wrong_type_anywhere_is_unreadable_never_a_crash(self, data: Path) -> None:
        good = _good_save(data)
        tried = refused = 0
        for at in _paths(good):
            for value in WRONG:
                spoiled = _set(good, at, value)
                raw = json.dumps(spoiled).encode()
                tried += 1
                try:
                    parse_saved(raw)
                except StoreError:
                    refused += 1
        # A wrong value either is refused as unreadable or happens to be a legal one
        # ("saved_at" is not read back, a bid of 5 for 4 may be legal): never another error.
        assert tried > 500
        assert refused > tried * 0.8

    @pytest.mark.parametrize(
        "change",
        [
            {"deals": 5},
            {"deals": [5]},
            {"deals": [{"dealer": 5, "deal": {}}]},
            {"deals": [{"dealer": "S", "deal": {"S": "AS"}}]},
            {"decisions": 5},
            {"decisions": [{"a": 1}]},
            {"decisions": [True]},
            {"decisions": [[["x"]]]},
            {"rules": 5},
            {"rules": {"target": "500"}},
            {"rules": {"failed_nil_tricks": ["bags"]}},
            {"seed": [1]},
            {"seed": "s" * 10_000},
        ],
        ids=lambda c: json.dumps(c)[:40],
    )
    def test_issue_cases_in_the_match(self, data: Path, change: dict[str, object]) -> None:
        good = _good_save(data)
        good["match"].update(change)
        (data / "save.json").write_text(json.dumps(good))
        hooks = _session(data)
        [notice] = hooks.notices()
        assert notice.startswith("Your saved match could not be read")
        assert hooks.saved_match() is None
