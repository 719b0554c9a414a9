"""Helpers the rules tests share (a plain module: two conftest.py files cannot both be
imported as `conftest`)."""

from __future__ import annotations

import random

from spades_voice.rules import MatchState, Ruleset, view_of


def play_random_match(
    seed: int, ruleset: Ruleset | None = None, max_hands: int = 60, rng_seed: int | None = None
) -> MatchState:
    """A match by random legal play with bids that are usually made (so matches end)."""
    rng = random.Random(seed if rng_seed is None else rng_seed)
    state = MatchState(ruleset or Ruleset(target=300), seed=seed)
    while not state.over and state.hand_number <= max_hands:
        seat = state.to_act
        assert seat is not None
        v = view_of(state, seat)
        if v.legal_bids:
            state.apply(rng.choice([b for b in v.legal_bids if b.tricks <= 3]))
        else:
            state.apply(rng.choice(v.legal_cards))
    return state

