"""``StoreHooks``: the shell's hooks, keeping the match, clock, statistics and settings.

Files in the data directory (see ``files.data_dir``):

- ``save.json``: the match in progress (ruleset, seed, decisions), its id and clock,
  rewritten after every decision;
- ``last-match.json``: the match before it, kept for ``spades-voice export``;
- ``stats.json`` and ``stats-pending.json``: statistics (``counting.py``);
- ``settings.json``: the player's choices;
- ``game.lock``: held by the game that owns the folder (``lock.FolderLock``).

Reading, writing and telling what went wrong with the folder is ``folder.py``; counting
the statistics is ``counting.py``; here are the match being saved, its clock and id, the
settings, and the reports the player asks for. Nothing here raises into the shell or
prints.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from spades_voice.narration import stored as words
from spades_voice.narration.words import Cast
from spades_voice.rules import Match, Seat, SeatView, view_at
from spades_voice.store import files
from spades_voice.store.base import ShellHooks
from spades_voice.store.clock import MatchClock
from spades_voice.store.counting import StatsKeeper
from spades_voice.store.files import Writer
from spades_voice.store.folder import DataFolder
from spades_voice.store.lock import FolderLock
from spades_voice.store.notes import History
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
from spades_voice.store.stats import Statistics


def _same_match(old: Match, new: Match) -> bool:
    """``new`` is ``old`` carried on or taken back: the same seed, rules and deals. What
    undo and restart may take back (a hand that has just ended included) is the rules'
    business; here it is still the same match, its statistics, clock and id untouched."""
    return (old.seed, old.ruleset, old.deals) == (new.seed, new.ruleset, new.deals)


def history_name(when: time.struct_time, n: int = 1) -> str:
    """The name of a history saved at ``when`` (local time), the ``n``-th that second. A
    page's download is named the same way.

    >>> history_name(time.struct_time((2026, 12, 3, 14, 5, 9, 3, 337, 0)))
    'history-20261203-140509.txt'
    >>> history_name(time.struct_time((2026, 12, 3, 14, 5, 9, 3, 337, 0)), 2)
    'history-20261203-140509-2.txt'
    """
    stamp = time.strftime("%Y%m%d-%H%M%S", when)
    return f"history-{stamp}.txt" if n == 1 else f"history-{stamp}-{n}.txt"


class StoreHooks(ShellHooks):
    """Saves after every decision, counts statistics once per match, keeps the clock.

    ``data_dir``: where the files live (default: $SPADES_VOICE_DATA_DIR, else the
    platform's user data directory). ``clock``: a monotonic clock in seconds. ``seat``:
    whose statistics these are. ``writer``: how a file is replaced (tests inject failures).
    ``kept``: False keeps nothing on disk (``serve --no-save``): the match, statistics and
    settings last as long as these hooks, and no folder is made.
    """

    def __init__(
        self,
        data_dir: str | os.PathLike[str] | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        seat: Seat = Seat.S,
        writer: Writer = files.write_atomic,
        kept: bool = True,
    ) -> None:
        self.data_dir = files.data_dir(data_dir)
        self.seat = seat
        self._folder = DataFolder(self.data_dir, writer, kept=kept)
        self._clock = MatchClock(clock)
        self._match: Match | None = None
        self._over = False
        self._heard = False
        self._match_id = new_match_id()
        self._offer: Match | None = None
        #: The history read with the save, and where the shell's comes from once it
        #: holds the match (``follow_history``).
        self._history: History | None = None
        self._history_source: Callable[[], History] | None = None
        self._closed = False
        self._settings = self._folder.load(SETTINGS_FILE, load_settings) or Settings()
        self._stats = StatsKeeper(self._folder)
        saved = self._folder.load(SAVE_FILE, load_saved)
        if saved is not None and not self.shared:
            self._restore(saved)

    @property
    def lock(self) -> FolderLock:
        """Held while this game owns the folder; released by ``close``."""
        return self._folder.lock

    @property
    def shared(self) -> bool:
        """Another game owns the folder: read what is there, write nothing, move nothing."""
        return self._folder.shared

    @property
    def problems(self) -> list[str]:
        """Why files could not be used, in full (for logs and tests; the player hears less)."""
        return self._folder.problems

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
        return self._stats.stats

    @property
    def unwritten_results(self) -> int:
        """Match results counted in memory that stats.json does not hold yet."""
        return len(self._stats.unwritten)

    @property
    def current_match(self) -> Match | None:
        """The match being saved (None before its first decision this session)."""
        return self._match

    # ---- ShellHooks ----------------------------------------------------------------------

    def saved_match(self) -> Match | None:
        return self._offer

    def saved_history(self) -> History | None:
        return self._history if self._offer is not None else None

    def follow_history(self, source: Callable[[], History]) -> None:
        self._history_source = source

    def start_new(self, abandoned: Match | None) -> None:
        old = self._match if self._match is not None and self._match.decisions else abandoned
        if old is not None and old.decisions:
            same = old is self._match
            old_id = self._match_id if same else new_match_id()
            elapsed = self._clock.elapsed() if same else 0.0
            end = view_at(old, self.seat)
            if end.winner is None:
                self._stats.count(end, old_id, elapsed)
            saved = SavedMatch(old, old_id, elapsed, heard=True)
            self._write(LAST_FILE, saved_to_bytes(saved))
        self._folder.remove(SAVE_FILE)
        self._match = None
        self._over = False
        self._heard = False
        self._match_id = new_match_id()
        self._offer = None
        self._history = None
        self._clock.reset()

    def decision_made(self, match: Match) -> None:
        self._follow(match)
        self._save()

    def match_finished(self, match: Match, view: SeatView) -> None:
        if self._over and self._match == match:
            return  # told twice: it was counted the first time
        self._follow(match)
        self._clock.stop()
        self._over = True
        self._heard = False
        self._stats.count(view, self._match_id, self._clock.elapsed())
        self._save()

    def clock_running(self, running: bool) -> None:
        was = self._clock.running
        self._clock.run(running)
        if was and not running and self._match is not None and self._match.decisions:
            self._save()  # a pause is a good moment to keep the time

    def elapsed_seconds(self) -> float | None:
        return self._clock.elapsed()

    def stats_text(self) -> str | None:
        return self._stats.stats.text()

    def in_use_elsewhere(self) -> bool:
        return self.shared

    def notices(self) -> list[str]:
        out = self._folder.notices[:]
        self._folder.notices.clear()
        return out

    def report_problem(
        self, match: Match | None, view: SeatView, speech: Sequence[str]
    ) -> tuple[Path | None, words.WriteTrouble | None]:
        """Write a problem report in the data folder: the file, or None and why not."""
        now = datetime.now().astimezone()
        path = report_path(self.data_dir, now)
        data = build_report(match=match, view=view, speech=speech, settings=self._settings,
                            now=now)
        return self._folder.write_new(path, data, "report failed")

    def close(self) -> None:
        """Save the match (a finished one as heard: the game went on after saying it),
        try the statistics once more, and let go of the folder. What could not be kept
        is told through ``notices``, which the shell says after it stops."""
        if self._closed:
            return
        self._closed = True
        self._clock.run(False)
        if self._match is not None and self._match.decisions:
            self._heard = self._heard or self._over
            self._save()
        self._stats.close()
        self.lock.release()

    # ---- inside --------------------------------------------------------------------------

    def _follow(self, match: Match) -> None:
        """``match`` is what the table holds now; a different match means a new one began
        without ``start_new`` (counted just as if it had been called)."""
        if self._match == match:
            return
        if self._match is not None and not _same_match(self._match, match):
            self.start_new(None)
        self._match = match
        self._offer = None

    def _restore(self, saved: SavedMatch) -> None:
        self._match = saved.match
        self._match_id = saved.match_id
        self._clock.reset(saved.elapsed)
        end = view_at(saved.match, self.seat)
        if end.winner is not None:
            self._over = True
            self._heard = saved.heard
            # Killed after the last decision was saved, before the result was counted.
            self._clock.stop()
            self._stats.count(end, saved.match_id, saved.elapsed)
            if not saved.heard:
                # Killed before the result was spoken: it comes before anything else.
                from spades_voice.table import DEFAULT_NAMES  # only here: loads the AI

                cast = Cast(self.seat, DEFAULT_NAMES)
                self._folder.notices.insert(0, words.last_match(cast, end.winner, dict(end.totals)))
                self._heard = True
        elif saved.started and not self._stats.stats.has_counted(saved.match_id):
            self._offer = saved.match
            self._history = saved.history
            if saved.history_problem:
                self._history_unusable(saved.history_problem)
        # An unfinished match already counted was abandoned just before a crash: it is
        # not offered again, and the next decision replaces it.

    def _history_unusable(self, why: str) -> None:
        """The save's history block cannot be used: the match resumes without it, the
        player hears so once, and the file is copied aside first (the next save
        replaces it), so nothing in it is lost."""
        self._folder.problems.append(f"{SAVE_FILE}: history: {why}")
        copy = self._folder.copy_aside(SAVE_FILE, "history-unreadable")
        self._folder.notices.append(words.history_unreadable(copy.name if copy else None))

    def _save(self) -> None:
        assert self._match is not None
        source = self._history_source
        history = source() if source is not None else self._history
        saved = SavedMatch(
            self._match, self._match_id, self._clock.elapsed(), self._heard, history
        )
        self._write(SAVE_FILE, saved_to_bytes(saved))

    def _write(self, name: str, data: bytes) -> None:
        if self._folder.write(name, data):
            self._stats.flush()  # the disk takes writes again: results waiting go first

    def save_history(self, text: str) -> tuple[Path | None, words.WriteTrouble | None]:
        """A new ``history-<date>-<time>.txt`` beside the saves, never over an old one."""
        now = time.localtime()
        path = self.data_dir / history_name(now)
        for n in range(2, 100):
            if not path.exists():
                break
            path = self.data_dir / history_name(now, n)
        return self._folder.write_new(path, text.encode("utf-8"), "history not saved")
