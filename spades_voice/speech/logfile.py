"""Warnings and errors go to a log file in the data folder, never onto the terminal.

Under the live prompt a console screen reader reads whatever appears on the terminal, so
a stray warning on stderr would be spoken in the middle of a trick. `install()` sends the
logging module (every `log.warning` of the speech outputs, the switch notices, the
reasons an output failed), Python's `warnings`, and uncaught exceptions in background
threads to `spades-voice.log` in the data folder, and nothing to stderr. `doctor` shows
the file's last lines (`tail`). The file is capped at 256 KB, with one older copy kept.

Reading the log is like reading any stored file: whatever goes wrong, it is "unreadable"
and doctor says so in one line.
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

LOG_NAME = "spades-voice.log"
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def log_path(data_dir: Path) -> Path:
    """Where the log lives in `data_dir`."""
    return data_dir / LOG_NAME


@contextlib.contextmanager
def installed(data_dir: Path, level: int = logging.INFO) -> Iterator[Path | None]:
    """`install()` for the length of a `with` block, then everything as it was.

    The live prompt runs inside it; tests that run a command in their own process get
    their logging, warnings and thread hook back afterwards.
    """
    with restored():
        yield install(data_dir, level)


@contextlib.contextmanager
def restored() -> Iterator[None]:
    """Whatever the block does to the root logger's handlers and level, the last-resort
    handler, the thread exception hook and warnings capture is undone when it ends."""
    root = logging.getLogger()
    handlers, old_level = list(root.handlers), root.level
    last_resort, hook = logging.lastResort, threading.excepthook
    try:
        yield
    finally:
        for handler in list(root.handlers):
            if handler not in handlers:
                root.removeHandler(handler)
                handler.close()
        for handler in handlers:
            if handler not in root.handlers:
                root.addHandler(handler)
        root.setLevel(old_level)
        logging.lastResort = last_resort
        threading.excepthook = hook
        logging.captureWarnings(False)


def install(data_dir: Path, level: int = logging.INFO) -> Path | None:
    """Send logging, warnings and thread errors to the log file; None if it cannot be made.

    Either way nothing is left pointing at stderr.
    """
    root = logging.getLogger()
    terminal = {sys.stderr, sys.stdout, sys.__stderr__, sys.__stdout__}
    for handler in list(root.handlers):
        if isinstance(handler, logging.StreamHandler) and handler.stream in terminal:
            root.removeHandler(handler)
    # With no handler at all, logging would print warnings to stderr ("last resort").
    logging.lastResort = logging.NullHandler()
    path: Path | None = log_path(data_dir)
    assert path is not None
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=256 * 1024, backupCount=1, encoding="utf-8"
        )
    except OSError:
        path = None
    else:
        handler.setFormatter(logging.Formatter(FORMAT))
        root.addHandler(handler)
    root.setLevel(level)
    # Python's own filters stay as they are (ResourceWarning and the like stay off).
    logging.captureWarnings(True)
    threading.excepthook = _thread_error
    return path


def _thread_error(args: threading.ExceptHookArgs) -> None:
    if args.exc_type is SystemExit:
        return  # the speechd client ends its reader thread with sys.exit()
    logging.getLogger("spades_voice.thread").error(
        "uncaught error in thread %s",
        args.thread.name if args.thread is not None else "?",
        exc_info=(args.exc_type, args.exc_value, args.exc_traceback),  # type: ignore[arg-type]
    )


def tail(path: Path, lines: int = 8) -> list[str]:
    """The last `lines` lines of the log; a one-line note when it is missing or unreadable."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return [f"(no log yet at {path})"]
    except Exception:
        # Any failure to read stored data is "unreadable"; doctor says so and goes on.
        return [f"(log unreadable: {path})"]
    return text.splitlines()[-lines:] or [f"(log empty: {path})"]
