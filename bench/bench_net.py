"""Shared-table server under load: many tables of computer-driven clients, and attacks.

One server process; client processes each run a share of the tables. A four-person table
is four websocket clients; a solo table (``--solo``) is one client with the server's
computers (``--level``, default hard) in the other three seats, thinking in the server's
worker pool. Every client decides like an Easy computer after a short think. Prints:

* intent latency: a client sends a bid or card until the server's answer arrives (the
  update with its effect comes first on the same connection);
* fan-out latency: the same send until each of the table's four seats has the update;
* server CPU: seconds of CPU the server process used, per table per minute and per
  decision.

* server memory (RSS of the server process, workers not included) before and after.

With ``--attack`` the tables play while one attack runs from 127.0.0.1 (the honest
clients connect from 127.0.0.2), and the figures are taken during it; RSS is printed
before, at the end of the attack, and 10 s after it:

* ``flood``: creates a table and leaves, as fast as it can (``--attack-count`` times);
* ``silent``: opens websockets that never say hello, from many addresses (127.0.1.x);
* ``halfopen``: opens TCP connections that never finish the handshake, from many addresses;
* ``guess``: joins with random codes from many addresses; prints checked guesses/s;
* ``churn``: keeps ``--attack-count`` idle TCP sockets open from many addresses, each
  reopened as soon as the server drops it (it drops the oldest unseated socket when full).

    python bench/bench_net.py                      # 200 tables, 30 s
    python bench/bench_net.py --tables 50 --seconds 10 --think 0.05
    python bench/bench_net.py --tables 0 --solo 6 --seconds 60     # 1 person + 3 Hard
    python bench/bench_net.py --tables 20 --attack silent --attack-count 4100
    python bench/bench_net.py --tables 20 --attack silent --attack-count 4100 --malloc malloc
    python bench/bench_net.py --tables 5 --attack churn --attack-count 2240 \
        --attack-addresses 70 --attack-nice 10

``--malloc malloc`` runs the server with ``PYTHONMALLOC=malloc``: what it costs and gives
back.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import random
import signal
import sys
import time
from pathlib import Path
from typing import Any

from spades_voice.ai import Level, make_player
from spades_voice.net.door.server import TableServer
from spades_voice.net.seats.client import TableClient
from spades_voice.net.wire.hellos import hello_create, hello_join
from spades_voice.net.wire.limits import Limits
from spades_voice.net.wire.protocol import decision_to_json, encode
from spades_voice.rules import Ruleset


def honest_address(table: int) -> str:
    """Where the people of honest table ``table`` connect from: never an attack address
    (127.0.0.1, 127.0.1-2.x); at most four tables share one."""
    return f"127.0.{3 + table // 1000}.{1 + table % 250}"

# ---- the server process -----------------------------------------------------------


def worker_cpu(server: TableServer) -> float:
    """CPU seconds the computers' worker processes have used (Linux /proc)."""
    pool = server.computers._pool
    total = 0.0
    for pid in list(getattr(pool, "_processes", {}) or {}):
        with contextlib.suppress(OSError, ValueError, IndexError):
            stat = Path(f"/proc/{pid}/stat").read_text()
            fields = stat.rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def gc_pauses() -> dict[str, list[float]]:
    """The server's garbage collections, by generation: [count, total ms, longest ms]
    (the loop stops for each)."""
    import gc

    pauses: dict[str, list[float]] = {str(g): [0, 0.0, 0.0] for g in range(3)}
    began = [0.0]

    def timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
            return
        ms = 1000 * (time.perf_counter() - began[0])
        entry = pauses[str(info["generation"])]
        entry[0] += 1
        entry[1] += ms
        entry[2] = max(entry[2], ms)

    gc.callbacks.append(timed)
    return pauses


def server_main(
    port_out: Any, computer_delay: float, level: str, connections: int,
    profile: str | None = None,
) -> None:
    pauses = gc_pauses()

    async def main() -> None:
        # Bench clients are machines: lift the per-person rate limit. Every other limit is
        # the default (each table's people come from an address of their own, as they
        # would), but the server-wide connection cap when a run needs more.
        server = TableServer(
            limits=Limits(rate=1000, burst=1000, max_connections=max(2000, connections)),
            computer_delay=computer_delay,
            level=Level(level),
        )
        _, port = await server.start("127.0.0.1", 0)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        port_out.send(port)
        await stop.wait()
        t = os.times()
        port_out.send({"cpu": t.user + t.system, "tables": len(server.tables),
                       "budget_ms": server.computers.lowest_budget_ms,
                       "worker_cpu": worker_cpu(server), "gc_pauses": pauses,
                       "trims": server.trims, "trim_ms": 1000 * server.trim_seconds,
                       "allocator": os.environ.get("PYTHONMALLOC", "pymalloc")})
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

    def __init__(
        self, shared: Shared, url: str, hello: dict[str, Any], seed: str, source: str
    ) -> None:
        self.shared = shared
        self.client = TableClient(url, hello, on_change=self.changed, source=source)
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
    def __init__(self, shared: Shared, people: int = 4) -> None:
        self.shared = shared
        self.people = people
        self.sends: dict[int, tuple[float, int]] = {}

    def sent(self, seq: int, at: float) -> None:
        self.sends[seq] = (at, 0 if self.people == 4 else 4 - self.people)

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


