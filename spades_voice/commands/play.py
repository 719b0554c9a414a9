"""``spades-voice [play]``: a match against the computers at this terminal.

Start-up order matters to a player who cannot see the screen: the speaker is built and
the greeting spoken first, then the rules, the computers and prompt_toolkit are loaded.
So this module imports almost nothing at the top.
"""

from __future__ import annotations

import argparse
import secrets
from typing import TYPE_CHECKING

from spades_voice.commands.common import (
    add_spades_any_time_argument,
    add_speech_arguments,
    build_sound,
    build_speaker,
    choose_language,
    run_shell,
    saved_settings,
)
from spades_voice.options import Level, Pace, Target, names

if TYPE_CHECKING:
    from spades_voice.ai.hard import WorkRate
    from spades_voice.store.base import ShellHooks
    from spades_voice.store.settings import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # Options left out take the saved settings; options given are remembered for next time.
    parser.add_argument(
        "--level",
        choices=names(Level),
        default=None,
        help="How well the opponents play (your partner always plays hard). Default medium.",
    )
    parser.add_argument(
        "--target",
        choices=names(Target),
        default=None,
        help="Points to win, or a single hand. Default 500.",
    )
    parser.add_argument(
        "--blind-nil",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="Allow blind nil bids (remembered; --no-blind-nil turns it off).",
    )
    add_spades_any_time_argument(parser, remembered=True)
    parser.add_argument(
        "--pace",
        choices=names(Pace),
        default=None,
        help="How fast the computers play. Default relaxed.",
    )
    parser.add_argument("--seed", default=None, help="Deal the same cards again (any text).")
    add_speech_arguments(parser)


def store_hooks() -> ShellHooks:
    """Saves, statistics, settings and the match clock in the player's data folder."""
    from spades_voice.store.hooks import StoreHooks

    return StoreHooks()


def _seed(text: str | None) -> int | str:
    if text is None:
        return secrets.randbelow(10**9)
    return int(text) if text.isdigit() else text


def _choices(args: argparse.Namespace, hooks: ShellHooks) -> Settings:
    """Saved settings with this run's options on top; remembered when they changed."""
    from dataclasses import replace

    from spades_voice.store.settings import Settings, chosen_rules

    saved = hooks.settings or Settings()
    given: dict[str, object] = {}
    for name in ("speech", "rate", "level", "pace", "sound", "language"):
        value = getattr(args, name)
        if value is not None:
            given[name] = value
    given["rules"] = chosen_rules(
        saved.rules,
        target=args.target,
        blind_nil=args.blind_nil,
        spades_any_time=args.spades_any_time,
    )
    chosen = replace(saved, **given)  # type: ignore[arg-type]
    if chosen != saved and hooks.settings is not None:
        hooks.save_settings(chosen)
    return chosen


def work_rate(hooks: ShellHooks, settings: Settings) -> WorkRate:
    """This machine's work rate for Hard: the stored one, else measured now and stored, so
    the measurement happens once per machine (``spades-voice calibrate`` measures again).
    Measured in CPU time: the machine's speed, not how busy it was at that moment."""
    import time

    from spades_voice.ai.calibrate import measure

    stored = settings.work_rate
    if stored is not None:
        return stored
    rate = measure(time.process_time)
    if hooks.settings is not None:
        hooks.save_settings(settings.with_work_rate(rate))
    return rate


def run(args: argparse.Namespace) -> int:
    """Play until the player quits (``cli`` holds the terminal from the first moment)."""
    from spades_voice.narration.language import line
    from spades_voice.narration.texts import GREETING
    from spades_voice.shell.terminal import Console

    # The language first: what the store says while loading (a file set aside) is said in it.
    choose_language(args, saved_settings()[0])
    hooks = store_hooks()
    settings = _choices(args, hooks)
    console = Console()
    speaker = build_speaker(args, settings, console)
    sound = None
    try:
        speaker.query(line(GREETING))
        # Measured while the greeting is spoken, once per machine (then stored).
        rate = work_rate(hooks, settings)
        settings = settings.with_work_rate(rate)
        sound = build_sound(args, settings)
        from spades_voice.table import LocalTable

        table = LocalTable(settings.rules, _seed(args.seed), settings.level, rate=rate)
        return run_shell(table, speaker, console, settings, hooks=hooks, sound=sound)
    finally:
        if sound is not None:
            sound.close()
        speaker.close()
