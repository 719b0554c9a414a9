"""Real parts in front of and beside ``serve`` processes, started and stopped by the
tests themselves on loopback: Debian's nginx with docs/scaling.md's block (read from that
page, so the page says what was tested) and a redis-server on a unix socket."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

from net_helpers import descendants, gone, wait_for

NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
SCALING = Path(__file__).resolve().parents[2] / "docs" / "scaling.md"
PROXY_ADDRESS = "127.0.0.9"  # nginx connects to the servers from here: what they trust


def nginx_config(run_dir: Path, listen: str, p1: str, p2: str) -> str:
    """docs/scaling.md's nginx block with its capitals filled in."""
    block = SCALING.read_text().split("```nginx\n", 1)[1].split("```", 1)[0]
    for name, value in (("RUN_DIR", str(run_dir)), ("PROXY_LISTEN", listen),
                        ("PROXY_ADDRESS", PROXY_ADDRESS), ("P1_ADDRESS", p1),
                        ("P2_ADDRESS", p2)):
        block = block.replace(name, value)
    return block


def listening(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex(("127.0.0.1", port)) == 0


@contextlib.contextmanager
def nginx(run_dir: Path, port: int, p1: int, p2: int) -> Iterator[None]:
    """nginx in the foreground (``daemon off``), everything it writes under ``run_dir``."""
    assert NGINX is not None
    run_dir.mkdir()
    conf = run_dir / "nginx.conf"
    conf.write_text(nginx_config(run_dir, f"127.0.0.1:{port}", f"127.0.0.1:{p1}",
                                 f"127.0.0.1:{p2}"))
    proc = subprocess.Popen(
        [NGINX, "-p", f"{run_dir}/", "-e", str(run_dir / "error.log"), "-c", str(conf)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: proc.poll() is not None or listening(port))
        assert proc.poll() is None, (run_dir / "error.log").read_text()
        yield
    finally:
        workers = descendants(proc.pid)
        proc.terminate()
        proc.wait(10)
        gone(workers)


REDIS_SERVER = shutil.which("redis-server") or shutil.which("redis-server", path="/usr/bin")


@contextlib.contextmanager
def redis_server(folder: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """redis-server on a unix socket in ``folder`` (no TCP port, nothing saved); yields
    its URL and its process. Started again on the same folder, it is a Redis that came
    back empty at the same address."""
    import redis  # the registry extra: only the tests that use a registry need it

    assert REDIS_SERVER is not None
    folder.mkdir(exist_ok=True)
    sock = folder / "redis.sock"
    proc = subprocess.Popen(
        [REDIS_SERVER, "--port", "0", "--unixsocket", str(sock), "--unixsocketperm", "700",
         "--save", "", "--appendonly", "no", "--dir", str(folder)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"unix://{sock}"
    try:
        def answers() -> bool:
            with contextlib.suppress(redis.RedisError, OSError):
                return bool(redis.Redis.from_url(url, socket_timeout=1).ping())
            return False

        wait_for(lambda: proc.poll() is not None or answers())
        assert proc.poll() is None
        yield url, proc
    finally:
        if proc.poll() is None:
            proc.terminate()
        proc.wait(10)
