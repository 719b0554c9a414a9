"""``spades-voice [play]``: a match against the computers at this terminal.

Start-up order matters to a player who cannot see the screen: the speaker is built and
the greeting spoken first, then the rules, the computers and prompt_toolkit are loaded.
So this module imports almost nothing at the top.
"""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path
from typing import TYPE_CHECKING

from spades_voice.cli import add_speech_arguments
from spades_voice.shell.pace import Pace

if TYPE_CHECKING:
    from spades_voice.ai.hard import WorkRate
    from spades_voice.shell.hooks import ShellHooks
    from spades_voice.store.settings import Settings

TARGETS = {"200": 200, "300": 300, "500": 500, "single": None}
#: The values of ``spades_voice.ai.Level`` (a test keeps them equal); not imported here,
#: because loading the computer players would delay the first spoken line.
LEVELS = ("easy", "medium", "hard")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # Options left out take the saved settings; options given are remembered for next time.
    parser.add_argument(
        "--level",
        choices=LEVELS,
        default=None,
        help="How well the opponents play (your partner always plays hard). Default medium.",
    )
    parser.add_argument(
        "--target",
        choices=list(TARGETS),
        default=None,
        help="Points to win, or a single hand. Default 500.",
    )
    parser.add_argument("--blind-nil", action="store_true", help="Allow blind nil bids.")
    parser.add_argument(
        "--pace",
        choices=[p.value for p in Pace],
        default=None,
        help="How fast the computers play. Default relaxed.",
    )
    parser.add_argument("--seed", default=None, help="Deal the same cards again (any text).")
    add_speech_arguments(parser)


def store_hooks() -> ShellHooks:
    """Saves and statistics when the store is installed; no-op hooks otherwise."""
    from spades_voice.shell.hooks import ShellHooks

    try:
        from spades_voice.store.hooks import StoreHooks  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return ShellHooks()
    hooks: ShellHooks = StoreHooks()
    return hooks


def _seed(text: str | None) -> int | str:
    if text is None:
        return secrets.randbelow(10**9)
    return int(text) if text.isdigit() else text


def _choices(args: argparse.Namespace, hooks: ShellHooks) -> Settings:
    """Saved settings with this run's options on top; remembered when they changed."""
    from dataclasses import replace

    from spades_voice.store.settings import Settings

    saved = hooks.settings or Settings()
    given: dict[str, object] = {}
    for name in ("speech", "rate", "level", "pace"):
        value = getattr(args, name)
        if value is not None:
            given[name] = value
    if args.target is not None:
        given["target"] = TARGETS[args.target]
    chosen = replace(saved, **given)  # type: ignore[arg-type]
    if chosen != saved and hooks.settings is not None:
        hooks.save_settings(chosen)
    return chosen


def work_rate(hooks: ShellHooks, settings: Settings) -> WorkRate:
    """This machine's work rate for Hard: the stored one, else measured now and stored, so
    the measurement happens once per machine (``spades-voice calibrate`` measures again)."""
    import time

    from spades_voice.ai.calibrate import measure

    stored = settings.work_rate
    if stored is not None:
        return stored
    rate = measure(time.perf_counter)
    if hooks.settings is not None:
        hooks.save_settings(settings.with_work_rate(rate))
    return rate


def run(args: argparse.Namespace) -> int:
    from spades_voice.narration.texts import GREETING
    from spades_voice.shell.terminal import TerminalWriter
    from spades_voice.speech import make_speaker

    hooks = store_hooks()
    settings = _choices(args, hooks)
    pace = Pace(settings.pace) if settings.pace in {p.value for p in Pace} else Pace.RELAXED
    writer = TerminalWriter()
    speaker = make_speaker(
        settings.speech,
        settings.rate,
        Path(args.speech_log) if args.speech_log else None,
        echo=args.echo,
        write=writer.write,
    )
    try:
        speaker.query(GREETING)
        # Measured while the greeting is spoken, once per machine (then stored).
        rate = work_rate(hooks, settings)
        from prompt_toolkit.output import create_output

        from spades_voice.ai import Level
        from spades_voice.rules import Ruleset
        from spades_voice.shell.app import no_cpr, run_app
        from spades_voice.table import LocalTable

        ruleset = Ruleset(target=settings.target, blind_nil=args.blind_nil)
        table = LocalTable(ruleset, _seed(args.seed), Level(settings.level), rate=rate)
        output = no_cpr(create_output())
        writer.attach(output)
        return run_app(
            table, speaker, hooks=hooks, pace=pace, output=output, greeted=True,
            brief=settings.verbosity != "full",
        )
    finally:
        speaker.close()
