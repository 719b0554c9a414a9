"""The real game in a pseudo-terminal, for the store's end-to-end tests.

``python -m spades_voice --speech print --pace instant`` with its own data directory.
At instant pace the computers move inside the key's handler, so once the output has been
quiet for a moment the game is waiting for the player and every decision it made has
already been saved (the shell saves before it returns to the keyboard).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

from spades_voice.store import DATA_DIR_ENV, SavedMatch, load_saved

ANSI = re.compile(r"\x1b(\[[0-9;?]*[A-Za-z~]|O.|[=>])")
KEYS = {
    "enter": "\r",
    "tab": "\t",
    "right": "\x1b[C",
    "home": "\x1b[H",
    "f3": "\x1bOR",
    "escape": "\x1b",
}
#: What the shell says last when only N moves the game on.
ASKS_FOR_N = ("Press N to deal the next hand.", "Press N for a new match, or Q to quit.")
QUIET = 0.25


class Game:
    def __init__(self, data: Path, seed: int, *extra: str) -> None:
        self.data = data
        env = {**os.environ, DATA_DIR_ENV: str(data), "TERM": "xterm"}
        args = [
            "-m",
            "spades_voice",
            "--speech",
            "print",
            "--pace",
            "instant",
            "--level",
            "easy",
            "--seed",
            str(seed),
            *extra,
        ]
        self.child = pexpect.spawn(
            sys.executable, args, env=env, encoding="utf-8", timeout=30, dimensions=(24, 250)
        )
        self.transcript = ""

    def settle(self, first: float = 15.0, quiet: float = QUIET) -> str:
        """Text printed until the game has been quiet for a moment (ANSI removed)."""
        out = []
        wait = first
        while True:
            try:
                self.child.expect(r".+", timeout=wait)
            except pexpect.TIMEOUT:
                break
            except pexpect.EOF:
                break
            out.append(self.child.after)
            wait = quiet
        text = ANSI.sub("", "".join(out)).replace("\r", "")
        self.transcript += text
        return text

    def wait_for(self, text: str, timeout: float = 20.0) -> str:
        """Everything up to and including ``text``, then whatever follows it at once."""
        self.child.expect_exact(text, timeout=timeout)
        got = ANSI.sub("", self.child.before + self.child.after).replace("\r", "")
        self.transcript += got
        return got + self.settle(first=QUIET)

    def press(self, *keys: str) -> str:
        for key in keys:
            self.child.send(KEYS.get(key, key))
        # Moving along the hand is answered at once; other keys may set computers going.
        moving = all(k in ("right", "home") for k in keys)
        return self.settle(quiet=0.08 if moving else QUIET)

    def kill(self) -> None:
        self.child.kill(9)
        self.child.close(force=True)

    def saved(self) -> SavedMatch | None:
        return load_saved(self.data / "save.json")


def asks_for_n(text: str) -> bool:
    """The last line spoken asks for N (print mode prints nothing after it)."""
    return text.rstrip("\n").rsplit("\n", 1)[-1].endswith(ASKS_FOR_N)


def waiting_for_player(game: Game) -> bool:
    """The game waits for a key: the player's turn, a finished hand, or the match over."""
    from spades_voice.rules import MatchState, Seat

    text = game.transcript
    if asks_for_n(text):
        return True
    saved = game.saved()
    if saved is None:  # a new match, nobody has decided yet: the player bids first
        return "Your bid" in text.rsplit("\n", 1)[-1]
    state = MatchState(saved.match)
    return state.over or state.to_act is Seat.S


def step_keys(screen: str) -> tuple[str, ...]:
    """Keys that move the game on from what the screen shows (print mode prints only what
    is said: no focus line to read whether a card is playable)."""
    if asks_for_n(screen):
        return ("n",)
    recent = screen.strip().splitlines()[-3:]
    if any("Your turn" in line or "Your lead" in line for line in recent):
        # Tab names the next playable card; a card jumped to plays on the first Enter.
        return ("tab", "enter")
    return ("enter",)
