"""``StoreHooks``: the shell's hooks, keeping the match, clock, statistics and settings.

Files in the data directory (see ``files.data_dir``):

- ``save.json``: the match in progress (ruleset, seed, decisions), its id and clock,
  rewritten after every decision;
- ``last-match.json``: the match before it, kept for ``spades-voice export``;
- ``stats.json``: statistics, a separate file so a broken save never costs them;
- ``settings.json``: the player's choices.

Nothing here raises into the shell or prints. A file that cannot be used is moved aside
and kept, and the player hears one sentence through ``notices``; a write that fails
(read-only folder, full disk) is told once and play goes on.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from spades_voice.rules import Match, MatchState, Seat, SeatView
from spades_voice.store import files
from spades_voice.store.base import ShellHooks
from spades_voice.store.clock import MatchClock
from spades_voice.store.files import NewerVersion, OlderVersion, StoreError, Writer
from spades_voice.store.report import build_report, report_path
from spades_voice.store.save import (
    LAST_FILE,
    SAVE_FILE,
    SavedMatch,
    load_saved,
    new_match_id,
    saved_to_bytes,
)
from spades_voice.store.settings import SETTINGS_FILE, Settings, load_settings
from spades_voice.store.stats import STATS_FILE, Statistics, load_stats

T = TypeVar("T")

_ALL_FILES = (SAVE_FILE, LAST_FILE, STATS_FILE, SETTINGS_FILE)
#: What each file is called when the player is told about it, and what happens next.
_SPOKEN = {
    SAVE_FILE: ("saved match", "; your statistics are safe"),
    LAST_FILE: ("last finished match", ""),
    STATS_FILE: ("statistics", " and counting starts again from zero"),
    SETTINGS_FILE: ("settings", " and the defaults are used"),
}


def _continues(old: Match, old_over: bool, new: Match) -> bool:
    """``new`` is ``old`` carried on: more decisions, or some of its current hand taken
    back (undo and restart never reach an earlier hand, nor a finished match)."""
    if old_over or (old.seed, old.ruleset, old.deals) != (new.seed, new.ruleset, new.deals):
        return False
    a, b = old.decisions, new.decisions
    if b[: len(a)] == a:
        return True
    common = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    hand_start = len(a) - len(MatchState(old).hand_decisions())
    return common >= hand_start


class StoreHooks(ShellHooks):
    """Saves after every decision, counts statistics once per match, keeps the clock.

    ``data_dir``: where the files live (default: $SPADES_VOICE_DATA_DIR, else the
    platform's user data directory). ``clock``: a monotonic clock in seconds. ``seat``:
    whose statistics these are. ``writer``: how a file is replaced (tests inject failures).
    """

    def __init__(
        self,
        data_dir: str | os.PathLike[str] | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        seat: Seat = Seat.S,
        writer: Writer = files.write_atomic,
    ) -> None:
        self.data_dir = files.data_dir(data_dir)
        self.seat = seat
        self._writer = writer
        self._notices: list[str] = []
        #: Why files could not be used, in full (for logs and tests; the player hears less).
        self.problems: list[str] = []
        self._write_failing = False
        #: Files that could not be moved aside: never written over this session.
        self._keep: set[str] = set()
        self._clock = MatchClock(clock)
        self._match: Match | None = None
        self._over = False
        self._match_id = new_match_id()
        self._offer: Match | None = None

        files.remove_stale_temps(self.data_dir, _ALL_FILES)
        self._settings = self._load(SETTINGS_FILE, load_settings) or Settings()
        self._stats = self._load(STATS_FILE, load_stats) or Statistics()
        saved = self._load(SAVE_FILE, load_saved)
        if saved is not None:
            self._restore(saved)

    # ---- what the rest of the game may ask ---------------------------------------------

    @property
    def settings(self) -> Settings:
        return self._settings

    def save_settings(self, settings: Settings) -> None:
        """Keep ``settings`` (in memory at once; on disk unless the disk refuses)."""
        self._settings = settings
        self._write(SETTINGS_FILE, settings.to_bytes())

    @property
    def statistics(self) -> Statistics:
        return self._stats

    @property
    def current_match(self) -> Match | None:
        """The match being saved (None before its first decision this session)."""
        return self._match

    # ---- ShellHooks ----------------------------------------------------------------------

    def saved_match(self) -> Match | None:
        return self._offer

    def start_new(self, abandoned: Match | None) -> None:
        old = self._match if self._match is not None and self._match.decisions else abandoned
        if old is not None and old.decisions:
            same = old is self._match
            old_id = self._match_id if same else new_match_id()
            elapsed = self._clock.elapsed() if same else 0.0
            state = MatchState(old)
            if not state.over:
                self._count(state, old_id, elapsed)
            self._write(LAST_FILE, saved_to_bytes(SavedMatch(old, old_id, elapsed)))
        self._forget_save()
        self._match = None
        self._over = False
        self._match_id = new_match_id()
        self._offer = None
        self._clock.reset()

    def decision_made(self, match: Match) -> None:
        self._follow(match)
        self._save()

    def match_finished(self, state: MatchState) -> None:
        if self._over and self._match == state.match:
            return  # told twice: it was counted the first time
        self._follow(state.match)
        self._clock.stop()
        self._over = True
        self._count(state, self._match_id, self._clock.elapsed())
        self._save()

    def clock_running(self, running: bool) -> None:
        was = self._clock.running
        self._clock.run(running)
        if was and not running and self._match is not None and self._match.decisions:
            self._save()  # a pause is a good moment to keep the time

    def elapsed_seconds(self) -> float | None:
        return self._clock.elapsed()

    def stats_text(self) -> str | None:
        return self._stats.text()

    def notices(self) -> list[str]:
        out, self._notices = self._notices, []
        return out

    def report_problem(
        self, match: Match | None, view: SeatView, speech: Sequence[str]
    ) -> str:
        """Write a problem report in the data folder; the sentence that says where."""
        now = datetime.now().astimezone()
        path = report_path(self.data_dir, now)
        data = build_report(match=match, view=view, speech=speech, settings=self._settings,
                            now=now)
        try:
            self._writer(path, data)
        except OSError as e:
            self.problems.append(f"report failed: {e}")
            return (
                "The problem report could not be written because "
                f"{files.write_failure_reason(e)}."
            )
        return f"Problem report written: {path}"

    def close(self) -> None:
        self._clock.run(False)
        if self._match is not None and self._match.decisions:
            self._save()

    # ---- inside --------------------------------------------------------------------------

    def _follow(self, match: Match) -> None:
        """``match`` is what the table holds now; a different match means a new one began
        without ``start_new`` (counted just as if it had been called)."""
        if self._match == match:
            return
        if self._match is not None and not _continues(self._match, self._over, match):
            self.start_new(None)
        self._match = match
        self._offer = None

    def _restore(self, saved: SavedMatch) -> None:
        self._match = saved.match
        self._match_id = saved.match_id
        self._clock.reset(saved.elapsed)
        state = MatchState(saved.match)
        if state.over:
            self._over = True
            # Killed after the last decision was saved, before the result was counted.
            self._clock.stop()
            self._count(state, saved.match_id, saved.elapsed)
        elif saved.started and not self._stats.has_counted(saved.match_id):
            self._offer = saved.match
        # An unfinished match already counted was abandoned just before a crash: it is
        # not offered again, and the next decision replaces it.

    def _count(self, state: MatchState, match_id: str, seconds: float) -> None:
        if self._stats.has_counted(match_id):
            return
        self._stats = self._stats.record(state, self.seat, match_id, seconds)
        self._write(STATS_FILE, self._stats.to_bytes())

    def _save(self) -> None:
        assert self._match is not None
        saved = SavedMatch(self._match, self._match_id, self._clock.elapsed())
        self._write(SAVE_FILE, saved_to_bytes(saved))

    def _forget_save(self) -> None:
        if SAVE_FILE in self._keep:
            return
        try:
            (self.data_dir / SAVE_FILE).unlink()
        except FileNotFoundError:
            return
        except OSError as e:
            self._write_failed(e)
            return
        files.fsync_dir(self.data_dir)

    def save_history(self, text: str) -> tuple[Path | None, str]:
        """A new ``history-<date>-<time>.txt`` beside the saves, never over an old one."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.data_dir / f"history-{stamp}.txt"
        for n in range(2, 100):
            if not path.exists():
                break
            path = self.data_dir / f"history-{stamp}-{n}.txt"
        try:
            self._writer(path, text.encode("utf-8"))
        except OSError as e:
            self.problems.append(f"history not saved: {e}")
            return None, files.write_failure_reason(e)
        return path, ""

    def _write(self, name: str, data: bytes) -> bool:
        if name in self._keep:
            return False
        try:
            self._writer(self.data_dir / name, data)
        except OSError as e:
            self._write_failed(e)
            return False
        self._write_failing = False
        return True

    def _write_failed(self, error: OSError) -> None:
        self.problems.append(f"write failed: {error}")
        if not self._write_failing:
            self._write_failing = True
            reason = files.write_failure_reason(error)
            self._notices.append(f"Progress cannot be saved because {reason}; play goes on.")

    def _load(self, name: str, loader: Callable[[Path], T | None]) -> T | None:
        path = self.data_dir / name
        try:
            return loader(path)
        except StoreError as e:
            self.problems.append(f"{name}: {e}")
            self._set_aside(path, e)
            return None

    def _set_aside(self, path: Path, error: StoreError) -> None:
        what, then = _SPOKEN[path.name]
        if isinstance(error, NewerVersion):
            label, why = "newer", "was written by a newer version of spades-voice"
        elif isinstance(error, OlderVersion):
            label, why = "older", "is from a version of spades-voice too old to bring up to date"
        else:
            label, why = "unreadable", "could not be read"
        moved = files.move_aside(path, label)
        if moved is None:
            self._keep.add(path.name)
            self._notices.append(
                f"Your {what} {why} and could not be moved aside, "
                "so it is left as it is and nothing will be saved over it."
            )
        else:
            self._notices.append(f"Your {what} {why}, so it was set aside as {moved.name}{then}.")
