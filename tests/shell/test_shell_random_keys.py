"""Random keys at the real shell: nothing a player presses can break the game.

The in-process harness (real prompt_toolkit application, pipe input) takes a stream of
random keys — every bound key, keys nothing uses, Escape storms, Control keys, escape
sequences of keys the game never mentions — over several seeds and table options, one of
them with the real store saving every decision. After every key: no exception, the key
was handled within the harness's bound (no hang). Every few hundred keys, a player who
knows only the keys must be able to move the match on from wherever the storm left it.
Quitting (Q then Y) is allowed: the game must exit cleanly, and a new one starts.

Sized for CI: about 24,000 keys in well under two minutes on a two-core machine; the
duration is printed (``-s``) so it can be watched rather than asserted.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from shell_harness import KEYS, Harness, easy_table

from spades_voice.options import Pace
from spades_voice.shell.keymap import load_keymap

#: Escape sequences for keys the harness does not name, bound or not.
MORE_KEYS = {
    "f4": "\x1bOS",
    "f6": "\x1b[17~",
    "f7": "\x1b[18~",
    "f8": "\x1b[19~",
    "f9": "\x1b[20~",
    "f10": "\x1b[21~",
    "f11": "\x1b[23~",
    "f12": "\x1b[24~",
    "pageup": "\x1b[5~",
    "pagedown": "\x1b[6~",
    "insert": "\x1b[2~",
    "delete": "\x1b[3~",
    "s-left": "\x1b[1;2D",
    "s-right": "\x1b[1;2C",
    "c-left": "\x1b[1;5D",
    "c-up": "\x1b[1;5A",
    "s-tab": "\x1b[Z",
    "backspace": "\x7f",
    "tab": "\t",
}
SEQUENCES = {**KEYS, **MORE_KEYS}


def _bound_keys() -> list[str]:
    keymap = load_keymap(use_user=False)
    out: list[str] = []
    for action in keymap.actions:
        for key in keymap.keys_for(action):
            for pt in keymap.pt_keys(key):
                out.append(SEQUENCES.get(pt, pt) if len(pt) > 1 else pt)
    return out


#: Quitting is one key and a yes away; pressed as often as any other key, the storm would
#: mostly test starting up. It still comes, now and then.
QUIT = ["q", "Q", "\x03"]
#: A hint asks the computer to think (a quarter second); common enough to be tested,
#: rare enough that the storm stays quick.
SLOW = ["i", "I"]
BOUND = [k for k in _bound_keys() if k not in QUIT + SLOW]
UNBOUND = [
    *"dfjzDFJZ0123456789!@#$%^&*()_+=[]{};:'\",.<>/\\|`~",
    "é", "ñ", "ß", "€", "♠", "日",
    *(MORE_KEYS[k] for k in MORE_KEYS),
]
#: Control-A to Control-Z as raw bytes (I, J, M are Tab and Enter; Control-C quits, so it
#: comes with the quit keys).
CONTROL = [chr(c) for c in range(1, 27) if c != 3]


@dataclass(frozen=True)
class Config:
    seed: int
    target: int | None
    blind_nil: bool
    store: bool = False


CONFIGS = [
    Config(seed=1, target=200, blind_nil=False),
    Config(seed=2, target=None, blind_nil=True),
    Config(seed=3, target=300, blind_nil=True, store=True),
    Config(seed=4, target=500, blind_nil=False),
]
#: Random keys per configuration (the keys of the player's bursts of play come on top).
KEYS_PER_CONFIG = 5000
CHECK_EVERY = 400
#: Now and then the storm stops and a player plays on for a while, so the random keys
#: also land between hands, at the end of a match, deep in a hand.
BURST_EVERY = 150


def _random_keys(rng: random.Random) -> Iterator[str]:
    """An endless stream of keys, mostly the game's own, with storms now and then."""
    while True:
        roll = rng.random()
        if roll < 0.002:
            yield rng.choice(QUIT)
        elif roll < 0.006:
            yield rng.choice(SLOW)
        elif roll < 0.55:
            yield rng.choice(BOUND)
        elif roll < 0.70:
            # A player getting on with it: the keys that move the game.
            yield rng.choice(["\r", " ", "n", "y", "\r", "\x1b[C"])
        elif roll < 0.82:
            yield rng.choice(UNBOUND)
        elif roll < 0.93:
            yield rng.choice(CONTROL)
        elif roll < 0.97:
            for _ in range(rng.randint(5, 40)):
                yield "\x1b"
        else:
            for _ in range(rng.randint(3, 12)):  # the same key held down
                yield rng.choice(BOUND)


