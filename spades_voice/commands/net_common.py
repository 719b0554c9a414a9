"""What ``serve``, ``host`` and ``join`` share: addresses, the lobby, remembered seats."""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import socket
import ssl
from pathlib import Path

from spades_voice.narration import notices
from spades_voice.narration.language import Language, line, speaking
from spades_voice.narration.reasons import say_reason
from spades_voice.net.page.web import Keys, WebPage
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.speech import Speaker

DEFAULT_PORT = 8765


def add_server_arguments(parser: argparse.ArgumentParser, *, bind: bool) -> None:
    if bind:
        parser.add_argument(
            "--bind",
            default="127.0.0.1",
            metavar="ADDRESS",
            help="Address to listen on (default 127.0.0.1: this computer only; "
            "0.0.0.0 lets others on your network join).",
        )
        parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="Port to listen on.")
        parser.add_argument(
            "--cert",
            metavar="PEM",
            help="TLS certificate chain: serve wss:// (needs --key). Use this beyond your "
            "own network.",
        )
        parser.add_argument("--key", metavar="PEM", help="The private key of --cert.")
        parser.add_argument(
            "--allow-origin",
            action="append",
            default=[],
            metavar="URL",
            help="A web page origin allowed to connect (browsers are refused otherwise).",
        )
        parser.add_argument(
            "--computer-delay",
            type=float,
            default=0.8,
            metavar="SECONDS",
            help="Pause before each computer move, so people can hear it (default 0.8).",
        )
        parser.add_argument(
            "--public-url",
            metavar="URL",
            default=None,
            help="The address players' browsers open the page at (https://... behind a "
            "proxy); the page's origin is let in. Default: the address listened on.",
        )


def server_tls(args: argparse.Namespace) -> ssl.SSLContext | None:
    """The TLS context from --cert and --key (None without them); raises ValueError with
    a sentence to print when they are wrong."""
    from spades_voice.net.door.hosting import tls_context

    if not args.cert and not args.key:
        return None
    if not (args.cert and args.key):
        raise ValueError("Give both --cert and --key for TLS.")
    try:
        return tls_context(args.cert, args.key)
    except (OSError, ssl.SSLError) as e:
        raise ValueError(f"Cannot use the certificate {args.cert}: {e}.") from None


def exposure_warning(bind: str, tls: ssl.SSLContext | None) -> str | None:
    """A warning when tables are open beyond this computer without TLS."""
    from spades_voice.net.door.hosting import is_loopback

    if tls is not None or is_loopback(bind):
        return None
    return (
        f"Warning: listening on {bind} without TLS. Anyone on the network path can read "
        "the table code and seat tokens. Use --cert and --key, or a TLS proxy."
    )


def client_tls_from(args: argparse.Namespace) -> ssl.SSLContext | None:
    """How to check a wss:// server: against --ca when given, else the system's
    authorities (None: the library's default, which is the same)."""
    from spades_voice.net.seats.client import client_tls

    return client_tls(args.ca) if getattr(args, "ca", None) else None


def own_server_tls(cert: str) -> ssl.SSLContext:
    """How ``host`` checks the server it started itself, over loopback: against that very
    certificate, whatever name it was made for."""
    context = ssl.create_default_context(cafile=cert)
    context.check_hostname = False  # 127.0.0.1 is not the certificate's public name
    context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN  # trust the leaf we were given
    return context


def read_code(speaker: Speaker) -> str:
    """Ask for the table code: typed here, it is not on the command line for others to
    see (``ps``, shell history)."""
    speaker.query(line(notices.TYPE_THE_CODE))
    try:
        return input()
    except EOFError:
        return ""


def reachable_address(bind: str, port: int) -> str:
    """The ``HOST:PORT`` others should type: this machine's network address when the
    server listens on every interface."""
    host = bind
    if bind in ("0.0.0.0", "::", ""):
        host = "127.0.0.1"
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks a route
            host = s.getsockname()[0]
    return f"{host}:{port}"


#: The key that starts the match in the lobby. Before the first deal the lobby reads a
#: plain line (the game's own keys, chat among them, begin with the match), so it is
#: Enter whatever keymap.toml binds; Enter is also the keymap's default ``select`` key.
START_KEY = "enter"


def start_key() -> str:
    """The lobby's start key as it is spoken ("Enter")."""
    from spades_voice.narration.keynames import spoken_key

    return spoken_key(START_KEY)


def lobby(table: RemoteTable, speaker: Speaker, *, host: bool) -> bool:
    """Wait before the first deal, speaking who joins. The host presses Enter to start;
    a guest waits for the host, and starts the table themselves if the host leaves and the
    host role passes to them. Returns False when the table went away."""

    def speak_notices() -> None:
        for notice in table.drain_notices():
            speaker.event(say_reason(notice.reason))

    table.set_listener(speak_notices)
    speak_notices()
    try:
        return _wait_for_start(table, speaker, host)
    finally:
        table.set_listener(None)


