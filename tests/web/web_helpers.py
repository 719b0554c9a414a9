"""What the browser-seat tests share: Debian's chromium through ``cdp.py``, a table
server that serves the page, and a recorder of what the live regions announce."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from cdp import Browser, Page, chromium
from helpers import game_program
from net_helpers import running_server, wait_for

from spades_voice.alone.guest import GuestDoor
from spades_voice.commands.net_common import web_page
from spades_voice.net.door.hosting import ServerThread
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire.limits import Limits
from spades_voice.store import DATA_DIR_ENV, Settings

#: Installed before the page's own script: every line added to a live region is recorded
#: with the region's politeness, so a test sees what a screen reader would be handed. The
#: page says the lines of one message in one paragraph (one utterance, its ``batch``), each
#: line a ``data-line`` span (``urgent``: said at once, the turn or a key's answer).
RECORDER = """
window.__heard = [];
let batch = 0;
new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes) {
      const el = node.nodeType === 1 ? node : node.parentElement;
      const region = el && el.closest('[aria-live]');
      if (!region || region === node) continue;  // the region itself, as the page loads
      const live = region.getAttribute('aria-live');
      const lines = node.nodeType === 1 ? Array.from(node.querySelectorAll('[data-line]')) : [];
      batch += 1;
      if (!lines.length) {
        window.__heard.push({live, id: region.id, text: node.textContent, urgent: false, batch});
      }
      for (const s of lines) {
        window.__heard.push({live, id: region.id, text: s.textContent,
                             urgent: s.dataset.line === 'urgent', batch});
      }
    }
  }
}).observe(document, {childList: true, subtree: true, characterData: true});
// How many keys the shell's frames have answered, once the page has drawn and said the
// frame (its own message handlers run first): a test waits for a key's answer by it.
window.__keysAnswered = 0;
const PageSocket = window.WebSocket;
window.WebSocket = class extends PageSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (m) => {
      let keys = null;
      try { keys = JSON.parse(m.data).alone.keys; } catch (e) { return; }
      if (typeof keys === 'number') setTimeout(() => { window.__keysAnswered = keys; }, 0);
    });
  }
};
"""

#: The lines said at once (a key's answer, the turn), in order.
URGENT = "window.__heard.filter((h) => h.urgent).map((h) => h.text)"


def said_to(page: Page, key: str, **kw: bool) -> list[str]:
    """Press ``key`` at the table: every line said at once in answer (none: an empty
    list), once the shell's frame that answers it is drawn and said."""
    quiet = "!document.getElementById('said').dataset.pending"
    page.wait(quiet)  # what came before this key is not its answer
    keys = page.js("window.__keysAnswered")
    before = len(page.js(URGENT))
    page.key(key, **kw)
    page.wait(f"window.__keysAnswered > {keys}", timeout=60)
    page.wait(quiet)
    said: list[str] = page.js(URGENT)[before:]
    return said


#: What the page shows a guest may do now: the hand is over, bid, play, or wait.
WHAT_NOW = """(() => {
  if (document.querySelectorAll('#hands li').length) return 'over';
  if (!document.getElementById('bidding').hidden) return 'bid';
  if (document.querySelector('#hand .playable')) return 'play';
  return '';
})()"""

__all__ = ["Browser", "Page", "wait_for"]


def need_chromium() -> str:
    found = chromium()
    if found is None:
        pytest.skip("chromium is not installed (apt-get install chromium): no real browser")
    return found


def page_for_tests() -> Any:
    return web_page(argparse.Namespace(public_url=None, cert=None), "127.0.0.1", 0)


@contextlib.contextmanager
def web_server(**options: Any) -> Iterator[ServerThread]:
    # A browser's seat is played by the terminal's own shell (the guest door), which
    # reads the page's frames under the server's limits.
    limits = options.setdefault("limits", Limits(rate=10_000, burst=10_000))
    options.setdefault("guest", GuestDoor(limits=limits))
    with running_server(web=page_for_tests(), **options) as server:
        yield server


