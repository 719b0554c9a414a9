"""Statistics counting rules: a finished match once, an abandoned one as a loss, and
nothing for undo, restart hand or quitting."""

from __future__ import annotations

import json
import random
from pathlib import Path

from store_helpers import FakeClock, choose, crash, finish, play, quick_write, short_match, won_by

from spades_voice.rules import Match, MatchState, Seat, view_of
from spades_voice.store import Statistics, StoreHooks, load_stats


def _hooks(data: Path) -> StoreHooks:
    return StoreHooks(data, clock=FakeClock(), writer=quick_write)


def _on_disk(data: Path) -> Statistics:
    stats = load_stats(data / "stats.json")
    assert stats is not None
    return stats


class TestCountingRules:
    def test_a_won_match_counts_once(self, data: Path) -> None:
        hooks = _hooks(data)
        state, rng = won_by("NS")
        finish(hooks, state, rng)
        hooks.match_finished(state.match, view_of(state, Seat.S))  # told twice: still once
        hooks.close()
        again = _hooks(data)
        assert _on_disk(data).played == 1 and _on_disk(data).won == 1
        assert again.statistics.streak == 1 and again.statistics.best_streak == 1
        again.start_new(None)  # a finished match is no loss
        assert _on_disk(data).played == 1

    def test_a_lost_match(self, data: Path) -> None:
        hooks = _hooks(data)
        state, rng = won_by("EW")
        finish(hooks, state, rng)
        stats = _on_disk(data)
        assert (stats.played, stats.won, stats.lost, stats.streak) == (1, 0, 1, 0)

    def test_new_match_after_decisions_is_a_loss(self, data: Path) -> None:
        hooks = _hooks(data)
        state = MatchState(Match(seed=1))
        play(hooks, state, 5, random.Random(1))
        hooks.start_new(state.match)
        stats = _on_disk(data)
        assert (stats.played, stats.lost) == (1, 1)
        hooks.start_new(None)  # nothing played since: nothing more
        assert _on_disk(data).played == 1

    def test_new_match_before_any_decision_counts_nothing(self, data: Path) -> None:
        hooks = _hooks(data)
        hooks.start_new(None)
        hooks.start_new(Match(seed=3))
        assert load_stats(data / "stats.json") is None

    def test_declining_the_saved_match_is_a_loss(self, data: Path) -> None:
        hooks = _hooks(data)
        state = MatchState(Match(seed=1))
        play(hooks, state, 5, random.Random(1))
        hooks.close()
        again = _hooks(data)
        saved = again.saved_match()
        assert saved is not None
        again.start_new(saved)
        assert _on_disk(data).lost == 1
        third = _hooks(data)
        assert third.saved_match() is None
        assert third.statistics.lost == 1

    def test_a_different_match_without_start_new_still_counts_the_old(self, data: Path) -> None:
        hooks = _hooks(data)
        play(hooks, MatchState(Match(seed=1)), 5, random.Random(1))
        play(hooks, MatchState(Match(seed=2)), 5, random.Random(2))
        assert _on_disk(data).lost == 1

    def test_undo_restart_and_quitting_count_nothing(self, data: Path) -> None:
        hooks = _hooks(data)
        state = MatchState(Match(seed=8))
        rng = random.Random(8)
        play(hooks, state, 20, rng)
        state.undo(Seat.S)
        hooks.decision_made(state.match)
        play(hooks, state, 3, rng)
        state.restart_hand()
        hooks.decision_made(state.match)
        play(hooks, state, 6, rng)
        hooks.close()
        assert load_stats(data / "stats.json") is None
        again = _hooks(data)
        assert again.statistics.played == 0
        assert again.saved_match() == state.match

    def test_undo_everything_then_new_counts_nothing(self, data: Path) -> None:
        hooks = _hooks(data)
        state = MatchState(Match(seed=8))
        play(hooks, state, 1, random.Random(8))
        state.restart_hand()
        hooks.decision_made(state.match)
        hooks.start_new(state.match)
        assert load_stats(data / "stats.json") is None

    def test_killed_before_the_result_was_counted(self, data: Path) -> None:
        hooks = _hooks(data)
        state, rng = won_by("NS")
        while not state.over:  # the shell saved the last move, then died
            state.apply(choose(state, rng))
            hooks.decision_made(state.match)
        assert load_stats(data / "stats.json") is None
        crash(hooks)
        again = _hooks(data)
        assert again.saved_match() is None
        assert _on_disk(data).won == 1
        # The player never heard the result: it is the first thing said.
        assert again.notices()[0].startswith("Your last match is over: you and Alex won, ")
        crash(again)
        _hooks(data)
        assert _on_disk(data).played == 1

    def test_streaks(self, data: Path) -> None:
        hooks = _hooks(data)
        results = ["NS", "NS", "EW", "NS", "NS", "NS", "EW"]
        seed = 0
        for team in results:
            state, rng = won_by(team, seed)
            seed = int(str(state.seed)) + 1
            finish(hooks, state, rng)
            hooks.start_new(None)
        stats = _on_disk(data)
        assert (stats.played, stats.won, stats.lost) == (7, 5, 2)
        assert (stats.streak, stats.best_streak) == (0, 3)