async def run_tables(
    url: str, first: int, count: int, solo: int, seconds: float, think: float
) -> Shared:
    shared = Shared(think)
    seats: list[Seat] = []
    runners: list[asyncio.Task[None]] = []

    async def one_table(n: int, people: int) -> None:
        table = Table(shared, people)
        source = honest_address(n)
        host = Seat(
            shared, url, hello_create(f"Bot{n}", rules=Ruleset(target=300)), f"{n}/0", source
        )
        host.table = table
        await host.client.connect()
        runners.append(asyncio.get_running_loop().create_task(host.client.run()))
        seats.append(host)
        for i in range(1, people):
            guest = Seat(
                shared, url, hello_join(host.client.code, f"Bot{n}.{i}"), f"{n}/{i}", source
            )
            guest.table = table
            await guest.client.connect()
            runners.append(asyncio.get_running_loop().create_task(guest.client.run()))
            seats.append(guest)
        await host.client.request({"type": "start"})

    await asyncio.gather(
        *(one_table(first + i, 4) for i in range(count)),
        *(one_table(first + count + i, 1) for i in range(solo)),
    )
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


def client_main(
    url: str, first: int, count: int, solo: int, seconds: float, think: float, out: Any
) -> None:
    t0 = os.times()
    shared = asyncio.run(run_tables(url, first, count, solo, seconds, think))
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


# ---- attacks ----------------------------------------------------------------------


def many_addresses(n: int) -> list[str]:
    """Loopback addresses for an attacker spread over many (127.0.1.1 ...)."""
    return [f"127.0.{1 + i // 250}.{1 + i % 250}" for i in range(n)]


