"""Handshake churn through the documented proxy: how many websocket handshakes one
address completes through nginx (docs/scaling.md's block) in front of a ``serve``
process started with ``--trust-proxy``, and what the server spends on them.

Each of ``--addresses`` loopback addresses (127.0.5.x) opens a websocket to ``/p1``
through nginx and says a hello with a wrong code (answered and closed at once), over and
over, for ``--seconds``. Prints, per
address, handshakes completed and refused (429 or a dropped connection), and the
server process's CPU seconds over the run, and the round trip of a seated person's
pings (every 200 ms, through the proxy from 127.0.6.1) meanwhile. nginx and the server
are started and stopped here, on loopback; nginx's files live in a temporary folder.

    python bench/bench_proxy.py --addresses 1 --seconds 5
    python bench/bench_proxy.py --addresses 20 --seconds 20

The same before issue 40 (the server's code and the page's nginx block at a commit):

    git archive 7d483c0 spades_voice docs | tar -x -C /tmp/before
    python bench/bench_proxy.py --addresses 1 --seconds 5 --code /tmp/before \\
        --docs /tmp/before/docs/scaling.md
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

HELLO = json.dumps({"type": "create", "protocol": 2, "name": "Ann"})
GUESS = json.dumps({"type": "join", "protocol": 2, "table": "AAAA-AAAA", "name": "G"})

HERE = Path(__file__).resolve().parents[1]
PROXY_ADDRESS = "127.0.0.9"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def listening(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex(("127.0.0.1", port)) == 0


def wait_until(check: object, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise SystemExit("timed out starting a part")
        time.sleep(0.05)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def nginx_conf(docs: Path, run_dir: Path, front: int, p1: int) -> str:
    block = docs.read_text().split("```nginx\n", 1)[1].split("```", 1)[0]
    for name, value in (("RUN_DIR", str(run_dir)), ("PROXY_LISTEN", f"127.0.0.1:{front}"),
                        ("PROXY_ADDRESS", PROXY_ADDRESS), ("P1_ADDRESS", f"127.0.0.1:{p1}"),
                        ("P2_ADDRESS", f"127.0.0.1:{free_port()}")):
        block = block.replace(name, value)
    return block


async def churn(url: str, source: str, until: float) -> tuple[int, int]:
    """Handshakes completed and refused from ``source`` until ``until``: each says a
    hello with a wrong code, which the server answers and closes at once."""
    done = refused = 0
    while time.monotonic() < until:
        try:
            async with connect(url, local_addr=(source, 0), open_timeout=5,
                               close_timeout=1) as ws:
                done += 1
                await ws.send(GUESS)
                with contextlib.suppress(ConnectionClosed):
                    await ws.recv()
        except (InvalidHandshake, OSError, TimeoutError):
            refused += 1
    return done, refused


async def honest(url: str, until: float) -> list[float]:
    """A person seated at a table of their own (from 127.0.6.1, through the proxy) pings
    every 50 ms: each ping's round trip, in ms."""
    waits: list[float] = []
    async with connect(url, local_addr=("127.0.6.1", 0), open_timeout=10) as ws:
        await ws.send(HELLO)
        while json.loads(await ws.recv())["type"] != "people":
            pass
        n = 0
        while time.monotonic() < until:
            n += 1
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "ping", "id": n}))
            while json.loads(await ws.recv()).get("id") != n:
                pass
            waits.append((time.perf_counter() - sent) * 1000)
            await asyncio.sleep(0.2)  # 5 a second: within the 10 a person may send
    return waits


async def run(url: str, addresses: int, seconds: float) -> tuple[list[tuple[int, int]],
                                                                  list[float]]:
    until = time.monotonic() + seconds
    person = asyncio.ensure_future(honest(url, until))
    await asyncio.sleep(0.5)  # seated before the churn begins
    counts = await asyncio.gather(*(
        churn(url, f"127.0.5.{1 + i}", until) for i in range(addresses)
    ))
    return list(counts), await person


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--addresses", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--code", type=Path, default=None,
                    help="Run the server from this copy of spades_voice's parent folder.")
    ap.add_argument("--docs", type=Path, default=HERE / "docs" / "scaling.md",
                    help="The scaling page whose nginx block is used.")
    args = ap.parse_args()
    nginx = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
    if nginx is None:
        print("nginx is not installed.")
        return 2
    p1, front = free_port(), free_port()
    with tempfile.TemporaryDirectory() as tmp:
        run_dir = Path(tmp) / "nginx"
        run_dir.mkdir()
        conf = run_dir / "nginx.conf"
        conf.write_text(nginx_conf(args.docs, run_dir, front, p1))
        env = {**os.environ, "SPADES_VOICE_DATA_DIR": str(Path(tmp) / "data")}
        if args.code is not None:
            env["PYTHONPATH"] = str(args.code)
        server = subprocess.Popen(
            [sys.executable, "-m", "spades_voice", "serve", "--port", str(p1), "--no-save",
             "--trust-proxy", PROXY_ADDRESS],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp,
        )
        proxy = subprocess.Popen(
            [nginx, "-p", f"{run_dir}/", "-e", str(run_dir / "error.log"), "-c", str(conf)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            wait_until(lambda: listening(p1) and listening(front))
            before = cpu_seconds(server.pid)
            began = time.monotonic()
            counts, waits = asyncio.run(run(f"ws://127.0.0.1:{front}/p1", args.addresses,
                                     args.seconds))
            took = time.monotonic() - began
            spent = cpu_seconds(server.pid) - before
        finally:
            proxy.terminate()
            server.send_signal(signal.SIGINT)  # Control-C: serve stops its workers too
            with contextlib.suppress(subprocess.TimeoutExpired):
                proxy.wait(10)
                server.wait(10)
            for proc in (proxy, server):
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
    done = [d for d, _ in counts]
    print(f"{args.addresses} address(es), {took:.1f} s, load {os.getloadavg()[0]:.1f}")
    print(f"handshakes completed per address: median {statistics.median(done):g}, "
          f"max {max(done)}, total {sum(done)}")
    print(f"refused: total {sum(r for _, r in counts)}")
    print(f"server CPU: {spent:.2f} s")
    cuts = statistics.quantiles(waits, n=20)
    print(f"honest ping through the proxy, ms: p50 {statistics.median(waits):.1f}, "
          f"p95 {cuts[18]:.1f}, max {max(waits):.1f} ({len(waits)} pings)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
