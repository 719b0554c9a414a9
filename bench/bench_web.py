"""The browser seat's figures, on 127.0.0.1 (a bench, not a timed test):

* page weight: the page's files as served (KB, and gzipped);
* link opened -> seated: a real chromium (Debian's, headless) opens the link, the name is
  typed, Enter -> the seats table shows; and a reload, which sits down by itself with the
  saved token (link opened -> seated with nothing to type);
* key -> announcement: H pressed -> the answer in the assertive live region, p50 and p95
  (both times taken inside the page: keydown and the region's mutation);
* the server's cost of a browser seat next to a terminal seat: the frames of one whole
  match as one seat receives them, through the browser seat's translation (decode,
  narration, the page's frame) against the protocol-2 text a terminal seat is sent as it
  is: microseconds of CPU and bytes per frame, and the memory one browser seat holds.

    python bench/bench_web.py              # 100 key presses
    python bench/bench_web.py --keys 300
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "net"))

from cdp import Browser, chromium
from net_helpers import running_server, wait_for
from web_helpers import base_url, page_for_tests

from spades_voice.alone.guest import GuestDoor
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Ruleset

#: Keydown times, taken in the page before its own handler.
KEY_CLOCK = """
window.__keys = [];
window.addEventListener('keydown', () => window.__keys.push(performance.now()), true);
window.__urgent = [];
new MutationObserver(() => window.__urgent.push(performance.now()))
  .observe(document, {childList: true, subtree: true});
"""


def page_weight() -> None:
    plain, packed = page_for_tests().weight()
    print(f"page weight: {plain / 1024:.1f} KB, {packed / 1024:.1f} KB gzipped "
          "(index.html, the app.js modules, app.css, app.json)")


def browser_figures(keys: int) -> None:
    binary = chromium()
    if binary is None:
        print("chromium is not installed: no browser figures")
        return
    with running_server(web=page_for_tests(), guest=GuestDoor()) as server:
        host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
        b = Browser(binary)
        try:
            page = b.page()
            page.add_script(KEY_CLOCK)
            link = base_url(server) + "#" + host.code
            began = time.perf_counter()
            page.goto(link)
            page.wait("document.activeElement && document.activeElement.id === 'name'")
            ready = time.perf_counter()
            page.type("Bo")
            typed = time.perf_counter()
            page.key("enter")
            page.wait("!document.getElementById('seats').hidden && "
                      "document.getElementById('seats-body').textContent.includes('Ann')")
            seated = time.perf_counter()
            page.send("Page.reload")
            again = time.perf_counter()
            page.wait("document.getElementById('seats-body') && "
                      "document.getElementById('seats-body').textContent.includes('Ann')")
            back = time.perf_counter()
            print(f"link opened -> form ready: {(ready - began) * 1000:.0f} ms; "
                  f"Enter -> seated: {(seated - typed) * 1000:.0f} ms; "
                  f"reload (token kept) -> seated: {(back - again) * 1000:.0f} ms")
            wait_for(lambda: sum(p.person for p in host.people()) == 2)
            host.start()
            page.wait("document.querySelectorAll('#hand [role=option]').length === 13")
            page.js("window.__keys = []")
            delays = []
            for _ in range(keys):
                page.js("window.__urgent = []")
                page.key("h")
                page.wait("window.__urgent.length > 0")
                delays.append(page.js("window.__urgent[0] - window.__keys.at(-1)"))
            delays.sort()
            p95 = delays[int(len(delays) * 0.95) - 1]
            print(f"key H -> announcement over {keys} presses: p50 "
                  f"{statistics.median(delays):.1f} ms, p95 {p95:.1f} ms, max {delays[-1]:.1f} ms")
        finally:
            b.close()
            host.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--keys", type=int, default=100)
    args = parser.parse_args(argv)
    page_weight()
    browser_figures(args.keys)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
