"""Computer players (Easy, Medium, Hard) and hints. Everything here reads only a SeatView.

The one door from the table into ``ai/`` is ``knowledge.known_of(view)``; a structural test
keeps every module here away from ``HandState``, ``MatchState`` and the deal.
"""

from __future__ import annotations

import random

from spades_voice.ai.base import Hint, Level, Player
from spades_voice.ai.counting import sure_tricks
from spades_voice.ai.easy import EasyPlayer
from spades_voice.ai.hard import DEFAULT_BUDGET_MS, REFERENCE_RATE, HardPlayer, WorkRate
from spades_voice.ai.hints import hint
from spades_voice.ai.medium import MediumPlayer


def make_player(
    level: Level,
    rng: random.Random,
    *,
    budget_ms: float = DEFAULT_BUDGET_MS,
    rate: WorkRate = REFERENCE_RATE,
) -> Player:
    """A computer player of ``level`` drawing its chance from ``rng``.

    ``budget_ms`` is Hard's time per decision and ``rate`` this machine's measured speed
    (``ai.calibrate``); the work is sized from the two, not timed, so a seed and a
    calibration give the same decisions.
    """
    if level is Level.HARD:
        return HardPlayer(rng, budget_ms, rate=rate)
    if level is Level.MEDIUM:
        return MediumPlayer(rng)
    return EasyPlayer(rng)


__all__ = [
    "DEFAULT_BUDGET_MS",
    "REFERENCE_RATE",
    "EasyPlayer",
    "HardPlayer",
    "Hint",
    "Level",
    "MediumPlayer",
    "Player",
    "WorkRate",
    "hint",
    "make_player",
    "sure_tricks",
]
