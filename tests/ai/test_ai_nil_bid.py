"""Hard weighs nil like any other bid: it bids nil whenever its playouts rate nil best, by any
amount. (A 25-point margin once stood in front of nil; the playouts already rate a nil low,
so the margin only forwent nils that paid.)"""

from __future__ import annotations

import random

from spades_voice.ai.fastplay import Stakes
from spades_voice.ai.hard import best_bid, judge_bid
from spades_voice.ai.knowledge import NO_BID, Known
from spades_voice.rules import Card
from spades_voice.rules.bids import NIL_CODE

ALL = (1 << 52) - 1
S, E = 0, 3


def test_the_best_value_wins_nil_included_and_a_tie_goes_to_the_lower_bid() -> None:
    assert best_bid({NIL_CODE: 10.5, 1: 10.0, 2: -5.0}) == NIL_CODE
    assert best_bid({NIL_CODE: 9.0, 1: 10.0, 2: -5.0}) == 1
    assert best_bid({2: 7.0, 3: 7.0, 4: 1.0}) == 2
    assert best_bid({NIL_CODE: 7.0, 3: 7.0}) == NIL_CODE


def _hand(*names: str) -> int:
    mask = 0
    for name in names:
        mask |= Card.from_code(name).bit
    return mask


def test_a_nil_rated_best_by_less_than_the_old_margin_is_bid() -> None:
    # South bids first in a single hand. No ace or king; the queen of spades and a long
    # run of clubs. The playouts rate nil about 24 points above a bid of one.
    hand = _hand("4S", "QS", "3H", "9H", "4D", "2C", "3C", "5C", "7C", "8C", "9C", "JC", "QC")
    stakes = Stakes(team=0, bags=(0, 0), totals=(0, 0), target=None, partner_rule=False)
    known = Known(
        me=S,
        hand=hand,
        unseen=ALL & ~hand,
        counts=(13, 13, 13, 13),
        played_by=(0, 0, 0, 0),
        voids=(0, 0, 0, 0),
        trick=(),
        leader=S,
        bids=(NO_BID, NO_BID, NO_BID, NO_BID),
        won=(0, 0, 0, 0),
        broken=False,
        stakes=stakes,
        dealer=E,
        bidding=True,
    )
    j = judge_bid(known, random.Random(1), safety_net=False)
    lead = j.values[NIL_CODE] - max(v for b, v in j.values.items() if b != NIL_CODE)
    assert 0 < lead < 25
    assert j.choice == NIL_CODE
