"""Where a server's memory goes after a silent attack.

The server runs in this process (tracemalloc on unless --no-trace); another process opens
COUNT silent websockets from many loopback addresses. After each attack it prints RSS,
traced memory and pymalloc's arenas at the end and 10 s later, then after
release_memory() and after discard_free_pools(), and the largest traced differences
against the baseline. (The server's own sweep does both when the crowd leaves, so the
figure 10 s after already has them.)

    nice -n 5 python bench/bench_net_memory.py --count 4100 [--no-trace] [--rounds 2]
        [--refuse-creates]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import multiprocessing as mp
import os
import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_net

from spades_voice.ai import Level
from spades_voice.net.limits import Limits
from spades_voice.net.memory import release_memory, settle
from spades_voice.net.pools import discard_free_pools
from spades_voice.net.server import TableServer


def arenas() -> str:
    """pymalloc's arena counts, read from sys._debugmallocstats (it writes to fd 2)."""
    read_end, write_end = os.pipe()
    saved = os.dup(2)
    os.dup2(write_end, 2)
    try:
        sys._debugmallocstats()
    finally:
        os.dup2(saved, 2)
        os.close(write_end)
    text = os.read(read_end, 1 << 20).decode()
    os.close(read_end)
    return " | ".join(row.strip() for row in text.splitlines() if "arenas" in row)


def rss() -> float:
    return bench_net.rss_mb(os.getpid())


def traced() -> str:
    current, peak = tracemalloc.get_traced_memory()
    return f"traced {current / 1e6:.2f} MB (peak {peak / 1e6:.2f} MB)"


async def one_attack(
    server: TableServer, port: int, count: int, base: tracemalloc.Snapshot | None
) -> None:
    ctx = mp.get_context("spawn")
    ours, theirs = ctx.Pipe()
    proc = ctx.Process(
        target=bench_net.attack_main, args=("silent", port, count, 12.0, 0, theirs)
    )
    proc.start()
    loop = asyncio.get_running_loop()
    print("attack", await loop.run_in_executor(None, ours.recv), flush=True)
    print(
        f"end of attack: rss {rss():.1f} MB, {traced()}, sockets {server.sockets}, "
        f"connections {server.connections}",
        flush=True,
    )
    await loop.run_in_executor(None, proc.join)
    await asyncio.sleep(11)
    gc.collect()
    print(
        f"10 s after: rss {rss():.1f} MB, {traced()}, sockets {server.sockets}, "
        f"guess-limiter addresses {server.guesses.addresses}",
        flush=True,
    )
    print("pymalloc:", arenas(), flush=True)
    after = tracemalloc.take_snapshot() if base is not None else None
    release_memory()
    print(f"after release_memory: rss {rss():.1f} MB", flush=True)
    discarded = discard_free_pools()
    print(f"after discard_free_pools ({discarded.pools} pools of {discarded.arenas} arenas): "
          f"rss {rss():.1f} MB", flush=True)
    print("pymalloc:", arenas(), flush=True)
    if base is not None and after is not None:
        for stat in after.compare_to(base, "traceback")[:3]:
            print(stat.size_diff, "bytes in", stat.count_diff, "blocks, from:")
            for line in stat.traceback.format()[-8:]:
                print("   ", line)


async def run(count: int, rounds: int, trace: bool, creates: bool = True) -> None:
    server = TableServer(
        limits=Limits(rate=1000, burst=1000, max_connections=2000),
        computer_delay=0.0,
        level=Level.EASY,
    )
    _, port = await server.start("127.0.0.1", 0)
    # The attack's five honest creates make tables whose state stays in its arenas:
    # refused, the figures are the crowd's alone.
    server.allow_create = creates
    # What this measuring process needs later (the attacker's process, the executor's
    # thread) is made now, before the baseline, so that its imports and objects do not
    # land among the attack's and are not counted against the server.
    await asyncio.get_running_loop().run_in_executor(None, rss)
    mp.get_context("spawn").Process(target=rss).start()
    settle()  # as ``spades-voice serve`` does
    await asyncio.sleep(1)
    gc.collect()
    if trace:
        tracemalloc.start(25)
    base = tracemalloc.take_snapshot() if trace else None
    print(f"baseline: rss {rss():.1f} MB, {traced()}", flush=True)
    print("pymalloc baseline:", arenas(), flush=True)
    for _ in range(rounds):
        await one_attack(server, port, count, base)
    await server.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=4100, help="silent sockets per attack")
    parser.add_argument("--rounds", type=int, default=1, help="attacks one after another")
    parser.add_argument("--no-trace", action="store_true", help="leave tracemalloc off")
    parser.add_argument("--refuse-creates", action="store_true",
                        help="refuse the honest creates during the attack (no new tables)")
    args = parser.parse_args()
    asyncio.run(run(args.count, args.rounds, not args.no_trace, not args.refuse_creates))


if __name__ == "__main__":
    main()
