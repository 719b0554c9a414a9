"""``MatchState.apply`` reports what happened. Checked against what the states before and
after the decision show (the way the table used to work it out), over random matches."""

from __future__ import annotations

import random

import pytest

from spades_voice.rules import (
    BLIND_NIL,
    Bid,
    Card,
    IllegalAction,
    MatchState,
    Phase,
    Ruleset,
    Seat,
    Suit,
    view_of,
)
from spades_voice.rules.events import (
    BidPlaced,
    CardPlayed,
    GameEvent,
    HandDealt,
    HandScored,
    MatchWon,
    SpadesBroken,
    TrickWon,
    TurnToAct,
)


def expected(before: MatchState, after: MatchState, decision: Bid | Card) -> list[GameEvent]:
    """The events, read off the states before and after (and a copy of the hand that
    plays the same card, for the trick it completes)."""
    hand = before.hand
    assert hand is not None and hand.to_act is not None
    seat = hand.to_act
    if isinstance(decision, Bid):
        out: list[GameEvent] = [BidPlaced(seat, decision)]
    else:
        number = hand.tricks_played + 1
        position = len(hand.current_trick.cards) + 1
        out = [CardPlayed(seat, decision, number, position)]
        if not hand.spades_broken and decision.suit is Suit.SPADES:
            out.append(SpadesBroken(seat, decision))
        if position == 4:
            probe = hand.clone()
            probe.play(decision)
            trick = probe.tricks[number - 1]
            assert trick.winner is not None
            out.append(TrickWon(trick.winner, trick, number))
    if after.hand_number != before.hand_number or after.over:
        out.append(HandScored(after.outcomes[-1]))
        if after.winner is not None:
            out.append(MatchWon(after.winner, dict(after.totals)))
        else:
            assert after.hand is not None
            out.append(HandDealt(after.hand_number, after.hand.dealer))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_apply_reports_exactly_what_the_states_show(seed: int) -> None:
    rng = random.Random(seed)
    state = MatchState(Ruleset(target=200, blind_nil=seed % 2 == 0), seed=seed)
    kinds: set[type] = set()
    while not state.over and state.hand_number < 200:
        seat = state.to_act
        assert seat is not None
        assert state.turn_of(seat) == TurnToAct(
            seat, state.hand.phase,  # type: ignore[union-attr]
            state.hand.current_trick.led_suit  # type: ignore[union-attr]
            if state.hand.phase is Phase.PLAYING else None,  # type: ignore[union-attr]
        )
        assert all(state.turn_of(other) is None for other in Seat if other is not seat)
        view = view_of(state, seat)
        choices = [b for b in view.legal_bids if 1 <= b.tricks <= 3] or list(view.legal_cards)
        decision = rng.choice(choices)
        before = state.clone()
        events = state.apply(decision)
        assert events == expected(before, state, decision)
        kinds |= {type(e) for e in events}
    assert state.over
    # A replay takes the quiet path (no events) and reaches the same state.
    assert MatchState(state.match) == state
    assert state.turn_of(Seat.S) is None and state.dealt_event() is None
    assert kinds == {BidPlaced, CardPlayed, SpadesBroken, TrickWon, HandScored, HandDealt,
                     MatchWon}


def test_a_refused_decision_reports_nothing_and_changes_nothing() -> None:
    state = MatchState(Ruleset(), seed=3)
    seat = state.to_act
    assert seat is not None
    before = state.clone()
    with pytest.raises(IllegalAction):
        state.apply(BLIND_NIL)  # blind nil is off by default
    with pytest.raises(IllegalAction):
        state.apply(Bid(3), seat.next)  # not that seat's turn
    assert state == before
    assert state.dealt_event() == HandDealt(1, state.hand.dealer)  # type: ignore[union-attr]
