"""The exact endgame: the value of a position with every seat playing perfectly (double
dummy), by alpha-beta search."""

from __future__ import annotations

from spades_voice.ai.fastplay.masks import ABOVE
from spades_voice.ai.fastplay.stakes import Stakes
from spades_voice.rules.kernel import SUIT_MASKS, Position, legal_mask, trick_winner


def solve(position: Position, bids: list[int], stakes: Stakes) -> float:
    """The value to ``stakes.team`` of ``position`` with every seat playing perfectly
    (double dummy): the team maximises its utility, the other team minimises it."""
    hands, trick, won = list(position.hands), list(position.trick), list(position.won)
    return _solve(
        hands,
        trick,
        position.leader,
        won,
        position.broken,
        position.spades_any_time,
        bids,
        stakes,
        -1e18,
        1e18,
    )


def _solve(
    held: list[int],
    trick: list[int],
    leader: int,
    won: list[int],
    broken: bool,
    any_time: bool,
    bids: list[int],
    stakes: Stakes,
    alpha: float,
    beta: float,
) -> float:
    """Long because each card is placed and taken back in place: the same search over the
    kernel's ``Position.play`` (a new frozen position per node) solved half as many
    endings a millisecond (docs/hard.md), and Hard's strength late in a hand is its solves
    per millisecond. ``tests/ai/test_ai_fastplay.py`` checks it against the model."""
    n = len(trick)
    if n == 4:
        _, w = trick_winner(trick, leader)
        won[w] += 1
        try:
            if not (held[0] | held[1] | held[2] | held[3]):
                return stakes.utility(bids, won)
            return _solve(held, [], w, won, broken, any_time, bids, stakes, alpha, beta)
        finally:
            won[w] -= 1
    actor = (leader + n) & 3
    h = held[actor]
    legal = legal_mask(h, SUIT_MASKS[trick[0] // 13] if n else 0, broken, any_time)
    maximise = (actor & 1) == stakes.team
    # Equivalent cards (adjacent in a suit once played cards are removed) need one try:
    # playing the 9 or the 10 from 10-9 is the same when no one else holds between them.
    everyone = held[0] | held[1] | held[2] | held[3]
    for c in trick:
        everyone |= 1 << c
    best = -1e18 if maximise else 1e18
    m = legal
    while m:
        b = m & -m
        idx = b.bit_length() - 1
        m ^= b
        # skip idx if the next-higher outstanding card of the suit is also ours and legal
        nxt = everyone & ABOVE[idx]
        if nxt:
            nb = nxt & -nxt
            if legal & nb:
                continue
        held[actor] = h ^ b
        trick.append(idx)
        broke = broken or idx < 13
        v = _solve(held, trick, leader, won, broke, any_time, bids, stakes, alpha, beta)
        trick.pop()
        held[actor] = h
        if maximise:
            if v > best:
                best = v
            if best > alpha:
                alpha = best
        else:
            if v < best:
                best = v
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    return best
