"""``spades-voice host``: start a shared table on this machine and sit at it."""

from __future__ import annotations

import argparse
import ssl
from dataclasses import dataclass

from spades_voice.alone.guest import GuestDoor
from spades_voice.commands.common import (
    add_spades_any_time_argument,
    add_speech_arguments,
    build_sound,
    build_speaker,
    run_shell,
    saved_settings,
)
from spades_voice.commands.net_common import (
    add_server_arguments,
    client_tls_from,
    exposure_warning,
    lobby,
    own_server_tls,
    page_link,
    reachable_address,
    remember_token,
    server_tls,
    start_key,
    web_page,
)
from spades_voice.narration import browser, notices
from spades_voice.narration.language import line
from spades_voice.narration.notices import Told
from spades_voice.narration.reasons import say_reason
from spades_voice.net.door.hosting import ServerThread
from spades_voice.net.door.server import TableServer
from spades_voice.net.seats.client import JoinRefused, server_url
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire.protocol import spoken_code
from spades_voice.options import Level, Target, names
from spades_voice.rules import Reason, Ruleset, Seat
from spades_voice.shell.terminal import Console
from spades_voice.store.settings import chosen_rules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--name", default="Host", help="Your name at the table.")
    parser.add_argument("--seat", choices="SWNE", default="S", help="Your seat (default S).")
    parser.add_argument(
        "--target",
        choices=names(Target),
        default=Target.T500.value,
        help="Points to win, or a single hand.",
    )
    add_spades_any_time_argument(parser, remembered=False)
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
    parser.add_argument(
        "--public",
        action="store_true",
        help="List the table in the server's lobby: anyone may sit down with join --any.",
    )
    parser.add_argument(
        "--no-watchers",
        action="store_true",
        help="Nobody may listen without a seat (spades-voice watch). In the game, the chat "
        "line /watchers on or /watchers off changes it.",
    )
    parser.add_argument(
        "--quiet-watchers",
        action="store_true",
        help="Watchers listen without writing in the chat (by default they may write).",
    )
    parser.add_argument(
        "--ca",
        metavar="PEM",
        default=None,
        help="With --server wss://…: trust this certificate authority (a private one).",
    )
    add_server_arguments(parser, bind=True)
    add_speech_arguments(parser)


@dataclass(frozen=True, slots=True)
class Where:
    """Where the host's table is: the server started here (if any), what others type to
    reach it, where the host connects, how it checks TLS, and a warning to give."""

    thread: ServerThread | None
    address: str
    url: str
    tls: ssl.SSLContext | None
    warning: str | None


def start_server(args: argparse.Namespace) -> Where | int:
    """Start this machine's server (unless ``--server``); an exit code when it cannot."""
    if args.server is not None:
        return Where(None, args.server, server_url(args.server), client_tls_from(args), None)
    try:
        server_side = server_tls(args)
        web = web_page(args, args.bind, args.port)
    except ValueError as e:
        print(e)
        return 2
    thread = ServerThread(
        TableServer(
            computer_delay=args.computer_delay,
            level=Level.MEDIUM,
            tls=server_side,
            origins=args.allow_origin,
            web=web,
            guest=GuestDoor(),  # a browser's seat: played by the terminal's own shell
        ),
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
    scheme = "wss" if server_side else "ws"
    url = f"{scheme}://127.0.0.1:{port}" if args.bind in ("0.0.0.0", "::") else thread.url
    if server_side is None:
        return Where(thread, address, url, None, exposure_warning(args.bind, None))
    return Where(thread, f"wss://{address}", url, own_server_tls(args.cert), None)


def _link(where: Where, code: str) -> str | None:
    """The page's link with the code, when the table is on a server that serves it."""
    if where.thread is None:
        return page_link(where.address, code)  # a `serve` elsewhere serves the page too
    web = where.thread.server.web
    origin = web.origins[0] if web is not None and web.origins else None
    return page_link(origin, code) if origin is not None else None


def run(args: argparse.Namespace) -> int:
    where = start_server(args)
    if isinstance(where, int):
        return where
    thread, address, url, tls, warning = (
        where.thread, where.address, where.url, where.tls, where.warning
    )
    settings, problem = saved_settings()
    console = Console()
    speaker = build_speaker(args, settings, console)
    sound = build_sound(args, settings)
    try:
        if problem is not None:
            speaker.query(line(problem))
        if warning is not None:
            print(warning, flush=True)
            speaker.query(warning)
        try:
            table = RemoteTable.create(
                url,
                args.name,
                seat=Seat(args.seat),
                rules=chosen_rules(
                    Ruleset(), target=args.target, spades_any_time=args.spades_any_time
                ),
                bid_seconds=args.bid_seconds,
                play_seconds=args.play_seconds,
                public=args.public,
                watchers=not args.no_watchers,
                watcher_chat=not args.quiet_watchers,
                tls=tls,
            )
        except JoinRefused as e:
            speaker.query(say_reason(e.reason))
            return 1
        remember_token(address, table.code, args.name, table.token)
        table.rate = settings.work_rate  # the hints' Hard at this machine's speed
        link = _link(where, table.code)
        print(browser.code_to_share(table.code, address, link) if link
              else notices.code_to_share(table.code, address), flush=True)
        speaker.query(notices.table_code(spoken_code(table.code), start_key()))
        if link is not None:
            speaker.event(browser.browser_link(link))  # after the code, not cutting it off
        try:
            lobby(table, speaker, host=True)
            return run_shell(
                table, speaker, console, settings, hold_between_hands=False, sound=sound
            )
        finally:
            if thread is not None:
                # The table lives in this process and ends with it; the guests hear so
                # before the host's own seat goes (else the host role would pass first).
                thread.stop(ending=Reason.of(Told.HOST_CLOSED, name=args.name))
            table.close()
    finally:
        sound.close()
        speaker.close()
        if thread is not None:
            thread.stop()
