"""Shared-table server under load: many tables of computer-driven clients.

One server process; client processes each run a share of the tables, four websocket
clients a table, every client deciding like an Easy computer after a short think. Prints:

* intent latency: a client sends a bid or card until the server's answer arrives (the
  update with its effect comes first on the same connection);
* fan-out latency: the same send until each of the table's four seats has the update;
* server CPU: seconds of CPU the server process used, per table per minute and per
  decision.

    python bench/bench_net.py                      # 200 tables, 30 s
    python bench/bench_net.py --tables 50 --seconds 10 --think 0.05
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import random
import signal
import sys
import time
from typing import Any

from spades_voice.ai import Level, make_player
from spades_voice.net.client import TableClient, hello_create, hello_join
from spades_voice.net.protocol import decision_to_json
from spades_voice.net.server import Limits, TableServer
from spades_voice.rules import Ruleset

# ---- the server process -----------------------------------------------------------


def server_main(port_out: Any, computer_delay: float, profile: str | None = None) -> None:
    async def main() -> None:
        # Bench clients are machines: lift the per-person rate limit, nothing else.
        server = TableServer(
            limits=Limits(rate=1000, burst=1000, max_connections=10_000),
            computer_delay=computer_delay,
            level=Level.EASY,
        )
        _, port = await server.start("127.0.0.1", 0)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        port_out.send(port)
        await stop.wait()
        t = os.times()
        port_out.send({"cpu": t.user + t.system, "tables": len(server.tables)})
        await server.close()

    if profile is None:
        asyncio.run(main())
        return
    import cProfile

    with cProfile.Profile() as prof:
        asyncio.run(main())
    prof.dump_stats(profile)


# ---- client processes -------------------------------------------------------------


class Seat:
    """One computer-driven client."""

    def __init__(self, shared: Shared, url: str, hello: dict[str, Any], seed: str) -> None:
        self.shared = shared
        self.client = TableClient(url, hello, on_change=self.changed)
        self.player = make_player(Level.EASY, random.Random(seed))
        self.rng = random.Random(seed + "/think")
        self.busy = False
        self.table: Table | None = None

    def changed(self) -> None:
        table = self.table
        if table is not None:
            table.arrived(self.client.seq)
        self.client.drain()
        if not self.client.started or self.busy or self.shared.stopping:
            return
        if self.client.over and self.client.host:
            self.busy = True
            asyncio.get_running_loop().create_task(self.rematch())
        elif self.client.my_turn:
            self.busy = True
            asyncio.get_running_loop().create_task(self.act())

    async def act(self) -> None:
        await asyncio.sleep(self.shared.think * (0.5 + self.rng.random()))
        view = self.client.view
        assert view is not None and self.table is not None
        if view.my_turn and not self.shared.stopping:
            message = decision_to_json(self.player.decide(view))
            sent = time.perf_counter()
            self.table.sent(self.client.seq + 1, sent)
            reply = await self.client.request(message)
            if reply["type"] == "ok":
                self.shared.intent.append(time.perf_counter() - sent)
                self.shared.decisions += 1
            else:
                self.shared.refused += 1
        self.busy = False
        self.changed()

    async def rematch(self) -> None:
        await asyncio.sleep(self.shared.think)
        await self.client.request({"type": "new_match"})
        self.shared.matches += 1
        self.busy = False


class Table:
    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.sends: dict[int, tuple[float, int]] = {}

    def sent(self, seq: int, at: float) -> None:
        self.sends[seq] = (at, 0)

    def arrived(self, seq: int) -> None:
        entry = self.sends.get(seq)
        if entry is None:
            return
        at, seen = entry
        self.shared.fanout.append(time.perf_counter() - at)
        if seen + 1 >= 4:
            del self.sends[seq]
        else:
            self.sends[seq] = (at, seen + 1)


class Shared:
    def __init__(self, think: float) -> None:
        self.think = think
        self.intent: list[float] = []
        self.fanout: list[float] = []
        self.decisions = 0
        self.refused = 0
        self.matches = 0
        self.stopping = False


async def run_tables(url: str, first: int, count: int, seconds: float, think: float) -> Shared:
    shared = Shared(think)
    seats: list[Seat] = []
    runners: list[asyncio.Task[None]] = []

    async def one_table(n: int) -> None:
        table = Table(shared)
        host = Seat(shared, url, hello_create(f"Bot{n}", rules=Ruleset(target=300)), f"{n}/0")
        host.table = table
        await host.client.connect()
        runners.append(asyncio.get_running_loop().create_task(host.client.run()))
        seats.append(host)
        for i in range(1, 4):
            guest = Seat(shared, url, hello_join(host.client.code, f"Bot{n}.{i}"), f"{n}/{i}")
            guest.table = table
            await guest.client.connect()
            runners.append(asyncio.get_running_loop().create_task(guest.client.run()))
            seats.append(guest)
        await host.client.request({"type": "start"})

    await asyncio.gather(*(one_table(first + i) for i in range(count)))
    shared.intent.clear()
    shared.fanout.clear()
    shared.decisions = 0
    await asyncio.sleep(seconds)
    shared.stopping = True
    for s in seats:
        await s.client.close()
    for r in runners:
        r.cancel()
    return shared


def client_main(url: str, first: int, count: int, seconds: float, think: float, out: Any) -> None:
    t0 = os.times()
    shared = asyncio.run(run_tables(url, first, count, seconds, think))
    t1 = os.times()
    out.send(
        {
            "intent": shared.intent,
            "fanout": shared.fanout,
            "decisions": shared.decisions,
            "refused": shared.refused,
            "matches": shared.matches,
            "cpu": (t1.user + t1.system) - (t0.user + t0.system),  # set-up included
        }
    )


# ---- the driver -------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=30.0, help="Measured time, after set-up.")
    ap.add_argument(
        "--think", type=float, default=0.25, help="Mean seconds a client thinks (default 0.25)."
    )
    ap.add_argument("--processes", type=int, default=max(1, min(4, (os.cpu_count() or 2) - 1)))
    ap.add_argument("--json", action="store_true", help="Print the figures as JSON.")
    ap.add_argument(
        "--profile", metavar="FILE", help="Run the server under cProfile; write its stats here."
    )
    args = ap.parse_args(argv)

    ctx = mp.get_context("spawn")
    srv_end, srv_child = ctx.Pipe()
    server = ctx.Process(target=server_main, args=(srv_child, 0.0, args.profile), daemon=True)
    server.start()
    port = srv_end.recv()
    url = f"ws://127.0.0.1:{port}"
    share = [args.tables // args.processes + (i < args.tables % args.processes)
             for i in range(args.processes)]
    clients = []
    first = 0
    for n in share:
        a, b = ctx.Pipe()
        proc = ctx.Process(
            target=client_main, args=(url, first, n, args.seconds, args.think, b), daemon=True
        )
        proc.start()
        clients.append((proc, a))
        first += n
    # The server's CPU is measured over the whole run, set-up included (a conservative
    # figure); the window is the measured seconds plus set-up.
    started = time.perf_counter()
    results = [a.recv() for _, a in clients]
    wall = time.perf_counter() - started
    for proc, _ in clients:
        proc.join()
    server.terminate()
    server_stats = srv_end.recv()
    server.join()

    intent = [x for r in results for x in r["intent"]]
    fanout = [x for r in results for x in r["fanout"]]
    decisions = sum(r["decisions"] for r in results)
    cpu = server_stats["cpu"]
    figures = {
        "tables": args.tables,
        "connections": 4 * args.tables,
        "seconds": args.seconds,
        "think_s": args.think,
        "decisions": decisions,
        "decisions_per_s": decisions / args.seconds,
        "intent_ms": {"p50": pct(intent, 0.5), "p95": pct(intent, 0.95), "p99": pct(intent, 0.99),
                      "max": pct(intent, 1.0)},
        "fanout_ms": {"p50": pct(fanout, 0.5), "p95": pct(fanout, 0.95), "p99": pct(fanout, 0.99)},
        "server_cpu_s": cpu,
        "server_cpu_percent_of_one_core": 100 * cpu / wall,
        "server_cpu_ms_per_table_minute": 1000 * cpu / args.tables / (wall / 60),
        "server_cpu_ms_per_decision": 1000 * cpu / max(1, decisions),
        "refused": sum(r["refused"] for r in results),
        "client_processes": args.processes,
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        i, f = figures["intent_ms"], figures["fanout_ms"]
        print(f"{args.tables} tables, {4 * args.tables} connections, {args.seconds:g} s measured, "
              f"think {args.think:g} s (mean)")
        print(f"decisions: {decisions} ({figures['decisions_per_s']:.0f}/s), "
              f"refused: {figures['refused']}")
        print(f"intent latency ms: p50 {i['p50']:.1f}  p95 {i['p95']:.1f}  p99 {i['p99']:.1f}  "
              f"max {i['max']:.1f}")
        print(f"fan-out latency ms: p50 {f['p50']:.1f}  p95 {f['p95']:.1f}  p99 {f['p99']:.1f}")
        client_cpu = sum(r["cpu"] for r in results)
        print(f"load generator CPU: {client_cpu:.1f} s over {wall:.1f} s "
              f"({100 * client_cpu / wall:.0f}% of one core, {os.cpu_count()} cores here)")
        print(f"server CPU: {cpu:.1f} s over {wall:.1f} s "
              f"({figures['server_cpu_percent_of_one_core']:.0f}% of one core); "
              f"{figures['server_cpu_ms_per_table_minute']:.0f} ms per table-minute; "
              f"{figures['server_cpu_ms_per_decision']:.2f} ms per decision")
        goal = "met" if i["p95"] <= 50 else "NOT met"
        print(f"goal p95 <= 50 ms: {goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
