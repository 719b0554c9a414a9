"""Hard weighs nil like any other bid: it bids nil whenever its playouts rate nil best, by any
amount. (A 25-point margin once stood in front of nil; the playouts already rate a nil low,
so the margin only forwent nils that paid.) Covering a partner's nil, it bids one under
the best when that costs little."""

from __future__ import annotations

import random

import pytest
from conftest import build_deal, position

from spades_voice.ai import Level, make_player
from spades_voice.ai.counting import count_tricks, medium_bid
from spades_voice.ai.fastplay import Stakes
from spades_voice.ai.hard import best_bid, judge_bid
from spades_voice.ai.knowledge import NO_BID, at_bidding
from spades_voice.rules import BLIND_NIL, NIL, Bid, Ruleset, Seat, cards, view_of
from spades_voice.rules.bids import NIL_CODE
from spades_voice.rules.cards import mask_of

S, E = 0, 3


def test_the_best_value_wins_nil_included_and_a_tie_goes_to_the_lower_bid() -> None:
    assert best_bid({NIL_CODE: 10.5, 1: 10.0, 2: -5.0}) == NIL_CODE
    assert best_bid({NIL_CODE: 9.0, 1: 10.0, 2: -5.0}) == 1
    assert best_bid({2: 7.0, 3: 7.0, 4: 1.0}) == 2
    assert best_bid({NIL_CODE: 7.0, 3: 7.0}) == NIL_CODE


def test_a_nil_rated_best_by_less_than_the_old_margin_is_bid() -> None:
    # South bids first in a single hand. No ace or king; the queen of spades and a long
    # run of clubs. The playouts rate nil about 12 points above a bid of one.
    hand = mask_of(cards("4S QS 3H 9H 4D 6D 3C 5C 7C 8C 9C JC QC"))
    stakes = Stakes(team=0, bags=(0, 0), totals=(0, 0), target=None, partner_rule=False)
    known = at_bidding(S, hand, (NO_BID, NO_BID, NO_BID, NO_BID), E, stakes)
    j = judge_bid(known, random.Random(1), safety_net=False)
    lead = j.values[NIL_CODE] - max(v for b, v in j.values.items() if b != NIL_CODE)
    assert 0 < lead < 25
    assert j.choice == NIL_CODE


def test_a_covering_partner_bids_one_under_the_best_when_it_costs_little() -> None:
    values = {2: 30.0, 3: 38.0, 4: 20.0}
    assert best_bid(values) == 3
    assert best_bid(values, covering=True) == 2  # 8 points under: within the slack
    assert best_bid({2: 20.0, 3: 38.0}, covering=True) == 3  # 18 under: too dear
    assert best_bid({1: 35.0, NIL_CODE: 0.0}, covering=True) == 1  # never down to nil
    assert best_bid({NIL_CODE: 50.0, 1: 45.0}, covering=True) == NIL_CODE


def test_covering_a_nil_weighs_a_bid_two_under_the_count() -> None:
    # North (South's partner) bid nil; South counts four tricks, so two is weighed too.
    hand = mask_of(cards("AS KS 5S AH KH 7H 4D 6D 9D 2C 5C 8C TC"))
    assert count_tricks(hand).bid == 4
    stakes = Stakes(team=0, bags=(0, 0), totals=(0, 0), target=500, partner_rule=False)
    known = at_bidding(S, hand, (NO_BID, NO_BID, NIL_CODE, 3), 1, stakes)
    j = judge_bid(known, random.Random(2), safety_net=False)
    assert set(j.values) == {2, 3, 4, 5}
    # Four rates best here, three a couple of points under it: three is the bid.
    assert max(j.values, key=lambda b: j.values[b]) == 4
    assert j.choice == 3


# ---- never nil over a partner's nil or blind nil (issue 50) -------------------------

#: A hand fit for nil: every computer would bid it, were its partner not nil already.
NIL_FIT = "2S 3S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C"


@pytest.mark.parametrize("level", [Level.MEDIUM, Level.HARD])
@pytest.mark.parametrize("partner_bid", [BLIND_NIL, NIL])
def test_no_computer_bids_nil_over_its_partners_nil(level: Level, partner_bid: Bid) -> None:
    """Was: Medium bid nil after its partner's blind nil (10 of 49 such bids over the
    issue's hands): a blind nil is another code than nil, and only nil was ruled out."""
    deal = build_deal({Seat.S: NIL_FIT})
    # West deals: North bids first, then East, then South.
    state = position(deal, Seat.W, [partner_bid, 3], Ruleset(target=None, blind_nil=True))
    view = view_of(state, Seat.S)
    assert view.legal_bids
    player = make_player(level, random.Random(4), budget_ms=60.0)
    bid = player.decide(view)
    assert isinstance(bid, Bid) and bid.tricks >= 1, bid


def test_a_nil_fit_hand_bids_nil_when_its_partner_did_not() -> None:
    """The test above is about the partner's nil: the same hand bids nil beside a 3."""
    deal = build_deal({Seat.S: NIL_FIT})
    state = position(deal, Seat.W, [3, 3], Ruleset(target=None, blind_nil=True))
    bid = make_player(Level.MEDIUM, random.Random(4)).decide(view_of(state, Seat.S))
    assert bid == NIL
    assert medium_bid(mask_of(cards(NIL_FIT)), BLIND_NIL.code) >= 1