class TestFigures:
    def test_points_nils_and_penalties_follow_the_outcomes(self, data: Path) -> None:
        hooks = _hooks(data)
        expected = Statistics()
        for seed in range(6):
            state = short_match(seed)
            finish(hooks, state, random.Random(seed))
            expected = expected.record(view_of(state, Seat.S), f"m{seed}")
            hooks.start_new(None)
        stats = _on_disk(data)
        for name in (
            "played",
            "won",
            "lost",
            "hands",
            "points",
            "nils_made",
            "nils_failed",
            "bag_penalties",
        ):
            assert getattr(stats, name) == getattr(expected, name), name
        assert stats.nils_made + stats.nils_failed > 0

    def test_record_by_hand(self) -> None:
        state = short_match(4)
        rng = random.Random(4)
        while not state.over:
            state.apply(choose(state, rng))
        stats = Statistics().record(view_of(state, Seat.S), "a", seconds=90)
        team = Seat.S.team
        assert stats.hands == len(state.outcomes)
        assert stats.points == sum(o.scores[team].points for o in state.outcomes)
        assert stats.bag_penalties == sum(o.scores[team].penalties for o in state.outcomes)
        own = [n for o in state.outcomes for n in o.scores[team].nils if n.seat is Seat.S]
        assert stats.nils_made == sum(n.made for n in own)
        assert stats.seconds == 90
        assert stats.record(view_of(state, Seat.S), "a") is stats

    def test_text(self) -> None:
        assert Statistics().text() == "No matches played yet."
        s = Statistics(
            played=3,
            won=2,
            lost=1,
            streak=1,
            best_streak=2,
            hands=8,
            points=-36,
            nils_made=1,
            nils_failed=2,
            bag_penalties=1,
        )
        assert s.text() == (
            "3 matches: 2 won, 1 lost. Streak 1, best 2. Minus 4.5 points a hand. "
            "Nils: 1 of 3 made. 1 bag penalty."
        )
        one = Statistics(played=1, won=1, streak=1, best_streak=1, hands=1, points=72)
        assert one.text() == (
            "1 match: 1 won, 0 lost. Streak 1, best 1. 72 points a hand. 0 bag penalties."
        )

    def test_remembers_only_recent_ids(self) -> None:
        state = short_match(1)
        rng = random.Random(1)
        while not state.over:
            state.apply(choose(state, rng))
        stats = Statistics()
        for n in range(80):
            stats = stats.record(view_of(state, Seat.S), f"id{n}")
        assert stats.played == 80 and len(stats.counted) == 50
        assert Statistics.from_json(json.loads(stats.to_bytes())) == stats
