"""``spades-voice host``: start a shared table on this machine and sit at it."""

from __future__ import annotations

import argparse

from spades_voice.ai import Level
from spades_voice.cli import add_speech_arguments
from spades_voice.net.client import JoinRefused, RemoteTable, server_url
from spades_voice.net.commands import (
    add_server_arguments,
    lobby,
    make_speaker_from,
    play,
    reachable_address,
    remember_token,
)
from spades_voice.net.protocol import spoken_code
from spades_voice.net.server import ServerThread, TableServer
from spades_voice.rules import Ruleset, Seat

TARGETS = {"200": 200, "300": 300, "500": 500, "single": None}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--name", default="Host", help="Your name at the table.")
    parser.add_argument("--seat", choices="SWNE", default="S", help="Your seat (default S).")
    parser.add_argument(
        "--target", choices=list(TARGETS), default="500", help="Points to win, or a single hand."
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
    speaker = make_speaker_from(args)
    try:
        try:
            table = RemoteTable.create(
                url,
                args.name,
                seat=Seat(args.seat),
                rules=Ruleset(target=TARGETS[args.target]),
                bid_seconds=args.bid_seconds,
                play_seconds=args.play_seconds,
            )
        except JoinRefused as e:
            speaker.query(str(e))
            return 1
        remember_token(address, table.code, args.name, table.token)
        print(f"Table code {table.code}. Others join with: "
              f"spades-voice join {table.code} --server {address}")
        speaker.query(
            f"Table code {spoken_code(table.code)}. "
            "Friends join with spades-voice join and this code. "
            "Press Enter to start; the computer plays any empty seat."
        )
        try:
            lobby(table, speaker, host=True)
            return play(table, speaker)
        finally:
            table.close()
    finally:
        speaker.close()
        if thread is not None:
            thread.stop()
