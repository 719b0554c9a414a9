"""In a match Hard's card play counts a set of its own contract ``SET_COST`` points dearer
than the score does: its playouts are surer of its side's later tricks than the table is,
so a card that risks the contract weighs more than they say. Its bids and single hands are
judged on the score alone."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from conftest import judge_decision, opening_views

from spades_voice.ai import hard
from spades_voice.ai.fastplay import Stakes
from spades_voice.ai.hard import SET_COST

# Bids and tricks by seat S, W, N, E: we (NS) bid 6, they bid 5.
BIDS = [3, 2, 3, 3]
MADE = [3, 4, 3, 3]  # we take 6
SHORT = [3, 5, 2, 3]  # we take 5: set by one
NIL = [0, 2, 4, 3]  # South's nil; North's four is the contract
NIL_MADE = [0, 6, 4, 3]  # North takes its 4, South none
NIL_SHORT = [0, 6, 3, 4]  # North takes 3 of 4: set, though the nil is made
AT = Stakes(team=0, bags=(0, 0), totals=(250, 250), target=500, partner_rule=False)


def test_a_set_costs_set_cost_points_more_and_a_made_contract_nothing() -> None:
    dear = replace(AT, set_cost=SET_COST)
    assert dear.utility(BIDS, MADE) == AT.utility(BIDS, MADE)
    # Set: worth what the same set is worth SET_COST points lower in the race.
    lower = replace(AT, totals=(250 - SET_COST, 250))
    assert dear.utility(BIDS, SHORT) == pytest.approx(lower.utility(BIDS, SHORT))
    assert dear.utility(BIDS, SHORT) < AT.utility(BIDS, SHORT)
    # Beside a nil, the contract is the partner's own bid.
    assert dear.utility(NIL, NIL_MADE) == AT.utility(NIL, NIL_MADE)
    assert dear.utility(NIL, NIL_SHORT) == pytest.approx(lower.utility(NIL, NIL_SHORT))


def test_a_decided_match_and_a_single_hand_pay_no_premium() -> None:
    single = Stakes(team=0, bags=(0, 0), totals=(0, 0), target=None, partner_rule=False)
    # Our 6 set; their 5 made with 3 bags.
    assert replace(single, set_cost=SET_COST).utility(BIDS, SHORT) == -60.0 - 53.0
    # Set, but the opponents' made bid takes them past 500: lost either way.
    near = Stakes(team=0, bags=(0, 0), totals=(250, 460), target=500, partner_rule=False)
    assert replace(near, set_cost=SET_COST).utility(BIDS, SHORT) == near.utility(BIDS, SHORT)


@pytest.mark.parametrize("target", [500, None])
def test_only_hards_card_play_in_a_match_weighs_the_premium(
    monkeypatch: pytest.MonkeyPatch, target: int | None
) -> None:
    # The real utility runs; this only notes the premium each decision scored with.
    seen: set[int] = set()
    real = Stakes.utility

    def noting(self: Stakes, bids: list[int], won: list[int]) -> float:
        seen.add(self.set_cost)
        return real(self, bids, won)

    monkeypatch.setattr(Stakes, "utility", noting)
    hard_player = hard.HardPlayer(random.Random(2), budget_ms=5.0)
    for view in opening_views(target, "premium", hard_player.decide):  # four bids, a lead
        seen.clear()
        if judge_decision(view):  # a bid
            assert seen == {0}
        else:
            assert seen == ({SET_COST} if target else {0})
