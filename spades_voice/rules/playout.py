"""Fast random playouts, for the computer players' sampling.

A playout finishes a hand from any position with each seat playing a uniformly random
legal card, and returns the tricks each seat took. It reads ``HandState``'s fields once,
then works on per-suit lists of card indexes (spades are 0..12): a follow is one
swap-remove from one list, a winner check is two integer comparisons. No Card objects,
no validation, no history unless ``trace`` asks for it (the tests replay that trace
through ``HandState.play``, which checks every card).
"""

from __future__ import annotations

import random

from spades_voice.rules.hand import HandState, Phase


def _index_table(suit: int) -> tuple[tuple[int, ...], ...]:
    base = 13 * suit
    table: list[tuple[int, ...]] = [()] * 8192
    for m in range(1, 8192):
        low = m & -m
        table[m] = (base + low.bit_length() - 1, *table[m ^ low])
    return tuple(table)


_I0, _I1, _I2, _I3 = (_index_table(s) for s in range(4))


def random_playout(
    state: HandState,
    rng: random.Random,
    held: list[int] | None = None,
    trace: list[int] | None = None,
) -> list[int]:
    """Tricks per seat index (S, W, N, E) at the end of a random finish of ``state``.

    ``held`` replaces the holdings (one bitmask per seat), so a sampled deal of the hidden
    cards can be played out from one seat's point of view. ``state`` is not changed.
    ``trace``, if given, receives the index of every card played, in order.
    """
    won = list(state._won)
    if state._phase is not Phase.PLAYING:
        return won
    masks = state._held if held is None else held
    hands = [
        [list(_I0[m & 0x1FFF]), list(_I1[m >> 13 & 0x1FFF]),
         list(_I2[m >> 26 & 0x1FFF]), list(_I3[m >> 39 & 0x1FFF])]
        for m in masks
    ]
    counts = [m.bit_count() for m in masks]
    rnd = rng.random
    broken = state._broken
    actor = state._to_act
    pos = len(state._trick)
    led = best = best_seat = 0
    if pos:
        led = state._trick[0].index // 13
        best = state._win_idx
        best_seat = state._win_seat
    for _ in range(13 - len(state._tricks)):
        while pos < 4:
            hs = hands[actor]
            if pos:
                lst = hs[led]
                if not lst:
                    # Void: any card at all, chosen across the suits by one draw.
                    k = int(rnd() * counts[actor])
                    for lst in hs:
                        if k < len(lst):
                            break
                        k -= len(lst)
                else:
                    k = int(rnd() * len(lst))
            else:
                c = counts[actor]
                spades = len(hs[0])
                if broken or c == spades:
                    k = int(rnd() * c)
                    first = 0
                else:
                    k = int(rnd() * (c - spades))
                    first = 1
                for s in range(first, 4):
                    lst = hs[s]
                    if k < len(lst):
                        break
                    k -= len(lst)
            idx = lst[k]
            lst[k] = lst[-1]
            lst.pop()
            counts[actor] -= 1
            if trace is not None:
                trace.append(idx)
            if pos == 0:
                led = idx // 13
                best = idx
                best_seat = actor
            elif (idx > best) if idx // 13 == best // 13 else idx < 13:
                best = idx
                best_seat = actor
            if idx < 13:
                broken = True
            actor = (actor + 1) & 3
            pos += 1
        won[best_seat] += 1
        actor = best_seat
        pos = 0
    return won
