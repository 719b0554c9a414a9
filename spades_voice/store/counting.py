"""Statistics: each match counted once, and results a failed write could not keep yet.

``stats.json`` is a separate file so a broken save never costs them. ``stats-pending.json``
holds match results not yet in ``stats.json`` because a write failed; it is made at start
while there is room and rewritten in place, so it can still be written when the disk is
full. A result that could not be written is kept in memory and in the pending file, and
written with the next write that succeeds, at exit, or at next start.
"""

from __future__ import annotations

import os

from spades_voice.narration import stored as words
from spades_voice.rules import SeatView
from spades_voice.store.folder import DataFolder
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


class StatsKeeper:
    """The statistics in memory and on disk, in ``folder``."""

    def __init__(self, folder: DataFolder) -> None:
        self.folder = folder
        self.stats = folder.load(STATS_FILE, load_stats) or Statistics()
        #: Results counted in ``stats`` but not yet in stats.json.
        self.unwritten: list[MatchResult] = []
        #: The pending file holds results (so it is emptied once stats.json has them).
        self._pending_full = False
        if not folder.shared:
            self._take_pending()

    def count(self, end: SeatView, match_id: str, seconds: float) -> None:
        if self.stats.has_counted(match_id):
            return
        result = MatchResult.of(end, match_id, seconds)
        self.stats = self.stats.add(result)
        self.unwritten.append(result)
        self.flush()

    def flush(self) -> bool:
        """Write the statistics if results are waiting; keep those results in the pending
        file while it fails. True when nothing is left waiting."""
        if not self.unwritten:
            return True
        if self.folder.write(STATS_FILE, self.stats.to_bytes()):
            self.unwritten.clear()
            if self._pending_full:
                self._pending_full = not self._write_pending(())
            return True
        self._pending_full = self._write_pending(tuple(self.unwritten)) or self._pending_full
        return False

    def close(self) -> None:
        """Try the statistics once more; what could not be kept is told in ``notices``."""
        if self.unwritten and not self.flush():
            n, trouble = len(self.unwritten), self.folder.trouble
            if self._pending_full:
                self.folder.notices.append(words.results_kept(n, PENDING_FILE, trouble))
            else:
                self.folder.notices.append(words.results_lost(n, trouble))

    def _take_pending(self) -> None:
        """Count results a session before could not write, then empty the pending file;
        make it (at its full size) if it is not there, while the disk has room."""
        path = self.folder.path / PENDING_FILE
        results = self.folder.load(PENDING_FILE, load_pending)
        fresh = [r for r in results or () if not self.stats.has_counted(r.match_id)]
        for result in fresh:
            self.stats = self.stats.add(result)
        if fresh:
            self.unwritten.extend(fresh)
            self.folder.notices.append(words.results_counted(len(fresh)))
            self._pending_full = True
            self.flush()
        elif results:
            self._pending_full = True
            self._pending_full = not self._write_pending(())
        elif PENDING_FILE not in self.folder.keep:
            try:
                size = path.stat().st_size
            except OSError:
                size = -1
            if size != PENDING_SIZE:
                self._write_pending((), quiet=True)

    def _write_pending(self, results: tuple[MatchResult, ...], *, quiet: bool = False) -> bool:
        """Keep ``results`` in the pending file: replaced whole when the disk allows,
        else rewritten in place over its own bytes, which needs no new space."""
        if PENDING_FILE in self.folder.keep:
            return False
        data = pending_to_bytes(results)
        while data is None:
            results = results[1:]  # too many to keep: the newest matter most
            data = pending_to_bytes(results)
        path = self.folder.path / PENDING_FILE
        problems = self.folder.problems
        try:
            self.folder.writer(path, data)
            return True
        except OSError as e:
            problems.append(f"{PENDING_FILE}: {e}")
        if quiet:
            return False
        try:
            fd = os.open(path, os.O_WRONLY | getattr(os, "O_BINARY", 0))
        except OSError as e:
            problems.append(f"{PENDING_FILE} in place: {e}")
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
            problems.append(f"{PENDING_FILE} in place: {e}")
            return False
        finally:
            os.close(fd)
