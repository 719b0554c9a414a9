"""The data folder as the game uses it: owned or shared, its files read or set aside,
written or the failure told once.

Nothing here raises or prints. A file that cannot be used, whatever is wrong with it, is
moved aside and kept, and the player hears one sentence through ``notices``; a write that
fails (read-only folder, full disk) is told once a session. A second game on the same
folder reads but never writes, moves or deletes anything.
"""

from __future__ import annotations

import dataclasses
import errno
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from spades_voice.narration import stored as words
from spades_voice.store import files
from spades_voice.store.files import NewerVersion, OlderVersion, StoreError, Writer
from spades_voice.store.lock import LOCK_FILE, FolderLock
from spades_voice.store.save import LAST_FILE, SAVE_FILE
from spades_voice.store.settings import SETTINGS_FILE
from spades_voice.store.stats import PENDING_FILE, STATS_FILE

T = TypeVar("T")

ALL_FILES = (SAVE_FILE, LAST_FILE, STATS_FILE, SETTINGS_FILE, PENDING_FILE)
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
    if error.errno in (errno.ENOTDIR, errno.ENOENT):
        return words.WriteTrouble.NO_FOLDER
    return words.WriteTrouble.OTHER


def _forget(path: Path, data: bytes) -> None:
    """The writer of a folder that keeps nothing."""


class DataFolder:
    """The game's files in ``path``: the lock, reading, writing, and what went wrong.

    ``writer``: how a file is replaced (tests inject failures). ``kept``: False for a
    folder that keeps nothing (``serve --no-save``): it is never made, every read finds
    nothing, every write is taken and forgotten.
    """

    def __init__(self, path: Path, writer: Writer, *, kept: bool = True) -> None:
        self.path = path
        self.kept = kept
        self.writer = writer if kept else _forget
        self.notices: list[str] = []
        #: Why files could not be used, in full (for logs and tests; the player hears less).
        self.problems: list[str] = []
        #: The "cannot be saved" sentence was said (once a session).
        self._told_write = False
        self.trouble = words.WriteTrouble.OTHER
        #: Files that could not be moved aside: never written over this session.
        self.keep: set[str] = set()
        #: Files that could not be used this session (read before the save: statistics).
        self._troubled: set[str] = set()

        #: Held while this game owns the folder; released by ``close`` (or by the
        #: operating system, when the process ends however it ends).
        self.lock = FolderLock(path)
        #: Another game owns the folder: read what is there, write nothing, move nothing.
        self.shared = False
        if not kept:
            return
        try:
            self.shared = not self.lock.acquire()
        except OSError as e:
            # Not another game: the folder cannot be made or written. The first write
            # says so; the files can still be read.
            self.problems.append(f"{LOCK_FILE}: {e}")
        if self.shared:
            self.keep.update(ALL_FILES)
        else:
            files.remove_stale_temps(path, ALL_FILES)

    def load(self, name: str, loader: Callable[[Path], T | None]) -> T | None:
        """The file read by ``loader``; None when it is not there or cannot be used (then
        set aside, unless the folder is another game's)."""
        path = self.path / name
        if not self.kept:
            return None
        try:
            return loader(path)
        except StoreError as e:
            self.problems.append(f"{name}: {e}")
            if not self.shared:  # the other game's files are its own business
                self._set_aside(path, e)
            return None

    def write(self, name: str, data: bytes) -> bool:
        """Replace the file; False (the failure told once) when it cannot be."""
        if name in self.keep:
            return False
        try:
            self.writer(self.path / name, data)
        except OSError as e:
            self.write_failed(e)
            return False
        return True

    def write_new(
        self, path: Path, data: bytes, what: str
    ) -> tuple[Path | None, words.WriteTrouble | None]:
        """Write a new file the player asked for (a report, a history): the file and None,
        or None and why not (``narration.stored`` words it; the system's own words, in
        English, go to ``problems``)."""
        if not self.kept:
            return None, words.WriteTrouble.NOTHING_KEPT
        try:
            self.writer(path, data)
        except OSError as e:
            self.problems.append(f"{what}: {e}")
            return None, trouble_of(e)
        return path, None

    def copy_aside(self, name: str, label: str) -> Path | None:
        """A copy of the file beside it, named as ``files.move_aside`` names one (the
        original stays in use); None when it could not be made, or the folder is
        another game's."""
        if self.shared:
            return None
        path = self.path / name
        try:
            data = files.read_capped(path, files.SAVE_CAP)
        except StoreError:
            return None
        if data is None:
            return None
        for target in files.aside_names(path, label, tries=100):
            return self.write_new(target, data, "copy failed")[0]
        return None

    def remove(self, name: str) -> None:
        if name in self.keep or not self.kept:
            return
        try:
            (self.path / name).unlink()
        except FileNotFoundError:
            return
        except OSError as e:
            self.write_failed(e)
            return
        files.fsync_dir(self.path)

    def write_failed(self, error: OSError) -> None:
        self.problems.append(f"write failed: {error}")
        self.trouble = trouble_of(error)
        if not self._told_write:
            self._told_write = True
            self.notices.append(words.cannot_save(self.trouble))

    def _set_aside(self, path: Path, error: StoreError) -> None:
        kind = _KINDS[path.name]
        self._troubled.add(path.name)
        if kind is words.SAVE and STATS_FILE in self._troubled:
            # "Your statistics are safe" is what a lost save means only while they are:
            # with them lost too, their own notice says what it means, once.
            kind = dataclasses.replace(kind, then="")
        if isinstance(error, NewerVersion):
            label, why = "newer", words.Why.NEWER
        elif isinstance(error, OlderVersion):
            label, why = "older", words.Why.OLDER
        else:
            label, why = "unreadable", words.Why.UNREADABLE
        moved = files.move_aside(path, label)
        if moved is None:
            self.keep.add(path.name)
            self.notices.append(words.left_in_place(kind, why))
        else:
            self.notices.append(words.set_aside(kind, why, moved.name))
