"""``spades-voice serve``: a server for many shared tables."""

from __future__ import annotations

import argparse
import asyncio

from spades_voice.commands.net_common import add_server_arguments
from spades_voice.net.server import Limits, TableServer
from spades_voice.options import Level, names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_server_arguments(parser, bind=True)
    parser.add_argument(
        "--level",
        choices=names(Level),
        default=Level.MEDIUM.value,
        help="How the computers in empty seats play (default medium).",
    )
    parser.add_argument(
        "--max-tables", type=int, default=1000, help="Tables open at once (default 1000)."
    )


def run(args: argparse.Namespace) -> int:
    server = TableServer(
        limits=Limits(max_tables=args.max_tables),
        computer_delay=args.computer_delay,
        level=Level(args.level),
    )

    async def main() -> None:
        try:
            host, port = await server.start(args.bind, args.port)
        except OSError as e:
            print(f"Cannot listen on {args.bind}:{args.port}: {e.strerror}.")
            raise SystemExit(1) from None
        print(f"Serving shared tables on ws://{host}:{port}. Control-C stops.", flush=True)
        try:
            await server.serve_forever()
        finally:
            await server.close()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        print("Server stopped.")
    return 0
