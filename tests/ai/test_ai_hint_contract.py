"""The spoken hint is the reason alone, so every reason must name its decision first."""

from __future__ import annotations

import random

from spades_voice.ai import Level, hint, make_player
from spades_voice.rules import Bid, MatchState, Ruleset, view_of


def test_every_hint_reason_starts_with_its_decision() -> None:
    for seed in range(3):
        state = MatchState(Ruleset(target=None), seed=seed)
        rng = random.Random(seed)
        players = {s: make_player(Level.MEDIUM, random.Random(f"{seed}{s}")) for s in "SWNE"}
        checked = 0
        while state.hand_number == 1 and checked < 56:
            seat = state.to_act
            assert seat is not None
            view = view_of(state, seat)
            if checked % 7 == 0:
                h = hint(view, rng, budget_ms=20)
                if isinstance(h.decision, Bid):
                    assert h.reason.startswith(f"Bid {h.decision.spoken}"), h.reason
                else:
                    assert h.reason.startswith(
                        (f"Play the {h.decision.spoken}", f"Lead the {h.decision.spoken}")
                    ), h.reason
                assert h.reason.endswith(".")
            state.apply(players[seat.value].decide(view))
            checked += 1
