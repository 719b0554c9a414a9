"""Handing back the pages of Python's free memory pools that a crowd's survivors keep.

CPython's small-object allocator (pymalloc) carves 1 MiB arenas, mapped from the system,
into 16 KiB pools, each holding blocks of one size. An arena goes back to the system only
once every block in it is free; after a crowd of connections each of the crowd's arenas
is kept by a few blocks that outlived it (docs/scaling.md names them), while almost all
of its pools are free and their pages still resident: some 20 MB after a 4 100-socket
attack, with the server as quiet as before it.

``discard_free_pools`` tells the kernel it may take back every page of such a free pool
but the first. The first page holds the pool's header, which links the pool into its
arena's list of free pools and stays as it is, except that the pool's size class is set
to none: the next time pymalloc uses the pool it sets it up from scratch, as it does a
pool never used, and never reads the old blocks' free list, which lay in the pages the
kernel took (they come back as zeros). A pool that is in use is never touched.

This reads pymalloc's own structures, which no API offers, so it holds itself to a lot:
- only CPython 3.11 to 3.13 with the GIL, on 64-bit Linux, with pymalloc itself in use
  (not ``PYTHONMALLOC=malloc``, nor its debug hooks), and only once ``_layout_holds`` has
  found pool headers laid out as it expects around objects it has just made;
- only memory mapped private, anonymous and writable, as pymalloc maps its arenas, read
  through ``process_vm_readv``, which fails rather than faults where a page has gone;
- an arena is recognised only as a run of consecutive pools with one arena number inside
  1 MiB, with a pool in use, its free pools linked as one list, and (with one free pool
  only) a pool in use that its size class's ring links both ways: no other memory looks
  so; and only while a live object this function holds lives in it, so that no other
  thread can free the arena's last block and have it unmapped meanwhile;
- from reading "this pool is free" to the kernel's taking its pages, nothing is
  allocated and the interpreter reaches no point where another thread, a signal handler
  or the collector could run: the reads and the write are of ctypes fields, and the call
  to ``madvise`` takes arguments made beforehand and keeps the GIL (``PyDLL``). Not while
  a tracer or profiler watches (its hooks would run Python code at that call); nor would
  it be safe under a Python audit hook (``sys.addaudithook``, which ctypes calls run
  through), which this program never installs.
"""

from __future__ import annotations

import bisect
import ctypes
import functools
import gc
import mmap
import os
import struct
import sys
import sysconfig
from dataclasses import dataclass
from typing import Any, TypeGuard

POOL_SIZE = 16384  # 3.10 and later, 64-bit: "large pools" with the radix tree
ARENA_SIZE = 1 << 20
#: A pool header: ref.count (in a union with a pointer, for alignment), freeblock,
#: nextpool, prevpool (8 bytes each), then arenaindex, szidx, nextoffset, maxnextoffset
#: (4 each); rounded up to 16 bytes.
HEADER = struct.Struct("=I4xQQQIIII")
POOL_OVERHEAD = 48
SIZE_CLASSES = 32  # blocks of 16 to 512 bytes
DUMMY_SIZE_IDX = 0xFFFF  # pymalloc's "no size class yet": the pool is set up afresh
MADV_DONTNEED = 4
PAGE = mmap.PAGESIZE


class _Header(ctypes.Structure):
    _fields_ = [
        ("count", ctypes.c_uint32),
        ("padding", ctypes.c_uint32),
        ("freeblock", ctypes.c_uint64),
        ("nextpool", ctypes.c_uint64),
        ("prevpool", ctypes.c_uint64),
        ("arenaindex", ctypes.c_uint32),
        ("szidx", ctypes.c_uint32),
        ("nextoffset", ctypes.c_uint32),
        ("maxnextoffset", ctypes.c_uint32),
    ]


@dataclass(frozen=True, slots=True)
class _Pool:
    address: int
    count: int
    freeblock: int
    nextpool: int
    prevpool: int
    arena: int
    szidx: int
    nextoffset: int
    maxnextoffset: int


@dataclass(frozen=True, slots=True)
class Discarded:
    """What one ``discard_free_pools`` did: arenas recognised and held, free pools handed
    back and their bytes (what the kernel may take; pages it had already taken count again)."""

    arenas: int = 0
    pools: int = 0
    bytes: int = 0


@functools.cache
def supported() -> bool:
    """Whether this interpreter's small-object allocator is one this module knows (the
    same for the life of the process, so found once)."""
    if not sys.platform.startswith("linux") or sys.implementation.name != "cpython":
        return False
    if not (3, 11) <= sys.version_info[:2] <= (3, 13):
        return False
    if sysconfig.get_config_var("Py_GIL_DISABLED") or sys.maxsize < 2**32:
        return False  # the free-threaded build uses mimalloc; 32-bit pools are smaller
    allocator = "" if sys.flags.ignore_environment else os.environ.get("PYTHONMALLOC", "")
    if allocator.startswith("malloc") or PAGE != 4096:
        return False
    return _layout_holds()


