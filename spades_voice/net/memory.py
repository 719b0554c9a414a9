"""Handing freed memory back to the system after a crowd of connections has gone."""

from __future__ import annotations

import functools
import gc
import sys
from collections.abc import Callable


@functools.cache
def _trimmer() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, which hands the heap's free pages back to the system; None
    where there is none (macOS, Windows, musl). Looked up once, in the symbols already
    loaded, so no helper program runs to find the C library."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    found: Callable[[int], int] = trim
    return found


def release_memory() -> bool:
    """After a crowd of connections has gone, give their memory back: collect cycles, then
    ask glibc to return its free pages (what Python's allocator has freed to it, and every
    block freed under ``PYTHONMALLOC=malloc``). True when the trim ran."""
    gc.collect()
    trim = _trimmer()
    if trim is None:
        return False
    trim(0)
    return True


def settle() -> None:
    """Once the server has started: collect the garbage of starting, then freeze what is
    left (modules, classes, functions: ~60 000 objects) out of the collector's sight, so
    that every later full collection, which stops the loop, walks only the tables and
    connections (a full pass at the peak of a 4 100-socket attack: 176 ms before, 120 ms
    after)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])


#: Allocations between young collections (Python's default is 700). A burst of thousands of
#: sockets adds ~150 000 objects; at 700 the collector walks every live object ~8 times
#: on the way up, stopping the loop 100-200 ms each time; ten times fewer young
#: collections means ten times fewer such full passes, each young one still ~1 ms.
GC_YOUNG = 7000
