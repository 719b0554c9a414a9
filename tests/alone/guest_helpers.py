"""A page's seat at a shared table, as the server sees one: a websocket at ``/seat`` on a
real table server given the guest door (``spades_voice.alone.guest``), which plays the
seat with the terminal's own shell; and a terminal ``join`` seat beside it: the same
``Shell`` over a ``RemoteTable`` on a real socket, its keys taken as its key bindings
take them (``shell.actions``), its speech recorded."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from alone_helpers import PageSocket
from net_helpers import running_server
from web_helpers import page_for_tests

from spades_voice.alone.guest import GuestDoor
from spades_voice.alone.keys import page_keymap
from spades_voice.net.door.hosting import ServerThread
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire.limits import Limits
from spades_voice.rules import Phase
from spades_voice.shell.actions import Actions
from spades_voice.shell.state import Shell
from spades_voice.store.base import ShellHooks
from spades_voice.store.settings import Settings


@contextlib.contextmanager
def guest_server(**options: Any) -> Iterator[ServerThread]:
    """A server with the page and the guest door; test keys far faster than a person's."""
    limits = Limits(rate=10_000, burst=10_000)
    with running_server(web=page_for_tests(), guest=GuestDoor(limits=limits), limits=limits,
                        **options) as s:
        yield s


def url_of(server: ServerThread) -> str:
    host, port = server.address or ("127.0.0.1", 0)
    return f"ws://{host}:{port}"


class GuestPage(PageSocket):
    """One page's seat socket at a shared table (the guest door)."""

    def __init__(self, server: ServerThread, **hello: Any) -> None:
        super().__init__(server, "seat", hello)

    def send(self, **frame: Any) -> None:
        self.ws.send(json.dumps(frame))

    def answer_to(self, key: str) -> str:
        """Press ``key``: the answer the shell gives it (the frame that counts the key)."""
        keys = self.state["alone"]["keys"] if "alone" in self.state else 0
        start = len(self.frames)
        self.send(type="press", key=key)
        self.until(lambda p: any(f["type"] == "update" and f.get("alone", {}).get("keys", 0)
                                 > keys for f in p.frames[start:]))
        frame = next(f for f in self.frames[start:]
                     if f["type"] == "update" and f["alone"]["keys"] > keys)
        return " ".join(frame["urgent"])


class Recorder:
    """A ``Speaker`` that keeps what it is told to say."""

    name = "recorder"

    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []

    def query(self, text: str) -> None:
        self.said.append((text, True))

    def event(self, text: str) -> None:
        self.said.append((text, False))

    def silence(self) -> None:
        """Nothing queued here."""

    def close(self) -> None:
        """Nothing to release."""


class TerminalSeat:
    """``spades-voice join``'s seat: its ``Shell`` over a ``RemoteTable``, as
    ``run_shell`` builds it, with the page's keymap (the terminal's, plus page keys)."""

    def __init__(self, table: RemoteTable) -> None:
        self.table = table
        self.speaker = Recorder()
        keymap = page_keymap()
        self.shell = Shell(table, self.speaker, ShellHooks(), keymap, hold_between_hands=False,
                           greeted=True, start_settings=Settings())
        self.actions = Actions(self.shell, keymap)

    def play(self) -> None:
        """Its turn, as a player takes it by keys: Enter places the bid it was told;
        Tab names a playable card, Enter plays it."""
        self.shell.pump()
        if self.shell.view().phase is not Phase.BIDDING:
            self.actions.key("tab")
        self.actions.key("enter")

    def answer_to(self, key: str) -> str:
        """Events said first (as its listener would have), then ``key``'s answer."""
        self.shell.pump()
        start = len(self.speaker.said)
        self.actions.key(key)
        return " ".join(t for t, query in self.speaker.said[start:] if query)
