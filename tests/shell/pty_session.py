"""The installed ``spades-voice`` in a pseudo-terminal: keys in, every byte out kept.

Used by the console tests and ``bench/bench_console.py``: what reaches the player's
terminal is judged from the raw bytes, and what was spoken from the speech log.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pexpect

#: Escape sequences: CSI (ESC [ ... final), OSC (ESC ] ... BEL or ST), and two-byte ESC x.
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")
CONTROLS = re.compile(r"[\x00-\x1f\x7f]")

KEYS = {
    "left": "\x1b[D", "right": "\x1b[C", "up": "\x1b[A", "down": "\x1b[B",
    "home": "\x1b[H", "end": "\x1b[F", "enter": "\r", "escape": "\x1b", "f3": "\x1bOR",
}

#: A 60-key session: queries, moving, playing, the next hand; the same every run.
SESSION = (
    ["h", "b", "s", "enter"]  # the bid is placed on the focused value
    + ["t", "right", "left", "enter", "m", "b", "o", "c", "w", "l"] * 5
    + ["s", "f3", "n", "b", "h", "enter", "y"]  # only Y says yes to "Start a new match?"
)


def script() -> str | None:
    exe = Path(sys.executable).parent / "spades-voice"
    return str(exe) if exe.exists() else shutil.which("spades-voice")


def visible(text: str) -> str:
    """What a sighted reader would see drawn: escapes and control characters removed."""
    return CONTROLS.sub("", ESCAPES.sub("", text))


@dataclass
class Session:
    """One game in a pty. ``raw`` is every byte the game wrote, decoded."""

    home: Path
    args: list[str] = field(default_factory=list)
    raw: str = ""
    child: pexpect.spawn | None = None

    @property
    def log_path(self) -> Path:
        return self.home / "speech.jsonl"

    def start(self, *, expect_greeting: bool = True) -> Session:
        exe = script()
        if exe is None:
            raise RuntimeError("spades-voice is not installed")
        env = {
            "HOME": str(self.home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "XDG_CONFIG_HOME": str(self.home / "c"), "XDG_DATA_HOME": str(self.home / "d"),
            "XDG_STATE_HOME": str(self.home / "s"), "XDG_CACHE_HOME": str(self.home / "k"),
            "TERM": "xterm", "LANG": "C.UTF-8",
        }
        if "PYTHONPATH" in os.environ:  # a checkout run without installing it
            env["PYTHONPATH"] = os.environ["PYTHONPATH"]
        self.child = pexpect.spawn(
            exe,
            ["--speech", "print", "--speech-log", str(self.log_path), "--pace", "instant",
             "--seed", "42", "--level", "easy", *self.args],
            env=env, encoding="utf-8", dimensions=(24, 80), timeout=20,
        )
        if expect_greeting:
            self.settle(lambda log: bool(log))
        return self

    def log(self) -> list[str]:
        if not self.log_path.exists():
            return []
        lines = self.log_path.read_text(encoding="utf-8").splitlines()
        return [json.loads(x)["text"] for x in lines if x.strip()]

    def _drain(self, wait: float) -> bool:
        """Read what the game wrote within ``wait`` seconds; True if anything came."""
        assert self.child is not None
        try:
            got = self.child.read_nonblocking(65536, timeout=wait)
        except pexpect.TIMEOUT:
            return False
        except pexpect.EOF:
            return False
        self.raw += got
        return True

    def settle(self, until: object = None, quiet: float = 0.25, limit: float = 15.0) -> None:
        """Read output until ``until(log)`` holds (if given) and nothing more comes for
        ``quiet`` seconds."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            came = self._drain(quiet)
            if not came and (until is None or until(self.log())):  # type: ignore[operator]
                return
        raise AssertionError(f"no quiet; log ends {self.log()[-5:]}")

    def press(self, key: str) -> None:
        assert self.child is not None
        before = len(self.log())
        self.child.send(KEYS.get(key, key))
        self.settle(lambda log: len(log) > before)

    def close(self) -> None:
        if self.child is not None:
            self.child.close(force=True)


def measure(session: Session) -> dict[str, float]:
    """Figures for a finished session: spoken lines and characters, characters drawn,
    bytes and escape sequences written, per spoken line."""
    spoken = session.log()
    spoken_chars = sum(len(t) for t in spoken)
    drawn = visible(session.raw)
    n = max(1, len(spoken))
    return {
        "spoken lines": len(spoken),
        "spoken chars": spoken_chars,
        "visible chars": len(drawn),
        "visible / spoken": len(drawn) / max(1, spoken_chars),
        "bytes per spoken line": len(session.raw.encode("utf-8")) / n,
        "escapes per spoken line": len(ESCAPES.findall(session.raw)) / n,
    }
