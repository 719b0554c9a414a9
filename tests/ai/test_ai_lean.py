"""A seat that takes more than it bids, hand after hand, is read as holding more than it bids:
Hard draws the hidden hands to fit the bids as that seat makes them."""

from __future__ import annotations

import dataclasses
import random

from spades_voice.ai.counting import estimate_tricks
from spades_voice.ai.knowledge import LEAN_BASE, LEAN_PRIOR, known_of, leans_of
from spades_voice.ai.sampling import sample_deals
from spades_voice.rules import (
    NIL,
    Bid,
    HandOutcome,
    Match,
    MatchState,
    Ruleset,
    Seat,
    SeatView,
    Team,
    score_team,
    view_of,
)


def _outcome(number: int, bids: dict[Seat, Bid], tricks: dict[Seat, int]) -> HandOutcome:
    scores = {t: score_team(Ruleset(), t, bids, tricks, 0) for t in Team}
    totals = {Team.NS: 0, Team.EW: 0}  # not read here
    return HandOutcome(number, Seat.E, tuple(bids.items()), tricks, scores, totals, None)


# Each hand: West bids 2 and takes 5, North bids 3 and takes 3, East 4 and 5, South nil.
BIDS = {Seat.W: Bid(2), Seat.N: Bid(3), Seat.E: Bid(4), Seat.S: NIL}
TRICKS = {Seat.W: 5, Seat.N: 3, Seat.E: 5, Seat.S: 0}


def _view(hands: int, bidding: bool = True) -> SeatView:
    state = MatchState(Match(Ruleset(), seed="lean"))
    if not bidding:
        for code in (2, 3, 4):  # West, North and East bid; South to bid
            seat = state.to_act
            assert seat is not None
            state.apply(Bid(code), seat)
    view = view_of(state, Seat.S)
    outcomes = tuple(_outcome(i + 1, BIDS, TRICKS) for i in range(hands))
    return dataclasses.replace(view, outcomes=outcomes)


def test_no_finished_hand_no_lean() -> None:
    assert leans_of(_view(0)) == (0.0, 0.0, 0.0, 0.0)


def test_lean_is_tricks_over_the_bid_beyond_the_base_averaged_with_the_prior() -> None:
    south, west, north, east = leans_of(_view(4))
    assert west == 4 * (5 - 2 - LEAN_BASE) / (4 + LEAN_PRIOR)  # 1.25
    assert north == 4 * (3 - 3 - LEAN_BASE) / (4 + LEAN_PRIOR)  # -0.25
    assert east == 4 * (5 - 4 - LEAN_BASE) / (4 + LEAN_PRIOR)  # 0.25
    assert south == 0.0  # a nil bid says nothing of how a seat counts its tricks
    assert known_of(_view(4)).lean == (south, west, north, east)


def test_a_seat_that_takes_more_than_it_bids_is_drawn_holding_more() -> None:
    view = _view(0, bidding=False)
    assert view.seat is Seat.S and view.legal_bids
    plain = known_of(view)
    leaning = dataclasses.replace(plain, lean=(0.0, 2.0, 0.0, 0.0))

    def west_strength(known: object) -> float:
        deals = sample_deals(known, random.Random(5), 600)  # type: ignore[arg-type]
        return sum(estimate_tricks(held[1]) for held in deals) / len(deals)

    # West bid 2. The bids only weigh twice as many draws as are kept, so they pull the
    # drawn hands part of the way: read as bid, West's drawn hands count about 3.6 tricks;
    # read as a seat that takes 2 more than it bids, about 4.5.
    assert west_strength(leaning) > west_strength(plain) + 0.6
