"""Chance in a match: the deals and every generator drawn from the match's seed.

Each draw has its own generator, seeded from the seed and what the draw is for, so
replaying hand 5, or asking for a hint twice in one position, never depends on how many
numbers were drawn before.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from spades_voice.rules.hand import Deal
from spades_voice.rules.seats import SEATS, Seat


@dataclass(frozen=True, slots=True)
class DealtHand:
    """Who dealt a hand and what each seat was dealt."""

    dealer: Seat
    deal: Deal


def deal_for(seed: int | str, number: int) -> DealtHand:
    """The dealer and cards of hand ``number`` (0-based) of a match with ``seed``.

    Each hand draws from its own generator, so replaying hand 5 never depends on how many
    random numbers earlier hands used. The first dealer is random; then the deal moves
    clockwise.
    """
    first = SEATS[random.Random(f"spades-voice/{seed}/dealer").randrange(4)]
    cards = Deal.random(random.Random(f"spades-voice/{seed}/{number}"))
    return DealtHand(first.after(number), cards)


def seed_text(seed: int | str | None, purpose: str, *where: object) -> str:
    """The text a generator for ``purpose`` at ``where`` in a match with ``seed`` is seeded
    with: one form for every table, local or shared, so the same position draws the same
    numbers. A computer's purpose is its seat's code (``"W"``), a hint's ``"hint"``.

    >>> seed_text(7, "hint", 2, 13)
    '7/hint/2/13'
    >>> seed_text(None, "coach", 1)
    'record/coach/1'
    """
    return "/".join(str(part) for part in ("record" if seed is None else seed, purpose, *where))


def rng_for(seed: int | str | None, purpose: str, *where: object) -> random.Random:
    """A generator of its own for ``purpose`` at ``where`` (see ``seed_text``)."""
    return random.Random(seed_text(seed, purpose, *where))


__all__ = ["DealtHand", "deal_for", "rng_for", "seed_text"]
