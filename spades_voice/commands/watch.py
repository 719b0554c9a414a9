"""``spades-voice watch [CODE]``: listen to a shared table without a seat, by its code or
(``--any``) the busiest public table being played; or (``--computers``) to four computers
playing a match here, at the chosen level and pace."""

from __future__ import annotations

import argparse

from spades_voice.commands.common import (
    add_speech_arguments,
    build_sound,
    build_speaker,
    run_shell,
    saved_settings,
)
from spades_voice.commands.join import add_server_arguments
from spades_voice.commands.net_common import client_tls_from, lobby, read_code
from spades_voice.narration import notices
from spades_voice.narration.language import line
from spades_voice.narration.reasons import say_reason
from spades_voice.net.seats.client import JoinRefused, server_url
from spades_voice.net.seats.watch_table import WatchTable
from spades_voice.net.wire.protocol import ProtocolError, normalize_code
from spades_voice.options import Level, Pace, names
from spades_voice.shell.terminal import Console


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "code",
        nargs="?",
        default=None,
        help="The table's code, such as K7MP-4QX2. Leave it out to be asked for it.",
    )
    parser.add_argument(
        "--any",
        action="store_true",
        help="Listen to the busiest public table being played.",
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
    add_server_arguments(parser)
    parser.add_argument("--name", default="Guest", help="Your name, as the players hear it.")
    add_speech_arguments(parser)


def run(args: argparse.Namespace) -> int:
    if args.computers:
        return _computers(args)
    settings, problem = saved_settings()
    console = Console()
    speaker = build_speaker(args, settings, console)
    sound = build_sound(args, settings)
    try:
        if problem is not None:
            speaker.query(line(problem))
        url, tls = server_url(args.server), client_tls_from(args)
        try:
            if args.any:
                table = WatchTable.watch_any(url, args.name, tls=tls)
            else:
                code = normalize_code(args.code if args.code else read_code(speaker))
                table = WatchTable.watch(url, code, args.name, tls=tls)
        except ProtocolError as e:
            speaker.query(say_reason(e.reason))
            return 2
        except JoinRefused as e:
            speaker.query(say_reason(e.reason))
            return 1
        try:
            # The table's own notice says that we watch and where the match stands: before
            # the first deal the lobby says it; mid-match the shell does, with the trick so
            # far from the watcher's view.
            if not table.started and not lobby(table, speaker, host=False):
                gone = table.closed_reason
                speaker.query(line(notices.TABLE_GONE) if gone is None else say_reason(gone))
                return 1
            return run_shell(
                table, speaker, console, settings, hold_between_hands=False, sound=sound
            )
        finally:
            table.close()
    finally:
        sound.close()
        speaker.close()


def _computers(args: argparse.Namespace) -> int:
    """Four computers at this terminal, heard as a watcher hears a table."""
    from dataclasses import replace

    from spades_voice.commands.play import _seed, store_hooks, work_rate
    from spades_voice.commands.watch_computers import ComputersTable
    from spades_voice.narration.texts import GREETING

    hooks = store_hooks()
    settings = hooks.settings or saved_settings()[0]
    given = {k: getattr(args, k) for k in ("level", "pace") if getattr(args, k) is not None}
    settings = replace(settings, **given)  # this run only: watching changes no saved choice
    console = Console()
    speaker = build_speaker(args, settings, console)
    sound = build_sound(args, settings)
    try:
        speaker.query(line(GREETING))
        rate = work_rate(hooks, settings)
        table = ComputersTable(settings.rules, _seed(None), settings.level, rate=rate)
        return run_shell(table, speaker, console, settings, hold_between_hands=False,
                         sound=sound)
    finally:
        sound.close()
        speaker.close()
