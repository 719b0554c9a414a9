"""``Kind``: a kind of reason together with its English words, in one place.

A layer above the rules that says *why* (a table's refusals, the wire's errors, a table's
notices) lists its kinds as a ``Kind`` enum: each member is the kind's name on the wire
and its English template, marked for the catalog. ``reasons.WORDS`` gathers every enum,
so adding a kind is adding one member::

    class Told(Kind):
        JOINED = "joined", N_("{name} joined, sitting {seat}.")
"""

from __future__ import annotations

import enum
from typing import Self


class Kind(enum.StrEnum):
    """A reason's kind (its value, as sent on the wire) with ``words``, its template."""

    words: str

    def __new__(cls, value: str, words: str) -> Self:
        member = str.__new__(cls, value)
        member._value_ = value
        member.words = words
        return member


__all__ = ["Kind"]
