"""Handing back the pages of pymalloc's free pools (``net/pools.py``), on this interpreter's
real allocator and the real kernel: each case runs in a fresh interpreter of its own, so
that its heap is what the case made and a fault could not take the test run with it. The
pages really leave (the process's resident size says so), what lives is untouched, and
the pools handed back serve again."""

from __future__ import annotations

import json
import mmap
import os
import subprocess
import sys
import textwrap

import pytest

from spades_voice.net import pools

pytestmark = pytest.mark.skipif(
    not pools.supported(), reason="pymalloc's pools are read on Linux with CPython 3.11-3.13"
)

#: Builds a crowd's leftovers: 400 000 small objects, of which one in 1 500 stays, so that
#: most pools are free while almost every arena keeps a few survivors.
FRAGMENT = """
import gc, json, sys
from spades_voice.net import pools

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096

def crowd(n, keep_every):
    made = [[(i, str(i), float(i), [i]) for i in range(j, j + 1000)]
            for j in range(0, n, 1000)]
    kept = [t for row in made for t in row[::keep_every]]
    del made
    gc.collect()
    return kept

def intact(kept):
    return all(t[1] == str(t[0]) and t[2] == float(t[0]) and t[3] == [t[0]] for t in kept)
"""


def _run(body: str, env: dict[str, str] | None = None) -> dict[str, object]:
    code = FRAGMENT + textwrap.dedent(body)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
        env={**os.environ, **(env or {})},
    )
    assert out.returncode == 0, out.stderr
    result: dict[str, object] = json.loads(out.stdout.splitlines()[-1])
    return result


def test_free_pools_leave_memory_and_what_lives_stays_as_it_was() -> None:
    r = _run("""
        kept = crowd(400_000, 1500)
        before = rss()
        d = pools.discard_free_pools()
        after = rss()
        print(json.dumps({"arenas": d.arenas, "pools": d.pools, "bytes": d.bytes,
                          "fell": before - after, "intact": intact(kept)}))
    """)
    assert r["intact"] is True
    assert isinstance(r["arenas"], int) and r["arenas"] >= 20
    assert isinstance(r["pools"], int) and r["pools"] >= 1000
    assert r["bytes"] == r["pools"] * (pools.POOL_SIZE - mmap.PAGESIZE)
    # The kernel really took them: the resident size fell by most of what was handed back.
    assert isinstance(r["fell"], int) and r["fell"] >= 0.8 * r["bytes"]


def test_pools_handed_back_serve_again_round_after_round() -> None:
    """A discarded pool is set up afresh when next used: three crowds come and go over
    the same arenas, each checked whole, the survivors of all of them too."""
    r = _run("""
        survivors = []
        handed = []
        for round in range(3):
            kept = crowd(300_000, 1500)
            survivors.append(kept)
            handed.append(pools.discard_free_pools().pools)
            again = pools.discard_free_pools().pools  # marked already: nothing breaks
            busy = [(i, str(i) * 2) for i in range(200_000)]
            ok = all(b[1] == str(b[0]) * 2 for b in busy)
            del busy
            if not ok or not all(intact(k) for k in survivors):
                break
        print(json.dumps({"handed": handed, "again": again, "ok": ok,
                          "intact": all(intact(k) for k in survivors)}))
    """)
    assert r["ok"] is True and r["intact"] is True
    handed = r["handed"]
    assert isinstance(handed, list) and len(handed) == 3 and min(handed) >= 500


def test_threads_that_allocate_meanwhile_lose_nothing() -> None:
    """Two threads make and check objects of every small size while the discard runs over
    and over: they wait while it works, and whatever they made holds."""
    r = _run("""
        import threading
        stop = threading.Event()
        faults = []

        def churn(seed):
            n = 0
            while not stop.is_set():
                made = [bytes([seed]) * (v % 480) + str(v).encode() for v in range(n, n + 3000)]
                if any(m[v % 480:] != str(v).encode() for v, m in enumerate(made, n)):
                    faults.append(seed)
                keep_some = made[::700]
                del made
                n += 3000
            return keep_some

        workers = [threading.Thread(target=churn, args=(s,)) for s in (1, 2)]
        for w in workers:
            w.start()
        kept = crowd(300_000, 1500)
        handed = sum(pools.discard_free_pools().pools for _ in range(30))
        stop.set()
        for w in workers:
            w.join()
        print(json.dumps({"faults": faults, "handed": handed, "intact": intact(kept)}))
    """)
    assert r["faults"] == [] and r["intact"] is True
    assert isinstance(r["handed"], int) and r["handed"] > 0


