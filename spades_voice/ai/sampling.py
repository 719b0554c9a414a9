"""Guessing the hidden hands: deals consistent with everything a seat has seen.

Hard cannot see the other hands, so it imagines many. Each imagined deal gives every other
seat exactly as many cards as it still holds, never a card of a suit it has shown out of,
and never a card already played or held by the seat itself. Bids are softer evidence: a
deal is drawn more often when each seat's whole hand (cards still held plus cards already
played) fits what that seat bid, so a nil bidder is seen holding low cards; a seat that
has taken more than its bids this match is read as holding more than it bid.
"""

from __future__ import annotations

import random

from spades_voice.ai.counting import bid_likelihood
from spades_voice.ai.knowledge import NO_BID, Known
from spades_voice.rules.kernel import SUIT_MASKS

_MAX_TRIES = 40


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        b = mask & -mask
        out.append(b.bit_length() - 1)
        mask ^= b
    return out


def _one_deal(known: Known, cards: list[int], rng: random.Random) -> list[int] | None:
    """Deal ``cards`` to the other seats at random, respecting counts and shown voids."""
    me = known.me
    seats = [s for s in range(4) if s != me]
    room = [known.counts[s] if s != me else 0 for s in range(4)]
    voids = known.voids
    rng.shuffle(cards)
    # Cards that fewer seats may hold go first, so the constrained ones never run dry.
    cards.sort(key=lambda c: sum(1 for s in seats if voids[s] >> (c // 13) & 1))
    cards.reverse()
    held = [0, 0, 0, 0]
    held[me] = known.hand
    for c in cards:
        su = c // 13
        total = 0
        for s in seats:
            if room[s] and not voids[s] >> su & 1:
                total += room[s]
        if total == 0:
            return None
        pick = rng.randrange(total)
        for s in seats:
            if room[s] and not voids[s] >> su & 1:
                pick -= room[s]
                if pick < 0:
                    held[s] |= 1 << c
                    room[s] -= 1
                    break
    return held


def deal_unconstrained(known: Known, rng: random.Random) -> list[int]:
    """A deal respecting only the counts (the fallback if voids cannot all be honoured)."""
    cards = _bits(known.unseen)
    rng.shuffle(cards)
    held = [0, 0, 0, 0]
    held[known.me] = known.hand
    k = 0
    for s in range(4):
        if s == known.me:
            continue
        for c in cards[k : k + known.counts[s]]:
            held[s] |= 1 << c
        k += known.counts[s]
    return held


def random_deal(known: Known, rng: random.Random) -> list[int]:
    """One deal of the unseen cards consistent with counts and shown voids."""
    cards = _bits(known.unseen)
    for _ in range(_MAX_TRIES):
        held = _one_deal(known, cards, rng)
        if held is not None:
            return held
    return deal_unconstrained(known, rng)  # pragma: no cover - voids are always satisfiable


def _void_masks(known: Known) -> list[int]:
    out = [0, 0, 0, 0]
    for s in range(4):
        for su in range(4):
            if known.voids[s] >> su & 1:
                out[s] |= SUIT_MASKS[su]
    return out


def draw_deals(known: Known, rng: random.Random, n: int) -> list[list[int]]:
    """``n`` deals, each uniform over those consistent with counts and shown voids.

    Shuffle and split, and draw again if a seat got a suit it has shown out of: exact and
    quick while few voids are known. After a few misses, fall back to dealing card by card
    (``random_deal``), which always succeeds.
    """
    me = known.me
    seats = [s for s in range(4) if s != me]
    bits = [1 << c for c in _bits(known.unseen)]
    bars = _void_masks(known)
    cuts: list[tuple[int, int, int]] = []
    k = 0
    for s in seats:
        cuts.append((s, k, k + known.counts[s]))
        k += known.counts[s]
    barred = any(bars[s] & known.unseen for s in seats)
    out: list[list[int]] = []
    for _ in range(n):
        for _ in range(_SPLIT_TRIES if barred else 1):
            rng.shuffle(bits)
            held = [0, 0, 0, 0]
            held[me] = known.hand
            ok = True
            for s, lo, hi in cuts:
                m = sum(bits[lo:hi])  # distinct powers of two: the sum is the union
                if m & bars[s]:
                    ok = False
                    break
                held[s] = m
            if ok:
                out.append(held)
                break
        else:
            out.append(random_deal(known, rng))
    return out


#: Shuffle-and-split attempts before dealing card by card.
_SPLIT_TRIES = 6


def sample_deals(known: Known, rng: random.Random, n: int, oversample: int = 2) -> list[list[int]]:
    """``n`` deals drawn in proportion to how well they fit the bids, each read by its
    seat's ``lean`` (with replacement)."""
    bidders = [s for s in range(4) if s != known.me and known.bids[s] != NO_BID]
    pool = draw_deals(known, rng, max(n, n * oversample if bidders else n))
    if not bidders:
        return pool
    weights = []
    for held in pool:
        w = 1.0
        for s in bidders:
            w *= bid_likelihood(held[s] | known.played_by[s], known.bids[s], known.lean[s])
        weights.append(w + 1e-9)
    return rng.choices(pool, weights=weights, k=n)
