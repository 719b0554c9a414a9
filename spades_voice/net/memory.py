"""Handing freed memory back to the system after a crowd of connections has gone."""

from __future__ import annotations

import gc
from collections.abc import Callable


def _trimmer() -> Callable[[int], object] | None:
    """glibc's ``malloc_trim``, which hands freed memory back to the system; None where
    there is no glibc."""
    try:
        import ctypes
        import ctypes.util

        name = ctypes.util.find_library("c")
        if not name:
            return None
        trim: Callable[[int], object] = ctypes.CDLL(name).malloc_trim
        return trim
    except (OSError, AttributeError):
        return None


def release_memory() -> None:
    """After a crowd of connections has gone, give their memory back: Python keeps freed
    blocks for reuse, and without this a burst of 4 000 sockets would hold ~30 MB for good."""
    gc.collect()
    trim = _trimmer()
    if trim is not None:
        trim(0)