def _wait_for_start(table: RemoteTable, speaker: Speaker, hosting: bool) -> bool:
    from spades_voice.rules import IllegalAction

    while not table.started:
        if table.closed_reason is not None:
            return False
        if hosting:
            input()
            if table.started:
                break
            try:
                table.start()
            except IllegalAction as e:  # no longer the host (away, and it passed on)
                speaker.query(say_reason(e.reason))
                hosting = table.is_host
            continue
        if table.wait_started(0.5):
            break
        if table.is_host:
            # The host left and the role passed here; the server's notice said so.
            speaker.event(notices.how_to_start(start_key()))
            hosting = True
    return True


# ---- remembered seats ------------------------------------------------------------


def _seats_file() -> Path:
    from spades_voice.store.files import data_dir

    return data_dir() / "seats.json"


def _seat_key(server: str, code: str, name: str) -> str:
    # Per name as well as per table: two people on one computer (the host and a friend)
    # each keep their own seat's token.
    return f"{server} {code} {name.casefold()}"


def _load_seats(problems: list[str] | None = None) -> dict[str, str]:
    """The remembered seats, read by the store's rule for files. A file that cannot be
    used is set aside beside itself and said in one sentence (added to ``problems``)."""
    from spades_voice.narration import stored
    from spades_voice.store import files

    path = _seats_file()
    try:
        raw = files.read_capped(path, files.SEATS_CAP)
        loaded = {} if raw is None else files.decode_json(raw)
        if not isinstance(loaded, dict):
            raise files.Unreadable("it is not a JSON object")
    except files.Unreadable:
        moved = files.move_aside(path, "unreadable")
        if problems is not None:
            problems.append(
                stored.set_aside(stored.SEATS, stored.Why.UNREADABLE, moved.name)
                if moved is not None
                else stored.unreadable_kept(stored.SEATS, stored.NOT_MOVED_ASIDE)
            )
        return {}
    return {k: v for k, v in loaded.items() if isinstance(v, str)}


def remembered_token(
    server: str, code: str, name: str, problems: list[str] | None = None
) -> str | None:
    """The seat token saved when ``name`` last sat at ``code`` on ``server`` from here."""
    return _load_seats(problems).get(_seat_key(server, code, name))


def remember_token(server: str, code: str, name: str, token: str) -> None:
    """Keep the seat token so ``join`` can take the seat back after a crash. The file
    holds secrets: it is written 0600 in a 0700 folder (on Windows, where modes are not
    permissions, it is private by being in the user's profile: see ``private_dir``)."""
    from spades_voice.net.table.tablestore import private_dir
    from spades_voice.store.files import write_atomic

    path = _seats_file()
    data = _load_seats()
    data.pop(_seat_key(server, code, name), None)
    data[_seat_key(server, code, name)] = token
    data = dict(list(data.items())[-50:])  # old tables are long gone
    with contextlib.suppress(OSError):
        private_dir(path.parent)
        write_atomic(path, json.dumps(data).encode("utf-8"))  # mkstemp makes it 0600


def web_page(args: argparse.Namespace, bind: str, port: int) -> WebPage:
    """The browser seat's page, with this game's default keymap and its keys' help; raises
    ValueError with a sentence to print when ``--public-url`` is not a web address."""
    from spades_voice.alone.keys import page_keymap
    from spades_voice.narration.keynames import spoken_keys
    from spades_voice.shell.table_mode import help_texts

    keymap = page_keymap()  # the default keys, and the page's own for a browser's
    spoken: dict[Language, dict[str, str]] = {}
    for lang in Language:  # each browser seat hears the keys named in its own language
        with speaking(lang):
            spoken[lang] = {a: spoken_keys(k) for a, k in keymap.keys.items() if k}
    keys = Keys(keys=dict(keymap.keys), spoken=spoken, help=help_texts())
    public = args.public_url
    if public is not None and not re.fullmatch(r"https?://[^/\s]+(/\S*)?", public):
        raise ValueError(f"--public-url must be an http:// or https:// address, not {public}.")
    if public is None and bind in ("0.0.0.0", "::", ""):
        scheme = "https" if args.cert else "http"
        public = f"{scheme}://{reachable_address(bind, port)}"
    return WebPage(keys, public)


def page_link(address: str, code: str) -> str:
    """The link a guest opens: the page, with the table code in the fragment (which a
    browser never sends to a server or a proxy's log).

    >>> page_link("192.168.1.5:8765", "K7MP-4QX2")
    'http://192.168.1.5:8765/#K7MP-4QX2'
    >>> page_link("wss://cards.example.org", "K7MP-4QX2")
    'https://cards.example.org/#K7MP-4QX2'
    """
    if address.startswith(("ws://", "wss://")):
        base = "http" + address[2:]
    elif address.startswith(("http://", "https://")):
        base = address
    else:
        base = f"http://{address}"
    return f"{base.rstrip('/')}/#{code}"
