"""``spades-voice watch [CODE]``: listen to a shared table without a seat, by its code or
(``--any``) the busiest public table being played; or (``--computers``) to four computers
playing a match here, at the chosen level and pace."""

from __future__ import annotations

import argparse
import ssl

from spades_voice.commands.common import (
    add_speech_arguments,
    build_sound,
    build_speaker,
    run_shell,
    saved_settings,
)
from spades_voice.commands.join import add_table_arguments, at_table
from spades_voice.commands.net_common import lobby, read_code
from spades_voice.narration.language import line
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.seats.watch_table import WatchTable
from spades_voice.net.wire.protocol import normalize_code
from spades_voice.options import Level, Pace, names
from spades_voice.shell.terminal import Console
from spades_voice.speech import Speaker
from spades_voice.store.settings import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_table_arguments(
        parser,
        code="The table's code, such as K7MP-4QX2. Leave it out to be asked for it.",
        any="Listen to the busiest public table being played.",
        name="Your name, as the players hear it.",
    )
    parser.add_argument(
        "--computers",
        action="store_true",
        help="Four computers play a match here: P pauses, A paces, I says what the one to "
        "act is thinking.",
    )
    parser.add_argument(
        "--level",
        choices=names(Level),
        default=None,
        help="With --computers: how well they play (default: your saved level).",
    )
    parser.add_argument(
        "--pace",
        choices=names(Pace),
        default=None,
        help="With --computers: how fast they play (default: your saved pace).",
    )
    add_speech_arguments(parser)


def run(args: argparse.Namespace) -> int:
    if args.computers:
        return _computers(args)
    return at_table(args, _reach, _arrive)


def _reach(args: argparse.Namespace, speaker: Speaker, url: str,
           tls: ssl.SSLContext | None) -> WatchTable:
    if args.any:
        return WatchTable.watch_any(url, args.name, tls=tls)
    code = normalize_code(args.code if args.code else read_code(speaker))
    return WatchTable.watch(url, code, args.name, tls=tls)


def _arrive(args: argparse.Namespace, table: RemoteTable, speaker: Speaker,
            settings: Settings) -> bool:
    # The table's own notice says that we watch and where the match stands: before the
    # first deal the lobby says it; mid-match the shell does, with the trick so far from
    # the watcher's view.
    return table.started or lobby(table, speaker, host=False)


def _computers(args: argparse.Namespace) -> int:
    """Four computers at this terminal, heard as a watcher hears a table. The player's
    choices are read, never written, and nothing is kept (the hooks save nothing): the
    player's folder stays free for their own game meanwhile."""
    from dataclasses import replace

    from spades_voice.commands.play import _seed, work_rate
    from spades_voice.narration.texts import GREETING
    from spades_voice.store.base import ShellHooks
    from spades_voice.table import ComputersTable

    settings, problem = saved_settings()
    given = {k: getattr(args, k) for k in ("level", "pace") if getattr(args, k) is not None}
    settings = replace(settings, **given)  # this run only: watching changes no saved choice
    console = Console()
    speaker = build_speaker(args, settings, console)
    sound = build_sound(args, settings)
    try:
        speaker.query(line(GREETING))
        if problem is not None:
            speaker.query(line(problem))
        hooks = ShellHooks()
        rate = work_rate(hooks, settings)  # measured here when never stored; not stored
        table = ComputersTable(settings.rules, _seed(None), settings.level, rate=rate)
        return run_shell(table, speaker, console, settings, hooks=hooks,
                         hold_between_hands=False, sound=sound)
    finally:
        sound.close()
        speaker.close()
