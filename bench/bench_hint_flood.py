"""Hint flood (issue 40, item 1): how long honest tables wait for their computers' moves
while browser seats flood the server with hints, and after.

One ``spades-voice serve`` process (the real program, ``--computer-delay 0``, Medium
computers). ``--tables`` honest tables, each one person (this bench, playing like an
Easy computer after ``--think`` seconds) and three of the server's computers, from
127.0.0.1. After ``--before`` seconds, ``--seats`` browser seats (``/seat``, one address
each: 127.0.0.10, .11 ...) each open a table of their own, bid, and at their card turn
press I (a hint: Hard, in the server's workers) ``--rate`` times a second, inside every
limit, for ``--flood`` seconds; then ``--after`` seconds more without them. The server's
output goes to a file (its path is printed).

A computer's wait is the time from the update that makes a computer the one to act to
the update with its move, as the honest person's client sees them (polled every 2 ms).
Printed per phase: moves, wait p50 / p95 / max in ms, and the tables whose computer was
to act at the end of the phase and had not moved for ``--stuck`` seconds.

    python bench/bench_hint_flood.py                       # 5 tables, 15 seats, 10+30+30 s
    PYTHONPATH=/path/to/other/checkout python bench/bench_hint_flood.py   # another version
    python bench/bench_hint_flood.py --seats 15 --rate 9.5 --flood 40 --after 40
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from spades_voice.ai import Level, Player, make_player
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire import protocol as p
from spades_voice.rules import IllegalAction, Ruleset, Seat, SeatView


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def move_key(view: SeatView) -> tuple[int, int, int]:
    plays = sum(len(t.plays) for t in view.tricks) + len(view.current.plays)
    return view.hand_number, len(view.bids), plays


@dataclass
class Waits:
    """Each computer move's wait, stamped with when it began."""

    done: list[tuple[float, float]] = field(default_factory=list)  # (began, seconds)
    #: Per table: the move awaited and since when.
    pending: dict[int, tuple[tuple[int, int, int], float]] = field(default_factory=dict)
    #: When each table's person last asked for a new match.
    renewed: dict[int, float] = field(default_factory=dict)
    #: Tables whose connection failed, and how.
    lost: dict[int, str] = field(default_factory=dict)


def honest(i: int, table: RemoteTable, waits: Waits, think: float,
           stop: threading.Event) -> None:
    """One honest person (a thread each, so one slow answer holds up no other table):
    plays like Easy after ``think`` seconds on its turn, inside the message rate; its
    computers' waits are timed. A table whose connection fails is counted lost."""
    player = make_player(Level.EASY, random.Random(i))
    turn_since: float | None = None
    while not stop.is_set():
        try:
            turn_since = play_one(i, table, player, waits, think, turn_since)
        except Exception as e:  # the bench reports it, goes on
            waits.lost[i] = f"{e!r}; {table.closed_reason}"
            return
        time.sleep(0.002)


def play_one(i: int, table: RemoteTable, player: Player, waits: Waits, think: float,
             turn_since: float | None) -> float | None:
    """One look at the table; returns since when it has been the person's turn."""
    now = time.monotonic()
    view = table.view()
    key = move_key(view)
    seen = waits.pending.get(i)
    if seen is not None and seen[0] != key:
        waits.done.append((seen[1], now - seen[1]))
        del waits.pending[i]
    if view.winner is not None:
        if now - waits.renewed.get(i, 0.0) > 1.0:  # once, not at every look
            waits.renewed[i] = now
            with contextlib.suppress(IllegalAction):
                table.new_match()  # the honest tables play on, match after match
        return None
    if view.to_act is None:
        return None
    if not view.my_turn:
        if i not in waits.pending:
            waits.pending[i] = (key, now)
        return None
    if turn_since is None:
        return now
    if now - turn_since >= think:
        with contextlib.suppress(IllegalAction):
            table.submit(player.decide(view))
        return None
    return turn_since


async def flood_seat(url: str, source: str, rate: float, until: float,
                     counts: dict[str, int]) -> None:
    """One browser seat: its own table; it bids, then presses I at its card turn."""
    async with connect(url, local_addr=(source, 0), max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "create", "protocol": p.PROTOCOL_VERSION,
                                  "name": "Flood", "rules": {"target": None}}))
        await ws.send(json.dumps({"type": "key", "action": "start"}))
        playing = False

        async def read() -> None:
            nonlocal playing
            async for raw in ws:
                frame = json.loads(raw)
                if frame.get("type") == "answer":
                    counts["answers"] += 1
                    counts["given"] += "focus" in frame  # a hint, not "busy"
                if frame.get("bidding"):
                    await ws.send(json.dumps({"type": "bid", "bid": 2}))
                if "my_turn" in frame:
                    playing = bool(frame["my_turn"]) and frame.get("phase") == "playing"

        reader = asyncio.create_task(read())
        try:
            while time.monotonic() < until:
                if playing:
                    await ws.send(json.dumps({"type": "key", "action": "hint"}))
                    counts["hints"] += 1
                await asyncio.sleep(1 / rate)
        finally:
            reader.cancel()


