"""After a crowd of sockets has come and gone, the server hands memory back: the real
sweep on a real server, with the real glibc ``malloc_trim`` where there is glibc. (How much
comes back is a figure for bench/bench_net.py, never a test.)"""

from __future__ import annotations

import platform
import socket
import sys

from net_helpers import running_server, wait_for

from spades_voice.net.limits import Limits


def test_the_trim_runs_after_the_crowd_leaves_and_not_before() -> None:
    limits = Limits(rate=10_000, burst=10_000, crowd=20, sweep_seconds=0.05)
    with running_server(limits=limits) as server:
        crowd: list[socket.socket] = []
        try:
            for i in range(40):  # silent TCP sockets from four loopback addresses
                s = socket.socket()
                s.bind((f"127.0.1.{1 + i % 4}", 0))
                s.connect(("127.0.0.1", server.address[1]))
                crowd.append(s)
            wait_for(lambda: server.server.sockets == 40)
            assert server.server.releases == 0  # nothing to give back while they stay
        finally:
            for s in crowd:
                s.close()
        wait_for(lambda: server.server.releases >= 1)
        glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
        assert server.server.trims == (server.server.releases if glibc else 0)
        assert server.server.sockets == 0


def test_serve_settles_its_start_up_objects_and_collects_young_ones_less_often() -> None:
    """What ``serve`` does once it has started, in a process of its own (freezing is for
    the whole process)."""
    import subprocess

    code = (
        "import gc\n"
        "from spades_voice.net.memory import GC_YOUNG, settle\n"
        "settle()\n"
        "print(gc.get_freeze_count() > 1000, gc.get_threshold()[0] == GC_YOUNG)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True)
    assert out.stdout.split() == ["True", "True"]
