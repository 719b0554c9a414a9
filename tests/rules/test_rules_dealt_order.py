"""The order a shuffled deal gave each seat its cards (for keeping a hand as dealt)."""

from __future__ import annotations

import random

from spades_voice.rules import SEATS, Match, MatchState, Ruleset, view_of
from spades_voice.rules.hand import Deal


def test_each_seat_gets_its_own_cards_in_shuffle_order() -> None:
    deal = Deal.random(random.Random(4))
    for seat in SEATS:
        dealt = deal.as_dealt(seat)
        assert len(dealt) == 13 and set(dealt) == set(deal.cards(seat))
    orders = {tuple(c.index for c in deal.as_dealt(s)) for s in SEATS}
    assert any(list(o) != sorted(o) for o in orders)  # not merely sorted


def test_the_order_is_not_part_of_the_deal_and_records_have_none() -> None:
    deal = Deal.random(random.Random(4))
    again = Deal.from_hands({s: deal.cards(s) for s in SEATS})
    assert again == deal and again.as_dealt(SEATS[0]) == ()


def test_a_view_holds_its_own_dealt_order_and_views_differing_only_there_are_equal() -> None:
    state = MatchState(Match(Ruleset(target=None), seed=3))
    view = view_of(state, SEATS[0])
    assert state.hand is not None
    assert view.dealt == state.hand.deal.as_dealt(SEATS[0])
    assert set(view.dealt) == set(view.hand)
    from dataclasses import replace

    assert replace(view, dealt=()) == view