def flood(url: str, seats: int, rate: float, seconds: float, counts: dict[str, int]) -> None:
    async def main() -> None:
        until = time.monotonic() + seconds
        results = await asyncio.gather(
            *(flood_seat(url, f"127.0.0.{10 + i}", rate, until, counts) for i in range(seats)),
            return_exceptions=True,
        )
        counts["seats_failed"] = sum(1 for r in results if isinstance(r, BaseException))

    asyncio.run(main())


def figures(waits: list[float]) -> dict[str, Any]:
    if not waits:
        return {"moves": 0}
    ms = sorted(w * 1000 for w in waits)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return {"moves": len(ms), "p50": round(statistics.median(ms)),
            "p95": round(p95), "max": round(ms[-1])}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=5, help="Honest tables (5 an address).")
    ap.add_argument("--seats", type=int, default=15, help="Flooding browser seats.")
    ap.add_argument("--rate", type=float, default=9.5, help="Hints a second per seat.")
    ap.add_argument("--before", type=float, default=10.0)
    ap.add_argument("--flood", type=float, default=30.0)
    ap.add_argument("--after", type=float, default=30.0)
    ap.add_argument("--stuck", type=float, default=10.0,
                    help="A table whose computer has not moved for this long is stuck.")
    ap.add_argument("--think", type=float, default=0.25,
                    help="Seconds an honest person takes over a move (the rate limit is 10/s).")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    port = free_port()
    data = Path(os.environ.get("TMPDIR", "/tmp")) / f"bench-hint-flood-{os.getpid()}"
    data.mkdir(parents=True, exist_ok=True)
    said = data / "serve.log"  # a file: a pipe nobody reads would stop the server's loop
    with said.open("w") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "spades_voice", "serve", "--bind", "127.0.0.1", "--port",
             str(port), "--no-save", "--computer-delay", "0", "--level", "medium"],
            env={**os.environ, "SPADES_VOICE_DATA_DIR": str(data)},
            stdout=out, stderr=subprocess.STDOUT, text=True,
        )
    while "Serving shared tables" not in said.read_text():
        if server.poll() is not None:
            raise SystemExit(said.read_text())
        time.sleep(0.05)
    url = f"ws://127.0.0.1:{port}"
    tables: list[RemoteTable] = []
    stop = threading.Event()
    waits = Waits()
    counts = {"hints": 0, "answers": 0, "given": 0, "seats_failed": 0}
    phases: dict[str, tuple[float, float]] = {}
    stuck: dict[str, int] = {}

    def stuck_now() -> int:
        now = time.monotonic()
        return sum(1 for i, (_, since) in list(waits.pending.items())
                   if i not in waits.lost and now - since > args.stuck)

    try:
        for i in range(args.tables):
            table = RemoteTable.create(url, f"Ann{i}", seat=Seat.S, rules=Ruleset())
            table.start()
            tables.append(table)
        people = [
            threading.Thread(target=honest, args=(i, t, waits, args.think, stop), daemon=True)
            for i, t in enumerate(tables)
        ]
        for person in people:
            person.start()
        began = time.monotonic()
        time.sleep(args.before)
        phases["before"] = (began, time.monotonic())
        stuck["before"] = stuck_now()
        began = time.monotonic()
        flood(f"{url}/seat", args.seats, args.rate, args.flood, counts)
        phases["during"] = (began, time.monotonic())
        stuck["during"] = stuck_now()
        began = time.monotonic()
        time.sleep(args.after)
        phases["after"] = (began, time.monotonic())
        stuck["after"] = stuck_now()
        stop.set()
        for person in people:
            person.join(30)
    finally:
        stop.set()
        for table in tables:
            table.close()
        server.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(30)
        if server.poll() is None:
            server.kill()
        server.wait()
    done = list(waits.done)
    report = {
        name: {**figures([w for t, w in done if start <= t < end]), "stuck_tables": stuck[name]}
        for name, (start, end) in phases.items()
    }
    report["flood"] = counts
    report["lost"] = waits.lost
    report["server_log"] = str(said)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{args.tables} honest tables, {args.seats} seats x {args.rate:g} hints/s "
              f"for {args.flood:g} s; hints asked {counts['hints']}, answered "
              f"{counts['answers']} (hints given {counts['given']}), seats that failed "
              f"{counts['seats_failed']}")
        for name in ("before", "during", "after"):
            r = report[name]
            line = f"  {name:7} moves {r['moves']:5}"
            if r["moves"]:
                line += f"  wait p50 {r['p50']:6} ms  p95 {r['p95']:6} ms  max {r['max']:6} ms"
            print(f"{line}  stuck tables {r['stuck_tables']}")
        for i, why in waits.lost.items():
            print(f"  table {i} lost: {why}")
        print(f"  the server's log: {said}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
