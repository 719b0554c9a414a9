"""What the talking commands share: the speech options, the saved settings, one
``build_speaker`` and the start of the spoken shell.

Imported before the greeting is spoken, so everything heavy is imported inside the
functions.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from spades_voice.options import Pace, Speech, Verbosity, names

if TYPE_CHECKING:
    from spades_voice.shell.terminal import Console
    from spades_voice.speech import Speaker
    from spades_voice.store.base import ShellHooks
    from spades_voice.store.settings import Settings
    from spades_voice.table import Table


def add_speech_arguments(parser: argparse.ArgumentParser) -> None:
    """Speech options shared by every command that talks."""
    group = parser.add_argument_group("speech")
    group.add_argument(
        "--speech",
        choices=names(Speech),
        default=None,
        help="Where speech goes (default: the saved setting, else auto).",
    )
    group.add_argument("--rate", type=int, default=None, help="Synthetic speech rate, words/min.")
    group.add_argument("--speech-log", default=None, metavar="FILE", help="Log every utterance.")
    group.add_argument(
        "--echo", action="store_true", help="Also print every line that is spoken."
    )


def saved_settings() -> tuple[Settings, str | None]:
    """The saved choices, read without changing anything, and a sentence to say when the
    file could not be used (the defaults are used then; ``play`` sets the file aside)."""
    from spades_voice.narration.texts import SETTINGS_UNREADABLE
    from spades_voice.store import files
    from spades_voice.store.files import StoreError
    from spades_voice.store.settings import SETTINGS_FILE, Settings, load_settings

    try:
        return load_settings(files.data_dir() / SETTINGS_FILE) or Settings(), None
    except StoreError:
        return Settings(), SETTINGS_UNREADABLE


def build_speaker(args: argparse.Namespace, settings: Settings, console: Console) -> Speaker:
    """The one speaker of ``play``, ``host`` and ``join``: ``--speech`` and ``--rate`` when
    given, else the saved setting; printed lines go to the ``console``, which writes each
    once and never draws over it."""
    from spades_voice.speech import make_speaker

    return make_speaker(
        args.speech or settings.speech,
        args.rate if args.rate is not None else settings.rate,
        Path(args.speech_log) if args.speech_log else None,
        echo=args.echo,
        write=console.say,
    )


def run_shell(
    table: Table,
    speaker: Speaker,
    console: Console,
    settings: Settings,
    *,
    hooks: ShellHooks | None = None,
    hold_between_hands: bool = True,
) -> int:
    """Hand ``table`` to the spoken shell on this terminal until the player quits (the
    greeting has been spoken); the ``console`` draws the terminal, prompt_toolkit only
    reads keys."""
    from spades_voice.shell.app import run_app

    return run_app(
        table,
        speaker,
        hooks=hooks,
        pace=Pace(settings.pace),
        brief=settings.verbosity != Verbosity.FULL.value,
        hold_between_hands=hold_between_hands,
        greeted=True,
        console=console,
        settings=settings,
    )
