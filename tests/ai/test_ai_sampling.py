"""Imagined deals respect what a seat has seen; the quick trick count equals the full one."""

from __future__ import annotations

import random

from spades_voice.ai import Level, make_player
from spades_voice.ai.counting import count_tricks, estimate_tricks
from spades_voice.ai.knowledge import known_of
from spades_voice.ai.sampling import draw_deals
from spades_voice.rules import Match, MatchState, Ruleset, view_of
from spades_voice.rules.kernel import SUIT_MASKS


def test_estimate_tricks_equals_count_tricks() -> None:
    rng = random.Random(8)
    for _ in range(3000):
        hand = sum(1 << c for c in rng.sample(range(52), rng.choice((13, 13, 9, 5, 1))))
        assert abs(estimate_tricks(hand) - count_tricks(hand).tricks) < 1e-9, hand


def test_drawn_deals_respect_counts_voids_and_seen_cards() -> None:
    checked_voids = 0
    for seed in range(12):
        state = MatchState(Match(Ruleset(target=None), seed=seed))
        medium = make_player(Level.MEDIUM, random.Random(seed))
        rng = random.Random(seed)
        while not state.outcomes:
            seat = state.to_act
            assert seat is not None
            view = view_of(state, seat)
            k = known_of(view)
            for held in draw_deals(k, rng, 5):
                assert held[k.me] == k.hand
                assert held[0] | held[1] | held[2] | held[3] == k.hand | k.unseen
                for s in range(4):
                    assert held[s].bit_count() == k.counts[s]
                    for su in range(4):
                        if k.voids[s] >> su & 1:
                            checked_voids += 1
                            assert not held[s] & SUIT_MASKS[su]
            state.apply(medium.decide(view))
    assert checked_voids > 100
