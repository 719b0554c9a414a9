"""The page's figures, on 127.0.0.1 (a bench, not a timed test). A page's seat at a
shared table is the terminal's own ``Shell`` run on the server (the guest door,
``spades_voice.alone.guest``); the page renders its frames.

* page weight: the page's files as served (KB, and gzipped);
* link opened -> seated: a real chromium (Debian's, headless) opens the link, the name is
  typed, Enter -> the seats table shows the host (the guest door's lobby frame); and a
  reload, which sits down by itself with the saved token (nothing to type);
* key H -> its answer: H pressed -> the shell's answer shown in the turn line (``#now``,
  drawn as the frame arrives) and -> the same answer in the polite log (``#said``, which
  gathers the lines of a burst for FLUSH_MS before a screen reader is handed them); p50
  and p95 of each, both ends timed inside the page (keydown, and the element's mutation);
* the server's cost of a page seat: one whole single-hand match at a table of Ann (host,
  a protocol-2 seat), Bo and two computers, where Bo is a page through the guest door
  (``tests/alone/guest_helpers.GuestPage`` on a real websocket) or a terminal
  ``RemoteTable`` whose shell runs here, in the player's process; both play by keys. The
  server runs in a process of its own (this file with ``--server``: the page and the
  guest door as ``serve`` builds them, limits lifted for the bench's fast seats, deals
  from a fixed seed so both ways play the same cards); its CPU (every thread of it, not
  its computers' worker processes) from Bo's arrival to Bo's leaving, per match, per
  table decision, and the page seat's own (page minus terminal, match by match); then
  the bytes it holds for the table and Bo after the match and after Bo left
  (tracemalloc in a second pair of servers). The first match on each server warms it and
  is not counted; min and median of the rest.

    python bench/bench_web.py                 # 100 key presses, 5 + 3 matches each way
    python bench/bench_web.py --keys 300 --matches 9 --memory-matches 5
    python bench/bench_web.py --no-browser    # the server's cost only
"""

from __future__ import annotations

import argparse
import gc
import json
import select
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "net"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "alone"))

from cdp import Browser, chromium
from guest_helpers import GuestPage, TerminalSeat
from net_helpers import running_server, wait_for
from web_helpers import base_url, page_for_tests

from spades_voice.alone.guest import GuestDoor
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire.limits import Limits
from spades_voice.rules import Bid, Phase, Ruleset

#: Keydown times, taken in the page before its own handler; and when the turn line (#now)
#: and the polite log (#said) change.
KEY_CLOCK = """
window.__keys = [];
window.addEventListener('keydown', () => window.__keys.push(performance.now()), true);
window.__shown = [];
window.__logged = [];
addEventListener('DOMContentLoaded', () => {
  new MutationObserver(() => window.__shown.push(performance.now()))
    .observe(document.getElementById('now'), {childList: true});
  new MutationObserver(() => window.__logged.push(performance.now()))
    .observe(document.getElementById('said'), {childList: true});
});
"""


def _percentiles(delays: list[float]) -> str:
    delays = sorted(delays)
    p95 = delays[max(0, int(len(delays) * 0.95) - 1)]
    return f"p50 {statistics.median(delays):.1f} ms, p95 {p95:.1f} ms, max {delays[-1]:.1f} ms"


def page_weight() -> None:
    plain, packed = page_for_tests().weight()
    print(f"page weight: {plain / 1024:.1f} KB, {packed / 1024:.1f} KB gzipped "
          "(index.html, the app.js modules, app.css, app.json)")


