"""Computers think in worker processes: while one table's Hard computer thinks, every
other table is answered; a table whose worker dies still gets a legal move."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal

from net_helpers import replies, running_server, wait_for
from websockets.sync.client import connect

from spades_voice.ai import Level, make_player
from spades_voice.net.computers.pool import HARD_FLOOR_MS, ComputerPool
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.table.shared_table import SharedTable
from spades_voice.net.wire.hellos import hello_create
from spades_voice.net.wire.limits import Limits
from spades_voice.rules import Ruleset, Seat

FAST = Limits(rate=10_000, burst=10_000)


def thinking(table: SharedTable) -> asyncio.Task[None] | None:
    return table.play.turns.thinking


def test_other_tables_are_answered_while_a_computer_thinks() -> None:
    with running_server(limits=FAST, level=Level.HARD) as server:
        busy = RemoteTable.create(server.url, "Ann", seat=Seat.S, rules=Ruleset(target=None))
        try:
            table = server.call(lambda: server.server.tables[busy.code])
            with connect(server.url) as ws:
                ws.send(json.dumps(hello_create("Bo")))
                replies(ws, ("people",))
                busy.start()
                answered_while_thinking = 0
                me = make_player(Level.EASY, random.Random(1))
                for i in range(40):
                    wait_for(
                        lambda: (
                            server.call(lambda: thinking(table)) is not None or busy.view().my_turn
                        )
                    )
                    if busy.view().my_turn:
                        busy.submit(me.decide(busy.view()))
                        continue
                    task = server.call(lambda: thinking(table))
                    if task is None:
                        continue
                    ws.send(json.dumps({"type": "ping", "id": i}))
                    assert replies(ws, ("ok",))["id"] == i
                    # The loop answered the other table before this decision was made.
                    if server.call(lambda t=task: not t.done()):
                        answered_while_thinking += 1
                    if answered_while_thinking >= 3:
                        break
                assert answered_while_thinking >= 3
        finally:
            busy.close()


def test_the_pool_runs_decisions_in_other_processes_and_survives_a_dead_worker() -> None:
    pool = ComputerPool(workers=1)
    pool.start()
    try:
        from spades_voice.rules import MatchState, view_of

        state = MatchState(Ruleset(), seed="pool")
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)

        async def run() -> None:
            first = await pool.decide(Level.EASY, "s", view)
            assert first in view.legal_bids
            assert pool._pool is not None
            pids = list(pool._pool._processes)  # type: ignore[attr-defined]
            assert pids and os.getpid() not in pids
            # A worker killed mid-decision: the table still gets a safe, legal move.
            slow = asyncio.create_task(pool.decide(Level.HARD, "s", view))
            await asyncio.sleep(0.05)
            for pid in pids:
                os.kill(pid, signal.SIGKILL)
            assert await slow in view.legal_bids
            assert await pool.decide(Level.EASY, "s", view) in view.legal_bids
            await pool.stop()  # as a server stops it: nothing left starting on the loop
            assert pool._starting is None and pool._pool is None

        asyncio.run(run())
    finally:
        pool.close()


def test_under_load_the_hard_budget_shrinks_to_a_floor() -> None:
    pool = ComputerPool(workers=2)
    assert pool.budget_ms() == 250.0
    pool.waiting = 3
    assert pool.budget_ms() == 125.0
    pool.waiting = 100
    assert pool.budget_ms() == HARD_FLOOR_MS


def test_the_budget_kept_between_decisions_is_a_shared_object_not_a_new_one() -> None:
    """A float made at each decision and kept until the next pins the memory it was made
    in; whole milliseconds are ints Python shares."""
    pool = ComputerPool(workers=2)
    for waiting in (0, 1, 3, 5, 100):
        pool.waiting = waiting
        assert pool.budget_ms() is pool.budget_ms()


def test_the_pool_measures_this_machines_work_rate_for_hard() -> None:
    # Shared tables' Hard fills its budget on this machine, as the local game's does: the
    # pool measures the rate in a worker and uses the reference only until it is known.
    from spades_voice.ai import REFERENCE_RATE

    pool = ComputerPool(workers=1)
    assert pool.rate is REFERENCE_RATE
    pool.start()
    try:
        assert pool._measuring is not None
        pool._measuring.result(timeout=60)
        measured = pool.rate
        assert measured is not REFERENCE_RATE
        assert measured.plays_per_ms > 0 and measured.solves_per_ms > 0
    finally:
        pool.close()
    given = ComputerPool(workers=1, rate=REFERENCE_RATE)
    given.start()
    try:
        assert given._measuring is None and given.rate is REFERENCE_RATE
    finally:
        given.close()
