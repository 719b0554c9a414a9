"""``spades-voice serve``: a server for many shared tables."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from spades_voice.alone.door import AloneDoor
from spades_voice.alone.guest import GuestDoor
from spades_voice.commands.net_common import (
    add_server_arguments,
    exposure_warning,
    server_tls,
    web_page,
)
from spades_voice.net.door.server import TableServer
from spades_voice.net.registry import Registry
from spades_voice.net.table.tablestore import TableStore
from spades_voice.net.wire.limits import Limits
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
    parser.add_argument(
        "--tables-file",
        metavar="FILE",
        default=None,
        help="Where tables are kept so they survive a restart (default: tables.sqlite3 in "
        "the data folder, $SPADES_VOICE_DATA_DIR when set).",
    )
    parser.add_argument(
        "--no-save", action="store_true",
        help="Keep nothing on disk: tables, and the matches of pages playing alone, live "
        "in memory only."
    )
    parser.add_argument(
        "--trust-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="A reverse proxy's address: its X-Forwarded-For names the real player, "
        "whose address the limits then count.",
    )
    parser.add_argument(
        "--registry",
        metavar="URL",
        default=None,
        help="A Redis registry (redis://HOST:PORT/0 or unix:///PATH) shared with other "
        "serve processes: a code or Play online finds a table in any of them. Needs "
        "the registry extra (pip install 'spades-voice[registry]').",
    )


def tables_file(args: argparse.Namespace) -> Path:
    from spades_voice.store.files import data_dir

    return Path(args.tables_file) if args.tables_file else data_dir() / "tables.sqlite3"


def shared_registry(url: str | None) -> Registry | None:
    """The registry ``--registry`` names (None without one); raises ValueError with a
    sentence to print when it cannot be had."""
    if not url:
        return None
    try:
        from spades_voice.net.registry.shared import RedisRegistry
    except ImportError:
        raise ValueError(
            "--registry needs redis-py: pip install 'spades-voice[registry]'."
        ) from None
    try:
        return RedisRegistry(url)
    except ValueError:
        raise ValueError(
            f"--registry must be a redis:// or unix:// address, not {url}."
        ) from None
def alone_folder() -> Path:
    """Where each browser that plays alone keeps its match, statistics and choices."""
    from spades_voice.store.files import data_dir

    return data_dir() / "alone"


def run(args: argparse.Namespace) -> int:
    try:
        tls = server_tls(args)
        web = web_page(args, args.bind, args.port)
        registry = shared_registry(args.registry)
    except ValueError as e:
        print(e)
        return 2
    store = None if args.no_save else TableStore(tables_file(args))
    limits = Limits(max_tables=args.max_tables)
    server = TableServer(
        limits=limits,
        computer_delay=args.computer_delay,
        level=Level(args.level),
        store=store,
        tls=tls,
        trusted_proxies=args.trust_proxy,
        origins=args.allow_origin,
        web=web,
        registry=registry,
        # Each browser that plays alone: its match, statistics and choices (``alone``);
        # with --no-save, nothing of them on disk.
        alone=AloneDoor(alone_folder(), page=web, kept=not args.no_save),
        # Each browser at a shared table: its seat played by the terminal's own shell.
        guest=GuestDoor(limits=limits),
    )
    warning = exposure_warning(args.bind, tls)
    if warning:
        print(warning, flush=True)

    async def main() -> None:
        try:
            host, port = await server.start(args.bind, args.port)
        except OSError as e:
            print(f"Cannot listen on {args.bind}:{args.port}: {e.strerror}.")
            raise SystemExit(1) from None
        if store is not None and store.problem:
            print(store.problem, flush=True)
        scheme = "wss" if tls else "ws"
        kept = f" {len(server.tables)} tables taken back." if server.tables else ""
        print(f"Serving shared tables on {scheme}://{host}:{port}.{kept} Control-C stops.",
              flush=True)
        if server.web is not None:
            print(f"Browsers open {server.web.origins[0]}/", flush=True)
        if registry is not None:
            print(f"Listed as {registry.here} in the registry at {args.registry}." + (
                " It does not answer yet: only this process's tables are found until it "
                "does." if registry.lost else ""), flush=True)
        try:
            await server.serve_forever()
        finally:
            await server.close()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        print("Server stopped.")
    return 0
