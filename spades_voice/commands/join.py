"""``spades-voice join CODE``: sit at a shared table."""

from __future__ import annotations

import argparse

from spades_voice.commands.common import (
    add_speech_arguments,
    build_speaker,
    run_shell,
    saved_settings,
)
from spades_voice.commands.net_common import (
    DEFAULT_PORT,
    lobby,
    remember_token,
    remembered_token,
)
from spades_voice.narration import notices
from spades_voice.net.client import JoinRefused, RemoteTable, server_url
from spades_voice.net.protocol import ProtocolError, normalize_code
from spades_voice.rules import Seat
from spades_voice.shell.terminal import Console


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", help="The table code the host was given, such as K7MP-4QX2.")
    parser.add_argument(
        "--server",
        default=f"127.0.0.1:{DEFAULT_PORT}",
        metavar="HOST:PORT",
        help=f"Where the table is (default 127.0.0.1:{DEFAULT_PORT}).",
    )
    parser.add_argument("--name", default="Guest", help="Your name at the table.")
    parser.add_argument("--seat", choices="SWNE", default=None, help="The seat you would like.")
    parser.add_argument(
        "--new-seat",
        action="store_true",
        help="Take a new seat even if this machine sat at this table before.",
    )
    add_speech_arguments(parser)


def run(args: argparse.Namespace) -> int:
    settings, problem = saved_settings()
    console = Console()
    speaker = build_speaker(args, settings, console)
    try:
        if problem is not None:
            speaker.query(problem)
        try:
            code = normalize_code(args.code)
        except ProtocolError as e:
            speaker.query(str(e))
            return 2
        url = server_url(args.server)
        token = None if args.new_seat else remembered_token(args.server, code)
        table: RemoteTable | None = None
        try:
            if token is not None:
                try:
                    table = RemoteTable.rejoin(url, code, token)
                    speaker.query(notices.BACK_AT_SEAT)
                except JoinRefused:
                    table = None
            if table is None:
                table = RemoteTable.join(
                    url, code, args.name, seat=Seat(args.seat) if args.seat else None
                )
        except JoinRefused as e:
            speaker.query(str(e))
            return 1
        remember_token(args.server, code, table.token)
        try:
            if not table.started:
                speaker.query(notices.waiting_for_host(table.seat))
            if not lobby(table, speaker, host=False):
                speaker.query(table.closed_reason or "The table has gone.")
                return 1
            return run_shell(table, speaker, console, settings, hold_between_hands=False)
        finally:
            table.close()
    finally:
        speaker.close()
