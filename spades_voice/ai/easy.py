"""Easy: counts high cards naively to bid and plays a random legal card."""

from __future__ import annotations

import random

from spades_voice.rules import Bid, Card, Move, Rank, SeatView, Suit


def naive_bid(hand: tuple[Card, ...]) -> Bid:
    """Aces and kings, plus a trick for every spade past the third: at least 1."""
    honours = sum(1 for c in hand if c.rank >= Rank.KING)
    long_spades = max(0, sum(1 for c in hand if c.suit is Suit.SPADES) - 3)
    return Bid(max(1, min(13, honours + long_spades)))


class EasyPlayer:
    """Beginner strength: fair, but makes no plan."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def decide(self, view: SeatView) -> Move:
        if view.legal_bids:
            return naive_bid(view.hand)
        return self._rng.choice(view.legal_cards)