def _anonymous_mappings() -> list[tuple[int, int]]:
    """The private, anonymous, writable mappings (where pymalloc maps its arenas), as
    address ranges. Read before anything is held: reading a file lets other threads run,
    and what they unmap meanwhile ``_read_many`` finds gone."""
    found: list[tuple[int, int]] = []
    with open("/proc/self/maps", encoding="ascii") as f:
        for line in f:
            fields = line.split()
            perms = fields[1]
            if perms.startswith("rw") and perms[3] == "p" and fields[4] == "0" and len(fields) == 5:
                lo, hi = (int(x, 16) for x in fields[0].split("-"))
                found.append((lo, hi))
    return found


@functools.cache
def _libc() -> ctypes.PyDLL:
    """The C library's functions, called with the GIL kept (``PyDLL``): the interpreter
    reaches no switching point inside one of them."""
    libc = ctypes.PyDLL(None)
    libc.process_vm_readv.restype = ctypes.c_ssize_t
    libc.madvise.restype = ctypes.c_int
    return libc


class _IOVec(ctypes.Structure):
    _fields_ = [("base", ctypes.c_void_p), ("len", ctypes.c_size_t)]


#: The most pieces one ``process_vm_readv`` reads (Linux's IOV_MAX).
_IOV_MAX = 1024


def _read_many(addresses: list[int], size: int) -> list[bytes | None]:
    """``size`` bytes at each address, None where nothing is mapped: read by the kernel,
    which fails rather than faults where another thread has just unmapped a page."""
    readv = _libc().process_vm_readv
    pid = os.getpid()
    out: list[bytes | None] = []
    at = 0
    while at < len(addresses):
        batch = addresses[at : at + _IOV_MAX]
        buffer = ctypes.create_string_buffer(size * len(batch))
        local = _IOVec(ctypes.cast(buffer, ctypes.c_void_p), size * len(batch))
        remote = (_IOVec * len(batch))(*(_IOVec(a, size) for a in batch))
        got = int(readv(pid, ctypes.byref(local), ctypes.c_ulong(1), remote,
                        ctypes.c_ulong(len(batch)), ctypes.c_ulong(0)))
        whole = max(0, got) // size
        raw = buffer.raw
        out.extend(raw[k * size : (k + 1) * size] for k in range(whole))
        if whole < len(batch):
            out.append(None)  # this one failed; the read goes on after it
            whole += 1
        at += whole
    return out


def _headers(addresses: list[int]) -> list[_Pool | None]:
    return [None if raw is None else _Pool(a, *HEADER.unpack(raw))
            for a, raw in zip(addresses, _read_many(addresses, HEADER.size), strict=True)]


def _well_formed(p: _Pool | None) -> TypeGuard[_Pool]:
    """The fields of a pool header that pymalloc has set up, free or in use."""
    if p is None:
        return False
    if p.szidx == DUMMY_SIZE_IDX:
        return p.count == 0 and p.maxnextoffset % 16 == 0 and p.maxnextoffset < POOL_SIZE
    if p.szidx >= SIZE_CLASSES:
        return False
    size = (p.szidx + 1) << 4
    capacity = (POOL_SIZE - POOL_OVERHEAD) // size
    if p.maxnextoffset != POOL_SIZE - size or p.count > capacity:
        return False
    if not POOL_OVERHEAD + size <= p.nextoffset <= POOL_SIZE:
        return False
    if (p.nextoffset - POOL_OVERHEAD) % size:
        return False
    if p.freeblock == 0:  # full: every block handed out, none left to carve
        return p.count == capacity and p.nextoffset > p.maxnextoffset
    block = p.freeblock - p.address - POOL_OVERHEAD
    return 0 <= block < POOL_SIZE - POOL_OVERHEAD and block % size == 0 and p.count < capacity


def _linked(p: _Pool) -> bool:
    """A pool in use with free blocks sits in its size class's ring: both neighbours (a
    pool, or the ring's head inside the interpreter) point back at it."""
    if p.count == 0 or p.freeblock == 0:
        return False
    back = _read_many([p.nextpool + 24, p.prevpool + 16], 8)
    return all(raw is not None and struct.unpack("=Q", raw)[0] == p.address for raw in back)


def _layout_holds() -> bool:
    """Objects made now sit where a pool header laid out as this module reads it says:
    their size class, a count, and a block boundary."""
    anonymous = _anonymous_mappings()
    probes = [bytes(n) for n in (1, 40, 100, 200, 400)]
    pools = [id(obj) & ~(POOL_SIZE - 1) for obj in probes]
    for obj, pool, p in zip(probes, pools, _headers(pools), strict=True):
        if not any(lo <= pool and pool + POOL_SIZE <= hi for lo, hi in anonymous):
            return False  # not in a mapping of pymalloc's kind: another allocator
        size = sys.getsizeof(obj)
        if not _well_formed(p) or p.szidx != (size - 1) >> 4 or p.count < 1:
            return False
        if (id(obj) - pool - POOL_OVERHEAD) % ((p.szidx + 1) << 4):
            return False
    return True