def browser_figures(keys: int) -> None:
    binary = chromium()
    if binary is None:
        print("chromium is not installed: no browser figures")
        return
    with running_server(web=page_for_tests(), guest=GuestDoor()) as server:
        host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
        b = Browser(binary)
        try:
            page = b.page()
            page.add_script(KEY_CLOCK)
            link = base_url(server) + "#" + host.code
            began = time.perf_counter()
            page.goto(link)
            page.wait("document.activeElement && document.activeElement.id === 'name'")
            ready = time.perf_counter()
            page.type("Bo")
            typed = time.perf_counter()
            page.key("enter")
            page.wait("!document.getElementById('seats').hidden && "
                      "document.getElementById('seats-body').textContent.includes('Ann')")
            seated = time.perf_counter()
            page.js("window.__before_reload = true")  # gone with the old document
            page.send("Page.reload")
            again = time.perf_counter()
            page.wait("!window.__before_reload && document.getElementById('seats-body') && "
                      "document.getElementById('seats-body').textContent.includes('Ann')")
            back = time.perf_counter()
            print(f"link opened -> form ready: {(ready - began) * 1000:.0f} ms; "
                  f"Enter -> seated: {(seated - typed) * 1000:.0f} ms; "
                  f"reload (token kept) -> seated: {(back - again) * 1000:.0f} ms")
            wait_for(lambda: sum(p.person for p in host.people()) == 2)
            host.start()
            page.wait("document.querySelectorAll('#hand [role=option]').length === 13")
            page.js("window.__keys = []")
            shown, logged, answers = [], [], set()
            for _ in range(keys):
                page.js("window.__shown = []; window.__logged = []")
                page.key("h")
                page.wait("window.__shown.length > 0 && window.__logged.length > 0")
                shown.append(page.js("window.__shown[0] - window.__keys.at(-1)"))
                logged.append(page.js("window.__logged[0] - window.__keys.at(-1)"))
                answers.add(page.js("document.getElementById('now').textContent"))
            assert len(answers) == 1, f"H was not answered alike every time: {answers}"
            print(f"key H -> its answer over {keys} presses ({next(iter(answers))[:40]}...): "
                  f"shown in the turn line {_percentiles(shown)}; in the polite log "
                  f"{_percentiles(logged)}")
        finally:
            b.close()
            host.close()


# ---- the server's cost of a page seat --------------------------------------------------

#: Lifted for the bench's own seats, which act far faster than a person and open a table
#: a match from one address (the default limits would slow them or turn them away).
BENCH_LIMITS = Limits(rate=10_000, burst=10_000, tables_per_address=10_000,
                      connections_per_address=10_000, opens_per_second=10_000)
#: Seconds any one wait of the bench may take before it gives up, saying where.
PATIENCE = 120.0
#: Decisions in one hand: four bids and 52 cards (blind nil is off: no looks).
DECISIONS_A_HAND = 56


def serve_here(trace: bool) -> None:
    """The child: a table server with the page and the guest door (as ``serve`` builds it;
    Easy computers in worker processes; deals from a fixed seed, so the n-th table of two
    such servers deals the same cards) on its own thread. It prints its port, then
    answers each line ``read`` on stdin with its own CPU seconds (every thread of this
    process, not its computers' workers) and, with ``trace``, the bytes tracemalloc holds
    after a collection; it ends when stdin closes."""
    if trace:
        tracemalloc.start()
    with running_server(web=page_for_tests(), guest=GuestDoor(limits=BENCH_LIMITS),
                        limits=BENCH_LIMITS) as server:
        assert server.address is not None
        print(json.dumps({"port": server.address[1]}), flush=True)
        for _ in sys.stdin:
            held = None
            if trace:
                gc.collect()
                held = tracemalloc.get_traced_memory()[0]
            print(json.dumps({"cpu": time.process_time(), "held": held}), flush=True)


class ServerProcess:
    """``serve_here`` in a process of its own: what the server spends is counted apart
    from the bench's players (the page's socket, the terminal seat's shell)."""

    def __init__(self, trace: bool = False) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--server", *(["--trace"] if trace else [])],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        port = self._answer()["port"]
        self.address = ("127.0.0.1", port)
        self.url = f"ws://127.0.0.1:{port}"

    def _answer(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], PATIENCE)
        if not ready:
            raise SystemExit(f"the bench's server said nothing in {PATIENCE:.0f} s")
        answer: dict[str, Any] = json.loads(self.proc.stdout.readline())
        return answer

    def read(self) -> dict[str, Any]:
        """The server's CPU seconds so far and (traced) the bytes it holds."""
        assert self.proc.stdin is not None
        self.proc.stdin.write("read\n")
        self.proc.stdin.flush()
        return self._answer()

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)


