"""The computers' fast paths agree with the model: ``fastplay.playout``, ``fastplay.solve``
and ``Stakes.utility`` against ``HandState`` and ``score_hand`` on random states.

The fast paths and the model share ``rules.kernel`` and ``rules.scoring``; what these
tests catch is the fast paths' own bookkeeping (whose turn, the led suit, voids, won
tricks, which tricks count) drifting from the model's.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spades_voice.ai.fastplay import Stakes, choose, high, low, playout, solve
from spades_voice.rules import (
    BLIND_NIL,
    CARDS,
    NIL,
    SEATS,
    Bid,
    Deal,
    FailedNilTricks,
    HandState,
    Phase,
    Ruleset,
    Team,
    score_hand,
)
from spades_voice.rules.kernel import Position


def _random_state(seed: int, cut: int) -> tuple[HandState, bool]:
    """A hand after random bids (nil and blind nil among them) and ``cut`` random plays.

    One seed in three plays no spade it can avoid, so that late positions with spades
    still unbroken (the leading rule's hard case) come up too; one in two plays with the
    house rule that spades may be led at any time.
    """
    rng = random.Random(seed)
    partner_rule = rng.random() < 0.5
    rules = Ruleset(
        target=None,
        blind_nil=True,
        failed_nil_tricks=FailedNilTricks.PARTNER if partner_rule else FailedNilTricks.BAGS,
        spades_any_time=seed % 2 == 1,
    )
    h = HandState(rules, SEATS[seed % 4], Deal.random(rng))
    for _ in range(4):
        roll = rng.random()
        h.place_bid(BLIND_NIL if roll < 0.1 else NIL if roll < 0.3 else Bid(rng.randint(1, 5)))
    shy = seed % 3 == 0
    for _ in range(cut):
        legal = h.legal_cards()
        if shy:
            legal = tuple(c for c in legal if c.index >= 13) or legal
        h.play(legal[int(rng.random() * len(legal))])
    return h, partner_rule


def _fast_args(h: HandState) -> tuple[list[int], list[int], int, list[int], list[int]]:
    held = [h.held_mask(s) for s in SEATS]
    trick = [c.index for c in h.current_trick.cards]
    won = [h.tricks_won(s) for s in SEATS]
    voids = [sum(1 << su.index for su in h.shown_out(s)) for s in SEATS]
    return held, trick, h.current_trick.leader.index, won, voids


def _codes(h: HandState) -> list[int]:
    out = []
    for s in SEATS:
        bid = h.bid_of(s)
        assert bid is not None
        out.append(bid.code)
    return out


def _policy_through_the_model(h: HandState, partner_rule: bool) -> list[int]:
    """Finish ``h`` with the policy, every card played through ``HandState.play``."""
    bids = _codes(h)
    while h.to_act is not None:
        seat = h.to_act
        mine = h.held_mask(seat)
        legal = h.legal_mask()
        held, trick, _, won, voids = _fast_args(h)
        winning = h.current_trick.winning
        win_i, win_seat = (winning[1].index, winning[0].index) if winning else (-1, -1)
        others = (held[0] | held[1] | held[2] | held[3]) ^ mine
        if legal & (legal - 1) == 0:
            idx = legal.bit_length() - 1
        else:
            idx = choose(
                seat.index, mine, legal, others, trick, win_i, win_seat, won, bids, voids,
                partner_rule,
            )
        h.play(CARDS[idx])  # raises IllegalPlay if the policy was handed a wrong mask
    return [h.tricks_won(s) for s in SEATS]


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 51))
def test_playout_plays_the_hand_the_model_plays(seed: int, cut: int) -> None:
    h, partner_rule = _random_state(seed, cut)
    held, trick, leader, won, voids = _fast_args(h)
    before = (held[:], trick[:], won[:], voids[:])
    any_time = h.ruleset.spades_any_time
    fast = playout(
        held, trick, leader, won, h.spades_broken, any_time, _codes(h), voids, partner_rule
    )
    assert (held, trick, won, voids) == before  # the caller's lists are untouched
    assert fast == _policy_through_the_model(h, partner_rule)


def _model_value(h: HandState, team: Team, bags: dict[Team, int]) -> int:
    """Minimax through the model: the team's points minus the other's, both play perfectly."""
    if h.phase is Phase.DONE:
        scores = score_hand(h.ruleset, dict(h.bids), h.tricks_by_seat, bags)
        return scores[team].points - scores[team.other].points
    seat = h.to_act
    assert seat is not None
    values = []
    for c in h.legal_cards():
        g = h.clone()
        g.play(c)
        values.append(_model_value(g, team, bags))
    return max(values) if seat.team is team else min(values)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(42, 51), st.integers(0, 9), st.integers(0, 9))
def test_solver_finds_the_models_minimax(seed: int, cut: int, bags_ns: int, bags_ew: int) -> None:
    h, partner_rule = _random_state(seed, cut)
    bags = {Team.NS: bags_ns, Team.EW: bags_ew}
    team = Team.NS if seed & 1 else Team.EW
    stakes = Stakes(
        team=0 if team is Team.NS else 1,
        bags=(bags_ns, bags_ew),
        totals=(0, 0),
        target=None,
        partner_rule=partner_rule,
    )
    held, trick, leader, won, _ = _fast_args(h)
    position = Position(
        (held[0], held[1], held[2], held[3]),
        tuple(trick),
        leader,
        (won[0], won[1], won[2], won[3]),
        h.spades_broken,
        h.ruleset.spades_any_time,
    )
    fast = solve(position, _codes(h), stakes)
    assert fast == _model_value(h, team, bags)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([-1, 0, 1, 2, 3, 4, 5, 6, 7, 13]), min_size=4, max_size=4),
    st.lists(st.integers(0, 13), min_size=4, max_size=4),
    st.integers(0, 9),
    st.integers(0, 9),
    st.booleans(),
)
def test_utility_is_the_score_difference(
    bids: list[int], won: list[int], bags_ns: int, bags_ew: int, partner_rule: bool
) -> None:
    rules = Ruleset(
        target=None,
        failed_nil_tricks=FailedNilTricks.PARTNER if partner_rule else FailedNilTricks.BAGS,
    )
    bid_of = {-1: BLIND_NIL, 0: NIL}
    table_bids = {s: bid_of.get(b) or Bid(b) for s, b in zip(SEATS, bids, strict=True)}
    tricks = dict(zip(SEATS, won, strict=True))
    bags = {Team.NS: bags_ns, Team.EW: bags_ew}
    scores = score_hand(rules, table_bids, tricks, bags)
    for team in (Team.NS, Team.EW):
        stakes = Stakes(0 if team is Team.NS else 1, (bags_ns, bags_ew), (0, 0), None, partner_rule)
        expected = scores[team].points - scores[team.other].points
        assert stakes.utility(bids, won) == expected


@settings(max_examples=500, deadline=None)
@given(st.integers(1, (1 << 52) - 1))
def test_low_and_high_pick_by_rank_then_suit(mask: int) -> None:
    """low: lowest rank, a side suit before spades on a tie; high: highest rank, spades
    first on a tie (read straight off the cards, not the bit tricks)."""
    cards = [c for c in CARDS if mask >> c.index & 1]
    side_first = {1: 0, 2: 1, 3: 2, 0: 3}
    want_low = min(cards, key=lambda c: (c.rank, side_first[c.index // 13]))
    want_high = max(cards, key=lambda c: (c.rank, -(c.index // 13)))
    assert low(mask) == want_low.index
    assert high(mask) == want_high.index


def test_a_made_side_fights_on_while_the_opponents_can_still_be_set() -> None:
    # We (seats 0 and 2) bid 3 and have 3; they bid 5 and have 1, with nine tricks left.
    # Last to play to a heart trick that seat 3 is winning with the nine, seat 0 holds the
    # king and the three. Defenders fight for the set to the end (people and search bots
    # do): the king, not the three that ducks to keep a bag off (the policy's defenders
    # used to stop while the set was three or more tricks away).
    h3, h5, h9, hk, h2 = 14, 16, 20, 24, 13
    mine = 1 << hk | 1 << h3 | 1 << 45  # and a club
    played = 1 << h5 | 1 << h2 | 1 << h9
    others = ((1 << 52) - 1) & ~mine & ~played
    card = choose(
        0,
        mine,
        1 << hk | 1 << h3,
        others,
        [h5, h2, h9],
        h9,
        3,
        [2, 1, 1, 0],
        [2, 3, 1, 2],
        [0, 0, 0, 0],
        False,
    )
    assert card == hk
