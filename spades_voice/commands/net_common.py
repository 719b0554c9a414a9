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


def remembered_token(server: str, code: str) -> str | None:
    """The seat token saved when this machine last sat at ``code`` on ``server``."""
    with contextlib.suppress(OSError, ValueError):
        data = json.loads(_seats_file().read_text(encoding="utf-8"))
        token = data.get(f"{server} {code}") if isinstance(data, dict) else None
        return token if isinstance(token, str) else None
    return None


def remember_token(server: str, code: str, token: str) -> None:
    """Keep the seat token so ``join`` can take the seat back after a crash."""
    path = _seats_file()
    data: dict[str, str] = {}
    with contextlib.suppress(OSError, ValueError):
        loaded = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(loaded, dict):
            data = {k: v for k, v in loaded.items() if isinstance(v, str)}
    data[f"{server} {code}"] = token
    data = dict(list(data.items())[-50:])  # old tables are long gone
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data), encoding="utf-8")
        tmp.replace(path)
