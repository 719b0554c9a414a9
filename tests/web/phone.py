"""Chromium made a phone, played as a phone's screen reader plays it, with no key event.

``Phone`` wraps a ``cdp.Page``: 390x844 CSS px, a mobile view, touch events, a coarse
pointer and an iPhone's user agent. A phone's screen reader (VoiceOver, TalkBack) moves
through the accessibility tree one node at a time: a swipe right is the next node in
reading order (``Accessibility.getFullAXTree``, ignored nodes skipped), and a double tap
is a touch at the centre of the node it is on (``DOM.getBoxModel`` of its DOM node, then
``Input.dispatchTouchEvent`` touchStart and touchEnd there). ``mouse=True`` is a desktop
with a mouse instead: a fine pointer, no touch, and a click at the centre
(``Input.dispatchMouseEvent``). Every swipe and tap is counted, so a test can say how far
a thing is and a figure can say what a hand costs.

What a phone's cursor stops on (``Stop``): a control (button, option, check box, box to
type in, link, a disclosure's summary), a heading, or a run of text outside them. A
``<select>`` is an adjustable control: the phone shows its own picker, whose choice is
``adjust`` here (the option is chosen and the page hears its change event, as it does
from the picker).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cdp import Browser, Page

#: An iPhone's Safari, as it names itself.
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
WIDTH, HEIGHT = 390, 844
#: Roles a phone's cursor stops on as one thing (their text is their name).
CONTROLS = {"button", "option", "checkbox", "radio", "textbox", "combobox", "link",
            "DisclosureTriangle", "MenuListPopup", "switch", "slider", "heading",
            "menuitem", "tab"}
#: Roles whose text a phone reads as it is (stops of their own).
TEXT = {"StaticText"}
#: Targets a finger or a mouse aims at, as the page marks them.
TARGETS = ("button, a[href], input, select, summary, [role=option], [role=button], "
           "[role=checkbox], [role=radio]")
#: Each visible target's size and name, in CSS px (what WCAG 2.5.5 measures).
MEASURE = """(() => Array.from(document.querySelectorAll(TARGETS)).flatMap((el) => {
  const box = el.getBoundingClientRect();
  if (!box.width || !box.height || el.closest('.visually-hidden')) return [];
  if (!el.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true})) return [];
  const name = el.id || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 30);
  return [{name, tag: el.tagName.toLowerCase(), width: box.width, height: box.height}];
}))()""".replace("TARGETS", repr(TARGETS))
#: What stands over each visible target's centre when it is not the target itself (the
#: target's own children are the target): the element's id, or nothing at all.
COVERED = """(() => Array.from(document.querySelectorAll(TARGETS)).flatMap((el) => {
  const box = el.getBoundingClientRect();
  if (!box.width || !box.height || el.closest('.visually-hidden')) return [];
  if (!el.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true})) return [];
  el.scrollIntoView({block: 'center'});
  const b = el.getBoundingClientRect();
  const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  const label = el.id ? document.querySelector('label[for="' + el.id + '"]') : null;
  if (!top || el.contains(top) || (label && label.contains(top))) return [];
  return [{target: el.id || el.textContent.trim().slice(0, 30), over: top.id || top.className}];
}))()""".replace("TARGETS", repr(TARGETS))


@dataclass(frozen=True, slots=True)
class Stop:
    """One place a phone's cursor rests: the node, its role and name, its DOM node."""

    node: str
    role: str
    name: str
    backend: int | None

    def __str__(self) -> str:
        return f"{self.role} {self.name!r}"


