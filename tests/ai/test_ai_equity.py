"""Match equity: what a score is worth in a match, and how Hard's utility uses it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from spades_voice.ai.equity import EQUITY_SCALE, match_equity
from spades_voice.ai.fastplay import Stakes

totals = st.integers(-400, 700)
targets = st.sampled_from([200, 300, 500])


@settings(max_examples=400, deadline=None)
@given(totals, totals, targets)
def test_equity_is_a_chance_shared_by_the_two_sides(a: int, b: int, target: int) -> None:
    e = match_equity(a, b, target)
    assert 0.0 <= e <= 1.0
    assert abs(e + match_equity(b, a, target) - 1.0) < 1e-12


@settings(max_examples=400, deadline=None)
@given(totals, totals, targets, st.integers(1, 200))
def test_more_points_never_lower_the_chance(a: int, b: int, target: int, more: int) -> None:
    assert match_equity(a + more, b, target) >= match_equity(a, b, target)
    assert match_equity(a, b + more, target) <= match_equity(a, b, target)


def test_reaching_the_target_ahead_wins_and_level_goes_on() -> None:
    assert match_equity(510, 480, 500) == 1.0
    assert match_equity(480, 510, 500) == 0.0
    assert match_equity(520, 520, 500) == 0.5


def test_a_point_at_the_start_is_worth_a_point() -> None:
    slope = (match_equity(1, 0, 500) - match_equity(-1, 0, 500)) / 2 * EQUITY_SCALE
    assert 0.95 < slope < 1.05


def _stakes(ours: int, theirs: int, bags: tuple[int, int] = (0, 0)) -> Stakes:
    return Stakes(team=0, bags=bags, totals=(ours, theirs), target=500, partner_rule=False)


# Bids and tricks by seat S, W, N, E: we are NS (team 0) and bid 5, they bid 8.
BIDS = [2, 4, 3, 4]
SET = (BIDS, [3, 4, 3, 3])  # we take 6 (+51), they take 7: set (-80)
MADE = (BIDS, [2, 4, 3, 4])  # we take 5 (+50), they take 8 (+80)


def test_a_set_that_stops_the_opponents_winning_is_worth_far_more_than_its_points() -> None:
    # They are at 460: made, their 8 takes them past 500 and the match is theirs; set,
    # they drop to 380 and we play on. Early in a match the same set is worth its points.
    early = _stakes(0, 0).utility(*SET) - _stakes(0, 0).utility(*MADE)
    late = _stakes(300, 460).utility(*SET) - _stakes(300, 460).utility(*MADE)
    assert 150 <= early <= 165  # 161 points between the two outcomes, less a bag's cost
    assert late > 1.5 * early


def test_bags_cost_nothing_once_the_match_is_decided() -> None:
    # We are at 470 and bid 6: made exactly wins; so does made with 2 bags.
    exact = ([3, 4, 3, 4], [3, 4, 3, 3])
    bags = ([3, 4, 3, 4], [5, 3, 3, 2])
    late = _stakes(470, 200)
    assert late.utility(*exact) == late.utility(*bags) == EQUITY_SCALE
    # Early on, the two bags cost their future: more than the 2 points they score now.
    assert _stakes(0, 0).utility(*exact) - _stakes(0, 0).utility(*bags) > 1.5


def test_far_ahead_a_bag_is_no_dearer_against_a_set_than_at_the_start() -> None:
    # We bid 6 (S 3, N 3), they bid 2: made exactly, made with three bags, or set by one.
    # Far ahead, points are worth little and so are the bags that cost points later:
    # weighed flat beside the equity, three bags cost a quarter of a set there, and Hard
    # ducked its contracts away to keep bags off a winning score.
    bids = [3, 1, 3, 1]
    exact = (bids, [3, 4, 3, 3])
    bags = (bids, [5, 2, 4, 2])
    short = (bids, [3, 4, 2, 4])

    def bags_against_set(ours: int, theirs: int) -> float:
        s = _stakes(ours, theirs)
        return (s.utility(*exact) - s.utility(*bags)) / (s.utility(*exact) - s.utility(*short))

    assert 0.02 < bags_against_set(0, 0) < 0.3
    assert bags_against_set(420, 200) <= bags_against_set(0, 0)
