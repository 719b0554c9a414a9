"""The remembered seats file (``join`` takes a seat back with it) is read by the store's
one rule: whatever is wrong with it, it is set aside with one sentence and join goes on."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from spades_voice.commands.net_common import remember_token, remembered_token


@pytest.fixture
def seats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("SPADES_VOICE_DATA_DIR", str(folder))
    folder.mkdir(parents=True)
    return folder / "seats.json"


def test_round_trip(seats: Path) -> None:
    remember_token("srv", "ABCD", "Ann", "tok")
    assert remembered_token("srv", "ABCD", "Ann") == "tok"
    assert remembered_token("srv", "WXYZ", "Ann") is None


@pytest.mark.parametrize(
    "content",
    [b"9" * 5000, b"[" * 3000, b"\xff\xfe", b'{"a": "\\ud800"}', b"[1]", b""],
    ids=["5,000 digits", "3,000 deep", "not UTF-8", "lone surrogate", "not an object", "empty"],
)
def test_unreadable_set_aside_with_one_sentence(seats: Path, content: bytes) -> None:
    seats.write_bytes(content)
    problems: list[str] = []
    assert remembered_token("srv", "ABCD", "Ann", problems) is None
    [problem] = problems
    assert problem.startswith("Your remembered seats could not be read, so they were set aside")
    [aside] = [p for p in seats.parent.iterdir() if ".unreadable-" in p.name]
    assert aside.read_bytes() == content
    remember_token("srv", "ABCD", "Ann", "tok")
    assert remembered_token("srv", "ABCD", "Ann") == "tok"


def test_link_to_dev_zero(seats: Path) -> None:
    os.symlink("/dev/zero", seats)
    problems: list[str] = []
    assert remembered_token("srv", "ABCD", "Ann", problems) is None
    assert len(problems) == 1 and not seats.exists()
