"""Versioned JSON files written atomically, and where they live.

Every file the store keeps is one JSON object carrying ``schema`` (what it is) and
``version`` (its layout). Reading checks both: an older layout is migrated step by step,
a newer or unknown one is refused with a sentence that says so, and anything that is not
such an object is reported as unreadable. The caller decides what to do about it (the
hooks move the file aside and keep it); nothing here deletes a file.

Writing is atomic: a temporary file in the same directory, flushed and fsynced, then
``os.replace`` over the old one and an fsync of the directory, so a crash or a killed
process leaves either the old file or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs

APP_NAME = "spades-voice"
#: Set this to keep the game's files somewhere else (tests, portable installs).
DATA_DIR_ENV = "SPADES_VOICE_DATA_DIR"

TEMP_SUFFIX = ".tmp"

#: Writes ``data`` to ``path`` so that ``path`` holds the old or the new bytes, never a mix.
Writer = Callable[[Path, bytes], None]
#: One migration step: the object at version n, returned at version n + 1.
Migration = Callable[[dict[str, Any]], dict[str, Any]]


def data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """Where the game keeps its files: ``explicit``, else $SPADES_VOICE_DATA_DIR, else the
    platform's user data directory (for example ``~/.local/share/spades-voice``)."""
    if explicit is not None:
        return Path(explicit)
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


# ---- errors -------------------------------------------------------------------------


class StoreError(Exception):
    """A stored file cannot be used. ``str()`` is a clause that fits after "because"."""


class Unreadable(StoreError):
    """Not a file of the expected kind: garbage, truncated, wrong types, unreadable."""


class NewerVersion(StoreError):
    """Written by a newer spades-voice with a layout this one does not know."""

    def __init__(self, version: int) -> None:
        super().__init__(f"it was written by a newer version of spades-voice (layout {version})")
        self.version = version


class OlderVersion(StoreError):
    """Too old to migrate."""

    def __init__(self, version: int) -> None:
        super().__init__(f"its layout ({version}) is too old for this version of spades-voice")
        self.version = version


# ---- writing ------------------------------------------------------------------------


def fsync_dir(directory: Path) -> None:
    """Make a rename in ``directory`` durable. Some platforms cannot open a directory."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data``: temp file beside it, fsync, rename, fsync the dir."""
    directory = path.parent
    directory.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=directory)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    fsync_dir(directory)


def remove_stale_temps(directory: Path, names: tuple[str, ...]) -> None:
    """Delete temporary files a killed process left behind for ``names``."""
    try:
        entries = list(directory.iterdir())
    except OSError:
        return
    for entry in entries:
        n = entry.name
        if n.endswith(TEMP_SUFFIX) and any(n.startswith(f".{name}.") for name in names):
            with contextlib.suppress(OSError):
                entry.unlink()


def dump(schema: str, version: int, body: Mapping[str, Any]) -> bytes:
    """The bytes of a versioned file: ``schema`` and ``version`` first, then ``body``."""
    obj: dict[str, Any] = {"schema": schema, "version": version}
    obj.update(body)
    return (json.dumps(obj, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def write_failure_reason(error: OSError) -> str:
    """Why a write failed, in words for the player."""
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "the folder cannot be written to"
    return error.strerror or type(error).__name__


# ---- reading ------------------------------------------------------------------------


def load(
    path: Path,
    schema: str,
    version: int,
    migrations: Mapping[int, Migration] | None = None,
) -> dict[str, Any] | None:
    """Read a versioned file and bring it to ``version``; None when there is no file.

    ``migrations[n]`` turns layout n into n + 1. Raises ``Unreadable``, ``NewerVersion``
    or ``OlderVersion``; the result still needs its fields checked by the caller.
    """
    try:
        raw = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as e:
        raise Unreadable(f"it could not be read ({e.strerror or e})") from None
    return parse(raw, schema, version, migrations)


def parse(
    raw: bytes,
    schema: str,
    version: int,
    migrations: Mapping[int, Migration] | None = None,
) -> dict[str, Any]:
    """``load`` for bytes already read."""
    if not raw.strip():
        raise Unreadable("it is empty")
    try:
        decoded: object = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise Unreadable("it is not valid JSON") from None
    if not isinstance(decoded, dict):
        raise Unreadable("it is not a JSON object")
    obj: dict[str, Any] = decoded
    if obj.get("schema") != schema:
        raise Unreadable(f"it is not a {schema} file")
    found = obj.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 0:
        raise Unreadable("its version is missing or not a whole number")
    if found > version:
        raise NewerVersion(found)
    steps = migrations or {}
    while found < version:
        step = steps.get(found)
        if step is None:
            raise OlderVersion(found)
        try:
            obj = step(obj)
        except (KeyError, TypeError, ValueError) as e:
            raise Unreadable(f"it could not be brought up to date ({e})") from None
        found += 1
        obj["version"] = found
    return obj


def move_aside(path: Path, label: str, now: datetime | None = None) -> Path | None:
    """Rename ``path`` to ``<stem>.<label>-<time><suffix>`` beside it, never over another
    file. Returns the new path, or None when it could not be moved (it stays where it is)."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        extra = f"-{n}" if n else ""
        target = path.with_name(f"{path.stem}.{label}-{stamp}{extra}{path.suffix}")
        if target.exists():
            continue
        try:
            os.rename(path, target)
        except FileNotFoundError:
            return None
        except OSError:
            return None
        fsync_dir(path.parent)
        return target
    return None


# ---- field checks -------------------------------------------------------------------


def get_int(obj: Mapping[str, Any], key: str, *, minimum: int | None = 0) -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Unreadable(f"{key} is not a whole number")
    if minimum is not None and value < minimum:
        raise Unreadable(f"{key} is below {minimum}")
    return value


def get_float(obj: Mapping[str, Any], key: str) -> float:
    value = obj.get(key)
    if not isinstance(value, int | float) or isinstance(value, bool) or value < 0:
        raise Unreadable(f"{key} is not a number of seconds")
    result = float(value)
    if result != result or result == float("inf"):
        raise Unreadable(f"{key} is not a number of seconds")
    return result


def get_str(obj: Mapping[str, Any], key: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str):
        raise Unreadable(f"{key} is not text")
    return value


def get_list(obj: Mapping[str, Any], key: str) -> list[Any]:
    value = obj.get(key)
    if not isinstance(value, list):
        raise Unreadable(f"{key} is not a list")
    return value


def get_dict(obj: Mapping[str, Any], key: str) -> dict[str, Any]:
    value = obj.get(key)
    if not isinstance(value, dict):
        raise Unreadable(f"{key} is not an object")
    return value
