"""``spades-voice host`` running its own server serves the page too, and prints and says
the link with the table code in its fragment."""

from __future__ import annotations

import sys
import urllib.request
from pathlib import Path

from web_helpers import browser, open_page, terminal_host

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from net_helpers import free_port


def test_host_says_the_link_and_its_own_server_serves_the_page(tmp_path: Path) -> None:
    port = free_port()
    child = terminal_host(tmp_path / "host", "--port", str(port))
    try:
        child.expect(r"Table code (\S+)\. Others join with: .* or open (\S+) in a web browser")
        code, printed = child.match.group(1), child.match.group(2)
        child.expect(r"Or in a web browser: (\S+)")  # said, after the code
        link = child.match.group(1)
        assert link == printed == f"http://127.0.0.1:{port}/#{code}"
        with urllib.request.urlopen(link, timeout=10) as answer:
            assert answer.status == 200 and b'role="application"' in answer.read()
        with browser() as b:
            page = open_page(b, link)
            page.wait("document.activeElement.id === 'name'")
            page.type("Bo")
            page.key("enter")
            child.expect("Bo joined")
            page.wait("document.getElementById('seats-body').textContent.includes('Ann')")
    finally:
        child.terminate(force=True)
