"""Playouts: a hand finished with every seat playing the policy, the work Hard's
judgement is made of."""

from __future__ import annotations

from spades_voice.ai.fastplay.policy import choose
from spades_voice.rules.kernel import BEATERS, SUIT_MASKS, legal_mask, trick_winner


def playout(
    held: list[int],
    trick: list[int],
    leader: int,
    won: list[int],
    broken: bool,
    spades_any_time: bool,
    bids: list[int],
    voids: list[int],
    partner_rule: bool,
    calm: int = -1,
) -> list[int]:
    """Finish a hand with every seat playing the policy; returns tricks per seat.

    The arguments are the position (``held`` one mask per seat, the ``trick`` so far led by
    ``leader``, ``broken`` and the ruleset's ``spades_any_time`` for the lead); lists passed
    in are not changed. The ``calm`` team (0 NS, 1 EW; -1 none)
    ducks once its contract is made, where the policy fights on for a set: Hard, in a match,
    imagines its own side playing as it really does, keeping bags off.

    Long because this is the computers' hot loop, kept flat for speed: each card is placed
    and the trick resolved inline. Moving that into a helper (one more call per card) was
    measured at about 5% fewer playouts per second, the figure ``bench/bench_rules.py``
    prints, and Hard's strength is its playouts per second.
    """
    held = held[:]
    won = won[:]
    voids = voids[:]
    trick = trick[:]
    outstanding = held[0] | held[1] | held[2] | held[3]
    if trick:
        led = SUIT_MASKS[trick[0] // 13]
        win_i, win_seat = trick_winner(trick, leader)
    else:
        led = 0  # no suit led yet: ``legal_mask`` applies the leading rule
        win_i = -1
        win_seat = -1
    actor = (leader + len(trick)) & 3
    while outstanding:
        h = held[actor]
        n = len(trick)
        legal = legal_mask(h, led, broken, spades_any_time)
        if legal & (legal - 1) == 0:
            idx = legal.bit_length() - 1  # the only legal card
        else:
            idx = choose(
                actor,
                h,
                legal,
                outstanding ^ h,
                trick,
                win_i,
                win_seat,
                won,
                bids,
                voids,
                partner_rule,
                (actor & 1) != calm,
            )
        bit = 1 << idx
        held[actor] = h ^ bit
        outstanding ^= bit
        if idx < 13:
            broken = True
        if n == 0:
            led = SUIT_MASKS[idx // 13]
            win_i = idx
            win_seat = actor
            leader = actor
        else:
            if not led & bit:
                voids[actor] |= 1 << (trick[0] // 13)
            if BEATERS[win_i] & bit:
                win_i = idx
                win_seat = actor
        trick.append(idx)
        if n == 3:
            won[win_seat] += 1
            actor = win_seat
            trick = []
            led = 0
        else:
            actor = (actor + 1) & 3
    return won
