from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spades_voice.rules import CARDS, SEATS, Bid, Deal, HandState, Ruleset
from spades_voice.rules.playout import random_playout


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 52))
def test_playout_is_legal_and_counts_tricks(seed: int, cut: int) -> None:
    """Every card a playout chooses is accepted by HandState.play, and the tricks agree."""
    rng = random.Random(seed)
    h = HandState(Ruleset(), SEATS[seed % 4], Deal.random(rng))
    for _ in range(4):
        h.place_bid(Bid(3))
    for _ in range(cut):
        legal = h.legal_cards()
        h.play(legal[int(rng.random() * len(legal))])
    before = h.clone()
    trace: list[int] = []
    won = random_playout(h, rng, trace=trace)
    assert h == before  # the state is untouched
    assert len(trace) == 52 - cut
    for idx in trace:
        h.play(CARDS[idx])  # raises IllegalPlay on any illegal choice
    assert won == [h.tricks_won(s) for s in SEATS]


def test_every_legal_card_gets_chosen() -> None:
    """The first choice is spread over every legal card (a uniform random policy)."""
    rng = random.Random(7)
    h = HandState(Ruleset(), SEATS[0], Deal.random(rng))
    for _ in range(4):
        h.place_bid(Bid(3))
    legal = {c.index for c in h.legal_cards()}
    firsts: dict[int, int] = {}
    for _ in range(3000):
        trace: list[int] = []
        random_playout(h, rng, trace=trace)
        firsts[trace[0]] = firsts.get(trace[0], 0) + 1
    assert set(firsts) == legal
    expected = 3000 / len(legal)
    assert all(0.6 * expected < n < 1.4 * expected for n in firsts.values())
