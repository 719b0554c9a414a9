"""The page for the eyes (issue 44): at 100% and at 200% zoom, in both colour schemes, the
join form, the bid and a trick in play lay out with no sideways scrolling; the turn line,
the trick (each seat's card where that seat sits), the hand and the bid list come
together; the key buttons wait in a disclosure closed by default; cards look like cards
with their names unchanged; axe finds nothing critical or serious in play either.
Screenshots are kept for a person to look at: ``SPADES_WEB_SHOTS=folder``."""

from __future__ import annotations

import base64
import os
from pathlib import Path

from cdp import Page
from test_web_access import _axe, guest_bidding
from test_web_hand import WHAT_NOW
from web_helpers import base_url, browser, open_page, web_server

#: 1280 CSS pixels at 100%; at 200% the page lays out in 640, drawn twice as big.
ZOOMS = {100: (1280, 1), 200: (640, 2)}


def _look(page: Page, shots: Path, scene: str) -> None:
    for zoom, (width, scale) in ZOOMS.items():
        page.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": 900, "deviceScaleFactor": scale, "mobile": False})
        for scheme in ("light", "dark"):
            page.send("Emulation.setEmulatedMedia", {"features": [
                {"name": "prefers-color-scheme", "value": scheme},
                {"name": "prefers-reduced-motion", "value": "reduce"},
            ]})
            assert page.js("document.documentElement.scrollWidth <= window.innerWidth"), (
                scene, zoom, scheme)
            shot = shots / f"{scene}-{zoom}-{scheme}.png"
            page.screenshot(shot)
            assert shot.stat().st_size > 5_000
            # And the one screen a player sees, from the game's heading (or the top).
            page.js("(document.getElementById('game').hidden ? document.body"
                    " : document.getElementById('game-h')).scrollIntoView()")
            seen = page.send("Page.captureScreenshot", {"format": "png"})["data"]
            (shots / f"{scene}-{zoom}-{scheme}-screen.png").write_bytes(base64.b64decode(seen))


def _span(page: Page, *selectors: str) -> float:
    """From the top of the first of these to the bottom of the lowest, in CSS pixels."""
    found: float = page.js(
        f"(() => {{ const r = {list(selectors)!r}.map((s) =>"
        " document.querySelector(s).getBoundingClientRect());"
        " return Math.max(...r.map((b) => b.bottom)) - Math.min(...r.map((b) => b.top)); })()")
    return found


def test_the_join_form_at_100_and_200_percent(tmp_path: Path) -> None:
    shots = Path(os.environ.get("SPADES_WEB_SHOTS", tmp_path))
    with web_server() as server, browser() as b:
        page = open_page(b, base_url(server))
        _look(page, shots, "join")


def test_the_bid_and_a_trick_in_play_for_the_eyes(tmp_path: Path) -> None:
    shots = Path(os.environ.get("SPADES_WEB_SHOTS", tmp_path))
    with guest_bidding() as page:
        # The key buttons are closed away; each is still a button with its shortcut.
        assert page.js("document.getElementById('keys-box').open") is False
        assert page.js("Array.from(document.querySelectorAll('#keys button')).every("
                       "(b) => b.getAttribute('aria-keyshortcuts'))")
        # Cards: a face for the eyes, hidden from screen readers; the name is the label.
        assert page.js("document.querySelectorAll('#hand .card .face[aria-hidden=true]')"
                       ".length") == 13
        page.send("Emulation.setDeviceMetricsOverride",
                  {"width": 640, "height": 900, "deviceScaleFactor": 2, "mobile": False})
        # At 200%, what a bid needs (the trick, the hand, the bids) lies within one
        # 900-pixel screen, the turn line pinned at its top.
        assert _span(page, "#trick-h", "#trick", "#hand", "#bids", "#place-bid") < 900 - 60
        _look(page, shots, "bid")
        page.key("enter")
        page.wait(f"{WHAT_NOW} === 'play'", timeout=60)
        assert _span(page, "#trick-h", "#felt", "#hand") < 900 - 60
        assert page.js("document.querySelectorAll('#felt .spot').length") == 4
        assert page.js("document.getElementById('felt').getAttribute('aria-hidden')") == "true"
        playable = page.js("getComputedStyle(document.querySelector('#hand .card.playable'))"
                           ".borderTopStyle")
        assert playable == "solid"
        _look(page, shots, "play")
        for scheme in ("light", "dark"):
            page.send("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme}],
            })
            assert _axe(page) == [], scheme
