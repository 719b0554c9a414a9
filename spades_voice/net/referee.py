"""Applying a decision to a match and saying what happened, for every seat at once.

``LocalTable._apply`` in table.py produces the same events for its one seat; the server
needs them for four seats and must not speak of ``TurnToAct`` to anyone but the seat
whose turn it is, so the public part lives here and the turn is added per seat.
"""

from __future__ import annotations

from spades_voice.rules import Bid, Decision, MatchState, Phase, Seat, Suit
from spades_voice.table import (
    BidPlaced,
    CardPlayed,
    Event,
    HandDealt,
    HandScored,
    MatchWon,
    SpadesBroken,
    TrickWon,
    TurnToAct,
)


def apply_decision(state: MatchState, decision: Decision, seat: Seat) -> list[Event]:
    """Apply ``seat``'s decision; the public events it caused, oldest first.

    Raises ``IllegalAction`` (with the spoken reason) and leaves ``state`` unchanged when
    the decision is not allowed, including when it is not ``seat``'s turn.
    """
    hand = state.hand
    if hand is None or state.over:
        state.apply(decision, seat)  # raises with the reason
        return []  # pragma: no cover - apply always raises here
    number = state.hand_number
    broken = hand.spades_broken
    trick_no = hand.tricks_played + 1
    position = len(hand.current_trick.cards) + 1
    state.apply(decision, seat)
    events: list[Event] = []
    if isinstance(decision, Bid):
        events.append(BidPlaced(seat, decision))
    else:
        events.append(CardPlayed(seat, decision, trick_no, position))
        if not broken and decision.suit is Suit.SPADES:
            events.append(SpadesBroken(seat, decision))
        if position == 4:
            finished = hand.tricks[trick_no - 1]
            won_by = finished.winner
            assert won_by is not None
            events.append(TrickWon(won_by, finished, trick_no))
    if state.hand_number != number or state.over:
        events.append(HandScored(state.outcomes[-1]))
        if state.winner is not None:
            events.append(MatchWon(state.winner, dict(state.totals)))
        elif state.hand is not None:
            events.append(HandDealt(state.hand_number, state.hand.dealer))
    return events


def turn_event(state: MatchState, seat: Seat) -> TurnToAct | None:
    """``TurnToAct`` for ``seat`` when it is that seat's turn, else None."""
    hand = state.hand
    if hand is None or state.over or hand.to_act is not seat:
        return None
    led = hand.current_trick.led_suit if hand.phase is Phase.PLAYING else None
    return TurnToAct(seat, hand.phase, led)
