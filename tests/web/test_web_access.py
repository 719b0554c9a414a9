"""The page as assistive technology finds it, in a real browser: the accessibility tree
(roles, names, live properties, key shortcuts) of every region and control, axe-core's
checks in both colour schemes, and a page at 200% zoom that needs no sideways scrolling
(its screenshot is kept for a person to look at: ``SPADES_WEB_SHOTS=folder``)."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from cdp import Page
from web_helpers import base_url, browser, open_page, seat_guest, web_server

from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Ruleset

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"


@contextmanager
def guest_bidding(
    before_move: Callable[[RemoteTable], None] | None = None,
) -> Iterator[Page]:
    """A browser guest at a started table, on its turn to bid (the most regions shown);
    the host plays its own seat from a thread (``before_move``: called before each of
    its moves, in that thread)."""
    from net_helpers import play_until

    with web_server() as server, browser() as b:
        host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
        stop = threading.Event()
        worker = threading.Thread(
            target=play_until, args=([host], stop.is_set),
            kwargs={"timeout": 120, "before_move": before_move}, daemon=True,
        )
        try:
            page = seat_guest(b, server, host)
            host.start()
            worker.start()
            page.wait("!document.getElementById('bidding').hidden", timeout=60)
            # The turn is said a moment after it shows (the page says a burst as one), in
            # order with the moves before it, as the terminal says it.
            page.wait("window.__heard.some((h) => h.text.startsWith('Your bid'))")
            yield page
        finally:
            stop.set()
            worker.join(10)
            host.close()


def _tree(page: Page) -> list[dict[str, Any]]:
    nodes: list[dict[str, Any]] = page.send("Accessibility.getFullAXTree")["nodes"]
    return [n for n in nodes if not n.get("ignored")]


def _value(node: dict[str, Any], key: str) -> Any:
    return (node.get(key) or {}).get("value")


def _prop(node: dict[str, Any], name: str) -> Any:
    for prop in node.get("properties", []):
        if prop["name"] == name:
            return prop["value"].get("value")
    return None


def _find(nodes: list[dict[str, Any]], role: str, name: str | None = None) -> list[dict[str, Any]]:
    return [
        n for n in nodes
        if _value(n, "role") == role and (name is None or _value(n, "name") == name)
    ]


def test_every_region_and_control_has_its_role_name_and_live_properties() -> None:
    with guest_bidding() as page:
        page.send("Accessibility.enable")
        page.js("document.getElementById('keys-box').open = true")  # closed by default
        nodes = _tree(page)
        regions = {_value(n, "name") for n in _find(nodes, "region")}
        assert {"Seats", "The game", "What has happened", "How spades works",
                "This trick", "Last completed trick", "Partnerships", "Players",
                "Hands played"} <= regions, regions
        [app] = _find(nodes, "application")
        assert _value(app, "name") == "Spades table: the game's keys work here"
        # Each list is named with the table's name first: a screen reader says it as
        # focus comes into the table (Orca does not say an application's own name).
        [hand] = _find(nodes, "listbox", "Spades table: the game's keys work here Your hand")
        [bids] = _find(nodes, "listbox", "Spades table: the game's keys work here Bidding")
        options = _find(nodes, "option")
        assert len(options) == 13 + 14  # the hand, and nil to 13
        # One focus at the bid (issue 44): the hand shows none while the seat bids.
        [chosen] = [o for o in options if _prop(o, "selected")]
        assert _value(chosen, "name") in {_value(o, "name") for o in _find(nodes, "option")
                                          if o["nodeId"] in bids.get("childIds", [])}
        assert page.js("document.getElementById('hand').getAttribute('aria-activedescendant')"
                       " === null && !document.querySelector('#hand .focused')")
        assert _find(nodes, "option", "Nil.") and _find(nodes, "option", "13.")
        assert _prop(bids, "focused") and hand  # the bid list has focus on its turn
        assert _find(nodes, "button", "Place this bid")
        [log] = _find(nodes, "log")
        assert _prop(log, "live") == "polite" and _value(log, "name") == "Game events"
        # No assertive region: in Orca an assertive line purges the polite ones queued.
        assert not [n for n in nodes if _prop(n, "live") in ("assertive", "rude")]
        # Each game key is a button with its shortcut.
        shortcuts = {_value(n, "name"): _prop(n, "keyshortcuts") for n in _find(nodes, "button")}
        hand_key = next(v for k, v in shortcuts.items() if k.startswith("Your hand, suit by suit"))
        assert hand_key == "H"
        assert "Shift+S" in shortcuts.values() and "Shift+B" in shortcuts.values()
        assert "F2" in shortcuts.values() and "Enter Space" in shortcuts.values()
        assert len(_find(nodes, "table")) == 3 and _find(nodes, "columnheader", "Partnership")
        # Live regions: not nested, not hidden with display:none, not focusable.
        assert page.js("""(() => {
            const live = Array.from(document.querySelectorAll('[aria-live]'));
            return live.length === 1 && live.every((el) =>
              !el.parentElement.closest('[aria-live]') && !el.querySelector('[aria-live]') &&
              getComputedStyle(el).display !== 'none' && !el.hasAttribute('tabindex'));
        })()""")


def _axe(page: Page) -> list[dict[str, Any]]:
    page.js(AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.js(
        "axe.run(document, {resultTypes: ['violations']}).then((r) => r.violations.map("
        "(v) => ({id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target)})))"
    )
    return [v for v in found if v["impact"] in ("critical", "serious")]


def test_axe_finds_nothing_critical_or_serious_in_either_colour_scheme() -> None:
    with guest_bidding() as page:
        for scheme in ("light", "dark"):
            page.send("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme}],
            })
            assert page.js(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
            assert _axe(page) == [], scheme


def test_axe_passes_the_join_form_too_in_each_language() -> None:
    with web_server() as server, browser() as b:
        for languages in ("en-US,en", "es-MX,es"):
            page = open_page(b, base_url(server), languages=languages)
            assert page.js("document.documentElement.lang") == languages[:2]
            for scheme in ("light", "dark"):
                page.send("Emulation.setEmulatedMedia", {
                    "features": [{"name": "prefers-color-scheme", "value": scheme}],
                })
                assert _axe(page) == [], (languages, scheme)


def test_at_200_percent_zoom_nothing_scrolls_sideways(tmp_path: Path) -> None:
    shots = Path(os.environ.get("SPADES_WEB_SHOTS", tmp_path))
    with guest_bidding() as page:
        # A 1280-pixel window at 200%: the page lays out in 640 CSS pixels, drawn twice as big.
        page.send("Emulation.setDeviceMetricsOverride",
                  {"width": 640, "height": 900, "deviceScaleFactor": 2, "mobile": False})
        assert page.js("window.innerWidth") == 640
        assert page.js("document.documentElement.scrollWidth <= window.innerWidth")
        # The focused bid is marked by more than colour: a thick border and bold text.
        style = page.js("(() => { const s = getComputedStyle(document.querySelector("
                        "'#bids .focused')); return [s.borderTopWidth, s.fontWeight]; })()")
        assert style == ["4px", "700"]
        page.screenshot(shots / "browser-seat-200.png")
        assert (shots / "browser-seat-200.png").stat().st_size > 10_000
