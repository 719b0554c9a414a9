"""``StoreHooks``: the shell's hooks, keeping the match, clock, statistics and settings.

Files in the data directory (see ``files.data_dir``):

- ``save.json``: the match in progress (ruleset, seed, decisions), its id and clock,
  rewritten after every decision;
- ``last-match.json``: the match before it, kept for ``spades-voice export``;
- ``stats.json``: statistics, a separate file so a broken save never costs them;
- ``stats-pending.json``: match results not yet in ``stats.json`` because a write
  failed; made at start while there is room and rewritten in place, so it can still be
  written when the disk is full;
- ``settings.json``: the player's choices;
- ``game.lock``: held by the game that owns the folder (``lock.FolderLock``).

Nothing here raises into the shell or prints. A file that cannot be used, whatever is
wrong with it, is moved aside and kept, and the player hears one sentence through
``notices``; a write that fails (read-only folder, full disk) is told once a session and
play goes on. A match result that could not be written is kept in memory and in the
pending file, and written with the next write that succeeds, at exit, or at next start.
A second game on the same folder reads but never writes, moves or deletes anything.
"""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from spades_voice.narration import stored as words
from spades_voice.narration.words import Cast
from spades_voice.rules import Match, Seat, SeatView, view_at
from spades_voice.store import files
from spades_voice.store.base import ShellHooks
from spades_voice.store.clock import MatchClock
from spades_voice.store.files import NewerVersion, OlderVersion, StoreError, Writer
from spades_voice.store.lock import LOCK_FILE, FolderLock
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
from spades_voice.store.stats import (
    PENDING_FILE,
    PENDING_SIZE,
    STATS_FILE,
    MatchResult,
    Statistics,
    load_pending,
    load_stats,
    pending_to_bytes,
)

T = TypeVar("T")

_ALL_FILES = (SAVE_FILE, LAST_FILE, STATS_FILE, SETTINGS_FILE, PENDING_FILE)
#: How each file is spoken of when something is wrong with it.
_KINDS = {
    SAVE_FILE: words.SAVE,
    LAST_FILE: words.LAST,
    STATS_FILE: words.STATS,
    PENDING_FILE: words.PENDING,
    SETTINGS_FILE: words.SETTINGS,
}


def trouble_of(error: OSError) -> words.WriteTrouble:
    """What a failed write means for the player."""
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return words.WriteTrouble.FULL
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return words.WriteTrouble.LOCKED
    return words.WriteTrouble.OTHER


