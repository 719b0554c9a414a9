"""A small Chrome DevTools Protocol client over ``--remote-debugging-pipe``, standard
library only: Debian's ``chromium``, headless, driven the way a test needs it (a page,
keys pressed, scripts evaluated, the accessibility tree, screenshots).

The pipe is two file descriptors the browser finds at 3 (commands in) and 4 (answers and
events out); each message is one JSON object followed by a NUL byte.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: What each named key sends: (key, code, Windows key code).
NAMED = {
    "left": ("ArrowLeft", "ArrowLeft", 37), "right": ("ArrowRight", "ArrowRight", 39),
    "up": ("ArrowUp", "ArrowUp", 38), "down": ("ArrowDown", "ArrowDown", 40),
    "home": ("Home", "Home", 36), "end": ("End", "End", 35),
    "enter": ("Enter", "Enter", 13), "space": (" ", "Space", 32),
    "escape": ("Escape", "Escape", 27), "tab": ("Tab", "Tab", 9),
    **{f"f{n}": (f"F{n}", f"F{n}", 111 + n) for n in range(1, 13)},
}


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class CdpError(RuntimeError):
    pass


class Browser:
    """One headless chromium; ``page()`` opens a tab to drive."""

    def __init__(self, binary: str, timeout: float = 20.0, extra: tuple[str, ...] = (),
                 profile: Path | None = None, *, headless: bool = True,
                 env: dict[str, str] | None = None) -> None:
        """``profile``: the browser's own folder, kept after it closes (the same browser
        opened again); by default a new one, removed when it closes. ``headless=False``
        with ``env`` naming a display: a window on that display (the Orca tests'
        desktop), still driven over the pipe."""
        self.timeout = timeout
        self.profile = tempfile.TemporaryDirectory(prefix="spades-chromium-")
        profile_dir = str(profile) if profile is not None else self.profile.name
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def fds() -> None:  # the browser reads commands at 3 and writes at 4
            # Moved above 4 first: in a process with few files open the pipes may
            # themselves be 3 and 4, and a straight dup2 would clobber one with the other.
            read, write = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_browser_r,
                                                                          from_browser_w))
            os.dup2(read, 3)
            os.dup2(write, 4)

        args = [
            binary, *(["--headless"] if headless else []), "--remote-debugging-pipe",
            "--no-first-run", "--no-default-browser-check", "--disable-gpu", "--disable-extensions",
            "--disable-background-networking", "--disable-sync", "--mute-audio",
            "--disable-dev-shm-usage", f"--user-data-dir={profile_dir}",
            "--window-size=1000,800", *extra,
        ]
        if os.geteuid() == 0:
            args.append("--no-sandbox")  # chromium refuses root with its sandbox
        # close_fds would close 3 and 4 after the dup2; the pipes' own descriptors are
        # not inheritable, so only the two copies reach the browser.
        self.proc = subprocess.Popen(
            args, preexec_fn=fds, close_fds=False, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._ids = iter(range(1, 1 << 62))
        self._lock = threading.Condition()
        self._answers: dict[int, dict[str, Any]] = {}
        self.events: list[dict[str, Any]] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        buffer = b""
        while True:
            try:
                chunk = os.read(self._from_browser, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                with self._lock:
                    self._lock.notify_all()
                return
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                with self._lock:
                    if "id" in message:
                        self._answers[message["id"]] = message
                    else:
                        self.events.append(message)
                    self._lock.notify_all()

    def send(self, method: str, params: dict[str, Any] | None = None,
             session: str | None = None) -> dict[str, Any]:
        ident = next(self._ids)
        message: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        with self._lock:
            while ident not in self._answers:
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise CdpError(f"{method}: no answer from the browser")
                self._lock.wait(left)
            answer = self._answers.pop(ident)
        if "error" in answer:
            raise CdpError(f"{method}: {answer['error']}")
        result: dict[str, Any] = answer.get("result", {})
        return result

    def wait_event(self, method: str, match: Callable[[dict[str, Any]], bool] = lambda _: True,
                   timeout: float | None = None) -> dict[str, Any]:
        deadline = time.monotonic() + (timeout or self.timeout)
        with self._lock:
            while True:
                for event in self.events:
                    if event.get("method") == method and match(event.get("params", {})):
                        self.events.remove(event)
                        return event
                left = deadline - time.monotonic()
                if left <= 0:
                    raise CdpError(f"no {method} event in time")
                self._lock.wait(left)

    def page(self) -> Page:
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})
        return Page(self, session["sessionId"])

    def close(self) -> None:
        with contextlib.suppress(CdpError, OSError):
            self.send("Browser.close")
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        os.close(self._to_browser)
        self._reader.join(5)
        os.close(self._from_browser)
        self.profile.cleanup()


class Page:
    """One tab: the commands a test uses, sent with the tab's session."""

    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session
        for domain in ("Page", "Runtime"):
            self.send(f"{domain}.enable")

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.browser.send(method, params, self.session)

    def add_script(self, source: str) -> None:
        """Run ``source`` in every document before the page's own scripts."""
        self.send("Page.addScriptToEvaluateOnNewDocument", {"source": source})

    def goto(self, url: str) -> None:
        self.send("Page.navigate", {"url": url})
        self.browser.wait_event("Page.loadEventFired", timeout=20)

    def js(self, expression: str) -> Any:
        answer = self.send(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
        )
        if "exceptionDetails" in answer:
            raise CdpError(f"{expression[:60]}: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def wait(self, expression: str, timeout: float = 20.0) -> Any:
        """Until ``expression`` is truthy in the page (checked as the page changes)."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"not true in time: {expression}")
            time.sleep(0.02)

    def key(self, name: str, *, shift: bool = False, repeat: bool = False,
            ctrl: bool = False) -> None:
        """Press and release one key as a person would ("h", "S", "left", "f2"; with
        ``ctrl``, Control held: no text)."""
        if name in NAMED:
            key, code, vk = NAMED[name]
            text = "\r" if name == "enter" else (" " if name == "space" else "")
        else:
            key, text = name, name
            code = f"Key{name.upper()}" if name.isalpha() else ""
            vk = ord(name.upper())
            shift = shift or (name.isalpha() and name.isupper())
        modifiers = (8 if shift else 0) | (2 if ctrl else 0)
        if ctrl:
            text = ""
        down: dict[str, Any] = {
            "type": "keyDown" if text else "rawKeyDown", "key": key, "code": code,
            "windowsVirtualKeyCode": vk, "modifiers": modifiers, "autoRepeat": repeat,
        }
        if text:
            down["text"] = text
        self.send("Input.dispatchKeyEvent", down)
        if not repeat:
            self.send("Input.dispatchKeyEvent", {
                "type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": vk,
                "modifiers": modifiers,
            })

    def type(self, text: str) -> None:
        self.send("Input.insertText", {"text": text})

    def screenshot(self, path: Path) -> None:
        data = self.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
        path.write_bytes(base64.b64decode(data["data"]))
