"""Bids: nil, blind nil, or a number of tricks 1..13.

>>> Bid.from_json("nil").is_nil, Bid.from_json(4).tricks, Bid.of(4).to_json()
(True, 4, 4)
"""

from __future__ import annotations

from dataclasses import dataclass

from spades_voice.rules.errors import NotAValue, echo
from spades_voice.rules.reasons import Reason, Why

#: A bid as an int for the fast paths (scoring, the computers): 1..13, or these two.
NIL_CODE = 0
BLIND_NIL_CODE = -1


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid. ``tricks`` is 0 for nil and blind nil."""

    tricks: int
    blind: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int):
            raise NotAValue(Reason.of(Why.NOT_A_BID, text=echo(self.tricks)))
        if not 0 <= self.tricks <= 13:
            raise NotAValue(Reason(Why.BID_RANGE))
        if self.blind and self.tricks:
            raise NotAValue(Reason(Why.BLIND_ONLY_NIL))

    @classmethod
    def of(cls, tricks: int) -> Bid:
        return cls(tricks)

    @property
    def is_nil(self) -> bool:
        """Nil or blind nil."""
        return self.tricks == 0

    @property
    def code(self) -> int:
        """1..13, ``NIL_CODE`` or ``BLIND_NIL_CODE``: the form scoring works on."""
        if self.blind:
            return BLIND_NIL_CODE
        return self.tricks

    def to_json(self) -> int | str:
        if self.blind:
            return "blind_nil"
        return "nil" if self.tricks == 0 else self.tricks

    @classmethod
    def from_json(cls, value: object) -> Bid:
        """Record form: an int 1..13, ``"nil"`` or ``"blind_nil"``."""
        if value == "nil":
            return NIL
        if value == "blind_nil":
            return BLIND_NIL
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 13:
            return cls(value)
        raise NotAValue(
            Reason.of(
                Why.NOT_A_RECORD_BID, text=echo(value), nil=NIL.to_json(), blind=BLIND_NIL.to_json()
            )
        )

    @classmethod
    def parse(cls, text: str) -> Bid:
        """Typed form: "nil", "blind nil", "4"."""
        t = text.strip().lower().replace("_", " ")
        if t == "nil":
            return NIL
        if t == "blind nil":
            return BLIND_NIL
        if t.isdigit():
            return cls.from_json(int(t))
        raise NotAValue(Reason.of(Why.NOT_A_BID, text=echo(text)))

    def __str__(self) -> str:
        """The record's form: "nil", "blind_nil", "4" (``narration`` names a bid)."""
        return str(self.to_json())


NIL = Bid(0)
BLIND_NIL = Bid(0, blind=True)
#: What a player may choose from, in list order: Nil, 1..13.
BID_CHOICES: tuple[Bid, ...] = (NIL, *(Bid(n) for n in range(1, 14)))