def _same_match(old: Match, new: Match) -> bool:
    """``new`` is ``old`` carried on or taken back: the same seed, rules and deals. What
    undo and restart may take back (a hand that has just ended included) is the rules'
    business; here it is still the same match, its statistics, clock and id untouched."""
    return (old.seed, old.ruleset, old.deals) == (new.seed, new.ruleset, new.deals)


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
        #: The "cannot be saved" sentence was said (once a session).
        self._told_write = False
        self._trouble = words.WriteTrouble.OTHER
        #: Files that could not be moved aside: never written over this session.
        self._keep: set[str] = set()
        self._clock = MatchClock(clock)
        self._match: Match | None = None
        self._over = False
        self._heard = False
        self._match_id = new_match_id()
        self._offer: Match | None = None
        #: Results counted in ``_stats`` but not yet in stats.json.
        self._unwritten: list[MatchResult] = []
        #: The pending file holds results (so it is emptied once stats.json has them).
        self._pending_full = False
        self._closed = False

        #: Held while this game owns the folder; released by ``close`` (or by the
        #: operating system, when the process ends however it ends).
        self.lock = FolderLock(self.data_dir)
        #: Another game owns the folder: read what is there, write nothing, move nothing.
        self.shared = False
        try:
            self.shared = not self.lock.acquire()
        except OSError as e:
            # Not another game: the folder cannot be made or written. The first write
            # says so; the files can still be read.
            self.problems.append(f"{LOCK_FILE}: {e}")

        if self.shared:
            self._keep.update(_ALL_FILES)
        else:
            files.remove_stale_temps(self.data_dir, _ALL_FILES)
        self._settings = self._load(SETTINGS_FILE, load_settings) or Settings()
        self._stats = self._load(STATS_FILE, load_stats) or Statistics()
        if not self.shared:
            self._take_pending()
        saved = self._load(SAVE_FILE, load_saved)
        if saved is not None and not self.shared:
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
    def unwritten_results(self) -> int:
        """Match results counted in memory that stats.json does not hold yet."""
        return len(self._unwritten)

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
            end = view_at(old, self.seat)
            if end.winner is None:
                self._count(end, old_id, elapsed)
            self._write(LAST_FILE, saved_to_bytes(SavedMatch(old, old_id, elapsed, heard=True)))
        self._forget_save()
        self._match = None
        self._over = False
        self._heard = False
        self._match_id = new_match_id()
        self._offer = None
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
        self._count(view, self._match_id, self._clock.elapsed())
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

    def in_use_elsewhere(self) -> bool:
        return self.shared

    def notices(self) -> list[str]:
        out, self._notices = self._notices, []
        return out

    def report_problem(
        self, match: Match | None, view: SeatView, speech: Sequence[str]
    ) -> tuple[Path | None, str]:
        """Write a problem report in the data folder: the file, or None and why not."""
        now = datetime.now().astimezone()
        path = report_path(self.data_dir, now)
        data = build_report(match=match, view=view, speech=speech, settings=self._settings,
                            now=now)
        try:
            self._writer(path, data)
        except OSError as e:
            self.problems.append(f"report failed: {e}")
            return None, files.write_failure_reason(e)
        return path, ""

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
        if self._unwritten and not self._flush_stats():
            n = len(self._unwritten)
            if self._pending_full:
                self._notices.append(words.results_kept(n, PENDING_FILE, self._trouble))
            else:
                self._notices.append(words.results_lost(n, self._trouble))
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
            self._count(end, saved.match_id, saved.elapsed)
            if not saved.heard:
                # Killed before the result was spoken: it comes before anything else.
                from spades_voice.table import DEFAULT_NAMES  # only here: loads the AI

                cast = Cast(self.seat, DEFAULT_NAMES)
                self._notices.insert(0, words.last_match(cast, end.winner, dict(end.totals)))
                self._heard = True
        elif saved.started and not self._stats.has_counted(saved.match_id):
            self._offer = saved.match
        # An unfinished match already counted was abandoned just before a crash: it is
        # not offered again, and the next decision replaces it.

    def _count(self, end: SeatView, match_id: str, seconds: float) -> None:
        if self._stats.has_counted(match_id):
            return
        result = MatchResult.of(end, match_id, seconds)
        self._stats = self._stats.add(result)
        self._unwritten.append(result)
        self._flush_stats()

    def _flush_stats(self) -> bool:
        """Write the statistics if results are waiting; keep those results in the pending
        file while it fails. True when nothing is left waiting."""
        if not self._unwritten:
            return True
        if self._write(STATS_FILE, self._stats.to_bytes()):
            self._unwritten.clear()
            if self._pending_full:
                self._pending_full = not self._write_pending(())
            return True
        self._pending_full = self._write_pending(tuple(self._unwritten)) or self._pending_full
        return False

    def _take_pending(self) -> None:
        """Count results a session before could not write, then empty the pending file;
        make it (at its full size) if it is not there, while the disk has room."""
        path = self.data_dir / PENDING_FILE
        results = self._load(PENDING_FILE, load_pending)
        fresh = [r for r in results or () if not self._stats.has_counted(r.match_id)]
        for result in fresh:
            self._stats = self._stats.add(result)
        if fresh:
            self._unwritten.extend(fresh)
            self._notices.append(words.results_counted(len(fresh)))
            self._pending_full = True
            self._flush_stats()
        elif results:
            self._pending_full = True
            self._pending_full = not self._write_pending(())
        elif PENDING_FILE not in self._keep:
            try:
                size = path.stat().st_size
            except OSError:
                size = -1
            if size != PENDING_SIZE:
                self._write_pending((), quiet=True)

    def _write_pending(self, results: tuple[MatchResult, ...], *, quiet: bool = False) -> bool:
        """Keep ``results`` in the pending file: replaced whole when the disk allows,
        else rewritten in place over its own bytes, which needs no new space."""
        if PENDING_FILE in self._keep:
            return False
        data = pending_to_bytes(results)
        while data is None:
            results = results[1:]  # too many to keep: the newest matter most
            data = pending_to_bytes(results)
        path = self.data_dir / PENDING_FILE
        try:
            self._writer(path, data)
            return True
        except OSError as e:
            self.problems.append(f"{PENDING_FILE}: {e}")
        if quiet:
            return False
        try:
            fd = os.open(path, os.O_WRONLY | getattr(os, "O_BINARY", 0))
        except OSError as e:
            self.problems.append(f"{PENDING_FILE} in place: {e}")
            return False
        try:
            if os.fstat(fd).st_size != len(data):
                return False
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
            return True
        except OSError as e:
            self.problems.append(f"{PENDING_FILE} in place: {e}")
            return False
        finally:
            os.close(fd)

    def _save(self) -> None:
        assert self._match is not None
        saved = SavedMatch(self._match, self._match_id, self._clock.elapsed(), self._heard)
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
        if name != STATS_FILE and self._unwritten:
            self._flush_stats()  # the disk takes writes again: results waiting go first
        return True

    def _write_failed(self, error: OSError) -> None:
        self.problems.append(f"write failed: {error}")
        self._trouble = trouble_of(error)
        if not self._told_write:
            self._told_write = True
            self._notices.append(words.cannot_save(self._trouble))

    def _load(self, name: str, loader: Callable[[Path], T | None]) -> T | None:
        path = self.data_dir / name
        try:
            return loader(path)
        except StoreError as e:
            self.problems.append(f"{name}: {e}")
            if not self.shared:  # the other game's files are its own business
                self._set_aside(path, e)
            return None

    def _set_aside(self, path: Path, error: StoreError) -> None:
        kind = _KINDS[path.name]
        if isinstance(error, NewerVersion):
            label, why = "newer", words.Why.NEWER
        elif isinstance(error, OlderVersion):
            label, why = "older", words.Why.OLDER
        else:
            label, why = "unreadable", words.Why.UNREADABLE
        moved = files.move_aside(path, label)
        if moved is None:
            self._keep.add(path.name)
            self._notices.append(words.left_in_place(kind, why))
        else:
            self._notices.append(words.set_aside(kind, why, moved.name))
