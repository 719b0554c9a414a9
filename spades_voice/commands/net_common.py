"""What ``serve``, ``host`` and ``join`` share: addresses, the lobby, remembered seats."""

from __future__ import annotations

import argparse
import contextlib
import json
import socket
import threading
from pathlib import Path

from spades_voice.net.client import RemoteTable
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
            "--computer-delay",
            type=float,
            default=0.8,
            metavar="SECONDS",
            help="Pause before each computer move, so people can hear it (default 0.8).",
        )


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


def lobby(table: RemoteTable, speaker: Speaker, *, host: bool) -> bool:
    """Wait before the first deal, speaking who joins. The host presses Enter to start;
    a guest waits for the host. Returns False when the table went away."""
    stop = threading.Event()

    def speak_notices() -> None:
        for notice in table.drain_notices():
            speaker.event(notice.text)

    table.set_listener(speak_notices)
    speak_notices()
    try:
        if host:
            if not table.started:
                input()
                table.start()
            return True
        while not table.wait_started(0.5):
            if table.closed_reason is not None or stop.is_set():
                return False
        return True
    finally:
        table.set_listener(None)


# ---- remembered seats ------------------------------------------------------------


def _seats_file() -> Path:
    import platformdirs

    return Path(platformdirs.user_state_dir("spades-voice")) / "seats.json"


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
                else stored.unreadable_kept(stored.SEATS, "it could not be moved aside")
            )
        return {}
    return {k: v for k, v in loaded.items() if isinstance(v, str)}


def remembered_token(server: str, code: str, problems: list[str] | None = None) -> str | None:
    """The seat token saved when this machine last sat at ``code`` on ``server``."""
    return _load_seats(problems).get(f"{server} {code}")


def remember_token(server: str, code: str, token: str) -> None:
    """Keep the seat token so ``join`` can take the seat back after a crash."""
    from spades_voice.store import files

    data = _load_seats()
    data[f"{server} {code}"] = token
    data = dict(list(data.items())[-50:])  # old tables are long gone
    with contextlib.suppress(OSError):
        files.write_atomic(_seats_file(), json.dumps(data).encode("utf-8"))
