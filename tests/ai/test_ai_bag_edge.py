"""At the bag edge (its side carrying ``EDGE_BAGS`` or more) Hard bids no more than its
count: its playouts, which steer the tricks worse than its card play, would bid up to
dodge a tenth bag the table mostly avoids anyway, and be set instead."""

from __future__ import annotations

import random

from spades_voice.ai.counting import count_tricks
from spades_voice.ai.fastplay import Stakes
from spades_voice.ai.hard import EDGE_BAGS, _bid_candidates, judge_bid
from spades_voice.ai.knowledge import NO_BID, Known, at_bidding
from spades_voice.rules import cards
from spades_voice.rules.bids import NIL_CODE
from spades_voice.rules.cards import mask_of

S, W = 0, 1
# A three-trick count (ace of hearts, ace of clubs, king of diamonds) with length to take
# a fourth: off the edge Hard bids four on it.
HAND = mask_of(cards("2S 6H 7H 9H TH AH 7D TD KD 7C TC JC AC"))


def _at(bags: int) -> Stakes:
    """North-South's stakes at 250 all in a match to 500, carrying ``bags``."""
    return Stakes(team=0, bags=(bags, 0), totals=(250, 250), target=500, partner_rule=False)


def _south(bags: int) -> Known:
    """South to bid after North's 1 and East's 3, West dealt, at 250 all in a match to 500,
    South's side carrying ``bags``."""
    return at_bidding(S, HAND, (NO_BID, NO_BID, 1, 3), W, _at(bags))


def test_at_the_edge_no_bid_over_the_count_is_weighed() -> None:
    est = count_tricks(HAND).bid
    assert est == 3
    # Nil is weighed too: the hand is fit for it.
    assert _bid_candidates(HAND, 1, False, None) == [NIL_CODE, 2, 3, 4]
    assert _bid_candidates(HAND, 1, False, None, edge=True) == [NIL_CODE, 2, 3]
    # The coach's own bid (the player's) is still weighed, over the count or not.
    assert _bid_candidates(HAND, 1, False, 5, edge=True) == [NIL_CODE, 2, 3, 5]


def test_hard_bids_over_its_count_off_the_edge_and_not_on_it() -> None:
    off = judge_bid(_south(EDGE_BAGS - 1), random.Random(3), safety_net=False)
    assert 4 in off.values
    assert off.choice == 4
    for bags in (EDGE_BAGS, 9):
        on = judge_bid(_south(bags), random.Random(3), safety_net=False)
        assert max(on.values) == 3
        assert on.choice == 3


# Bids and tricks by seat S, W, N, E: we (NS) bid 6, they bid 5.
BIDS = [3, 2, 3, 3]
EXACT = [3, 4, 3, 3]  # we take 6: made exactly
OVER = [4, 3, 3, 3]  # we take 7: one bag
SHORT = [3, 5, 2, 3]  # we take 5: set by one


def test_the_edge_is_priced_into_the_bags_carried_out_of_a_hand() -> None:
    # Left at 9 bags, a side plays its next hands at the edge, where Hard is set about a
    # quarter of the time. So the tenth bag, which clears the edge, costs well under half
    # what a set by one costs; with each bag at its 2 points alone it cost two thirds.
    nine = _at(9)
    tenth = nine.utility(BIDS, EXACT) - nine.utility(BIDS, OVER)
    short = nine.utility(BIDS, EXACT) - nine.utility(BIDS, SHORT)
    assert 0 < tenth < 0.45 * short
    # From 7, the bag that reaches 8 costs its edge price too, not only its 2 points.
    seven = _at(7)
    assert seven.utility(BIDS, EXACT) - seven.utility(BIDS, OVER) > 12
    # The opponents' bags are priced as before: we are EW, and NS's bag that takes them
    # from 7 to 8 is worth about its 2 points and the point it scores to us.
    ew = Stakes(team=1, bags=(7, 0), totals=(250, 250), target=500, partner_rule=False)
    assert abs(ew.utility(BIDS, OVER) - ew.utility(BIDS, EXACT)) < 5
