"""Settings: options given at start and the pace/verbosity keys are remembered."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from shell_harness import easy_table, harness

from spades_voice.commands.play import _choices, add_arguments
from spades_voice.options import Level, Pace, Verbosity
from spades_voice.rules import Ruleset
from spades_voice.store.hooks import StoreHooks
from spades_voice.store.settings import Settings


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(list(argv))


def test_options_are_remembered_and_defaults_come_from_settings(tmp_path: Path) -> None:
    first = _choices(_args("--level", "hard", "--pace", "quick", "--target", "single"),
                     StoreHooks(tmp_path))
    assert (first.level, first.pace, first.rules.target) == (Level.HARD, Pace.QUICK, None)
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


@pytest.mark.parametrize("switch", ["blind_nil", "spades_any_time"])
def test_a_rule_switch_is_remembered_until_turned_off(tmp_path: Path, switch: str) -> None:
    option = "--" + switch.replace("_", "-")
    no = "--no-" + switch.replace("_", "-")

    def rules(*argv: str) -> Ruleset:
        return _choices(_args(*argv), StoreHooks(tmp_path)).rules

    assert getattr(rules(option), switch) is True
    assert getattr(rules(), switch) is True
    assert getattr(rules(no), switch) is False
    assert getattr(rules(), switch) is False


def test_the_rules_chosen_are_one_ruleset(tmp_path: Path) -> None:
    """The options a player gives become the settings' ``Ruleset``, the one the match is
    dealt with; those not given keep the saved value."""
    first = _choices(_args("--target", "300", "--spades-any-time"), StoreHooks(tmp_path))
    assert first.rules == Ruleset(target=300, spades_any_time=True)
    again = _choices(_args("--blind-nil"), StoreHooks(tmp_path))
    assert again.rules == Ruleset(target=300, blind_nil=True, spades_any_time=True)


@pytest.mark.parametrize("switch", ["blind_nil", "spades_any_time"])
def test_a_hand_edited_rule_that_is_not_true_or_false_is_unreadable(switch: str) -> None:
    from spades_voice.store.files import Unreadable

    with pytest.raises(Unreadable, match=switch):
        Settings.from_json({"rules": {switch: "yes"}})
