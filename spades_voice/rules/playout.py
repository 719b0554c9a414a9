"""Fast random playouts on raw bitmasks, for the computer players' sampling.

A playout finishes a hand from any position with each seat playing a random legal card,
and returns the tricks each seat took. It reads ``HandState``'s fields once, then works
on plain ints and lists: no Card objects, no validation, no history kept.
"""

from __future__ import annotations

import random

from spades_voice.rules.cards import SPADE_MASK
from spades_voice.rules.hand import HandState, Phase

_SUIT_MASKS = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def random_playout(
    state: HandState, rng: random.Random, held: list[int] | None = None
) -> list[int]:
    """Tricks per seat index (S, W, N, E) at the end of a random finish of ``state``.

    ``held`` replaces the holdings (one bitmask per seat), so a sampled deal of the hidden
    cards can be played out from a seat's point of view. ``state`` is not changed.
    """
    won = list(state._won)
    if state._phase is not Phase.PLAYING:
        return won
    masks = list(state._held if held is None else held)
    # Each seat plays the first legal card of its own shuffled list: one shuffle per seat
    # instead of a random draw per play keeps the inner loop on ints.
    orders: list[list[int]] = []
    for m in masks:
        idx = _bits(m)
        rng.shuffle(idx)
        orders.append(idx)
    broken = state._broken
    actor = state._to_act
    trick = [c.index for c in state._trick]
    lead_seat = state._trick_leader
    for _ in range(13 - len(state._tricks)):
        if trick:
            led = _SUIT_MASKS[trick[0] // 13]
        else:
            led = 0
        while len(trick) < 4:
            h = masks[actor]
            if trick:
                legal = (h & led) or h
            elif not broken and h & ~SPADE_MASK:
                legal = h & ~SPADE_MASK
            else:
                legal = h
            order = orders[actor]
            for pos, idx in enumerate(order):
                if legal >> idx & 1:
                    break
            del order[pos]
            masks[actor] = h ^ (1 << idx)
            if not trick:
                lead_seat = actor
                led = _SUIT_MASKS[idx // 13]
            if idx < 13:
                broken = True
            trick.append(idx)
            actor = (actor + 1) & 3
        best = 0
        bi = trick[0]
        for i in (1, 2, 3):
            c = trick[i]
            if (c > bi) if c // 13 == bi // 13 else c < 13:
                best = i
                bi = c
        winner = (lead_seat + best) & 3
        won[winner] += 1
        trick = []
        actor = winner
        lead_seat = winner
    return won
