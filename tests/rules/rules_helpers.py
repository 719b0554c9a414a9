"""Helpers the rules tests share (a plain module: two conftest.py files cannot both be
imported as `conftest`)."""

from __future__ import annotations

import random

from spades_voice.rules import SEATS, MatchState, Ruleset, view_of


def play_random_match(
    seed: int,
    ruleset: Ruleset | None = None,
    max_hands: int = 60,
    rng_seed: int | None = None,
    look: float = 0.0,
) -> MatchState:
    """A match by random legal play with bids that are usually made (so matches end).

    With ``look``, before each decision a random seat looks at its cards with that
    chance (recorded only where blind nil is played and the seat had not looked)."""
    rng = random.Random(seed if rng_seed is None else rng_seed)
    state = MatchState(ruleset or Ruleset(target=300), seed=seed)
    while not state.over and state.hand_number <= max_hands:
        if look and rng.random() < look:
            state.reveal(rng.choice(SEATS))
        seat = state.to_act
        assert seat is not None
        v = view_of(state, seat)
        if v.legal_bids:
            state.apply(rng.choice([b for b in v.legal_bids if b.tricks <= 3]))
        else:
            state.apply(rng.choice(v.legal_cards))
    return state

