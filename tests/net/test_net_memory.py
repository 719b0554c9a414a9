"""After a crowd of sockets has come and gone, the server hands memory back: the real
sweep on a real server, with the real glibc ``malloc_trim`` where there is glibc and the
real pool discard where there is pymalloc. (How much comes back is a figure for
bench/bench_net.py, never a test.)"""

from __future__ import annotations

import asyncio
import contextlib
import platform
import socket
import sys
from collections.abc import Iterator

from net_helpers import running_server, wait_for

from spades_voice.net import pools
from spades_voice.net.hosting import ServerThread
from spades_voice.net.limits import Limits


@contextlib.contextmanager
def silent_crowd(server: ServerThread, count: int = 40) -> Iterator[None]:
    """``count`` silent TCP sockets from four loopback addresses, open inside the block
    and closed as it ends."""
    crowd: list[socket.socket] = []
    try:
        for i in range(count):
            s = socket.socket()
            s.bind((f"127.0.1.{1 + i % 4}", 0))
            s.connect(("127.0.0.1", server.address[1]))
            crowd.append(s)
        wait_for(lambda: server.server.sockets == count)
        yield
    finally:
        for s in crowd:
            s.close()


def test_the_trim_runs_after_the_crowd_leaves_and_not_before() -> None:
    limits = Limits(rate=10_000, burst=10_000, crowd=20, sweep_seconds=0.05)
    with running_server(limits=limits) as server:
        with silent_crowd(server):
            assert server.server.releases == 0  # nothing to give back while they stay
        wait_for(lambda: server.server.releases >= 1)
        glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
        assert server.server.trims == (server.server.releases if glibc else 0)
        assert server.server.sockets == 0
        # And, on the loop's next turn, the free pools' pages went back, in this very
        # process (tests/net/test_net_pools.py shows what that does and does not touch).
        if pools.supported() and not pools._watched():  # no tracer or profiler (coverage)
            wait_for(lambda: server.server.pool_bytes > 0)
        else:
            assert server.server.pool_bytes == 0


def test_a_server_told_to_keep_its_free_pools_keeps_them() -> None:
    """``serve --keep-free-pools``: the release still runs, the pool discard does not."""
    from spades_voice.cli import build_parser

    assert build_parser("serve").parse_args(["--keep-free-pools"]).keep_free_pools is True
    limits = Limits(rate=10_000, burst=10_000, crowd=20, sweep_seconds=0.05)
    with running_server(limits=limits) as server:
        server.server.discard_pools = False  # what the option sets
        with silent_crowd(server):
            pass
        wait_for(lambda: server.server.releases >= 1)
        # A few loop turns after the release, where a discard would have run.
        asyncio.run_coroutine_threadsafe(asyncio.sleep(0.05), server.loop).result(timeout=5)
        assert server.server.pool_bytes == 0


