"""The match clock: runs only while the table is live, survives undo and restarts."""

from __future__ import annotations

import random
from pathlib import Path

from store_helpers import FakeClock, crash, play, short_match

from spades_voice.rules import Match, MatchState, Seat
from spades_voice.store import MatchClock, StoreHooks, load_saved


class TestMatchClock:
    def test_counts_only_while_running(self, clock: FakeClock) -> None:
        c = MatchClock(clock)
        clock.advance(50)  # before the table is live
        c.run(True)
        clock.advance(10)
        assert c.elapsed() == 10
        c.run(False)  # paused
        clock.advance(300)
        c.run(True)
        clock.advance(5)
        c.run(True)  # told twice: no jump
        clock.advance(1)
        assert c.elapsed() == 16

    def test_stop_holds_until_reset(self, clock: FakeClock) -> None:
        c = MatchClock(clock)
        c.run(True)
        clock.advance(7)
        c.stop()
        clock.advance(100)
        c.run(True)
        clock.advance(100)
        assert c.elapsed() == 7
        c.reset()
        clock.advance(3)  # still live (the shell said True last): a new match counts
        assert c.elapsed() == 3

    def test_reset_to_a_restored_time(self, clock: FakeClock) -> None:
        c = MatchClock(clock)
        c.reset(125.5)
        clock.advance(10)
        assert c.elapsed() == 125.5
        c.run(True)
        clock.advance(10)
        assert c.elapsed() == 135.5


class TestClockThroughHooks:
    def test_pauses_confirmations_and_undo(self, data: Path, clock: FakeClock) -> None:
        hooks = StoreHooks(data, clock=clock)
        state = MatchState(Match(seed=3))
        rng = random.Random(3)
        hooks.clock_running(True)
        play(hooks, state, 10, rng, clock)  # 2 s a decision
        assert hooks.elapsed_seconds() == 20
        hooks.clock_running(False)  # a confirmation, help, the rules or review
        clock.advance(600)
        hooks.clock_running(True)
        state.undo(Seat.S)
        hooks.decision_made(state.match)
        assert hooks.elapsed_seconds() == 20  # undo does not rewind
        clock.advance(4)
        assert hooks.elapsed_seconds() == 24

    def test_saved_and_restored(self, data: Path, clock: FakeClock) -> None:
        hooks = StoreHooks(data, clock=clock)
        state = MatchState(Match(seed=3))
        hooks.clock_running(True)
        play(hooks, state, 6, random.Random(3), clock)
        clock.advance(3)
        hooks.clock_running(False)  # pausing keeps the time on disk
        saved = load_saved(data / "save.json")
        assert saved is not None and saved.elapsed == 15
        later = FakeClock()
        crash(hooks)
        again = StoreHooks(data, clock=later)
        assert again.saved_match() is not None
        assert again.elapsed_seconds() == 15
        again.clock_running(True)
        later.advance(5)
        assert again.elapsed_seconds() == 20
        again.start_new(again.saved_match())
        assert again.elapsed_seconds() == 0
        later.advance(2)
        assert again.elapsed_seconds() == 2  # the table is still live

    def test_stops_when_the_match_is_won(self, data: Path, clock: FakeClock) -> None:
        hooks = StoreHooks(data, clock=clock)
        hooks.clock_running(True)
        state = short_match(5)
        play(hooks, state, 10_000, random.Random(5), clock)
        assert state.over
        total = hooks.elapsed_seconds()
        clock.advance(100)
        assert hooks.elapsed_seconds() == total
        assert hooks.statistics.seconds == total
