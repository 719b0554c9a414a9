"""``spades-voice join [CODE]``: sit at a shared table, by its code or (``--any``) at any
public table waiting for people."""

from __future__ import annotations

import argparse
import ssl
from collections.abc import Callable

from spades_voice.commands.common import (
    add_speech_arguments,
    build_sound,
    build_speaker,
    run_shell,
    saved_settings,
)
from spades_voice.commands.net_common import (
    DEFAULT_PORT,
    client_tls_from,
    lobby,
    read_code,
    remember_token,
    remembered_token,
    start_key,
)
from spades_voice.narration import notices
from spades_voice.narration.language import line
from spades_voice.narration.reasons import say_reason
from spades_voice.net.seats.client import JoinRefused, server_url
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire.protocol import ProtocolError, normalize_code
from spades_voice.rules import Seat
from spades_voice.shell.terminal import Console
from spades_voice.speech import Speaker
from spades_voice.store.settings import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_table_arguments(
        parser,
        code="The table code the host was given, such as K7MP-4QX2. Leave it out to be "
        "asked for it (then it is not on the command line, where others could see it).",
        any="Sit at any public table waiting for people, or open one.",
        name="Your name at the table.",
    )
    parser.add_argument("--seat", choices="SWNE", default=None, help="The seat you would like.")
    parser.add_argument(
        "--new-seat",
        action="store_true",
        help="Take a new seat even if this machine sat at this table before.",
    )
    add_speech_arguments(parser)


def add_table_arguments(parser: argparse.ArgumentParser, *, code: str, any: str, name: str
                        ) -> None:
    """Which table, where, and who comes (``join`` and ``watch``): each with its own help."""
    parser.add_argument("code", nargs="?", default=None, help=code)
    parser.add_argument("--any", action="store_true", help=any)
    add_server_arguments(parser)
    parser.add_argument("--name", default="Guest", help=name)


def add_server_arguments(parser: argparse.ArgumentParser) -> None:
    """Where the table is and whom to trust there."""
    parser.add_argument(
        "--server",
        default=f"127.0.0.1:{DEFAULT_PORT}",
        metavar="HOST:PORT",
        help=f"Where the table is: HOST:PORT, ws://… or wss://… "
        f"(default 127.0.0.1:{DEFAULT_PORT}).",
    )
    parser.add_argument(
        "--ca",
        metavar="PEM",
        default=None,
        help="Trust this certificate authority for a wss:// server (a private one).",
    )


#: How a command reaches its table: ``(args, speaker, url, tls)`` to the table, raising
#: ``ProtocolError`` or ``JoinRefused`` when it cannot.
Reach = Callable[[argparse.Namespace, Speaker, str, ssl.SSLContext | None], RemoteTable]
#: What a command says and waits for once at its table, before the shell takes it:
#: False when the table went away meanwhile.
Arrive = Callable[[argparse.Namespace, RemoteTable, Speaker, Settings], bool]


def at_table(args: argparse.Namespace, reach: Reach, arrive: Arrive) -> int:
    """A shared table at this terminal (``join`` and ``watch``): the speech, sound and
    settings, the table reached, what the command says on arrival, then the shell until
    the player leaves. Exit 2 when the code is not a code, 1 when refused or gone."""
    settings, problem = saved_settings()
    console = Console()
    speaker = build_speaker(args, settings, console)
    sound = build_sound(args, settings)
    try:
        if problem is not None:
            speaker.query(line(problem))
        try:
            table = reach(args, speaker, server_url(args.server), client_tls_from(args))
        except ProtocolError as e:
            speaker.query(say_reason(e.reason))
            return 2
        except JoinRefused as e:
            speaker.query(say_reason(e.reason))
            return 1
        try:
            if not arrive(args, table, speaker, settings):
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


def run(args: argparse.Namespace) -> int:
    return at_table(args, _reach, _arrive)


def _reach(args: argparse.Namespace, speaker: Speaker, url: str,
           tls: ssl.SSLContext | None) -> RemoteTable:
    """A seat at the table: any public one, or the code's (with this machine's saved
    token for it, unless ``--new-seat``)."""
    if args.any:
        table = RemoteTable.join_any(url, args.name, tls=tls)
    else:
        code = normalize_code(args.code if args.code else read_code(speaker))
        problems: list[str] = []
        token = None if args.new_seat else remembered_token(
            args.server, code, args.name, problems
        )
        for text in problems:  # the seats file was set aside
            speaker.query(text)
        # The saved token gives the seat back only if nobody is using it: a friend
        # on this computer with the host's token gets a seat of their own.
        table = RemoteTable.join(
            url, code, args.name, seat=Seat(args.seat) if args.seat else None,
            token=token, tls=tls,
        )
    remember_token(args.server, table.code, args.name, table.token)
    return table


def _arrive(args: argparse.Namespace, table: RemoteTable, speaker: Speaker,
            settings: Settings) -> bool:
    """Who we are at the table, then the lobby until the first deal."""
    table.rate = settings.work_rate  # the hints' Hard at this machine's speed
    if args.any:
        others = [x.name for x in table.people() if x.person and not x.you]
        speaker.query(notices.public_table(others, start_key()))
    elif table.is_host and not table.started:
        # Nobody else was here: the host role is ours.
        speaker.query(f"{line(notices.YOU_HOST)} {notices.how_to_start(start_key())}")
    elif not (table.back or table.waiting or table.started):
        # Coming back, or waiting for the next deal, the server's own notice says so.
        speaker.query(notices.waiting_for_host(table.seat))
    return lobby(table, speaker, host=table.is_host)
