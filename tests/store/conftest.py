"""Fixtures for the store tests: a private data directory and a steppable clock."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_helpers import FakeClock

from spades_voice.store import DATA_DIR_ENV


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty data directory; the environment points at it too, so nothing reaches ~."""
    folder = tmp_path / "data"
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    return folder


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()