def _page_turn(page: GuestPage) -> bool:
    if not any(f["type"] == "update" for f in page.frames):
        return False
    s = page.state
    return bool(s.get("my_turn") and s.get("alone", {}).get("mode") == "table")


def _page_moment(page: GuestPage) -> tuple[Any, ...]:
    """Where the page's seat is: a bid placed or a card played moves it on."""
    s = page.state
    return (s["phase"], s["bidding"], len(s["hand"]))


#: The keys a page's player asks between decisions in the key figure (hand, trick, bids,
#: scores), each answered by the seat's shell on the server.
ASKED = ("h", "t", "b", "s")


def one_match(server: ServerProcess, as_page: bool, target: int | None = None,
              asks: int = 0) -> dict[str, Any]:
    """One single-hand match at a new table: Ann (the host, a plain protocol-2 seat: bids 3,
    plays her first legal card), Bo (a page through the guest door, or a terminal
    ``RemoteTable`` with its shell here, both playing by keys: Enter bids what was said,
    Tab then Enter plays the first playable card) and two computers. The server's
    readings before Bo comes, once the match is over, and once Bo has left."""
    before = server.read()
    host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=target))
    asked: tuple[float, float] = (0.0, 0.0)
    page = GuestPage(server, type="join", table=host.code, name="Bo") if as_page else None
    seat = None if as_page else RemoteTable.join(server.url, host.code, "Bo")
    try:
        wait_for(lambda: sum(p.person for p in host.people()) == 2, PATIENCE)
        host.start()
        terminal = None
        if seat is not None:
            seat.wait_started(PATIENCE)
            terminal = TerminalSeat(seat)
        deadline = time.monotonic() + PATIENCE
        while host.view().winner is None:
            assert time.monotonic() < deadline, "the bench's match is stuck"
            view = host.view()
            if view.my_turn:
                host.submit(Bid(3) if view.phase is Phase.BIDDING else view.legal_cards[0])
            elif terminal is not None and terminal.table.view().my_turn:
                terminal.play()
            elif page is not None and _page_turn(page):
                if asks and not page.state["bidding"] and asked == (0.0, 0.0):
                    asked = _asking(server, page, asks)  # the table waits on the page
                was = _page_moment(page)
                if not page.state["bidding"]:
                    page.send(type="press", key="tab")
                page.send(type="press", key="enter")
                page.until(lambda p, was=was: _page_moment(p) != was, PATIENCE)
            elif page is not None:
                page._next(0.01)
            else:
                time.sleep(0.002)
        played = server.read()
        view = host.view()
    finally:
        if page is not None:
            page.close()
        if seat is not None:
            seat.close()
    wait_for(lambda: not next(x for x in host.people() if x.name == "Bo").connected, PATIENCE)
    left = server.read()
    host.close()
    return {"before": before, "played": played, "left": left, "asked": asked,
            "decisions": DECISIONS_A_HAND * len(view.outcomes),
            "totals": tuple(sorted((t.value, n) for t, n in view.totals.items()))}


def _asking(server: ServerProcess, page: GuestPage, asks: int) -> tuple[float, float]:
    """``asks`` keys of ``ASKED`` in turn, each waited for: the server's CPU seconds for
    them (nothing else moves at the table while it waits for this seat), and asks."""
    start = server.read()["cpu"]
    for i in range(asks):
        assert page.answer_to(ASKED[i % len(ASKED)]), "a key went unanswered"
    return server.read()["cpu"] - start, float(asks)


def _spread(values: list[float]) -> str:
    return f"min {min(values):.0f}, median {statistics.median(values):.0f}"


