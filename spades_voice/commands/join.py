"""``spades-voice join [CODE]``: sit at a shared table, by its code or (``--any``) at any
public table waiting for people."""

from __future__ import annotations

import argparse

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


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "code",
        nargs="?",
        default=None,
        help="The table code the host was given, such as K7MP-4QX2. Leave it out to be "
        "asked for it (then it is not on the command line, where others could see it).",
    )
    parser.add_argument(
        "--any",
        action="store_true",
        help="Sit at any public table waiting for people, or open one.",
    )
    add_server_arguments(parser)
    parser.add_argument("--name", default="Guest", help="Your name at the table.")
    parser.add_argument("--seat", choices="SWNE", default=None, help="The seat you would like.")
    parser.add_argument(
        "--new-seat",
        action="store_true",
        help="Take a new seat even if this machine sat at this table before.",
    )
    add_speech_arguments(parser)


def add_server_arguments(parser: argparse.ArgumentParser) -> None:
    """Where the table is and whom to trust there (``join`` and ``watch``)."""
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


def run(args: argparse.Namespace) -> int:
    settings, problem = saved_settings()
    console = Console()
    speaker = build_speaker(args, settings, console)
    sound = build_sound(args, settings)
    try:
        if problem is not None:
            speaker.query(line(problem))
        url = server_url(args.server)
        tls = client_tls_from(args)
        try:
            if args.any:
                table = RemoteTable.join_any(url, args.name, tls=tls)
                code = table.code
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
        except ProtocolError as e:
            speaker.query(say_reason(e.reason))
            return 2
        except JoinRefused as e:
            speaker.query(say_reason(e.reason))
            return 1
        remember_token(args.server, code, args.name, table.token)
        table.rate = settings.work_rate  # the hints' Hard at this machine's speed
        try:
            if args.any:
                others = [x.name for x in table.people() if x.person and not x.you]
                speaker.query(notices.public_table(others, start_key()))
            elif table.is_host and not table.started:
                # Nobody else was here: the host role is ours.
                speaker.query(f"{line(notices.YOU_HOST)} {notices.how_to_start(start_key())}")
            elif not (table.back or table.waiting or table.started):
                # Coming back, or waiting for the next deal, the server's own notice says so.
                speaker.query(notices.waiting_for_host(table.seat))
            if not lobby(table, speaker, host=table.is_host):
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