@pytest.mark.parametrize("allocator", ["malloc", "pymalloc_debug"])
def test_under_another_allocator_nothing_is_touched(allocator: str) -> None:
    """Where the layout is not pymalloc's own (plain malloc, or its debug hooks, which put
    bytes of their own around each block), the self-check says no and nothing is read."""
    r = _run("""
        kept = crowd(200_000, 1500)
        d = pools.discard_free_pools()
        print(json.dumps({"supported": pools.supported(), "pools": d.pools,
                          "intact": intact(kept)}))
    """, env={"PYTHONMALLOC": allocator})
    assert r == {"supported": False, "pools": 0, "intact": True}


def test_nothing_is_touched_while_a_profiler_or_tracer_watches() -> None:
    """Their hooks run Python code at each call, which could let another thread in at the
    one moment the discard must have to itself."""
    r = _run("""
        kept = crowd(300_000, 1500)
        sys.setprofile(lambda *a: None)
        profiled = pools.discard_free_pools().pools
        sys.setprofile(None)
        sys.settrace(lambda *a: None)
        traced = pools.discard_free_pools().pools
        sys.settrace(None)
        print(json.dumps({"profiled": profiled, "traced": traced,
                          "after": pools.discard_free_pools().pools}))
    """)
    assert r["profiled"] == 0 and r["traced"] == 0
    assert isinstance(r["after"], int) and r["after"] > 0


def test_memory_that_only_looks_like_pools_is_left_alone() -> None:
    """Private anonymous memory holding what looks like pool headers of one arena: each
    decoy lacks one of the marks of a real arena (a free list that is one list, a pool in
    use, the size class's ring), so none is taken for one. The last, built with every
    mark, is taken for an arena, and still left alone: no object lives in it."""
    r = _run("""
        import ctypes, gc, mmap
        POOL = pools.POOL_SIZE
        H = pools.HEADER
        full = (POOL - 48) // 64

        def fake(links, counts):
            m = mmap.mmap(-1, 10 * POOL, flags=mmap.MAP_PRIVATE)  # anonymous, as arenas
            base = ctypes.addressof(ctypes.c_char.from_buffer(m))
            first = (base + POOL - 1) & ~(POOL - 1)
            off = first - base
            for k, (link, count) in enumerate(zip(links, counts)):
                at = first + k * POOL
                nxt = 0 if link is None else first + link * POOL
                free = 0 if count == full else at + 48 + 64
                bumped = 48 + (full if count == full else 4) * 64
                fields = (count, free, nxt, nxt, 4_000_007, 3, bumped, POOL - 64)
                m[off + k * POOL: off + k * POOL + H.size] = H.pack(*fields)
                m[off + k * POOL + 4096: off + (k + 1) * POOL] = b"\\xab" * (POOL - 4096)
            return m, off, first

        def untouched(m, off, n):
            return all(m[off + k * POOL + 4096: off + (k + 1) * POOL] == b"\\xab" * (POOL - 4096)
                       for k in range(n))

        def taken(first):
            found = pools._arenas(pools._anonymous_mappings())
            return any(run[0].address == first for run in found)

        decoys = {
            "links out": ([None, 25, None, None], [3, 0, 0, full]),  # a free pool links away
            "two lists": ([None, None, None, None], [3, 0, 0, full]),  # two ends, two lists
            "none in use": ([None, 2, None, None], [0, 0, 0, 0]),  # an arena all free
            "one free, no ring": ([None, None, None, None], [3, 0, full, full]),
        }
        out = {}
        made = []
        for name, (links, counts) in decoys.items():
            m, off, first = fake(links, counts)
            made.append(m)
            out[name] = [taken(first)]
            pools.discard_free_pools()
            out[name].append(untouched(m, off, len(links)))
        m, off, first = fake([None, 2, None, None], [3, 0, 0, full])  # every mark
        out["built whole"] = [taken(first)]
        held = pools._held(pools._arenas(pools._anonymous_mappings()), gc.get_objects())
        out["built whole"].append(any(run[0].address == first for run in held))
        pools.discard_free_pools()
        out["built whole"].append(untouched(m, off, 4))
        print(json.dumps(out))
    """)
    for decoy in ("links out", "two lists", "none in use", "one free, no ring"):
        assert r[decoy] == [False, True], decoy  # not taken for an arena; not touched
    # Taken for an arena by its marks alone, but no object of ours lives there: untouched.
    assert r["built whole"] == [True, False, True]
