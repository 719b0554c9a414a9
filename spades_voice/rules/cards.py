"""Suits, ranks and cards, with their text forms.

Card codes are rank (``2-9 T J Q K A``, ``10`` also accepted) then suit (``S H D C``):

>>> Card.from_code("QH")
Card.from_code('QH')
>>> Card.from_code("10s").code
'TS'

Every card also has an ``index`` 0..51 (suit-major, spades first, rank ascending) so that
a set of cards fits in one int bitmask; the fast paths use it.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from spades_voice.rules.errors import NotAValue, echo
from spades_voice.rules.kernel import SUIT_MASKS
from spades_voice.rules.reasons import Reason, Why


def _not(why: Why, value: object) -> NotAValue:
    """The error for a wrong ``value``, quoted (and cut short) as the reason's ``text``."""
    return NotAValue(Reason.of(why, text=echo(value)))


class Suit(enum.Enum):
    """The four suits; spades are always trump."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def code(self) -> str:
        return self.value

    @property
    def index(self) -> int:
        return _SUIT_INDEX[self]

    @property
    def mask(self) -> int:
        """Bitmask of the 13 card indexes of this suit."""
        return SUIT_MASKS[self.index]

    @classmethod
    def from_code(cls, text: str) -> Suit:
        try:
            return cls(text.strip().upper())
        except ValueError:
            raise _not(Why.NOT_A_SUIT, text) from None


SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


class Rank(enum.IntEnum):
    """Card ranks, 2 low to ace high; the value is the rank's strength."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def code(self) -> str:
        return _RANK_CODES[self.value - 2]

    @classmethod
    def from_code(cls, text: str) -> Rank:
        t = text.strip().upper()
        if t == "10":
            return cls.TEN
        if len(t) == 1 and t in _RANK_CODES:
            return cls(_RANK_CODES.index(t) + 2)
        raise _not(Why.NOT_A_RANK, text)


_RANK_CODES = "23456789TJQKA"


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One playing card. ``Card.from_code`` and ``CARDS`` give the 52 shared instances.

    ``index`` is stored, not computed, because the play loop reads it on every card.
    """

    suit: Suit
    rank: Rank
    index: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit) or not isinstance(self.rank, Rank):
            raise _not(Why.NOT_A_CARD, (self.suit, self.rank))
        object.__setattr__(self, "index", self.suit.index * 13 + self.rank.value - 2)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.index == self.index

    def __hash__(self) -> int:
        return self.index

    @property
    def bit(self) -> int:
        return 1 << self.index

    @property
    def code(self) -> str:
        return self.rank.code + self.suit.code

    @classmethod
    def from_code(cls, text: str) -> Card:
        """Parse a card code such as ``QH``, ``TS`` or ``10S`` (any case)."""
        if not isinstance(text, str):
            raise _not(Why.NOT_A_CARD, text)
        known = _BY_CODE.get(text)
        if known is not None:  # the usual case, and records hold thousands of cards
            return known
        t = text.strip().upper()
        if len(t) < 2:
            raise _not(Why.NOT_A_CARD, text)
        try:
            return CARDS[Suit.from_code(t[-1]).index * 13 + Rank.from_code(t[:-1]) - 2]
        except ValueError:
            raise _not(Why.NOT_A_CARD, text) from None

    @classmethod
    def from_index(cls, index: int) -> Card:
        return CARDS[index]

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.from_code({self.code!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


CARDS: tuple[Card, ...] = tuple(Card(suit, rank) for suit in SUITS for rank in Rank)
#: Every card by its usual code, and with "10" for T.
_BY_CODE: dict[str, Card] = {c.code: c for c in CARDS} | {
    c.code.replace("T", "10"): c for c in CARDS if c.rank.code == "T"
}


def card(code: str) -> Card:
    """Shorthand for ``Card.from_code``."""
    return Card.from_code(code)


def cards(codes: str) -> tuple[Card, ...]:
    """Parse space-separated card codes: ``cards("AS KH 10D")``."""
    return tuple(Card.from_code(c) for c in codes.split())


def mask_of(items: Iterable[Card]) -> int:
    m = 0
    for c in items:
        m |= 1 << c.index
    return m


def _suit_table(suit_index: int) -> tuple[tuple[Card, ...], ...]:
    """Every subset of one suit's 13 cards as a ready tuple, indexed by its 13-bit chunk."""
    base = CARDS[13 * suit_index : 13 * suit_index + 13]
    table: list[tuple[Card, ...]] = [()] * 8192
    for m in range(1, 8192):
        low = m & -m
        table[m] = (base[low.bit_length() - 1], *table[m ^ low])
    return tuple(table)


# Turning a bitmask into cards is on every play's path; four table look-ups beat a bit loop.
_T0, _T1, _T2, _T3 = (_suit_table(i) for i in range(4))


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask: spades 2..A, then hearts, diamonds, clubs."""
    if mask < 0x2000:
        return _T0[mask]
    return (
        _T0[mask & 0x1FFF]
        + _T1[mask >> 13 & 0x1FFF]
        + _T2[mask >> 26 & 0x1FFF]
        + _T3[mask >> 39 & 0x1FFF]
    )
