"""Settings: options given at start and the pace/verbosity keys are remembered."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from shell_harness import easy_table, harness

from spades_voice.commands.play import _choices, add_arguments
from spades_voice.options import Level, Pace, Verbosity
from spades_voice.store.hooks import StoreHooks
from spades_voice.store.settings import Settings


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(list(argv))


def test_options_are_remembered_and_defaults_come_from_settings(tmp_path: Path) -> None:
    first = _choices(_args("--level", "hard", "--pace", "quick", "--target", "single"),
                     StoreHooks(tmp_path))
    assert (first.level, first.pace, first.target) == (Level.HARD, Pace.QUICK, None)
    # Next start with no options: the saved choices, read back from disk.
    again = _choices(_args(), StoreHooks(tmp_path))
    assert again == first
    # An option given once more wins and is kept; the rest stay.
    third = _choices(_args("--level", "easy"), StoreHooks(tmp_path))
    assert (third.level, third.pace) == (Level.EASY, Pace.QUICK)


def test_defaults_without_saved_settings(tmp_path: Path) -> None:
    assert _choices(_args(), StoreHooks(tmp_path)) == Settings()


def test_pace_and_verbosity_keys_are_saved(tmp_path: Path) -> None:
    hooks = StoreHooks(tmp_path)
    with harness(easy_table(), hooks=hooks) as h:
        h.press("a")  # pace: instant -> relaxed
        h.press("v")  # verbosity: brief -> full
    saved = StoreHooks(tmp_path).settings
    assert saved.pace is Pace.RELAXED  # parsed once into the enums
    assert saved.verbosity is Verbosity.FULL


def test_work_rate_is_measured_once_then_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first start measures Hard's work rate and stores it; later starts read it back
    and never measure again (a measurement that ran would fail here)."""
    from spades_voice.ai import calibrate
    from spades_voice.commands.play import work_rate

    hooks = StoreHooks(tmp_path)
    rate = work_rate(hooks, _choices(_args(), hooks))
    assert rate.plays_per_ms > 0
    assert StoreHooks(tmp_path).settings.work_rate == rate

    def refuse(*_: object) -> None:
        raise AssertionError("measured again")

    monkeypatch.setattr(calibrate, "measure", refuse)
    again = StoreHooks(tmp_path)
    assert work_rate(again, _choices(_args("--level", "hard"), again)) == rate


def test_blind_nil_is_remembered_until_turned_off(tmp_path: Path) -> None:
    assert _choices(_args("--blind-nil"), StoreHooks(tmp_path)).blind_nil is True
    assert _choices(_args(), StoreHooks(tmp_path)).blind_nil is True
    assert _choices(_args("--no-blind-nil"), StoreHooks(tmp_path)).blind_nil is False
    assert _choices(_args(), StoreHooks(tmp_path)).blind_nil is False


def test_a_hand_edited_blind_nil_that_is_not_true_or_false_is_unreadable() -> None:
    import pytest

    from spades_voice.store.files import Unreadable

    with pytest.raises(Unreadable, match="blind_nil"):
        Settings.from_json({"blind_nil": "yes"})
