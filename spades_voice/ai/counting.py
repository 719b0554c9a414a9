"""Reading a hand of thirteen: how many tricks it should take, how safe a nil it is.

Medium bids from ``count_tricks``; Hard uses it to guess the bids of seats still to bid in
a sampled deal and, with ``nil_danger``, to weigh sampled deals by how well they fit the
bids already made. ``count_tricks`` also keeps its reasons, so a hint can say why.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from spades_voice.rules import Card
from spades_voice.rules.bids import NIL_CODE
from spades_voice.rules.cards import mask_of
from spades_voice.rules.kernel import SUIT_MASKS

# Rank positions within a suit chunk: bit 12 is the ace, 11 the king, 10 the queen ...
_A, _K, _Q, _J, _T = 12, 11, 10, 9, 8


@dataclass(frozen=True, slots=True)
class Reason:
    """One source of tricks: ``kind`` is "ace", "king", "queen", "jack", "length",
    "void" or "singleton"; ``suit`` the suit index; ``count`` how many (for length)."""

    kind: str
    suit: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class Count:
    tricks: float
    reasons: tuple[Reason, ...]

    @property
    def bid(self) -> int:
        return max(1, min(13, math.floor(self.tricks + 0.35)))


def count_tricks(hand: int) -> Count:
    """Sure and likely winners: aces, protected kings, spade honours and length, ruffs."""
    total = 0.0
    reasons: list[Reason] = []
    spades = hand & SUIT_MASKS[0]
    ns = spades.bit_count()
    # Spades from the top: honours by rank and cover, then every spade past the third.
    small_spades = 0
    i = 0
    m = spades
    while m:
        r = m.bit_length() - 1
        m ^= 1 << r
        if i >= 3:
            total += 1.0
            if i == 3:
                reasons.append(Reason("length", 0, ns))
        elif r == _A:
            total += 1.0
            reasons.append(Reason("ace", 0))
        elif r == _K and ns >= 2:
            total += 1.0 if hand >> _A & 1 or ns >= 3 else 0.75
            reasons.append(Reason("king", 0))
        elif r == _Q and ns >= 3:
            total += 0.9 if i <= 2 else 0.5
            reasons.append(Reason("queen", 0))
        elif r == _J and ns >= 4:
            total += 0.5
        else:
            small_spades += 1
        i += 1
    for su in (1, 2, 3):
        chunk = hand >> (13 * su) & 0x1FFF
        n = chunk.bit_count()
        if n == 0:
            if ns >= 2:
                gain = min(1.0, 0.5 * max(0, ns - 1))
                total += gain
                reasons.append(Reason("void", su))
            continue
        if n == 1 and ns >= 3:
            total += 0.5
            reasons.append(Reason("singleton", su))
        if chunk >> _A & 1:
            total += 1.0 if n <= 5 else 0.7
            reasons.append(Reason("ace", su))
        if chunk >> _K & 1 and n >= 2:
            total += (0.9 if chunk >> _A & 1 else 0.7) if n <= 5 else 0.4
            reasons.append(Reason("king", su))
        if chunk >> _Q & 1 and 3 <= n <= 5 and chunk & (0b11 << _K):
            total += 0.4
    return Count(total, tuple(reasons))


def nil_danger(hand: int) -> float:
    """How likely a hand is to be forced to take a trick: 0 is a safe nil."""
    spades = hand & SUIT_MASKS[0]
    d = _SPADE_DANGER.get(spades)
    if d is None:
        d = _SPADE_DANGER[spades] = _spade_danger(spades)
    for su in (1, 2, 3):
        chunk = hand >> (13 * su) & 0x1FFF
        if chunk:
            v = _SIDE_DANGER.get(chunk)
            if v is None:
                v = _SIDE_DANGER[chunk] = _side_danger(chunk)
            d += v
    return d


# Sampling weighs thousands of imagined hands per decision; both measures add up suit by
# suit, so each suit's share is worked out once and kept.
_SPADE_DANGER: dict[int, float] = {}
_SIDE_DANGER: dict[int, float] = {}
_SPADE_TRICKS: dict[int, float] = {}
_SIDE_TRICKS: dict[tuple[int, int], float] = {}


def _spade_danger(spades: int) -> float:
    d = 0.0
    ns = spades.bit_count()
    for r, v in ((_A, 3.0), (_K, 1.6), (_Q, 1.0), (_J, 0.6), (_T, 0.35), (7, 0.15)):
        if spades >> r & 1:
            d += v
    if ns > 3:
        d += 0.5 * (ns - 3)
    return d


def _side_danger(chunk: int) -> float:
    d = 0.0
    n = chunk.bit_count()
    lows = (chunk & 0b11111).bit_count()  # 2..6
    if chunk >> _A & 1:
        d += 1.2 if n <= 3 else 0.8
    if chunk >> _K & 1:
        d += 0.7 if n <= 3 else 0.4
    if chunk >> _Q & 1:
        d += 0.3 if n <= 3 else 0.15
    # High cards with nothing low beneath them to duck with.
    if chunk & (0x1FFF << 6) and lows == 0:
        d += 0.4
    return d


def estimate_tricks(hand: int) -> float:
    """``count_tricks(hand).tricks`` without the reasons, quickly.

    The count adds up suit by suit, and a side suit's share depends only on its cards and
    on how many spades stand beside it (up to 3), so each share is counted once and kept.
    """
    spades = hand & SUIT_MASKS[0]
    ns = min(3, spades.bit_count())
    t = _SPADE_TRICKS.get(spades)
    if t is None:
        # Alone, the spades count three empty side suits; take those out.
        t = _SPADE_TRICKS[spades] = count_tricks(spades).tricks - 3 * _VOID_GAIN[ns]
    for su in (1, 2, 3):
        key = (hand >> (13 * su) & 0x1FFF, ns)
        v = _SIDE_TRICKS.get(key)
        if v is None:
            low = (1 << ns) - 1
            v = _SIDE_TRICKS[key] = (
                count_tricks(low | key[0] << 13).tricks - count_tricks(low).tricks + _VOID_GAIN[ns]
            )
        t += v
    return t


#: What an empty side suit adds beside this many spades (0, 1, 2, 3 or more).
_VOID_GAIN = (0.0, 0.0, 0.5, 1.0)


def medium_bid(hand: int, partner_bid: int | None) -> int:
    """Medium's bid: the count of winners, or nil for a safe hand when partner has not bid
    nil or blind nil (``None``: the partner has not bid yet)."""
    t = estimate_tricks(hand)
    if (partner_bid is None or partner_bid > 0) and t < 2.0 and nil_danger(hand) < 1.2:
        return NIL_CODE
    return max(1, min(13, math.floor(t + 0.35)))


def bid_likelihood(hand: int, bid: int, lean: float = 0.0) -> float:
    """How well a whole dealt hand fits a bid (relative weight, at most 1), from a seat
    that tends to take ``lean`` tricks more than it bids (``knowledge.leans_of``)."""
    if bid <= 0:
        d = nil_danger(hand)
        return math.exp(-1.2 * d)
    diff = estimate_tricks(hand) - bid - lean
    return math.exp(-diff * diff / 4.5)


def sure_tricks(cards: Iterable[Card]) -> int:
    """The tricks a hand can count on, 1 to 13: where the bid list starts, so the first
    value the player hears is a sensible bid, never nil by accident."""
    return max(1, min(13, math.floor(count_tricks(mask_of(cards)).tricks)))