def _quick_write(path: Path, data: bytes) -> None:
    """The store's files without fsync: the storm tests the shell, not the disk (the
    store's own tests drive the real atomic write)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.storm.tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


class Session:
    """One game after another on the same options (a quit ends one)."""

    def __init__(self, config: Config, data: Path | None) -> None:
        self.config = config
        self.data = data
        self.games = 0
        self.presses = 0
        self.hands_seen = 0
        self.matches_over = 0
        self.harness = self._start()

    def _start(self) -> Harness:
        hooks = None
        if self.data is not None:
            from spades_voice.store import StoreHooks

            hooks = StoreHooks(self.data, writer=_quick_write)
        table = easy_table(
            f"{self.config.seed}/{self.games}",
            target=self.config.target,
            blind_nil=self.config.blind_nil,
        )
        self.games += 1
        return Harness(table, pace=Pace.INSTANT, hooks=hooks)

    def press(self, key: str) -> None:
        h = self.harness
        self.presses += 1
        h.press(key)  # raises if the shell crashed or the key was not handled in time
        if h.finished:
            assert h.error is None and h.result == 0, h.error
            h.close()
            self.harness = self._start()

    def close(self) -> None:
        self.harness.close()


def _progress_mark(h: Harness) -> tuple[object, ...]:
    shell = h.shell
    assert shell is not None
    match = h.table.match
    return (match.seed, len(match.decisions), shell.between is None, shell.over)


def _describe(h: Harness) -> str:
    shell = h.shell
    assert shell is not None
    return (
        f"overlay={shell.overlay!r} paused={shell.driver.paused} pace={shell.driver.pace} "
        f"between={shell.between is not None} over={shell.over} "
        f"decisions={len(h.table.match.decisions)} my_turn={h.table.view().my_turn} "
        f"computer={h.table.computer_to_act()} said={h.texts()[-6:]}"
    )


def _move_on(session: Session) -> None:
    """From wherever the storm left the game, a player using only keys moves it on:
    close what is open, resume, pace back to instant, then deal, bid or play."""
    h = session.harness
    start = _progress_mark(h)
    for _ in range(80):
        if session.harness is not h:
            return  # a new game (only a storm key could have quit; kept for safety)
        shell = h.shell
        assert shell is not None
        if shell.question is not None and shell.question.n_is_no:
            session.press("\r")  # the saved-match offer: continue it (Escape asks again)
        elif shell.overlay is not None:
            session.press("\x1b")
        elif shell.driver.paused:
            session.press("p")
        elif shell.driver.pace is not Pace.INSTANT:
            session.press("a")
        elif shell.between is not None or shell.over:
            session.press("n")
        elif h.table.view().my_turn:
            h.play_my_turn()
        else:
            session.press("h")  # computers at instant pace move inside a key's handler
        if _progress_mark(h) != start:
            return
    raise AssertionError("the match could not be moved on by keys: " + _describe(h))


@contextmanager
def _session(config: Config, tmp_path: Path) -> Iterator[Session]:
    session = Session(config, tmp_path / f"data{config.seed}" if config.store else None)
    try:
        yield session
    finally:
        session.close()


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"seed{c.seed}")
def test_random_keys_never_break_the_game(config: Config, tmp_path: Path) -> None:
    rng = random.Random(f"keys/{config.seed}")
    keys = _random_keys(rng)
    started = time.perf_counter()
    between = over = 0
    with _session(config, tmp_path) as session:
        for n in range(1, KEYS_PER_CONFIG + 1):
            session.press(next(keys))
            if n % CHECK_EVERY == 0:
                _move_on(session)
            if n % BURST_EVERY == 0:
                for _ in range(rng.randint(5, 80)):
                    _move_on(session)
                    shell = session.harness.shell
                    assert shell is not None
                    between += shell.between is not None
                    over += shell.over
            # Single-hand matches go straight from the hand's end to the match's end.
        games, presses = session.games, session.presses
    took = time.perf_counter() - started
    print(
        f"\nseed {config.seed}: {KEYS_PER_CONFIG} random keys, {presses} in all, "
        f"{games} game(s), {took:.1f} s, {presses / took:.0f} keys/s; "
        f"reached between hands {between} times, a match's end {over} times"
    )
    assert between + over > 0  # the storm reached past a hand's end, not only menus
