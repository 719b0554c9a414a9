"""The kernel's step (``Position.play``) against the model's (``HandState.play``).

``HandState.play`` keeps its own incremental step for speed (docs/hard.md), so every card
of random hands is played both ways: after each, the two must agree on the seat to act, the
trick and who is winning or took it, tricks taken and whether spades are broken.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_voice.rules import SEATS, Bid, Deal, HandState, Ruleset
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
@given(st.integers(0, 2**32), st.booleans())
def test_kernel_step_plays_the_hand_the_model_plays(seed: int, shy: bool) -> None:
    """A whole hand card by card, each card chosen at random (``shy``: no spade while
    another card is legal, so late positions with spades unbroken come up too)."""
    rng = random.Random(seed)
    h = HandState(Ruleset(), SEATS[seed % 4], Deal.random(rng))
    for _ in range(4):
        h.place_bid(Bid(3))
    p = _position(h)
    while h.to_act is not None:
        _agree(h, p)
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


def test_kernel_step_refuses_a_card_not_held() -> None:
    h = HandState(Ruleset(), SEATS[0], Deal.random(random.Random(1)))
    p = _position(h)
    missing = (~p.hands[p.to_act] & ((1 << 52) - 1)).bit_length() - 1
    with pytest.raises(ValueError):
        p.play(missing)
