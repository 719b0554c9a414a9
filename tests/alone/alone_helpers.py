"""A page that plays alone, as the server sees one: a websocket at ``/alone`` that says
hello and sends key names, on a real table server with the page and the door to play
alone (``spades_voice.alone``), each player's folder under the test's own."""

from __future__ import annotations

import contextlib
import json
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from net_helpers import running_server
from web_helpers import page_for_tests
from websockets.sync.client import connect

from spades_voice.alone.door import AloneDoor
from spades_voice.narration import prompts
from spades_voice.net.door.hosting import ServerThread
from spades_voice.net.wire.limits import Limits

#: Under the door's sustained flood limit, with room to spare.
PRESSES_PER_SECOND = int(Limits().rate * 0.8)


@contextlib.contextmanager
def alone_server(root: Path, seed: int | str = 7, *, port: int = 0,
                 limits: Limits | None = None, server: dict[str, Any] | None = None,
                 **door: Any) -> Iterator[ServerThread]:
    """A server whose players alone are kept under ``root``; every match deals ``seed``.
    ``port``: 0 for a free one (the same port again is the same page origin, whose storage
    a browser keeps). ``server``: the table server's own options (``trusted_proxies``)."""
    # Test keys come far faster than a person's: the message limit is lifted here.
    limits = limits or Limits(rate=10_000, burst=10_000)
    web = page_for_tests()
    alone = AloneDoor(root, new_seed=lambda: seed, limits=limits, page=web, **door)
    with running_server(web=web, alone=alone, limits=limits, port=port,
                        **(server or {})) as s:
        yield s


class PageSocket:
    """One page's socket on a real server (``path``: ``alone`` or ``seat``): every frame it
    was sent, kept in order (``said``: every line, each as ``("said", text)`` for the
    polite region or ``("now", text)`` for the assertive), from its first frame
    (``hello``) on."""

    def __init__(self, server: ServerThread, path: str, hello: dict[str, Any],
                 headers: dict[str, str] | None = None) -> None:
        """``headers``: the request's own (a proxy's ``X-Forwarded-For``)."""
        host, port = server.address or ("127.0.0.1", 0)
        self.ws = connect(f"ws://{host}:{port}/{path}", origin=f"http://{host}:{port}",
                          open_timeout=30, additional_headers=headers).__enter__()
        self.ws.send(json.dumps({"lang": "en", **hello}))
        self.frames: list[dict[str, Any]] = []
        self.said: list[tuple[str, str]] = []
        self.welcome = self._next(30.0)
        assert self.welcome is not None and self.welcome["type"] == "welcome", self.welcome

    @property
    def state(self) -> dict[str, Any]:
        return next(f for f in reversed(self.frames) if f["type"] == "update")

    def _next(self, timeout: float) -> dict[str, Any] | None:
        try:
            frame: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        except TimeoutError:
            return None
        self.frames.append(frame)
        self.said += [("said", x) for x in frame.get("lines", [])]
        self.said += [("now", x) for x in frame.get("urgent", [])]
        return frame

    def until(self, check: Callable[[Any], bool], timeout: float = 60.0) -> None:
        """Read frames until ``check`` holds; AssertionError after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while not (any(f["type"] == "update" for f in self.frames) and check(self)):
            left = deadline - time.monotonic()
            assert left > 0, f"not in time; last said: {self.said[-5:]}"
            self._next(min(left, 1.0))

    def close(self) -> None:
        self.ws.close()


class AlonePage(PageSocket):
    """A page playing alone."""

    def __init__(self, server: ServerThread, headers: dict[str, str] | None = None,
                 **hello: Any) -> None:
        self._sent: deque[float] = deque()
        super().__init__(server, "alone", {"type": "alone", **hello}, headers)

    def press(self, key: str, answer: str | None = None) -> None:
        """Press ``key``; with ``answer``, wait until the page is told exactly that."""
        start = len(self.said)
        self._pace()
        self.ws.send(json.dumps({"type": "press", "key": key}))
        if answer is not None:
            self.until(lambda p: ("now", answer) in p.said[start:] or
                       ("said", answer) in p.said[start:])

    def _pace(self) -> None:
        """At most ``PRESSES_PER_SECOND`` presses in any second, under the door's flood
        limit (``Limits.rate``): a faster machine answers sooner, and this page, pressing
        as soon as it hears, would otherwise be told to slow down and lose a key."""
        now = time.monotonic()
        sent = self._sent
        while sent and now - sent[0] >= 1.0:
            sent.popleft()
        if len(sent) >= PRESSES_PER_SECOND:
            time.sleep(1.0 - (now - sent[0]))
            sent.popleft()
        sent.append(time.monotonic())

    def heard_since(self, start: int) -> list[str]:
        return [text for _, text in self.said[start:]]


def bid_asked(page: AlonePage) -> bool:
    return bool(page.state["bidding"])


def at_instant_pace(server: ServerThread, ready: Callable[[AlonePage], bool] = bid_asked,
                    **hello: Any) -> AlonePage:
    """A page that said hello (``hello``: its choices, or the ``token`` of a player come
    back), set to instant pace (A twice: quick, then instant), then waited on until
    ``ready`` (by default, until its first bid is asked)."""
    page = AlonePage(server, **hello)
    page.press("a")
    page.press("a", prompts.pace_now("instant"))
    page.until(ready)
    return page


def my_turn_to_play(page: AlonePage) -> bool:
    s = page.state
    return bool(s["my_turn"] and s["phase"] == "playing" and s["alone"]["mode"] == "table")


def play_on(page: AlonePage, done: Callable[[AlonePage], bool], timeout: float = 240.0) -> None:
    """Play by keys as a player does (Enter bids what was heard; Tab names a playable
    card, Enter plays it; N deals on) until ``done``."""
    deadline = time.monotonic() + timeout
    while not done(page):
        assert time.monotonic() < deadline, f"stuck; last said: {page.said[-5:]}"
        s = page.state
        before = len(page.said)
        if s["alone"]["between"]:
            page.press("n")
        elif s["bidding"]:
            page.press("enter")
        elif my_turn_to_play(page):
            page.press("tab")
            page.press("enter")
        page.until(lambda p, n=before: len(p.said) > n or done(p), timeout=60)
