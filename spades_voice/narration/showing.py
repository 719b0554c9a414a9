"""A line that names the player's cards: the one mark by which the shell knows a spoken
line showed the player their cards.

At a blind-nil table, hearing one of your cards gives blind nil up for the hand, however
it was heard: the hand, a card in focus, Enter's naming, a hint, the only card, a trick.
Narration marks each line with the cards it names *as the player's* (``Showing`` *is* the
``str``, so everything that reads the line reads it unchanged): another seat's card in a
trick is not marked (``own``). The shell's narrator, the one place every line is spoken,
tells the shell which cards it has just said, and the shell records the look when they are
of the hand in play (``shell.sight``). A line about another hand (the coach, the history
read back) names cards without marking them.

>>> from spades_voice.rules import Card, Seat, Trick
>>> said = Showing("Jack of hearts.", [Card.from_code("JH")])
>>> said, sorted(c.code for c in said.cards)
('Jack of hearts.', ['JH'])
>>> sorted(c.code for c in shown("Hint. " + said))
[]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Self

from spades_voice.rules import Card, Seat, Trick


class Showing(str):
    """``text`` that names ``cards`` (see the module's docstring)."""

    cards: frozenset[Card]

    def __new__(cls, text: str, cards: Iterable[Card] = ()) -> Self:
        made = super().__new__(cls, text)
        made.cards = frozenset(cards)
        return made


def shown(*parts: str) -> frozenset[Card]:
    """The cards the marked ``parts`` name (text built from them is no longer marked)."""
    out: frozenset[Card] = frozenset()
    for part in parts:
        if isinstance(part, Showing):
            out |= part.cards
    return out


def own(trick: Trick, seat: Seat) -> list[Card]:
    """The card ``seat`` played to ``trick``, if any: what a line about the trick names
    as that seat's."""
    return [card for who, card in trick.plays if who is seat]


__all__ = ["Showing", "own", "shown"]
