"""Handing freed memory back to the system after a crowd of connections has gone."""

from __future__ import annotations

import abc
import asyncio
import functools
import gc
import struct
import sys
from collections.abc import Callable
from typing import Any

from spades_voice.net.pools import supported


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
    """After a crowd of connections has gone, give their memory back: drop what CPython's
    caches still hold from the crowd, collect cycles, then ask glibc to return its free
    pages (what Python's allocator has freed to it, and every block freed under
    ``PYTHONMALLOC=malloc``). True when the trim ran.

    Python's small-object allocator returns a 1 MB arena to the system only once every
    object in it has gone, so a few hundred small survivors spread over the crowd's
    arenas keep tens of megabytes: each cache below held such survivors. What no cache
    holds (the tables' state, asyncio's own objects) keeps its arenas, whose free pools'
    pages ``pools.discard_free_pools`` hands back next."""
    # The type attribute cache keeps the name of each attribute looked up: a handshake's
    # Date header looks one up by a name made afresh each time (``time.struct_time``),
    # so ~450 of 4 100 handshakes each left a 52-byte string in the cache.
    sys._clear_type_cache()
    struct._clearcache()  # type: ignore[attr-defined]  # frame formats of the crowd
    _clear_abc_caches()
    gc.collect()  # also empties the free lists of floats, tuples, lists, dicts...
    _renew_future_iterators()
    trim = _trimmer()
    if trim is None:
        return False
    trim(0)
    return True


def compact(*dicts: dict[Any, Any]) -> None:
    """Size each dict's key table to what it holds now, keeping the dict itself and its
    order: a dict never shrinks as entries go. In place, because a copy would be a new
    object, placed by Python's allocator among a crowd's freed memory, likely in one of
    its arenas, and would pin that arena for as long as the server runs; the dict made
    at start stays where it was. An empty dict keeps no key table at all."""
    for d in dicts:
        kept = list(d.items())
        d.clear()
        dict.update(d, kept)  # not Counter.update, which would count the pairs


def _clear_abc_caches() -> None:
    """Empty every abstract class's ``isinstance`` cache: a class first checked against one
    during the crowd (``Counter`` as a ``Mapping``, a websockets class as a coroutine...)
    left a weak reference there, in the crowd's arenas. They fill again as checks run."""
    seen: set[type] = set()
    stack: list[type] = [object]
    while stack:
        cls = stack.pop()
        if cls in seen:
            continue
        seen.add(cls)
        if isinstance(cls, abc.ABCMeta):
            cls._abc_caches_clear()  # type: ignore[attr-defined]
        stack.extend(type.__subclasses__(cls))


#: How many spent future iterators CPython's ``_asyncio`` keeps for reuse (its
#: ``FI_FREELIST_MAXLEN``); ``gc.collect`` does not empty that list.
FUTURE_ITERATORS = 255


def _renew_future_iterators() -> None:
    """Swap the future iterators asyncio keeps for reuse (one is made for each ``await`` on
    a future, and up to 255 spent ones kept) for new ones: those kept were made during the
    crowd and are spread over its arenas, one pinning each; new ones are made together,
    in a pool or two. A no-op outside a running loop."""
    try:
        future = asyncio.get_running_loop().create_future()
    except RuntimeError:
        return
    kept = [future.__await__() for _ in range(FUTURE_ITERATORS)]  # empties the list
    new = [future.__await__() for _ in range(FUTURE_ITERATORS)]
    del new  # refills the list with the new ones...
    del kept  # ...so these, finding it full, are freed
    future.cancel()


def settle() -> None:
    """Once the server has started: collect the garbage of starting, then freeze what is
    left (modules, classes, functions: ~60 000 objects) out of the collector's sight, so
    that every later full collection, which stops the loop, walks only the tables and
    connections (a full pass at the peak of a 4 100-socket attack: 176 ms before, 120 ms
    after)."""
    # What the first release would load (ctypes and the C library for the trim, the
    # build's settings for the pool discard) is loaded now, not amid the first crowd.
    _trimmer()
    supported()
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])


#: Allocations between young collections (Python's default is 700). A burst of thousands of
#: sockets adds ~150 000 objects; at 700 the collector walks every live object ~8 times
#: on the way up, stopping the loop 100-200 ms each time; ten times fewer young
#: collections means ten times fewer such full passes, each young one still ~1 ms.
GC_YOUNG = 7000
