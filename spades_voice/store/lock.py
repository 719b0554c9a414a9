"""One game per data folder: an operating-system lock on ``game.lock`` in the folder.

The lock belongs to the open file, so the operating system lets go of it when the game
ends in any way — a normal quit, a crash, a SIGKILL, a power cut — and a later start
never has to guess whether a leftover lock is stale. POSIX uses ``fcntl.flock``;
Windows locks the file's first byte with ``msvcrt.locking``. The file itself is never
deleted: deleting a lock file lets two processes each lock a different file.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

LOCK_FILE = "game.lock"


class FolderLock:
    """Try to own ``directory`` for this process.

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> a, b = FolderLock(d), FolderLock(d)
    >>> a.acquire(), b.acquire()
    (True, False)
    >>> a.release(); b.acquire()
    True
    >>> b.release()
    """

    def __init__(self, directory: Path) -> None:
        self.path = directory / LOCK_FILE
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """True when this process now holds the folder; False when another one does.

        Raises ``OSError`` when the lock file cannot be made at all (a read-only folder):
        that is not another game, and the caller treats it like any failed write.
        """
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
        try:
            locked = _try_lock(fd)
        except BaseException:
            os.close(fd)
            raise
        if not locked:
            os.close(fd)
            return False
        self._fd = fd
        # Who holds it, for a person looking at the folder; nothing reads this back.
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode())
        return True

    def __del__(self) -> None:
        # A game object dropped without ``close`` lets go like a process that ended.
        self.release()

    def release(self) -> None:
        fd, self._fd = getattr(self, "_fd", None), None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            _unlock(fd)
        os.close(fd)


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import errno
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                return False
            raise
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
