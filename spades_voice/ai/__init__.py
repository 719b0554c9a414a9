"""Computer players (Easy, Medium, Hard) and hints. Everything here reads only a SeatView."""

from __future__ import annotations

import random

from spades_voice.ai.base import Hint, Level, Player
from spades_voice.ai.easy import EasyPlayer
from spades_voice.rules import SeatView


def make_player(level: Level, rng: random.Random) -> Player:
    """A computer player of ``level`` drawing its chance from ``rng``."""
    # Medium and Hard arrive with the computer-players issue; Easy stands in until then.
    return EasyPlayer(rng)


def hint(view: SeatView, rng: random.Random) -> Hint:
    """The suggested decision for ``view.seat`` with a short reason."""
    decision = make_player(Level.HARD, rng).decide(view)
    return Hint(decision, "It is a legal choice.")


__all__ = ["Hint", "Level", "Player", "hint", "make_player"]
