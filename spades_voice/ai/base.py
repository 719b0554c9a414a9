"""What every computer player offers. Players see only a ``SeatView``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from spades_voice.options import Level
from spades_voice.rules import Move, SeatView

__all__ = ["Hint", "Level", "Player"]


class Player(Protocol):
    """A computer seat. ``decide`` returns a bid while bidding, a card while playing."""

    def decide(self, view: SeatView) -> Move: ...


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested decision with one short reason a player can act on.

    ``reason`` is a whole sentence that names the decision first, then why:
    "Play the king of hearts: the ace is gone." / "Bid 3: two aces and the king of spades."
    """

    decision: Move
    reason: str
