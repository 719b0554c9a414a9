"""Where memory goes after a silent attack: the server in this process (tracemalloc on
unless "notrace"), 4 100 silent websockets from 102 addresses from another process,
then RSS, traced memory and pymalloc arenas 10 s after, and the largest differences.

    nice -n 15 python bench/bench_net_memory.py 4100 [notrace] [rounds]
"""
from __future__ import annotations
import asyncio, gc, multiprocessing as mp, sys, time, tracemalloc
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
import bench_net
from spades_voice.net.limits import Limits
from spades_voice.net.server import TableServer, release_memory
from spades_voice.ai import Level

import io, contextlib as cl, os
def arenas() -> str:
    r, w = os.pipe()
    saved = os.dup(2); os.dup2(w, 2)
    sys._debugmallocstats()
    os.dup2(saved, 2); os.close(w)
    text = os.read(r, 1 << 20).decode(); os.close(r)
    return " | ".join(l.strip() for l in text.splitlines() if "arenas" in l)

def rss() -> float:
    return bench_net.rss_mb(__import__("os").getpid())

async def main(count: int) -> None:
    server = TableServer(limits=Limits(rate=1000, burst=1000, max_connections=2000),
                         computer_delay=0.0, level=Level.EASY)
    _, port = await server.start("127.0.0.1", 0)
    await asyncio.sleep(1)
    gc.collect()
    TRACE = 'notrace' not in sys.argv
    if TRACE: tracemalloc.start(25)
    base = tracemalloc.take_snapshot() if TRACE else None
    pass
    print(f"baseline rss {rss():.1f} MB traced {tracemalloc.get_traced_memory()[0]/1e6:.2f} MB", flush=True)
    print("pymalloc baseline:", arenas(), flush=True)
    for round_ in range(int(sys.argv[3]) if len(sys.argv) > 3 else 1):
        await one_attack(server, port, count, base)
    await server.close()

async def one_attack(server, port, count, base):
    TRACE = tracemalloc.is_tracing()
    ctx = mp.get_context("spawn")
    a, b = ctx.Pipe()
    proc = ctx.Process(target=bench_net.attack_main, args=("silent", port, count, 12.0, 0, b))
    proc.start()
    loop = asyncio.get_running_loop()
    res = await loop.run_in_executor(None, a.recv)
    print("attack", res, flush=True)
    print(f"end of attack rss {rss():.1f} MB traced {tracemalloc.get_traced_memory()[0]/1e6:.2f} MB peak {tracemalloc.get_traced_memory()[1]/1e6:.2f} MB sockets {server.sockets} unseated {len(server._unseated)} conns {server.connections}", flush=True)
    await loop.run_in_executor(None, proc.join)
    await asyncio.sleep(11)
    gc.collect()
    after = tracemalloc.take_snapshot() if TRACE else None
    print(f"10s after rss {rss():.1f} MB traced {tracemalloc.get_traced_memory()[0]/1e6:.2f} MB sockets {server.sockets} unseated {len(server._unseated)} by_peer {len(server._sockets_by_peer)} open_by_addr {len(server._open_by_address)} guesses {server.guesses.addresses}", flush=True)
    print("pymalloc:", arenas(), flush=True)
    release_memory()
    print(f"after release_memory rss {rss():.1f} MB", flush=True)
    print("pymalloc:", arenas(), flush=True)
    for stat in (after.compare_to(base, "traceback")[:3] if TRACE else []):
        print(stat.size_diff, stat.count_diff)
        for line in stat.traceback.format()[-8:]:
            print("   ", line)

if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 4100))
