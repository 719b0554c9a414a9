"""After a crowd of sockets has come and gone, the server asks the C library to hand its
free pages back: the real sweep on a real server, with the real glibc ``malloc_trim``
where there is glibc. (How much comes back is a figure for bench/bench_net_memory.py,
never a test.)"""

from __future__ import annotations

import contextlib
import platform
import sys

from net_helpers import raw_sockets, running_server, wait_for

from spades_voice.net.wire.limits import Limits


def test_the_heap_is_trimmed_once_the_crowd_has_gone_and_not_before() -> None:
    limits = Limits(rate=10_000, burst=10_000, crowd=20, sweep_seconds=600)  # swept here
    glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
    with running_server(limits=limits) as server:
        with contextlib.ExitStack() as crowd:
            for n in range(1, 5):
                crowd.enter_context(raw_sockets(server.address[1], f"127.0.1.{n}", 10))
            wait_for(lambda: server.call(lambda: server.server.sockets) == 40)
            server.call(server.server.sweep)
            assert server.call(lambda: server.server.trims) == 0  # nothing to give back yet
        wait_for(lambda: server.call(lambda: server.server.sockets) == 0)
        server.call(server.server.sweep)
        assert server.call(lambda: server.server.trims) == (1 if glibc else 0)
        server.call(server.server.sweep)  # a crowd is handed back once
        assert server.call(lambda: server.server.trims) == (1 if glibc else 0)
