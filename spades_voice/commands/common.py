"""What the talking commands share: the speech and sound options, the saved settings,
one ``build_speaker``, one ``build_sound`` and the start of the spoken shell.

Imported before the greeting is spoken, so everything heavy is imported inside the
functions.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from spades_voice.narration.language import Language, from_environment, set_default
from spades_voice.options import Sound, Speech, Verbosity, names

if TYPE_CHECKING:
    from spades_voice.shell.terminal import Console
    from spades_voice.sound import SoundPlayer
    from spades_voice.speech import Speaker
    from spades_voice.store.base import ShellHooks
    from spades_voice.store.settings import Settings
    from spades_voice.table import Table


def add_data_dir_argument(parser: argparse.ArgumentParser) -> None:
    """``--data-dir``, for the commands that read or write the game's own files."""
    from spades_voice.store.files import DATA_DIR_ENV

    parser.add_argument(
        "--data-dir",
        default=None,
        metavar="DIR",
        help=f"Where the game keeps its files (default: ${DATA_DIR_ENV}, "
        "else your user data folder).",
    )


def add_language_argument(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--language``, for every command that says or prints sentences to the player."""
    parser.add_argument(
        "--language",
        choices=[lang.value for lang in Language],
        default=None,
        help="The language the game speaks (default: the saved setting, else the system's).",
    )


def add_spades_any_time_argument(parser: argparse.ArgumentParser, *, remembered: bool) -> None:
    """``--spades-any-time``, the house rule that spades may be led before they are
    broken: for ``play`` a remembered choice (``--no-spades-any-time`` turns it off), for
    ``host`` this table's."""
    if remembered:
        parser.add_argument(
            "--spades-any-time",
            action=argparse.BooleanOptionalAction,
            default=None,
            help="House rule: spades may be led at any time (remembered; "
            "--no-spades-any-time turns it off).",
        )
    else:
        parser.add_argument(
            "--spades-any-time",
            action="store_true",
            default=None,
            help="House rule: spades may be led at any time.",
        )


def add_speech_arguments(parser: argparse.ArgumentParser) -> None:
    """Speech options shared by every command that talks."""
    group = parser.add_argument_group("speech")
    group.add_argument(
        "--speech",
        choices=names(Speech),
        default=None,
        help="Where speech goes (default: the saved setting, else auto).",
    )
    add_language_argument(group)
    group.add_argument("--rate", type=int, default=None, help="Synthetic speech rate, words/min.")
    group.add_argument("--speech-log", default=None, metavar="FILE", help="Log every utterance.")
    group.add_argument(
        "--echo", action="store_true", help="Also print every line that is spoken."
    )
    group = parser.add_argument_group("sound")
    group.add_argument(
        "--sound",
        choices=names(Sound),
        default=None,
        help="Sound cues on or off (default: the saved setting, else on).",
    )
    group.add_argument("--sound-log", default=None, metavar="FILE", help="Log every sound cue.")


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


def system_language() -> Language:
    """The user's language as the system says it: the locale variables, else (on Windows)
    the user's interface language, else English."""
    import os
    import sys

    ui = None
    if sys.platform == "win32":
        ui = _windows_ui_language()
    return from_environment(os.environ, ui)


def _windows_ui_language() -> str | None:
    """The Windows user's interface language as a locale name ("es-ES"); None if unknown."""
    import ctypes

    try:
        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
        lcid = kernel32.GetUserDefaultUILanguage()
        buffer = ctypes.create_unicode_buffer(85)
        if kernel32.LCIDToLocaleName(lcid, buffer, len(buffer), 0) == 0:
            return None
        return str(buffer.value)
    except (AttributeError, OSError):
        return None


def choose_language(args: argparse.Namespace, settings: Settings) -> Language:
    """``--language`` when given, else the saved setting, else the system's language; the
    game speaks it from now on."""
    chosen = getattr(args, "language", None) or settings.language
    lang = Language(chosen) if chosen else system_language()
    set_default(lang)
    return lang


def build_speaker(args: argparse.Namespace, settings: Settings, console: Console) -> Speaker:
    """The one speaker of ``play``, ``host`` and ``join``: ``--speech`` and ``--rate`` when
    given, else the saved setting; printed lines go to the ``console``, which writes each
    once and never draws over it. The language is chosen first, so the outputs that can
    choose a voice choose one for it."""
    from spades_voice.speech import make_speaker

    choose_language(args, settings)

    return make_speaker(
        args.speech or settings.speech.value,
        args.rate if args.rate is not None else settings.rate,
        Path(args.speech_log) if args.speech_log else None,
        echo=args.echo,
        write=console.say,
    )


def build_sound(args: argparse.Namespace, settings: Settings) -> SoundPlayer:
    """The sound player of ``play``, ``host`` and ``join``: ``--sound`` when given, else
    the saved setting, at the saved volume. The device opens in the background from now
    on; the cues are rendered once the shell's first lines are out (``run_app``)."""
    from spades_voice.sound import SoundPlayer

    choice = Sound(args.sound) if args.sound else settings.sound
    log = None
    if args.sound_log:
        # Not a with-block: the player owns the log from here and closes it.
        log = Path(args.sound_log).open("a", encoding="utf-8")  # noqa: SIM115
    player = SoundPlayer(
        enabled=choice is Sound.ON, volume=settings.volume, log=log, owns_log=True
    )
    player.start()
    return player


def run_shell(
    table: Table,
    speaker: Speaker,
    console: Console,
    settings: Settings,
    *,
    hooks: ShellHooks | None = None,
    hold_between_hands: bool = True,
    sound: SoundPlayer | None = None,
) -> int:
    """Hand ``table`` to the spoken shell on this terminal until the player quits (the
    greeting has been spoken); the ``console`` draws the terminal, prompt_toolkit only
    reads keys. ``sound`` is closed when the shell ends, after any cue still playing
    (bounded)."""
    from spades_voice.shell.app import run_app

    try:
        return run_app(
            table,
            speaker,
            hooks=hooks,
            pace=settings.pace,
            brief=settings.verbosity is not Verbosity.FULL,
            hold_between_hands=hold_between_hands,
            greeted=True,
            console=console,
            sound=sound,
            settings=settings,
        )
    finally:
        if sound is not None:
            sound.close(wait=0.5)
