"""The option names: one list each, used by the command line and checked by settings."""

from __future__ import annotations

import argparse

import pytest

from spades_voice.commands.play import add_arguments
from spades_voice.options import Level, Pace, Speech, Target, Verbosity, names
from spades_voice.rules import Ruleset
from spades_voice.store.settings import Settings


def _choices(parser: argparse.ArgumentParser, option: str) -> list[str]:
    for action in parser._actions:
        if option in action.option_strings:
            return list(action.choices or ())
    raise AssertionError(option)


def test_the_command_line_offers_exactly_the_option_names() -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert _choices(parser, "--level") == names(Level) == ["easy", "medium", "hard"]
    assert _choices(parser, "--target") == names(Target) == ["200", "300", "500", "single"]
    assert _choices(parser, "--pace") == names(Pace) == ["relaxed", "quick", "instant"]
    assert _choices(parser, "--speech") == names(Speech)


@pytest.mark.parametrize("target", list(Target))
def test_target_points_round_trip(target: Target) -> None:
    assert Target.of_points(target.points) is target
    assert Target.SINGLE.points is None


def test_target_of_unknown_points_is_refused() -> None:
    with pytest.raises(ValueError):
        Target.of_points(400)


@pytest.mark.parametrize(
    "field, value",
    [
        ("pace", "sleepy"),  # never checked before: PACE_NAMES was unused
        ("verbosity", "loud"),
        ("level", "expert"),
        ("speech", "braille"),
        ("rate", 0),
    ],
)
def test_settings_refuse_names_that_are_not_options(field: str, value: object) -> None:
    with pytest.raises(ValueError, match=field):
        Settings(**{field: value})  # type: ignore[arg-type]


@pytest.mark.parametrize("target", [400, 7])
def test_settings_refuse_a_target_the_game_does_not_offer(target: int) -> None:
    """A record may hold any positive target; a player's choice is one of ``Target``."""
    with pytest.raises(ValueError, match="target"):
        Settings(rules=Ruleset(target=target))


def test_every_option_name_is_a_valid_setting() -> None:
    for level in Level:
        Settings(level=level.value)
    for pace in Pace:
        Settings(pace=pace.value)
    for speech in Speech:
        Settings(speech=speech.value)
    for verbosity in Verbosity:
        Settings(verbosity=verbosity.value)
    for target in Target:
        Settings(rules=Ruleset(target=target.points))


def test_pace_cycles_through_every_pace() -> None:
    seen = [Pace.RELAXED]
    while seen[-1].following is not Pace.RELAXED:
        seen.append(seen[-1].following)
    assert seen == list(Pace)
