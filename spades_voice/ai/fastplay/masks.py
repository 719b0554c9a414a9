"""Card masks the policy and Hard read: the cards of a suit above or below a card, and the
lowest or highest card of a holding, each in one look."""

from __future__ import annotations

from spades_voice.rules.kernel import BEATERS, SUIT_MASKS


def _above(idx: int) -> int:
    return SUIT_MASKS[idx // 13] & ~((2 << idx) - 1)


def _below(idx: int) -> int:
    return SUIT_MASKS[idx // 13] & ((1 << idx) - 1)


#: Cards of the same suit above / below each card index.
ABOVE: tuple[int, ...] = tuple(_above(i) for i in range(52))
BELOW: tuple[int, ...] = tuple(_below(i) for i in range(52))


def beaters(mask: int, win: int) -> int:
    """The cards of ``mask`` that beat ``win``, the card winning the trick so far."""
    return mask & BEATERS[win]


def low(mask: int) -> int:
    """The lowest-ranked card of a non-empty mask: hearts, diamonds, clubs, then spades on
    equal rank. (The suits' ranks are or-ed together: one look finds the lowest rank.)"""
    c1 = mask >> 13 & 0x1FFF
    c2 = mask >> 26 & 0x1FFF
    c3 = mask >> 39
    ranks = (mask & 0x1FFF) | c1 | c2 | c3
    r = (ranks & -ranks).bit_length() - 1
    if c1 >> r & 1:
        return 13 + r
    if c2 >> r & 1:
        return 26 + r
    if c3 >> r & 1:
        return 39 + r
    return r


def high(mask: int) -> int:
    """The highest-ranked card of a non-empty mask: spades, hearts, diamonds, then clubs
    on equal rank."""
    c0 = mask & 0x1FFF
    c1 = mask >> 13 & 0x1FFF
    c2 = mask >> 26 & 0x1FFF
    r = (c0 | c1 | c2 | mask >> 39).bit_length() - 1
    if c0 >> r & 1:
        return r
    if c1 >> r & 1:
        return 13 + r
    if c2 >> r & 1:
        return 26 + r
    return 39 + r


def lowest_index(mask: int) -> int:
    return (mask & -mask).bit_length() - 1