def _one_free_list(run: list[_Pool]) -> bool:
    """The free pools of ``run`` are linked as one list, as an arena's free pools are:
    each links to another of them or ends it, none is linked twice, one ends it, and
    from the one nobody links to the list reaches them all."""
    free = {p.address: p.nextpool for p in run if p.count == 0}
    if not free:
        return False
    targets = [n for n in free.values() if n]
    if any(n not in free for n in targets) or len(set(targets)) != len(targets):
        return False
    heads = free.keys() - set(targets)
    if len(heads) != 1:
        return False
    seen = 0
    at = next(iter(heads))
    while at and seen <= len(free):
        seen += 1
        at = free[at]
    return seen == len(free)


def _an_arena(run: list[_Pool]) -> bool:
    """Whether consecutive well-formed pools with one arena number are one of pymalloc's
    arenas, partly in use: inside 1 MiB, a pool in use, and either a pool that its size
    class's ring links both ways or two free pools or more linked as one list."""
    if not run or run[-1].address - run[0].address >= ARENA_SIZE:
        return False
    free = sum(1 for p in run if p.count == 0)
    if not 0 < free < len(run):  # none free, or none in use
        return False
    return _one_free_list(run) and (free >= 2 or any(_linked(p) for p in run))


def _arenas(anonymous: list[tuple[int, int]]) -> list[list[_Pool]]:
    """The arenas in ``anonymous`` that are partly in use, each as its pools."""
    found: list[list[_Pool]] = []
    for lo, hi in anonymous:
        first = (lo + POOL_SIZE - 1) & ~(POOL_SIZE - 1)
        run: list[_Pool] = []
        for p in _headers(list(range(first, hi - POOL_SIZE + 1, POOL_SIZE))):
            pool = p if _well_formed(p) else None
            if pool is not None and (not run or pool.arena == run[0].arena):
                run.append(pool)
                continue
            if _an_arena(run):
                found.append(run)
            run = [] if pool is None else [pool]
        if _an_arena(run):
            found.append(run)
    return found


def _held(arenas: list[list[_Pool]], objects: list[object]) -> list[list[_Pool]]:
    """The arenas in which one of ``objects`` lives: while they are held, no other thread
    can empty such an arena and have pymalloc unmap it."""
    places = sorted(id(o) for o in objects)
    held: list[list[_Pool]] = []
    for run in arenas:
        k = bisect.bisect_left(places, run[0].address)
        if k < len(places) and places[k] < run[-1].address + POOL_SIZE:
            held.append(run)
    return held


def _watched() -> bool:
    """Whether a tracer or profiler watches this thread (a debugger, coverage, cProfile,
    ``sys.monitoring``): its hooks run at each call, Python code among them, which could
    let another thread in between reading "free" and the kernel's taking the pages."""
    if sys.gettrace() is not None or sys.getprofile() is not None:
        return True
    monitoring: Any = getattr(sys, "monitoring", None)  # Python 3.12 and later
    return monitoring is not None and any(monitoring.get_tool(i) for i in range(6))


def discard_free_pools() -> Discarded:
    """Let the kernel take back the free pools' pages in arenas that are partly in use
    (all but each pool's first page). Nothing where ``supported`` says no."""
    if not supported() or _watched():
        return Discarded()
    madvise = _libc().madvise
    # Held until the end: every arena one of them lives in stays mapped. The collector's
    # objects and what they refer to, so that arenas kept by strings and numbers count
    # too (after a 4 100-socket crowd: 1 arena of 23 left out, against 4-6 without).
    objects = gc.get_objects()
    objects += gc.get_referents(*objects)
    arenas = _held(_arenas(_anonymous_mappings()), objects)
    # Everything the loop below needs is made now: inside it nothing is allocated.
    length = ctypes.c_void_p.from_param(POOL_SIZE - PAGE)  # a size_t, passed as such
    free = [
        (_Header.from_address(p.address),
         (ctypes.c_void_p.from_param(p.address + PAGE), length, MADV_DONTNEED))
        for run in arenas
        for p in run
        if p.count == 0
    ]
    dummy = DUMMY_SIZE_IDX
    done = 0
    for header, args in free:
        # From this read to the kernel's taking the pages: no allocation, and no point
        # at which another thread could run and take the pool.
        if header.count == 0:
            header.szidx = dummy
            if madvise(*args) == 0:
                done += 1
    del objects
    return Discarded(len(arenas), done, done * (POOL_SIZE - PAGE))
