"""The kernel's step (``Position.play``) against the model's (``HandState.play``).

``HandState.play`` keeps its own incremental step for speed (docs/hard.md), so every card
of random hands is played both ways: after each, the two must agree on the seat to act, the
trick and who is winning or took it, tricks taken and whether spades are broken. Both
values of the ruleset's switch that lets spades be led at any time are played.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_voice.rules import SEATS, Bid, Deal, HandState, Ruleset, Suit
from spades_voice.rules.kernel import Position, trick_winner


def _position(h: HandState) -> Position:
    held = tuple(h.held_mask(s) for s in SEATS)
    won = tuple(h.tricks_won(s) for s in SEATS)
    trick = h.current_trick
    return Position(
        (held[0], held[1], held[2], held[3]),
        tuple(c.index for c in trick.cards),
        trick.leader.index,
        (won[0], won[1], won[2], won[3]),
        h.spades_broken,
        h.ruleset.spades_any_time,
    )


def _agree(h: HandState, p: Position) -> None:
    assert h.to_act is not None and p.to_act == h.to_act.index
    assert p.trick == tuple(c.index for c in h.current_trick.cards)
    assert p.leader == h.current_trick.leader.index
    assert p.won == tuple(h.tricks_won(s) for s in SEATS)
    assert p.broken is h.spades_broken
    assert p.hands == tuple(h.held_mask(s) for s in SEATS)
    assert p.legal() == h.legal_mask()
    if p.trick:
        winning = h.current_trick.winning
        assert winning is not None
        assert trick_winner(p.trick, p.leader) == (winning[1].index, winning[0].index)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.booleans(), st.booleans())
def test_kernel_step_plays_the_hand_the_model_plays(seed: int, shy: bool, any_time: bool) -> None:
    """A whole hand card by card, each card chosen at random (``shy``: no spade while
    another card is legal, so late positions with spades unbroken come up too), under
    either value of ``spades_any_time``: every card is played once, in 13 tricks, and each
    card is legal under the rule in force."""
    rng = random.Random(seed)
    rules = Ruleset(spades_any_time=any_time)
    h = HandState(rules, SEATS[seed % 4], Deal.random(rng))
    for _ in range(4):
        h.place_bid(Bid(3))
    p = _position(h)
    while h.to_act is not None:
        _agree(h, p)
        _lead_rule_holds(h)
        legal = h.legal_cards()
        if shy:
            legal = tuple(c for c in legal if c.index >= 13) or legal
        card = legal[int(rng.random() * len(legal))]
        tricks_before = h.tricks_played
        h.play(card)
        p = p.play(card.index)
        if h.tricks_played > tricks_before:
            taker = h.tricks[-1].winner
            assert taker is not None and p.leader == taker.index and p.trick == ()
    assert p.won == tuple(h.tricks_won(s) for s in SEATS)
    assert p.hands == (0, 0, 0, 0) and sum(p.won) == 13
    assert sorted(c.index for c in h.plays) == list(range(52))
    assert len(h.tricks) == 13


def _lead_rule_holds(h: HandState) -> None:
    """The cards the model offers follow the rules in force, read from the hand itself: the
    led suit when held, and at a lead every card, except spades while they are unbroken,
    other suits are held and the house rule is off."""
    seat = h.to_act
    assert seat is not None
    held = set(h.held(seat))
    led = h.current_trick.led_suit
    if led is not None:
        follow = {c for c in held if c.suit is led}
        assert set(h.legal_cards()) == (follow or held)
        return
    others = {c for c in held if c.suit is not Suit.SPADES}
    closed = not h.spades_broken and not h.ruleset.spades_any_time and others
    assert set(h.legal_cards()) == (others if closed else held)


def test_kernel_step_refuses_a_card_not_held() -> None:
    h = HandState(Ruleset(), SEATS[0], Deal.random(random.Random(1)))
    p = _position(h)
    missing = (~p.hands[p.to_act] & ((1 << 52) - 1)).bit_length() - 1
    with pytest.raises(ValueError):
        p.play(missing)