def test_serve_settles_its_start_up_objects_and_collects_young_ones_less_often() -> None:
    """What ``serve`` does once it has started, in a process of its own (freezing is for
    the whole process)."""
    import subprocess

    code = (
        "import gc, sys\n"
        "from spades_voice.net.memory import GC_YOUNG, settle\n"
        "settle()\n"
        "print(gc.get_freeze_count() > 1000, gc.get_threshold()[0] == GC_YOUNG,\n"
        "      'ctypes' in sys.modules or not sys.platform.startswith('linux'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True)
    # ctypes (for the trim) is imported at start, not amid the first crowd, where its
    # modules' objects would stay in the crowd's arenas for good.
    assert out.stdout.split() == ["True", "True", "True"]


# ---- what release_memory drops: each cache kept survivors of a crowd in its arenas -------


def test_release_drops_the_names_the_type_cache_holds() -> None:
    from spades_voice.net.memory import release_memory

    class Looked:
        pass

    name = "".join(["not_", "there"])  # made afresh, as the Date header's lookup is
    before = sys.getrefcount(name)
    assert not hasattr(Looked, name)  # a miss is cached too, with the name
    assert sys.getrefcount(name) > before
    release_memory()
    assert sys.getrefcount(name) == before


def test_release_drops_the_compiled_struct_formats() -> None:
    import struct

    from spades_voice.net.memory import release_memory

    fmt = "".join(["!", "7H"])
    before = sys.getrefcount(fmt)
    struct.calcsize(fmt)  # compiled and cached, keyed by this very string
    assert sys.getrefcount(fmt) > before
    release_memory()
    assert sys.getrefcount(fmt) == before


def test_release_empties_the_abstract_classes_isinstance_caches() -> None:
    import weakref
    from collections.abc import Mapping

    from spades_voice.net.memory import release_memory

    class NotAMapping:
        pass

    before = weakref.getweakrefcount(NotAMapping)  # its base's list of subclasses
    assert not isinstance(NotAMapping(), Mapping)  # remembered by a weak reference
    assert weakref.getweakrefcount(NotAMapping) > before
    release_memory()
    assert weakref.getweakrefcount(NotAMapping) == before


def test_release_swaps_the_future_iterators_asyncio_keeps_for_new_ones() -> None:
    import asyncio

    from spades_voice.net.memory import FUTURE_ITERATORS, release_memory

    async def kept_ids(renew: bool) -> tuple[set[int], set[int]]:
        future = asyncio.get_running_loop().create_future()
        crowd = [future.__await__() for _ in range(FUTURE_ITERATORS)]
        old = {id(it) for it in crowd}
        del crowd  # spent: asyncio keeps them all for reuse
        if renew:
            release_memory()
        reused = [future.__await__() for _ in range(FUTURE_ITERATORS)]
        ids = {id(it) for it in reused}
        future.cancel()
        return old, ids

    old, reused = asyncio.run(kept_ids(renew=False))
    assert reused == old  # without the release the crowd's own iterators come back
    old, renewed = asyncio.run(kept_ids(renew=True))
    assert not renewed & old


def test_memory_is_handed_back_once_as_many_tables_have_ended_as_are_left() -> None:
    """Tables that played on through an attack keep what they made meanwhile in the
    attack's arenas: when they end, the server collects and trims again."""
    import json

    from websockets.sync.client import connect

    from spades_voice.net.client import hello_create

    limits = Limits(rate=10_000, burst=10_000, crowd=10_000, crowd_tables=3,
                    sweep_seconds=0.05, empty_table_seconds=0.2)
    with running_server(limits=limits) as server:
        url = f"ws://127.0.0.1:{server.address[1]}"
        with contextlib.ExitStack() as stack:
            hosts = [stack.enter_context(connect(url, open_timeout=5)) for _ in range(4)]
            for i, ws in enumerate(hosts):
                ws.send(json.dumps(hello_create(f"Host{i}")))
                assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
            wait_for(lambda: len(server.server.tables) == 4)
            for ws in hosts[:2]:
                ws.close()
            wait_for(lambda: len(server.server.tables) == 2)
            assert server.server.releases == 0  # two ended, two left: not yet
        # The last two end in one sweep or in two; the release comes with the third.
        wait_for(lambda: server.server.releases >= 1)
        wait_for(lambda: not server.server.tables)


def test_the_release_sizes_the_tables_dicts_anew_in_place() -> None:
    """A dict keeps the key table it grew to after its entries go: grown by an attack's
    creates, the tables' dicts held one of its arenas each until sized anew."""
    import json
    from collections import Counter

    from websockets.sync.client import connect

    from spades_voice.net.client import hello_create

    limits = Limits(rate=10_000, burst=10_000, crowd=10_000, crowd_tables=10,
                    sweep_seconds=0.05, empty_table_seconds=0.2)
    with running_server(limits=limits) as server:
        url = f"ws://127.0.0.1:{server.address[1]}"
        tables, by_address = server.server.tables, server.server._tables_by_address
        with contextlib.ExitStack() as stack:
            hosts = [  # each from an address of its own: 12 keys in each dict
                stack.enter_context(
                    connect(url, open_timeout=5, source_address=(f"127.0.2.{1 + i}", 0))
                )
                for i in range(12)
            ]
            for i, ws in enumerate(hosts):
                ws.send(json.dumps(hello_create(f"Host{i}")))
                assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
            wait_for(lambda: len(tables) == 12)
            grown = sys.getsizeof(tables), sys.getsizeof(by_address)
            for ws in hosts[2:]:
                ws.close()
            # The tenth table to end brings the release (``crowd_tables``), with two left.
            wait_for(lambda: server.server.releases >= 1)
            assert len(tables) == len(by_address) == 2
            # The same dicts (made at start, where they stay), sized to the two left.
            assert server.server.tables is tables
            assert server.server._tables_by_address is by_address
            assert sys.getsizeof(tables) == sys.getsizeof(dict(tables)) < grown[0]
            assert sys.getsizeof(by_address) == sys.getsizeof(Counter(by_address)) < grown[1]


def test_compact_keeps_each_dict_its_entries_and_their_order() -> None:
    from collections import Counter

    from spades_voice.net.memory import compact

    plain = {str(i): i for i in range(100)}
    counts = Counter({str(i): 2 for i in range(100)})
    for i in range(97):
        del plain[str(i)], counts[str(i)]
    plain["new"] = 0
    empty = {str(i): i for i in range(100)}
    for key in list(empty):
        del empty[key]
    sizes = sys.getsizeof(plain), sys.getsizeof(counts)
    compact(plain, counts, empty)
    assert list(plain.items()) == [("97", 97), ("98", 98), ("99", 99), ("new", 0)]
    assert counts == Counter({"97": 2, "98": 2, "99": 2})  # values kept, not counted again
    assert sys.getsizeof(plain) < sizes[0] and sys.getsizeof(counts) < sizes[1]
    assert sys.getsizeof(empty) == sys.getsizeof({})
