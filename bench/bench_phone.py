"""One hand alone on a phone: taps, swipes and seconds, and the targets' smallest sizes.

    python bench/bench_phone.py [--way cards|keys] [--mouse]

Chromium made a phone (tests/web/phone.py: 390x844, touch, coarse pointer, an iPhone's
user agent), moved through by swipes (the next node of the accessibility tree) and
chosen by double taps (a touch at the node's centre), no key event. From the first
screen: Easy opponents, Play alone, instant pace (the pace's button, twice), then the
first hand (seed 11) to its end:

- ``--way cards`` taps the bid the list stands on and Place this bid, and a playable card
  on each turn (the page since issue 48);
- ``--way keys`` uses the key buttons of "What you can do" only: "Play the focused card or
  place the focused bid" to bid, "Next card you can play" then the same to play (the only
  way through on the page before issue 48, where a tapped card played nothing).

A swipe counts each step from where the cursor rests to the next stop wanted (from the
top, one gesture plus the stops above, when the wanted stop is behind). Seconds are wall
time on this machine. The sizes are every visible target's (CSS px) on the first screen
and at the table on the first bid. For the page before, run it against that code, e.g.
``git archive main | tar -x -C /tmp/main`` then ``PYTHONPATH=/tmp/main python
bench/bench_phone.py --way keys``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1] / "tests"
sys.path[:0] = [str(HERE / "web"), str(HERE / "alone"), str(HERE / "net"), str(HERE)]

from alone_helpers import alone_server  # noqa: E402
from phone import Phone, control, phone_tab  # noqa: E402
from web_helpers import RECORDER, base_url, browser  # noqa: E402

import spades_voice  # noqa: E402
from spades_voice.narration.browser import PAGE_WORDS  # noqa: E402

SEED = 11
SAID = "window.__heard.map((h) => h.text)"
WHAT_NOW = """(() => {
  if (document.getElementById('said').dataset.pending) return '';
  if (document.querySelectorAll('#hands li').length) return 'over';
  if (!document.getElementById('bidding').hidden) return 'bid';
  if (document.querySelector('#hand .playable')) return 'play';
  return '';
})()"""
PLAYABLE = """Array.from(document.querySelectorAll('#hand .playable')).map((e) =>
  [e.dataset.card, e.lastElementChild.textContent])"""
HELD = "document.querySelectorAll('#hand [role=option]').length"
SELECTED_BID = "(document.querySelector('#bids [aria-selected=true]') || {}).textContent"


def sizes(phone: Phone) -> dict[str, Any]:
    targets = phone.targets()
    return {
        "targets": len(targets),
        "under_44": sum(1 for t in targets if t["width"] < 44 or t["height"] < 44),
        "smallest_width": round(min(t["width"] for t in targets), 1),
        "smallest_height": round(min(t["height"] for t in targets), 1),
    }


def one_hand(way: str, mouse: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as root, alone_server(Path(root), SEED) as server, \
            browser() as b:
        url = base_url(server)
        with urllib.request.urlopen(url + "app.json", timeout=30) as answer:
            help_for = json.load(answer)["help"]
        phone = phone_tab(b, url, RECORDER, mouse=mouse)
        first_screen = sizes(phone)
        started = time.monotonic()
        phone.adjust(phone.swipe_to(control("combobox", PAGE_WORDS["level_label"])), "easy")
        phone.tap(control("button", PAGE_WORDS["play_alone"]))
        phone.page.wait(f"{WHAT_NOW} === 'bid'", timeout=60)
        table = sizes(phone)
        phone.tap(lambda s: s.role == "DisclosureTriangle")  # every action's button
        phone.page.wait("document.getElementById('keys-box').open")
        for _ in range(2):
            before = len(phone.page.js(SAID))
            phone.tap(control("button", help_for["pace"]))
            phone.page.wait(f"{SAID}.length > {before}")
        choose = control("button", help_for["select"])
        setup = (phone.taps, phone.swipes)
        while (what := phone.page.wait(WHAT_NOW, timeout=120)) != "over":
            if what == "bid":
                if way == "cards":
                    name = phone.page.js(SELECTED_BID)
                    phone.tap(lambda s, n=name: s.role == "option" and s.name == n)
                    phone.tap(control("button", PAGE_WORDS["place_bid"]))
                else:
                    phone.tap(choose)
                phone.page.wait("document.getElementById('bidding').hidden", timeout=60)
                continue
            _, label = phone.page.wait(PLAYABLE)[0]
            held = phone.page.js(HELD)
            if way == "cards":
                phone.tap(lambda s, n=label: s.role == "option" and s.name == n)
                if mouse:  # a mouse's first click names the card, a second plays it
                    phone.tap(lambda s, n=label: s.role == "option" and s.name == n)
            else:
                phone.tap(control("button", help_for["next_playable"]))
                phone.tap(choose)
            phone.page.wait(f"{HELD} < {held}", timeout=60)  # by keys, not always that card
        return {
            "page": str(Path(spades_voice.__file__).parent),
            "way": way, "pointer": "mouse" if mouse else "touch",
            "taps": phone.taps, "swipes": phone.swipes,
            "hand_taps": phone.taps - setup[0], "hand_swipes": phone.swipes - setup[1],
            "seconds": round(time.monotonic() - started, 1),
            "first_screen": first_screen, "table": table,
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--way", choices=("cards", "keys"), default="cards")
    parser.add_argument("--mouse", action="store_true")
    args = parser.parse_args()
    print(json.dumps(one_hand(args.way, args.mouse), indent=1))


if __name__ == "__main__":
    main()
