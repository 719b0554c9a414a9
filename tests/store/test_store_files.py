"""Versioned files: atomic replacement, every way a file can be unusable, migration."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from spades_voice.store import files
from spades_voice.store.files import NewerVersion, OlderVersion, Unreadable


def _doc(version: int, **body: object) -> bytes:
    return json.dumps({"schema": "t", "version": version, **body}).encode()


class TestWriteAtomic:
    def test_replaces_and_leaves_no_temp(self, tmp_path: Path) -> None:
        target = tmp_path / "sub" / "f.json"
        files.write_atomic(target, b"one")
        files.write_atomic(target, b"two")
        assert target.read_bytes() == b"two"
        assert sorted(p.name for p in target.parent.iterdir()) == ["f.json"]

    def test_failure_keeps_the_old_file(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        target = tmp_path / "f.json"
        files.write_atomic(target, b"old")

        def refuse(src: object, dst: object) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(files.os, "replace", refuse)
        with pytest.raises(OSError):
            files.write_atomic(target, b"new")
        assert target.read_bytes() == b"old"
        assert [p.name for p in tmp_path.iterdir()] == ["f.json"]

    def test_stale_temps(self, tmp_path: Path) -> None:
        for name in (".f.json.x1.tmp", ".g.json.x.tmp", "f.json"):
            (tmp_path / name).write_text("x")
        files.remove_stale_temps(tmp_path, ("f.json",))
        assert sorted(p.name for p in tmp_path.iterdir()) == [".g.json.x.tmp", "f.json"]


class TestParse:
    @pytest.mark.parametrize(
        "raw",
        [
            b"",
            b"   \n",
            b"{",
            b"\xff\xfe\x00garbage",
            b"[]",
            b'"text"',
            b'{"schema": "other", "version": 1}',
            b'{"schema": "t"}',
            b'{"schema": "t", "version": "1"}',
            b'{"schema": "t", "version": true}',
            b'{"schema": "t", "version": -1}',
            b"[" * 100_000,
        ],
    )
    def test_unreadable(self, raw: bytes) -> None:
        with pytest.raises(Unreadable):
            files.parse(raw, "t", 1)

    def test_deep_nesting_never_reaches_the_decoder(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Near the recursion limit a finalizer the collector runs fails unreported (a
        full run once failed on it): the depth is refused before json decodes."""
        decoded: list[str] = []
        real = json.loads
        monkeypatch.setattr(files.json, "loads", lambda text: decoded.append(text) or real(text))
        with pytest.raises(Unreadable, match="nested too deeply"):
            files.parse(b'{"a": "[[[[[[", "b": ' + b"[" * 3000 + b"]" * 3000 + b"}", "t", 1)
        assert decoded == []
        assert files.decode_json(b'{"a": "' + b"[" * 3000 + b'"}') == {"a": "[" * 3000}

    def test_newer(self) -> None:
        with pytest.raises(NewerVersion) as caught:
            files.parse(_doc(3), "t", 2)
        assert caught.value.version == 3
        assert "newer version" in str(caught.value)

    def test_older_without_a_step(self) -> None:
        with pytest.raises(OlderVersion):
            files.parse(_doc(1), "t", 2)

    def test_migrated_step_by_step(self) -> None:
        def one_to_two(obj: dict[str, object]) -> dict[str, object]:
            obj["wins"] = obj.pop("victories")
            return obj

        def two_to_three(obj: dict[str, object]) -> dict[str, object]:
            obj["streak"] = 0
            return obj

        steps = {1: one_to_two, 2: two_to_three}
        got = files.parse(_doc(1, victories=4), "t", 3, steps)
        assert got == {"schema": "t", "version": 3, "wins": 4, "streak": 0}

    def test_a_failing_migration_is_unreadable(self) -> None:
        def broken(obj: dict[str, object]) -> dict[str, object]:
            raise KeyError("victories")

        with pytest.raises(Unreadable):
            files.parse(_doc(1), "t", 2, {1: broken})

    def test_round_trip(self) -> None:
        assert files.parse(files.dump("t", 2, {"a": [1, "é"]}), "t", 2) == {
            "schema": "t",
            "version": 2,
            "a": [1, "é"],
        }

    def test_missing_file_is_none(self, tmp_path: Path) -> None:
        assert files.load(tmp_path / "nothing.json", "t", 1, None, dict, 100) is None


class TestMoveAside:
    def test_never_over_another(self, tmp_path: Path) -> None:
        when = datetime(2025, 3, 4, 5, 6, 7)
        names = []
        for content in ("a", "b", "c"):
            path = tmp_path / "save.json"
            path.write_text(content)
            moved = files.move_aside(path, "unreadable", when)
            assert moved is not None and moved.read_text() == content
            names.append(moved.name)
        assert names == [
            "save.unreadable-20250304-050607.json",
            "save.unreadable-20250304-050607-1.json",
            "save.unreadable-20250304-050607-2.json",
        ]

    def test_gone_file(self, tmp_path: Path) -> None:
        assert files.move_aside(tmp_path / "none.json", "x") is None


class TestDataDir:
    def test_precedence(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv(files.DATA_DIR_ENV, str(tmp_path / "env"))
        assert files.data_dir(tmp_path / "arg") == tmp_path / "arg"
        assert files.data_dir() == tmp_path / "env"
        monkeypatch.delenv(files.DATA_DIR_ENV)
        assert files.data_dir().name == "spades-voice"
