"""Helpers for the computer-player tests: building positions and playing hands."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping

import pytest

from spades_voice.ai.hard import judge_bid, judge_card
from spades_voice.ai.knowledge import known_of
from spades_voice.rules import (
    CARDS,
    Bid,
    Card,
    Deal,
    DealtHand,
    Decision,
    Match,
    MatchState,
    Ruleset,
    Seat,
    SeatView,
    cards,
    view_of,
)

SEAT_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)


def build_deal(given: Mapping[Seat, str], barred: Mapping[Seat, str] | None = None) -> Deal:
    """A deal with ``given`` cards placed, the rest dealt round-robin to seats with room,
    never a suit a seat is ``barred`` from (suit letters)."""
    barred = barred or {}
    hands: dict[Seat, list[Card]] = {s: list(cards(given.get(s, ""))) for s in SEAT_ORDER}
    used = {c for h in hands.values() for c in h}
    # Suits some seat is barred from go first, each card to the allowed seat with most room.
    rest = [c for c in CARDS if c not in used]
    rest.sort(key=lambda c: -sum(c.suit.value in barred.get(s, "") for s in SEAT_ORDER))
    for c in rest:
        allowed = [
            s for s in SEAT_ORDER if len(hands[s]) < 13 and c.suit.value not in barred.get(s, "")
        ]
        if not allowed:  # pragma: no cover - a badly built position
            raise ValueError(f"No room for {c.code}")
        seat = max(allowed, key=lambda s: 13 - len(hands[s]))
        hands[seat].append(c)
    return Deal.from_hands(hands)


def position(
    deal: Deal,
    dealer: Seat,
    decisions: Iterable[Decision | str | int],
    ruleset: Ruleset | None = None,
) -> MatchState:
    """A single-hand match on ``deal`` after ``decisions`` (bids as ints or "nil", cards as
    codes)."""
    state = MatchState(Match(ruleset or Ruleset(target=None), deals=(DealtHand(dealer, deal),)))
    for d in decisions:
        if isinstance(d, int | str) and not isinstance(d, Card | Bid):
            if isinstance(d, int) or d == "nil":
                state.apply(Bid.from_json(d))
            else:
                state.apply(Card.from_code(d))
        else:
            state.apply(d)
    return state


def play_hand(
    state: MatchState, decide: Callable[[SeatView], Decision], limit: int = 17
) -> list[SeatView]:
    """Play the current hand to its end with ``decide``; returns every view handed out."""
    views: list[SeatView] = []
    number = state.hand_number
    while state.hand is not None and state.winner is None and state.hand_number == number:
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        views.append(view)
        state.apply(decide(view), seat)
    return views


def opening_views(
    target: int | None, seed: str, decide: Callable[[SeatView], Decision], count: int = 5
) -> Iterator[SeatView]:
    """The views of a new match's first ``count`` decisions (by default the four bids, then
    the first lead), each played by ``decide`` once the caller is done with it."""
    state = MatchState(Match(Ruleset(target=target), seed=seed))
    for _ in range(count):
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        yield view
        state.apply(decide(view), seat)


def judge_decision(view: SeatView) -> bool:
    """Judge ``view``'s decision with Hard's real ``judge_bid`` or ``judge_card`` on a small
    budget (for tests that watch what the judging weighs); True when it was a bid."""
    known = known_of(view)
    if view.legal_bids:
        judge_bid(known, random.Random(1), budget_ms=20.0)
        return True
    legal = sum(1 << c.index for c in view.legal_cards)
    judge_card(known, legal, random.Random(3), budget_ms=20.0)
    return False


@pytest.fixture
def rng() -> random.Random:
    return random.Random(1234)
