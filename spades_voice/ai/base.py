"""What every computer player offers. Players see only a ``SeatView``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from spades_voice.options import Level
from spades_voice.rules import Move, Reason, SeatView

__all__ = ["Hint", "Level", "Player"]


class Player(Protocol):
    """A computer seat. ``decide`` returns a bid while bidding, a card while playing."""

    def decide(self, view: SeatView) -> Move: ...


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested decision with one short reason a player can act on.

    ``reason`` is a value (a ``HintWhy`` kind and its facts, ``ai.hint_why``) that
    ``narration`` words as one sentence naming the decision first, then why: "Play the king
    of hearts: it takes the trick." / "Bid 3: about 3 tricks from two aces and the king of
    spades."
    """

    decision: Move
    reason: Reason
