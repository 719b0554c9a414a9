"""The computers play by the table's rules: the house rule that spades may be led at any
time reaches them through the ``SeatView`` they are given (its ruleset and legal cards),
never from anywhere else, and Hard imagines every finish under it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spades_voice.ai import Level, hard, make_player
from spades_voice.ai.fastplay import playout, solve
from spades_voice.ai.knowledge import known_of
from spades_voice.rules import Match, MatchState, Ruleset, Suit, view_of
from spades_voice.rules.kernel import Position


@pytest.mark.parametrize("house", [True, False])
def test_what_a_seat_knows_carries_the_tables_rule(house: bool) -> None:
    state = MatchState(Match(Ruleset(spades_any_time=house), seed=3))
    seat = state.to_act
    assert seat is not None
    assert known_of(view_of(state, seat)).spades_any_time is house


@pytest.mark.parametrize("house", [True, False])
def test_hard_imagines_every_finish_under_the_tables_rule(
    monkeypatch: pytest.MonkeyPatch, house: bool
) -> None:
    """Hard's bids, its cards and its exact endings (the real ones run; this notes the
    rule each was asked to play by) through a whole hand against itself."""
    rules: set[bool] = set()
    solved: set[bool] = set()

    def noting_playout(*args: Any) -> list[int]:
        rules.add(args[5])
        return playout(*args)

    def noting_solve(position: Position, *rest: Any) -> float:
        solved.add(position.spades_any_time)
        return solve(position, *rest)

    monkeypatch.setattr(hard, "playout", noting_playout)
    monkeypatch.setattr(hard, "solve", noting_solve)
    player = hard.HardPlayer(random.Random(2), budget_ms=2.0)
    state = MatchState(Match(Ruleset(target=None, spades_any_time=house), seed=5))
    while not state.outcomes:
        seat = state.to_act
        assert seat is not None
        state.apply(player.decide(view_of(state, seat)), seat)
    assert rules == {house} and solved == {house}


def _early_spade_leads(level: Level, house: bool, hands: int) -> int:
    """Leads of a spade before spades were broken, by a seat that held another suit, in
    ``hands`` single-hand matches played by ``level`` at every seat."""
    early = 0
    for seed in range(hands):
        player = make_player(level, random.Random(seed), budget_ms=2.0)
        state = MatchState(Match(Ruleset(target=None, spades_any_time=house), seed=seed))
        while not state.outcomes:
            seat = state.to_act
            assert seat is not None
            view = view_of(state, seat)
            decision = player.decide(view)
            leading = not view.legal_bids and not view.current.cards
            if leading and getattr(decision, "suit", None) is Suit.SPADES:
                others = any(c.suit is not Suit.SPADES for c in view.hand)
                early += not view.spades_broken and others
            state.apply(decision, seat)  # refused if it broke the table's rule
    return early


@pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM])
def test_the_computers_lead_spades_early_only_under_the_house_rule(level: Level) -> None:
    assert _early_spade_leads(level, False, 6) == 0
    if level is Level.EASY:  # a random legal card: a spade lead comes soon
        assert _early_spade_leads(level, True, 6) > 0