class Phone:
    """A tab driven by swipes and double taps (or, ``mouse=True``, by a mouse's clicks)."""

    def __init__(self, page: Page, *, mouse: bool = False) -> None:
        self.page = page
        self.mouse = mouse
        self.swipes = 0
        self.taps = 0
        self.at: Stop | None = None  # where the cursor rests
        self.index = -1  # its place among the stops (-1: above the first)
        page.send("Accessibility.enable")
        page.send("DOM.enable")
        if mouse:
            self.media()
            return
        page.send("Emulation.setDeviceMetricsOverride", {
            "width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 3, "mobile": True,
            "screenOrientation": {"type": "portraitPrimary", "angle": 0},
        })
        page.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        page.send("Emulation.setUserAgentOverride", {"userAgent": IPHONE, "platform": "iPhone"})
        self.media()

    def media(self, scheme: str = "light") -> None:
        """The pointer's media features (touch emulation makes chromium say coarse; said
        outright, it holds on every build), with the colour scheme ``scheme``."""
        pointer, hover = ("fine", "hover") if self.mouse else ("coarse", "none")
        self.page.send("Emulation.setEmulatedMedia", {"features": [
            {"name": "pointer", "value": pointer}, {"name": "any-pointer", "value": pointer},
            {"name": "hover", "value": hover}, {"name": "any-hover", "value": hover},
            {"name": "prefers-color-scheme", "value": scheme}]})

    # ---- what a screen reader finds ---------------------------------------------------

    def stops(self) -> list[Stop]:
        """The page's stops in reading order (the tree's order, ignored nodes skipped)."""
        nodes: list[dict[str, Any]] = self.page.send("Accessibility.getFullAXTree")["nodes"]
        by_id = {n["nodeId"]: n for n in nodes}
        roots = [n for n in nodes if not n.get("parentId")]
        found: list[Stop] = []

        def walk(node: dict[str, Any]) -> None:
            role = (node.get("role") or {}).get("value", "")
            name = (node.get("name") or {}).get("value", "")
            if not node.get("ignored"):
                if role in CONTROLS:
                    found.append(Stop(node["nodeId"], role, name, node.get("backendDOMNodeId")))
                    return
                if role in TEXT and name.strip():
                    found.append(Stop(node["nodeId"], role, name, node.get("backendDOMNodeId")))
                    return
            for child in node.get("childIds", []):
                if child in by_id:
                    walk(by_id[child])

        for root in roots:
            walk(root)
        return found

    def first(self, want: Callable[[Stop], bool], timeout: float = 60.0) -> Stop:
        """The first stop from the top that ``want`` (waiting for it to appear)."""
        deadline = time.monotonic() + timeout
        while True:
            for stop in self.stops():
                if want(stop):
                    return stop
            if time.monotonic() > deadline:
                raise AssertionError("no such stop in the page")
            time.sleep(0.05)

    def swipe_to(self, want: Callable[[Stop], bool], timeout: float = 60.0) -> Stop:
        """Swipe from where the cursor rests to the nearest stop ``want``s: right or left,
        one stop a swipe, or from the top (one gesture, a four-finger tap at the top of
        the screen, then right). Where the cursor's node is gone (a card played), the
        cursor stands where it was, as a phone's screen reader keeps its place. Waits for
        such a stop to appear."""
        deadline = time.monotonic() + timeout
        while True:
            stops = self.stops()
            backends = [s.backend for s in stops]
            here = (backends.index(self.at.backend)
                    if self.at is not None and self.at.backend in backends
                    else min(self.index, len(stops) - 1))
            costs = [(min(abs(i - here) if here >= 0 else i + 1, 1 + i), i)
                     for i, s in enumerate(stops) if want(s)]
            if costs:
                cost, i = min(costs)
                self.swipes += cost
                return self._rest(stops[i], i)
            if time.monotonic() > deadline:
                names = ", ".join(str(s) for s in stops[:80])
                raise AssertionError(f"no stop found by swipes; the page has: {names}")
            time.sleep(0.05)

    def _rest(self, stop: Stop, index: int | None = None) -> Stop:
        """The cursor on ``stop`` (the ``index``th stop): a phone scrolls it into sight."""
        self.at = stop
        if index is not None:
            self.index = index
        if stop.backend is not None:
            self.page.send("DOM.scrollIntoViewIfNeeded", {"backendNodeId": stop.backend})
        return stop

    # ---- choosing ---------------------------------------------------------------------

    def centre(self, stop: Stop) -> tuple[float, float]:
        assert stop.backend is not None, f"{stop} has no DOM node to touch"
        quad = self.page.send("DOM.getBoxModel", {"backendNodeId": stop.backend})["model"]["border"]
        xs, ys = quad[0::2], quad[1::2]
        return sum(xs) / 4, sum(ys) / 4

    def double_tap(self, stop: Stop | None = None) -> None:
        """Choose the stop the cursor rests on (or ``stop``): a touch at its centre, or
        with a mouse a click there."""
        stop = stop or self.at
        assert stop is not None, "the cursor rests nowhere"
        self._rest(stop)
        x, y = self.centre(stop)
        self.taps += 1
        if self.mouse:
            for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
                pressing = kind != "mouseMoved"
                self.page.send("Input.dispatchMouseEvent", {
                    "type": kind, "x": x, "y": y, "button": "left" if pressing else "none",
                    "clickCount": 1 if pressing else 0})
            return
        self.page.send("Input.dispatchTouchEvent", {
            "type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
        self.page.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def tap(self, want: Callable[[Stop], bool], timeout: float = 60.0) -> Stop:
        """Swipe to the first stop ``want``s and double tap it."""
        stop = self.swipe_to(want, timeout)
        self.double_tap(stop)
        return stop

    def adjust(self, stop: Stop, value: str) -> None:
        """Choose ``value`` in a ``<select>`` as the phone's picker does (one gesture)."""
        assert stop.backend is not None
        obj = self.page.send("DOM.resolveNode", {"backendNodeId": stop.backend})["object"]
        self.page.send("Runtime.callFunctionOn", {
            "objectId": obj["objectId"], "arguments": [{"value": value}],
            "functionDeclaration": "function (v) { this.value = v;"
            " this.dispatchEvent(new Event('input', {bubbles: true}));"
            " this.dispatchEvent(new Event('change', {bubbles: true})); }"})
        self.taps += 1

    # ---- what a finger meets ----------------------------------------------------------

    def targets(self) -> list[dict[str, Any]]:
        """Every visible target with its size in CSS px."""
        found: list[dict[str, Any]] = self.page.js(MEASURE)
        return found

    def covered(self) -> list[dict[str, Any]]:
        """Each target whose centre something else stands over (a sticky line, say)."""
        found: list[dict[str, Any]] = self.page.js(COVERED)
        self.page.js("window.scrollTo(0, 0)")
        return found


def starts(text: str) -> Callable[[Stop], bool]:
    """A stop whose name begins with ``text``."""
    return lambda stop: stop.name.startswith(text)


def control(role: str, name: str) -> Callable[[Stop], bool]:
    """A stop of ``role`` whose name begins with ``name``."""
    return lambda stop: stop.role == role and stop.name.startswith(name)


def phone_tab(b: Browser, url: str, recorder: str, *, mouse: bool = False) -> Phone:
    """A tab made a phone (or a mouse's desktop) before it opens ``url``, with the
    live-region recorder installed."""
    page = b.page()
    phone = Phone(page, mouse=mouse)
    page.add_script(recorder)
    page.goto(url)
    page.wait("document.body && document.body.dataset.ready === 'true'")
    return phone
