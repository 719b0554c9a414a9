"""A page playing alone thinks where a shared table's computers think: in the server's
worker processes, never on the loop every table and page shares. Its computers' moves
take their turn with the tables' moves, bounded in time with the plain fallback move;
its hints are paid for as a browser seat's are, so a page pressing I as fast as it can
holds up no one and hears that the computers are busy.

Real servers on 127.0.0.1 with real worker processes; every wait is for an event.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from pathlib import Path

from alone_helpers import AlonePage, alone_server, my_turn_to_play, play_on
from net_helpers import wait_for

from spades_voice.ai import REFERENCE_RATE
from spades_voice.narration import prompts
from spades_voice.narration.browser import HINT_BUSY, HINT_THINKING
from spades_voice.net.door.hosting import ServerThread


def _measured(server: ServerThread) -> None:
    """Wait until the pool has measured its work rate: the measuring job is a worker's."""
    pool = server.server.computers
    wait_for(lambda: server.call(lambda: pool.rate) is not REFERENCE_RATE, timeout=60)


def _instant(page: AlonePage) -> None:
    page.until(lambda p: p.state["bidding"])
    page.press("a")
    page.press("a", prompts.pace_now("instant"))


def test_a_page_flooding_hints_holds_up_no_one(tmp_path: Path) -> None:
    """One page alone holds its turn and presses I in bursts; another plays a whole hand
    meanwhile. Before, every I was Hard's search on the server's loop, each answered
    with a hint, one after another, while every other page waited."""
    with alone_server(tmp_path) as server:
        _measured(server)
        heard: list[str] = []
        stop, flooding = threading.Event(), threading.Event()
        failed: list[BaseException] = []

        def flood() -> None:
            try:
                page = AlonePage(server, level="hard", target="single")
                page.until(lambda p: p.state["bidding"])
                flooding.set()
                pressed = 0
                while not stop.is_set():
                    for _ in range(20):  # as fast as the socket takes them...
                        page.press("i")
                    pressed += 20
                    # ...then read what they were answered, so the page's socket is read
                    # as a browser reads it (a socket left unread is the server's to drop).
                    page.until(lambda p, n=pressed: p.state["alone"]["keys"] >= n)
                    heard.extend(t for _, t in page.said)
                    page.said.clear()
                page.close()
            except BaseException as e:  # the test reports it, not the thread
                failed.append(e)
                flooding.set()

        flooder = threading.Thread(target=flood)
        flooder.start()
        try:
            assert flooding.wait(60) and not failed, failed
            honest = AlonePage(server, level="hard", target="single")
            _instant(honest)
            play_on(honest, lambda p: p.state["alone"]["over"])
            keys = honest.state["alone"]["keys"]
            honest.press("h")  # and its keys are answered, as ever
            honest.until(lambda p: p.state["alone"]["keys"] > keys)
            wait_for(lambda: HINT_BUSY in heard or HINT_THINKING in heard, timeout=60)
            honest.close()
        finally:
            stop.set()
            flooder.join(60)
        assert not failed, failed


def test_a_page_alones_computers_move_in_the_workers_bounded_in_time(
    tmp_path: Path,
) -> None:
    """The one worker hangs while a page's computers are to bid: the decision it holds
    is given up after the pool's bound, the workers restart, the computer plays the plain
    fallback and the game goes on. Before, a page's computers thought in a thread of the
    server's own process (at instant pace on its loop), and no worker knew of them."""
    with alone_server(tmp_path, server={"workers": 1}) as server:
        pool = server.server.computers
        pool.timeout = 5.0  # a bound on a hung worker, not a measure: it never answers
        _measured(server)
        (hung,) = pool.worker_pids()
        page = AlonePage(server, level="easy", target="single")
        _instant(page)
        os.kill(hung, signal.SIGSTOP)
        try:
            page.press("enter")  # the bid; now the computers bid in turn, in the worker
            wait_for(lambda: server.call(lambda: pool.restarts) >= 1, timeout=60)
            page.until(my_turn_to_play, timeout=60)
            assert server.call(lambda: pool.given_up) >= 1
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(hung, signal.SIGKILL)
        page.press("tab")
        page.press("enter")
        page.until(lambda p: len(p.state["hand"]) == 12 and my_turn_to_play(p))
        page.close()