async def attack(
    kind: str, port: int, count: int, seconds: float, spread: int = 0
) -> dict[str, Any]:
    """Run one attack for at most ``seconds``; what it achieved."""
    from websockets.asyncio.client import connect

    url = f"ws://127.0.0.1:{port}"
    deadline = time.monotonic() + seconds
    held: list[Any] = []
    result: dict[str, Any] = {"attack": kind}

    async def honest_creates() -> None:
        """Can someone new open a table while the attack goes on?"""
        made = 0
        for n in range(5):
            with contextlib.suppress(Exception):
                async with connect(
                    url, open_timeout=5, local_addr=(f"127.0.2.{n + 1}", 0)
                ) as ws:
                    await ws.send(encode(hello_create(f"Honest{n}")))
                    made += '"welcome"' in str(await asyncio.wait_for(ws.recv(), 5))
        result["honest_creates"] = f"{made} of 5"
    if kind == "flood":
        made = refused = 0
        for i in range(count):
            if time.monotonic() > deadline:
                break
            try:
                async with connect(url, open_timeout=5) as ws:
                    await ws.send(encode(hello_create(f"Flood{i}")))
                    reply = await asyncio.wait_for(ws.recv(), 5)
                    made += '"welcome"' in str(reply)
            except Exception:
                refused += 1
        result.update(tables_made=made, refused=refused)
    elif kind in ("silent", "halfopen"):
        addresses = ["127.0.0.1"] if spread == 1 else many_addresses(spread or max(1, count // 40))
        opened = 0

        async def one(i: int) -> None:
            nonlocal opened
            source = addresses[i % len(addresses)]
            try:
                if kind == "silent":
                    ws = await connect(url, open_timeout=5, local_addr=(source, 0))
                    held.append(ws)
                else:
                    _, writer = await asyncio.open_connection(
                        "127.0.0.1", port, local_addr=(source, 0)
                    )
                    held.append(writer)
                opened += 1
            except Exception:
                pass

        for start in range(0, count, 200):
            await asyncio.gather(*(one(i) for i in range(start, min(count, start + 200))))
        result.update(opened=opened, addresses=len(addresses))
        await honest_creates()
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        for h in held:
            with contextlib.suppress(Exception):
                if kind == "silent":
                    h.transport.abort()
                else:
                    h.transport.abort()
    elif kind == "churn":
        addresses = many_addresses(spread or max(1, count // 32))
        opened = 0

        async def slot(i: int) -> None:
            nonlocal opened
            source = addresses[i % len(addresses)]
            while time.monotonic() < deadline:
                try:
                    reader, writer = await asyncio.open_connection(
                        "127.0.0.1", port, local_addr=(source, 0)
                    )
                except OSError:
                    await asyncio.sleep(0.05)
                    continue
                opened += 1
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(reader.read(), max(0.0, deadline - time.monotonic()))
                writer.transport.abort()

        await asyncio.gather(*(slot(i) for i in range(count)))
        result.update(opened=opened, addresses=len(addresses))
    elif kind == "guess":
        addresses = many_addresses(500)
        checked = limited = 0
        started = time.monotonic()
        i = 0
        while time.monotonic() < deadline:
            batch = []
            for _ in range(50):
                batch.append(addresses[i % len(addresses)])
                i += 1

            async def guess(source: str) -> str:
                try:
                    async with connect(url, open_timeout=5, local_addr=(source, 0)) as ws:
                        await ws.send(encode(hello_join("AAAA-AAAA", "G")))
                        await ws.recv()
                except Exception as e:
                    return str(getattr(getattr(e, "rcvd", None), "code", ""))
                return ""

            codes = await asyncio.gather(*(guess(a) for a in batch))
            checked += codes.count("4004")
            limited += codes.count("4029")
        elapsed = time.monotonic() - started
        result.update(checked_per_s=checked / elapsed, limited=limited, addresses=500)
    if "honest_creates" not in result:
        await honest_creates()
    return result


def attack_main(
    kind: str, port: int, count: int, seconds: float, spread: int, out: Any, nice: int = 19
) -> None:
    # A real attacker has machines of its own: here it shares the cores, so it yields
    # them to the server and the honest clients, which is what the figures are about.
    with contextlib.suppress(OSError):
        os.nice(nice)
    out.send(asyncio.run(attack(kind, port, count, seconds, spread)))


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


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
    ap.add_argument("--solo", type=int, default=0,
                    help="Tables of one person and three server computers.")
    ap.add_argument("--level", choices=[lv.value for lv in Level], default="hard",
                    help="The server's computers (default hard).")
    ap.add_argument("--computer-delay", type=float, default=0.8,
                    help="The server's pause before each computer move (default 0.8).")
    ap.add_argument("--attack", choices=("flood", "silent", "halfopen", "guess", "churn"))
    ap.add_argument("--attack-nice", type=int, default=19,
                    help="The attacker's niceness (default 19).")
    ap.add_argument("--attack-count", type=int, default=1000)
    ap.add_argument("--attack-addresses", type=int, default=0,
                    help="Addresses a silent or half-open attack comes from (1: 127.0.0.1 "
                    "only; default one per 40 sockets).")
    ap.add_argument("--processes", type=int, default=max(1, min(4, (os.cpu_count() or 2) - 1)))
    ap.add_argument("--malloc", choices=("pymalloc", "malloc"), default="pymalloc",
                    help="The server's allocator (malloc: PYTHONMALLOC=malloc for it).")
    ap.add_argument("--later", type=float, default=0.0, metavar="S",
                    help="Also take RSS S seconds after the attack (the tables that played "
                         "through it end 60 s after their people left).")
    ap.add_argument("--json", action="store_true", help="Print the figures as JSON.")
    ap.add_argument(
        "--profile", metavar="FILE", help="Run the server under cProfile; write its stats here."
    )
    args = ap.parse_args(argv)
    load_at_start = os.getloadavg()[0]

    ctx = mp.get_context("spawn")
    srv_end, srv_child = ctx.Pipe()
    server = ctx.Process(
        target=server_main,
        args=(srv_child, args.computer_delay, args.level, 4 * args.tables + args.solo + 100,
              args.profile),
        daemon=False,  # it starts the computers' worker processes
    )
    saved_malloc = os.environ.get("PYTHONMALLOC")
    if args.malloc == "malloc":  # the spawned server reads it as its interpreter starts
        os.environ["PYTHONMALLOC"] = "malloc"
    server.start()
    if saved_malloc is None:
        os.environ.pop("PYTHONMALLOC", None)
    else:
        os.environ["PYTHONMALLOC"] = saved_malloc
    port = srv_end.recv()
    assert server.pid is not None
    rss = {"start": rss_mb(server.pid)}
    url = f"ws://127.0.0.1:{port}"

    def split(total: int) -> list[int]:
        return [total // args.processes + (i < total % args.processes)
                for i in range(args.processes)]

    clients = []
    first = 0
    for n, solo in zip(split(args.tables), split(args.solo), strict=True):
        a, b = ctx.Pipe()
        proc = ctx.Process(
            target=client_main,
            args=(url, first, n, solo, args.seconds, args.think, b),
            daemon=True,
        )
        proc.start()
        clients.append((proc, a))
        first += n + solo
    attacker = None
    if args.attack:
        time.sleep(min(5.0, args.seconds / 4))  # the tables are seated first
        rss["before_attack"] = rss_mb(server.pid)
        atk_end, atk_child = ctx.Pipe()
        attacker = ctx.Process(
            target=attack_main,
            args=(args.attack, port, args.attack_count, args.seconds * 0.6,
                  args.attack_addresses, atk_child, args.attack_nice),
            daemon=True,
        )
        attacker.start()
    # The server's CPU is measured over the whole run, set-up included (a conservative
    # figure); the window is the measured seconds plus set-up.
    started = time.perf_counter()
    attack_result = None
    if attacker is not None:
        peak = rss["before_attack"]
        while not atk_end.poll(0.5):
            peak = max(peak, rss_mb(server.pid))
        attack_result = atk_end.recv()
        rss["peak_during_attack"] = peak
        rss["end_of_attack"] = rss_mb(server.pid)
        attacker.join()
    results = [a.recv() for _, a in clients]
    wall = time.perf_counter() - started
    if attacker is not None:
        time.sleep(10)
        rss["10s_after_attack"] = rss_mb(server.pid)
        if args.later > 10:
            time.sleep(args.later - 10)
            rss[f"{args.later:g}s_after_attack"] = rss_mb(server.pid)
    rss["end"] = rss_mb(server.pid)
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
        "solo_tables": args.solo,
        "level": args.level,
        "computer_delay_s": args.computer_delay,
        "connections": 4 * args.tables + args.solo,
        "load_average_1m": os.getloadavg()[0],
        "load_average_1m_at_start": load_at_start,
        "server_rss_mb": rss,
        "attack": attack_result,
        "hard_budget_ms_lowest": server_stats["budget_ms"],
        "seconds": args.seconds,
        "think_s": args.think,
        "decisions": decisions,
        "decisions_per_s": decisions / args.seconds,
        "intent_ms": {"p50": pct(intent, 0.5), "p95": pct(intent, 0.95), "p99": pct(intent, 0.99),
                      "max": pct(intent, 1.0)},
        "fanout_ms": {"p50": pct(fanout, 0.5), "p95": pct(fanout, 0.95), "p99": pct(fanout, 0.99)},
        "server_cpu_s": cpu,
        "server_cpu_percent_of_one_core": 100 * cpu / wall,
        "server_cpu_ms_per_table_minute": 1000 * cpu / max(1, args.tables + args.solo)
        / (wall / 60),
        "worker_cpu_s": server_stats["worker_cpu"],
        "server_allocator": server_stats["allocator"],
        "gc_pauses": server_stats["gc_pauses"],
        "server_cpu_ms_per_decision": 1000 * cpu / max(1, decisions),
        "refused": sum(r["refused"] for r in results),
        "client_processes": args.processes,
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        i, f = figures["intent_ms"], figures["fanout_ms"]
        print(f"{args.tables} four-person tables, {args.solo} solo tables (1 person + 3 "
              f"{args.level} computers, delay {args.computer_delay:g} s), "
              f"{figures['connections']} connections, {args.seconds:g} s measured, "
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
        print("server RSS MB: " + ", ".join(f"{k} {v:.0f}" for k, v in rss.items()))
        print(f"server allocator: {server_stats['allocator']}; heap trimmed after a crowd "
              f"{server_stats['trims']} times (longest {server_stats['trim_ms']:.1f} ms)")
        print("server garbage collections (count, total ms, longest ms) by generation: "
              + "; ".join(f"{g}: {n:.0f}, {t:.0f}, {m:.1f}"
                          for g, (n, t, m) in server_stats["gc_pauses"].items()))
        if attack_result is not None:
            print(f"attack: {attack_result}")
        print(f"computers' worker CPU: {server_stats['worker_cpu']:.1f} s")
        print(f"Hard budget, lowest used: {server_stats['budget_ms']:.0f} ms; "
              f"1-minute load average {load_at_start:.1f} at start, "
              f"{figures['load_average_1m']:.1f} at the end "
              f"on {os.cpu_count()} cores")
        goal = "met" if i["p95"] <= 50 else "NOT met"
        print(f"goal p95 <= 50 ms: {goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
