"""The browser page behind the documented proxy (issue 40): Debian's nginx with
docs/scaling.md's block in front of two ``serve`` processes sharing a redis-server, and
a real chromium opening a process's path (``/p2``) with a code the other process holds,
and pressing Play online at ``/p1/`` to sit at a public table ``/p2`` holds."""

from __future__ import annotations

from pathlib import Path

import pytest
import web_helpers  # first: it puts the net tests' helpers on the path
from net_helpers import free_port, serve
from proxy_helpers import NGINX, PROXY_ADDRESS, REDIS_SERVER, nginx, redis_server
from web_helpers import browser, heard, open_page, wait_for

from spades_voice.net.seats.remote_table import RemoteTable

redis = pytest.importorskip("redis", reason="the registry extra (redis-py) is not installed")
pytestmark = pytest.mark.skipif(
    NGINX is None or REDIS_SERVER is None,
    reason="nginx and redis-server are needed (.ci/run installs Debian's)",
)


def test_the_page_at_a_process_path_joins_and_plays_at_a_table_another_process_holds(
    tmp_path: Path,
) -> None:
    web_helpers.need_chromium()
    p1, p2, front = free_port(), free_port(), free_port()
    site = f"http://127.0.0.1:{front}"

    def options(path: str, url: str) -> tuple[str, ...]:
        return ("--registry", url, "--trust-proxy", PROXY_ADDRESS,
                "--public-url", f"{site}/{path}/")

    with redis_server(tmp_path / "redis") as (url, _), \
            serve(tmp_path / "one", p1, *options("p1", url)), \
            serve(tmp_path / "two", p2, *options("p2", url)), \
            nginx(tmp_path / "nginx", front, p1, p2), browser() as b:
        ann = RemoteTable.create(f"ws://127.0.0.1:{front}/p1", "Ann")
        tables = [ann]
        try:
            registry = redis.Redis.from_url(url, decode_responses=True, socket_timeout=5)
            wait_for(lambda: registry.hget("spades:codes", ann.code) is not None)
            # The link names /p2, the process the guest was given; the proxy sends the
            # browser on to its page at /p2/, which loads its files from there.
            page = open_page(b, f"{site}/p2#{ann.code}")
            assert page.js("location.pathname") == "/p2/"
            assert page.js("document.getElementById('code').value") == ann.code
            page.wait("document.activeElement.id === 'name'")
            page.type("Bo")
            page.key("enter")
            # /p2's seat sends the page on to /p1's, where Ann's table is.
            wait_for(lambda: any(x.name == "Bo" for x in ann.people()))
            page.wait("document.getElementById('seats-body').textContent.includes('Ann')")
            ann.start()
            page.wait("document.querySelectorAll('#hand [role=option]').length === 13")
            said = [h["text"] for h in heard(page)]
            assert not any("No table" in t or "cannot" in t for t in said), said

            # Play online on /p1's page finds the public table waiting at /p2.
            fay = RemoteTable.create(f"ws://127.0.0.1:{front}/p2", "Fay", public=True)
            tables.append(fay)
            wait_for(lambda: registry.zscore("spades:lobby", fay.code) is not None)
            other = open_page(b, f"{site}/p1/")
            other.js("document.getElementById('name').value = 'Cy'")
            other.js("document.getElementById('play-online').click()")
            wait_for(lambda: any(x.name == "Cy" for x in fay.people()))
            other.wait("document.getElementById('seats-body').textContent.includes('Fay')")
        finally:
            for table in tables:
                table.close()
