"""Run the real prompt_toolkit shell headless: pipe input, dummy output, recorded speech.

``Harness.press("h")`` sends one key through the pipe and waits until prompt_toolkit has
handled it, so a test reads what was said right after. At instant pace the computers move
inside the key's handler, so the table has settled by then.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from helpers import wait_until
from prompt_toolkit.application import Application
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from spades_voice.ai import Level, make_player
from spades_voice.options import Pace
from spades_voice.rules import Match, Phase, Ruleset, Seat, SeatView
from spades_voice.shell.app import run_app
from spades_voice.shell.keymap import Keymap, load_keymap
from spades_voice.shell.state import Shell
from spades_voice.shell.terminal import Console
from spades_voice.sound import SoundPlayer
from spades_voice.speech import Kind, RecorderSpeaker
from spades_voice.store.base import ShellHooks
from spades_voice.table import LocalTable

KEYS = {
    "left": "\x1b[D",
    "right": "\x1b[C",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "home": "\x1b[H",
    "end": "\x1b[F",
    "enter": "\r",
    "space": " ",
    "escape": "\x1b",
    "f1": "\x1bOP",
    "f2": "\x1bOQ",
    "f3": "\x1bOR",
    "f4": "\x1bOS",
    "f5": "\x1b[15~",
    "pageup": "\x1b[5~",
    "pagedown": "\x1b[6~",
    "c-c": "\x03",
    "tab": "\t",
    "s-tab": "\x1b[Z",
    "f6": "\x1b[17~",
    "c-s": "\x13",
    "backspace": "\x7f",
}


def easy_table(
    seed: int | str = 1,
    *,
    target: int | None = 200,
    blind_nil: bool = False,
    match: Match | None = None,
) -> LocalTable:
    """A local table whose three computers play Easy from fixed generators, so the tests
    do not depend on how strong (or slow) the real levels are; ``match`` continues one."""
    players = {
        s: make_player(Level.EASY, random.Random(f"test/{seed}/{s.value}"))
        for s in (Seat.W, Seat.N, Seat.E)
    }
    rules = Ruleset(target=target, blind_nil=blind_nil)
    return LocalTable(rules, seed, players=players, match=match)


class RecordingHooks(ShellHooks):
    """Counts every hook call, and can offer a saved match."""

    def __init__(self, saved: Match | None = None, stats: str | None = None) -> None:
        self.saved = saved
        self.stats = stats
        self.calls: list[tuple[str, Any]] = []
        self.pending_notices: list[str] = []
        self.elapsed: float | None = None

    def names(self) -> list[str]:
        return [name for name, _ in self.calls]

    def saved_match(self) -> Match | None:
        self.calls.append(("saved_match", None))
        return self.saved

    def start_new(self, abandoned: Match | None) -> None:
        self.calls.append(("start_new", abandoned))

    def decision_made(self, match: Match) -> None:
        self.calls.append(("decision_made", len(match.decisions)))

    def match_finished(self, match: Match, view: SeatView) -> None:
        self.calls.append(("match_finished", view.winner))

    def clock_running(self, running: bool) -> None:
        self.calls.append(("clock_running", running))

    def elapsed_seconds(self) -> float | None:
        return self.elapsed

    def stats_text(self) -> str | None:
        return self.stats

    def notices(self) -> list[str]:
        out, self.pending_notices = self.pending_notices, []
        return out

    def close(self) -> None:
        self.calls.append(("close", None))


class Harness:
    def __init__(
        self,
        table: LocalTable,
        *,
        pace: Pace = Pace.INSTANT,
        keymap: Keymap | None = None,
        hooks: ShellHooks | None = None,
        speaker: Any = None,
        sound: SoundPlayer | None = None,
        console: Console | None = None,
    ) -> None:
        self.table = table
        self.console = console
        self.speaker = speaker if speaker is not None else RecorderSpeaker()
        self.hooks = hooks
        self.sound = sound
        self._ready = threading.Event()
        self._cond = threading.Condition()
        self._count = 0
        self.result: int | None = None
        self.error: BaseException | None = None
        self.app: Application[int] | None = None
        self.shell: Shell | None = None
        self._pipe_cm = create_pipe_input()
        self.pipe = self._pipe_cm.__enter__()
        self._thread = threading.Thread(
            target=self._run,
            args=(pace, keymap or load_keymap(use_user=False)),
            daemon=True,
        )
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError(f"shell did not start: {self.error!r}")

    def _run(self, pace: Pace, keymap: Keymap) -> None:
        try:
            self.result = run_app(
                self.table,
                self.speaker,
                hooks=self.hooks,
                pace=pace,
                keymap=keymap,
                input=self.pipe,
                output=DummyOutput(),
                ready=self._on_ready,
                sound=self.sound,
                console=self.console,
            )
        except BaseException as exc:
            self.error = exc
            self._ready.set()
        finally:
            # A key that quits the game ends the thread without an after-key event:
            # wake a waiting ``press`` now rather than at its timeout.
            with self._cond:
                self._cond.notify_all()

    def _on_ready(self, app: Application[int], shell: Shell) -> None:
        self.app, self.shell = app, shell
        # The pipe delivers each escape sequence whole, so a lone Escape needs no wait.
        app.ttimeoutlen = 0.002
        app.key_processor.after_key_press += self._after_key
        self._ready.set()

    def _after_key(self, _: object) -> None:
        with self._cond:
            self._count += 1
            self._cond.notify_all()

    # ---- driving ----------------------------------------------------------------

    def press(self, *keys: str) -> None:
        for key in keys:
            with self._cond:
                before = self._count
            self.pipe.send_text(KEYS.get(key, key))
            with self._cond:
                ok = self._cond.wait_for(
                    lambda before=before: self._count > before  # type: ignore[misc]
                    or self.error is not None
                    or not self._thread.is_alive(),
                    timeout=10,
                )
            if self.error is not None:
                raise AssertionError(f"shell crashed: {self.error!r}") from self.error
            assert ok, f"key {key!r} was not handled"

    def said(self, *keys: str) -> str:
        """Press keys, return the last query spoken by the last of them."""
        n = len(self.speaker.utterances)
        self.press(*keys)
        new = self.speaker.utterances[n:]
        queries = [u.text for u in new if u.kind is Kind.QUERY]
        assert queries, f"{keys} said nothing; events: {[u.text for u in new]}"
        return queries[-1]

    def wait_for(self, condition: Callable[[], bool], timeout: float = 10.0) -> None:
        """Until ``condition`` holds (what a test waits for: an event, a state)."""
        def met() -> bool:
            if self.error is not None:
                raise AssertionError(f"shell crashed: {self.error!r}") from self.error
            return condition()

        assert wait_until(met, timeout), "the awaited condition never came"

    def texts(self, kind: Kind | None = None) -> list[str]:
        return self.speaker.texts(kind)

    def since(self, mark: int, kind: Kind | None = None) -> list[str]:
        return [u.text for u in self.speaker.utterances[mark:] if kind is None or u.kind is kind]

    @property
    def mark(self) -> int:
        return len(self.speaker.utterances)

    def close(self) -> None:
        if self._thread.is_alive() and self.app is not None:
            app = self.app
            loop = app.loop
            if loop is not None and app.is_running:
                loop.call_soon_threadsafe(lambda: app.exit(result=0) if app.is_running else None)
            self._thread.join(10)
        self._pipe_cm.__exit__(None, None, None)

    @property
    def finished(self) -> bool:
        return not self._thread.is_alive()

    # ---- a player who only uses keys --------------------------------------------------

    def play_my_turn(self) -> None:
        """Bid 3, or move to the first playable card and press Enter."""
        view = self.table.view()
        assert view.my_turn
        shell = self.shell
        assert shell is not None
        if view.phase is Phase.BIDDING:
            if view.ruleset.blind_nil and not view.hand_seen:
                self.press("escape")
            self.press("enter")
            return
        order = shell.focus.ordered(view.hand, view)  # the order the player chose (Z)
        index = next(i for i, c in enumerate(order) if c in view.legal_cards)
        self.press("home", *["right"] * index, "enter")

    def play_to_end(self, max_keys: int = 20000, on_turn: Any = None) -> None:
        """Play by keys until the match is won (N between hands)."""
        shell = self.shell
        assert shell is not None
        for _ in range(max_keys):
            if shell.over:
                return
            if shell.between is not None:
                self.press("n")
                continue
            if on_turn is not None:
                on_turn(self)
            self.play_my_turn()
        raise AssertionError("the match did not end")


@contextmanager
def harness(table: LocalTable | None = None, **kwargs: Any) -> Iterator[Harness]:
    h = Harness(table or easy_table(), **kwargs)
    try:
        yield h
    finally:
        h.close()