@contextlib.contextmanager
def browser(*extra: str) -> Iterator[Browser]:
    b = Browser(need_chromium(), extra=extra)
    try:
        yield b
    finally:
        b.close()


def open_page(b: Browser, url: str, *, frames: bool = False, languages: str = "") -> Page:
    """A tab at ``url`` with the live-region recorder; ``frames``: the websocket frames it
    receives are kept as events (``Network.webSocketFrameReceived``); ``languages``: the
    browser's languages as this tab reports them ("es-MX,es": ``navigator.languages``)."""
    page = b.page()
    if frames:
        page.send("Network.enable")
    if languages:
        agent = b.send("Browser.getVersion")["userAgent"]
        page.send("Emulation.setUserAgentOverride",
                  {"userAgent": agent, "acceptLanguage": languages})
    page.add_script(RECORDER)
    page.goto(url)
    page.wait("document.body && document.body.dataset.ready === 'true'")
    return page


def heard(page: Page) -> list[dict[str, str]]:
    """What the live region has said so far, once the lines on their way are said (the
    page says a burst of lines together, a moment after the first)."""
    page.wait("!document.getElementById('said').dataset.pending")
    found: list[dict[str, str]] = page.js("window.__heard")
    return found


def focused(page: Page) -> str:
    """The id of what has focus, and of the option it points at (a listbox's)."""
    value: str = page.js(
        "(() => { const el = document.activeElement;"
        " const d = el.getAttribute('aria-activedescendant');"
        " return el.id + (d ? '>' + d : ''); })()"
    )
    return value


def base_url(server: ServerThread) -> str:
    host, port = server.address or ("127.0.0.1", 0)
    scheme = "https" if server.server.tls is not None else "http"
    return f"{scheme}://{host}:{port}/"


def frames_received(b: Browser) -> list[dict[str, Any]]:
    """Every websocket frame the page received, decoded, in order."""
    return [
        json.loads(e["params"]["response"]["payloadData"])
        for e in b.events
        if e.get("method") == "Network.webSocketFrameReceived"
    ]


def seat_guest(b: Browser, server: ServerThread, host: RemoteTable, name: str = "Bo",
               languages: str = "") -> Page:
    """A guest opens the host's link, types a name and presses Enter: seated when the
    host's client sees them."""
    page = open_page(b, base_url(server) + "#" + host.code, frames=True, languages=languages)
    page.wait("document.activeElement.id === 'name'")
    page.type(name)
    page.key("enter")
    wait_for(lambda: any(p.name == name for p in host.people()))
    return page


def terminal_host(home: Path, *args: str) -> pexpect.spawn:
    """The installed ``spades-voice host`` at a terminal (``args``: where it serves, its
    target ...), named Ann, printing what it says, its settings and saves in ``home``."""
    home.mkdir()
    (home / "settings.json").write_bytes(Settings(speech="print").to_bytes())
    return pexpect.spawn(
        game_program(), ["host", "--name", "Ann", *args],
        env={**os.environ, DATA_DIR_ENV: str(home), "TERM": "xterm"},
        encoding="utf-8", timeout=60, dimensions=(24, 200),
    )


def host_plays(child: pexpect.spawn, stop: threading.Event,
               won: threading.Event | None = None) -> None:
    """The host answers each of its turns at the terminal by keys: Enter places the bid
    it was told; Tab finds a playable card and Enter plays it. It alone reads the host's
    terminal from here on, until it hears the match won (``won`` is set then)."""
    turns = [r"Your bid\. \S+ selected\.", r"Your lead\.", r"Your turn, \w+ led\.",
             r"win the match"]
    while not stop.is_set():
        try:
            found = child.expect(turns, timeout=1)
        except pexpect.TIMEOUT:
            continue
        except pexpect.EOF:
            return
        if found == 3:
            if won is not None:
                won.set()
            return
        child.send("\r" if found == 0 else "\t\r")
