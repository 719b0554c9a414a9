"""Whether a server's memory is bounded: the same attack twice, RSS after each.

The server runs in a process of its own (as ``spades-voice serve``, no tables playing);
an attacker process runs ATTACK (``bench_net.py``'s attacks: ``silent`` websockets that
never say hello, ``churn`` sockets reopened as soon as dropped, ...) for SECONDS, twice,
with SETTLE seconds of quiet after each. Prints the server's RSS before, its peak during
each attack, and after each; the goal is the second attack adding nothing: RSS after
the second within 10% of after the first (the connection limits bound what an attack
can hold, so a second one reuses the memory of the first).

    nice -n 5 python bench/bench_net_memory.py --attack silent --count 4100
    nice -n 5 python bench/bench_net_memory.py --attack churn --count 2240 --addresses 70
    nice -n 5 python bench/bench_net_memory.py --attack silent --count 4100 --malloc malloc
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_net


def one_attack(pid: int, args: argparse.Namespace, port: int) -> tuple[float, float]:
    """Run the attack once; the server's peak RSS during it and its RSS SETTLE s after."""
    ctx = mp.get_context("spawn")
    ours, theirs = ctx.Pipe()
    proc = ctx.Process(
        target=bench_net.attack_main,
        args=(args.attack, port, args.count, args.seconds, args.addresses, theirs, args.nice),
        daemon=True,
    )
    proc.start()
    peak = bench_net.rss_mb(pid)
    while not ours.poll(0.25):
        peak = max(peak, bench_net.rss_mb(pid))
    print("  attack:", ours.recv(), flush=True)
    proc.join()
    time.sleep(args.settle)
    return peak, bench_net.rss_mb(pid)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attack", choices=("silent", "halfopen", "churn", "guess", "flood"),
                        default="silent")
    parser.add_argument("--count", type=int, default=4100, help="sockets per attack")
    parser.add_argument("--addresses", type=int, default=0,
                        help="addresses the attack comes from (default one per 40 sockets)")
    parser.add_argument("--seconds", type=float, default=15.0, help="each attack's length")
    parser.add_argument("--settle", type=float, default=15.0,
                        help="quiet seconds after each attack before RSS is read")
    parser.add_argument("--nice", type=int, default=10, help="the attacker's niceness")
    parser.add_argument("--malloc", choices=("pymalloc", "malloc"), default="pymalloc",
                        help="the server's allocator (malloc: PYTHONMALLOC=malloc for it)")
    args = parser.parse_args()

    ctx = mp.get_context("spawn")
    srv_end, srv_child = ctx.Pipe()
    if args.malloc == "malloc":  # the spawned server reads it as its interpreter starts
        os.environ["PYTHONMALLOC"] = "malloc"
    server = ctx.Process(target=bench_net.server_main,
                         args=(srv_child, 0.0, "easy", 2000, None), daemon=False)
    server.start()
    os.environ.pop("PYTHONMALLOC", None)
    port = srv_end.recv()
    assert server.pid is not None
    time.sleep(2)
    before = bench_net.rss_mb(server.pid)
    load = os.getloadavg()[0]
    print(f"{args.attack} x {args.count} from {args.addresses or 'default'} addresses, "
          f"{args.seconds:g} s twice, {args.settle:g} s quiet after each; allocator "
          f"{args.malloc}; load {load:.1f}", flush=True)
    peak1, after1 = one_attack(server.pid, args, port)
    peak2, after2 = one_attack(server.pid, args, port)
    server.terminate()
    stats = srv_end.recv()
    server.join()
    print(f"server RSS MB: before {before:.1f}, peak {max(peak1, peak2):.1f} "
          f"(first {peak1:.1f}, second {peak2:.1f}), after first {after1:.1f}, "
          f"after second {after2:.1f}")
    print(f"server CPU {stats['cpu']:.1f} s; load {load:.1f} at start, "
          f"{os.getloadavg()[0]:.1f} at the end")
    grew = 100 * (after2 - after1) / after1
    goal = "met" if abs(grew) <= 10 else "NOT met"
    print(f"second attack's change: {grew:+.1f}% (goal within 10%: {goal}); "
          f"after the second against before: {100 * (after2 - before) / before:+.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