def seat_cost(repeats: int, memory_repeats: int, target: int | None, asks: int) -> None:
    """The same matches, Bo a page or Bo a terminal, each on a server of its own, taken in
    turn; the first match on each server warms it (imports, caches) and is not counted.
    The page also asks ``asks`` keys once, at its first card (timed apart, left out of the
    match's figures): what a key costs the server when the shell runs there."""
    cpu: dict[bool, list[float]] = {True: [], False: []}
    per_decision: dict[bool, list[float]] = {True: [], False: []}
    per_key: list[float] = []
    decisions: list[int] = []
    same = True
    servers = {kind: ServerProcess() for kind in (True, False)}
    try:
        for kind, server in servers.items():
            one_match(server, kind, target)
        for _ in range(repeats):
            results = {}
            for kind, server in servers.items():
                r = one_match(server, kind, target, asks if kind else 0)
                results[kind] = r
                keys_cpu, asked = r["asked"]
                spent = r["left"]["cpu"] - r["before"]["cpu"] - keys_cpu
                cpu[kind].append(spent * 1000)
                per_decision[kind].append(spent / r["decisions"] * 1e6)
                if asked:
                    per_key.append(keys_cpu / asked * 1e6)
            same = same and results[True]["totals"] == results[False]["totals"]
            decisions.append(results[True]["decisions"])
    finally:
        for server in servers.values():
            server.close()
    extra = [p - t for p, t in zip(cpu[True], cpu[False], strict=True)]
    extra_each = [p - t for p, t in zip(per_decision[True], per_decision[False], strict=True)]
    match = "one single-hand match" if target is None else f"one match to {target}"
    print(f"server CPU for {match} ({min(decisions)}-{max(decisions)} table decisions), "
          f"{repeats} repeats (ms; Bo's seat from joining to leaving): Bo a page "
          f"{_spread(cpu[True])}; Bo a terminal {_spread(cpu[False])}; a page seat's own "
          f"{_spread(extra)} ({'the same cards played' if same else 'NOT the same match'} "
          "both ways)")
    print(f"server CPU per table decision (us): Bo a page {_spread(per_decision[True])}; "
          f"Bo a terminal {_spread(per_decision[False])}; a page seat's own "
          f"{_spread(extra_each)}")
    if per_key:
        print(f"server CPU per key a page asks ({'/'.join(ASKED)} in turn, {asks} a match; "
              f"a terminal's keys cost the server nothing) (us): {_spread(per_key)}")
    middle = statistics.median(extra_each)
    if middle > 0:
        print(f"one core serves about {1e6 / middle:.0f} page seats at tables making a "
              f"decision a second, {3e6 / middle:.0f} at one every 3 s (the page seats' "
              "work alone, at the median, keys asked not counted)")
    seat_memory(memory_repeats, target)


def seat_memory(repeats: int, target: int | None) -> None:
    """What the server holds (tracemalloc, after a collection) for Bo's seat: a page
    against a terminal seat, once the match is over and once Bo has left."""
    held: dict[bool, list[float]] = {True: [], False: []}
    kept: dict[bool, list[float]] = {True: [], False: []}
    servers = {kind: ServerProcess(trace=True) for kind in (True, False)}
    try:
        for kind, server in servers.items():
            one_match(server, kind, target)
        for _ in range(repeats):
            for kind, server in servers.items():
                r = one_match(server, kind, target)
                held[kind].append((r["played"]["held"] - r["before"]["held"]) / 1024)
                kept[kind].append((r["left"]["held"] - r["before"]["held"]) / 1024)
    finally:
        for server in servers.values():
            server.close()
    seat = [p - t for p, t in zip(held[True], held[False], strict=True)]
    after = [p - t for p, t in zip(kept[True], kept[False], strict=True)]
    print(f"server memory for a table and Bo after the match, {repeats} repeats (KB, "
          f"tracemalloc): Bo a page {_spread(held[True])}; Bo a terminal "
          f"{_spread(held[False])}; a page seat holds {_spread(seat)} more; after Bo "
          f"left, {_spread(after)} more")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--keys", type=int, default=100)
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--memory-matches", type=int, default=3)
    parser.add_argument("--target", type=int, default=None,
                        help="the server's matches: to this score (default a single hand)")
    parser.add_argument("--asks", type=int, default=40,
                        help="keys the page asks once a match, timed apart")
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--server", action="store_true", help="(the bench's own server)")
    parser.add_argument("--trace", action="store_true", help="(with --server: tracemalloc)")
    args = parser.parse_args(argv)
    if args.server:
        serve_here(args.trace)
        return 0
    page_weight()
    if not args.no_browser:
        browser_figures(args.keys)
    seat_cost(args.matches, args.memory_matches, args.target, args.asks)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
