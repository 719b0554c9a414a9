"""``spades-voice host``: start a shared table on this machine and sit at it."""

from __future__ import annotations

import argparse

from spades_voice.commands.common import (
    add_speech_arguments,
    build_speaker,
    run_shell,
    saved_settings,
)
from spades_voice.commands.net_common import (
    add_server_arguments,
    lobby,
    reachable_address,
    remember_token,
)
from spades_voice.narration import notices
from spades_voice.net.client import JoinRefused, RemoteTable, server_url
from spades_voice.net.protocol import spoken_code
from spades_voice.net.server import ServerThread, TableServer
from spades_voice.options import Level, Target, names
from spades_voice.rules import Ruleset, Seat
from spades_voice.shell.terminal import Console


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--name", default="Host", help="Your name at the table.")
    parser.add_argument("--seat", choices="SWNE", default="S", help="Your seat (default S).")
    parser.add_argument(
        "--target",
        choices=names(Target),
        default=Target.T500.value,
        help="Points to win, or a single hand.",
    )
    parser.add_argument(
        "--bid-seconds", type=float, default=None, help="Time to bid (default: no limit)."
    )
    parser.add_argument(
        "--play-seconds", type=float, default=None, help="Time to play a card (default: none)."
    )
    parser.add_argument(
        "--server",
        default=None,
        metavar="HOST:PORT",
        help="Open the table on a running server instead of starting one here.",
    )
    add_server_arguments(parser, bind=True)
    add_speech_arguments(parser)


def run(args: argparse.Namespace) -> int:
    thread: ServerThread | None = None
    if args.server is None:
        thread = ServerThread(
            TableServer(computer_delay=args.computer_delay, level=Level.MEDIUM),
            args.bind,
            args.port,
        )
        try:
            thread.start()
        except OSError as e:
            print(f"Cannot listen on {args.bind}:{args.port}: {e.strerror}.")
            return 1
        port = thread.address[1] if thread.address else args.port
        address = reachable_address(args.bind, port)
        url = f"ws://127.0.0.1:{port}" if args.bind in ("0.0.0.0", "::") else thread.url
    else:
        address = args.server
        url = server_url(args.server)
    settings, problem = saved_settings()
    console = Console()
    speaker = build_speaker(args, settings, console)
    try:
        if problem is not None:
            speaker.query(problem)
        try:
            table = RemoteTable.create(
                url,
                args.name,
                seat=Seat(args.seat),
                rules=Ruleset(target=Target(args.target).points),
                bid_seconds=args.bid_seconds,
                play_seconds=args.play_seconds,
            )
        except JoinRefused as e:
            speaker.query(str(e))
            return 1
        remember_token(address, table.code, table.token)
        print(f"Table code {table.code}. Others join with: "
              f"spades-voice join {table.code} --server {address}")
        speaker.query(notices.table_code(spoken_code(table.code)))
        try:
            lobby(table, speaker, host=True)
            return run_shell(table, speaker, console, settings, hold_between_hands=False)
        finally:
            table.close()
    finally:
        speaker.close()
        if thread is not None:
            thread.stop()
