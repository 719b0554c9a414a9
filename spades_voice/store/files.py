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
import json
import os
import stat
import tempfile
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

APP_NAME = "spades-voice"
#: Set this to keep the game's files somewhere else (tests, portable installs).
DATA_DIR_ENV = "SPADES_VOICE_DATA_DIR"

TEMP_SUFFIX = ".tmp"

#: The largest file of each kind the game will read. A file over its cap is refused
#: before a byte is read, so a runaway or hostile file cannot stall the start.
#: A save of a 500-point match is a few kilobytes; these leave room for any real one.
SAVE_CAP = 1 << 20
STATS_CAP = 256 << 10
SETTINGS_CAP = 64 << 10
KEYMAP_CAP = 256 << 10
SEATS_CAP = 256 << 10
#: ``spades-voice score`` reads records made elsewhere: long, but never this long.
RECORD_CAP = 16 << 20

T = TypeVar("T")

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


class NotAFile(Unreadable):
    """Not a regular file: a directory, a pipe, a device."""


class TooLarge(Unreadable):
    """Larger than the cap for its kind of file."""


class CannotRead(Unreadable):
    """The system refused to open or read it (permissions, an I/O error)."""


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


# ---- reading ------------------------------------------------------------------------


def read_capped(path: Path, cap: int) -> bytes | None:
    """The bytes of ``path``, or None when there is no such file.

    Refuses (``Unreadable``) anything that is not a regular file — a link to /dev/zero, a
    pipe, a directory — and a file larger than ``cap`` bytes, before reading it. The open
    does not block on a pipe, and the read stops at ``cap`` + 1 bytes even if the file
    grows meanwhile.
    """
    flags = (
        os.O_RDONLY
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_NOCTTY", 0)
        | getattr(os, "O_BINARY", 0)
    )
    try:
        fd = os.open(path, flags)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as e:
        raise CannotRead(f"it could not be opened ({e.strerror or type(e).__name__})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotAFile("it is not an ordinary file")
        if info.st_size > cap:
            raise TooLarge(f"it is larger than {size_words(cap)}")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 16, cap + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > cap:
                raise TooLarge(f"it is larger than {size_words(cap)}")
        return b"".join(chunks)
    except OSError as e:
        raise CannotRead(f"it could not be read ({e.strerror or type(e).__name__})") from None
    finally:
        os.close(fd)


def size_words(n: int) -> str:
    """A byte count in words: "16 megabytes", "256 kilobytes"."""
    for shift, unit in ((20, "megabyte"), (10, "kilobyte"), (0, "byte")):
        if n >= 1 << shift and n % (1 << shift) == 0:
            whole = n >> shift
            return f"{whole} {unit}{'' if whole == 1 else 's'}"
    return f"{n} bytes"


def decode_json(raw: bytes) -> object:
    """JSON from bytes, with or without a UTF-8 byte-order mark; ``Unreadable`` whatever
    goes wrong (bad bytes, bad syntax, numbers too long, nesting too deep, no memory)."""
    if not raw.strip():
        raise Unreadable("it is empty")
    try:
        text = raw.decode("utf-8-sig")
        if nested_deeper_than(text, MAX_NESTING):
            raise RecursionError
        decoded: object = json.loads(text)
        # A "\\ud800" escape decodes to a lone surrogate, which no later write or speech
        # output can encode: find it now, while it is only a file that is wrong.
        json.dumps(decoded, ensure_ascii=False).encode("utf-8")
    except UnicodeDecodeError:
        raise Unreadable("it is not UTF-8 text") from None
    except UnicodeEncodeError:
        raise Unreadable("it holds text that is not valid Unicode") from None
    except RecursionError:
        raise Unreadable("it is nested too deeply") from None
    except MemoryError:
        raise Unreadable("it is too large to read") from None
    except json.JSONDecodeError as e:
        raise Unreadable(f"it is not valid JSON (line {e.lineno}, column {e.colno})") from None
    except ValueError:
        # int() refuses more than 4,300 digits (sys.set_int_max_str_digits).
        raise Unreadable("it holds a number too long to read") from None
    except Exception as e:  # the decoder's own failures are not promised to be the above
        raise Unreadable(why_unreadable(e)) from None
    return decoded


#: Deeper than any file or message of the game: a record is four levels deep.
MAX_NESTING = 64


def nested_deeper_than(text: str, limit: int) -> bool:
    """Whether JSON ``text`` opens more than ``limit`` arrays or objects inside each other.

    Checked before decoding, so the decoder never runs near the interpreter's recursion
    limit: there, anything else that runs Python (a finalizer the collector calls) fails
    too, and its failure cannot even be reported.

    >>> nested_deeper_than('{"a": [1, "[[[["]}', 2)
    False
    >>> nested_deeper_than("[" * 3, 2)
    True
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def why_unreadable(error: BaseException) -> str:
    """A clause for any exception met while checking a file's fields."""
    if isinstance(error, StoreError):
        return str(error)
    if isinstance(error, RecursionError):
        return "it is nested too deeply"
    if isinstance(error, MemoryError):
        return "it is too large to read"
    return f"it holds something unexpected ({clip(str(error) or type(error).__name__)})"


def clip(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters, so a huge value is never echoed whole.

    >>> clip("x" * 50)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def load(
    path: Path,
    schema: str,
    version: int,
    migrations: Mapping[int, Migration] | None,
    build: Callable[[dict[str, Any]], T],
    cap: int,
) -> T | None:
    """Read a versioned file, bring it to ``version`` and ``build`` its value from it;
    None when there is no file. The one rule for every file the game keeps: whatever goes
    wrong — a pipe, a device, a file over ``cap``, bad bytes, a field of the wrong type —
    raises a ``StoreError`` (``NewerVersion``, ``OlderVersion`` or ``Unreadable``), never
    anything else. ``migrations[n]`` turns layout n into n + 1.
    """
    raw = read_capped(path, cap)
    if raw is None:
        return None
    return load_bytes(raw, schema, version, migrations, build)


def load_bytes(
    raw: bytes,
    schema: str,
    version: int,
    migrations: Mapping[int, Migration] | None,
    build: Callable[[dict[str, Any]], T],
) -> T:
    """``load`` for bytes already read."""
    obj = parse(raw, schema, version, migrations)
    try:
        return build(obj)
    except StoreError:
        raise
    except Exception as e:  # whatever a wrong field makes the checks raise
        raise Unreadable(why_unreadable(e)) from None


def parse(
    raw: bytes,
    schema: str,
    version: int,
    migrations: Mapping[int, Migration] | None = None,
) -> dict[str, Any]:
    """Decode a versioned file and migrate it; its fields still need checking."""
    decoded = decode_json(raw)
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
        except Exception as e:  # a migration meets whatever an old file holds
            raise Unreadable(f"it could not be brought up to date ({why_unreadable(e)})") from None
        found += 1
        obj["version"] = found
    return obj


def aside_names(
    path: Path, label: str, now: datetime | None = None, tries: int = 1000
) -> Iterator[Path]:
    """Names for a file set aside beside ``path``, ``<stem>.<label>-<time><suffix>`` and
    then ``-1``, ``-2``... (``tries`` of them), each not yet taken when it is given."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    for n in range(tries):
        extra = f"-{n}" if n else ""
        target = path.with_name(f"{path.stem}.{label}-{stamp}{extra}{path.suffix}")
        if not target.exists():
            yield target


def move_aside(path: Path, label: str, now: datetime | None = None) -> Path | None:
    """Rename ``path`` to ``<stem>.<label>-<time><suffix>`` beside it, never over another
    file. Returns the new path, or None when it could not be moved (it stays where it is)."""
    for target in aside_names(path, label, now):
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


#: No count the game keeps comes near this; anything larger is a damaged file (and a
#: number that large would overflow a float in an average).
LARGEST = 10**12


def get_int(obj: Mapping[str, Any], key: str, *, minimum: int | None = 0) -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Unreadable(f"{key} is not a whole number")
    if minimum is not None and value < minimum:
        raise Unreadable(f"{key} is below {minimum}")
    if abs(value) > LARGEST:
        raise Unreadable(f"{key} is too large")
    return value


def get_float(obj: Mapping[str, Any], key: str) -> float:
    value = obj.get(key)
    if not isinstance(value, int | float) or isinstance(value, bool) or value < 0:
        raise Unreadable(f"{key} is not a number of seconds")
    if isinstance(value, int) and value > LARGEST:
        raise Unreadable(f"{key} is not a number of seconds")
    result = float(value)
    if result != result or result > LARGEST:
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
