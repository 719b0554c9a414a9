"""A spoken line as a value: its words, and the player's cards it names, side by side.

At a blind-nil table, hearing one of your cards gives blind nil up for the hand, however
it was heard: the hand, a card in focus, Enter's naming, a hint, the only card, a trick.
So a line that names cards *as the player's* carries them as data next to its text
(``Line.cards``); another seat's card in a trick is not the player's (``own``), and a line
about another hand (the coach, the history read back) names cards without carrying them.
The shell's narrator, the one place every line is spoken, hands the cards it has just
said to the shell, which records the look when they are of the hand in play
(``shell.sight``).

Text joined to a line is a line (``+``, ``Line.join``): the cards go with the words
wherever they are put, and a ``Line`` is no ``str``, so nothing turns it into bare text
without saying so (``str(line)``, ``line.text``, at the edge where words leave: the
speaker, the page's JSON).

A line made of sentences (``sentences``) keeps them as ``pieces``: a long answer may
pause between any two (``breaths``).

>>> from spades_voice.rules import Card
>>> jack = Line("Jack of hearts.", frozenset([Card.from_code("JH")]))
>>> said = "Hint. " + jack + " Your lead."
>>> said.text, sorted(c.code for c in said.cards)
('Hint. Jack of hearts. Your lead.', ['JH'])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from spades_voice.narration.language import line
from spades_voice.rules import Card, Seat, Trick


@dataclass(frozen=True, slots=True)
class Line:
    """``text`` to say, the player's ``cards`` it names, and the sentences it may pause
    between (``pieces``; empty: it is one piece, itself)."""

    text: str
    cards: frozenset[Card] = frozenset()
    pieces: tuple[Line, ...] = ()

    @classmethod
    def of(cls, text: str, cards: Iterable[Card] = ()) -> Line:
        """``text`` naming ``cards`` as the player's."""
        return cls(text, frozenset(cards))

    @classmethod
    def join(cls, parts: Iterable[str | Line], sep: str = " ") -> Line:
        """``parts`` joined by ``sep`` into one line that names every card they name."""
        kept = list(parts)
        return cls(sep.join(text_of(p) for p in kept), cards_of(*kept))

    def __add__(self, other: str | Line) -> Line:
        return Line.join([self, other], "")

    def __radd__(self, other: str) -> Line:
        return Line.join([other, self], "")

    def __str__(self) -> str:
        return self.text

    def __bool__(self) -> bool:
        return bool(self.text)


def text_of(part: str | Line) -> str:
    """The words of ``part``."""
    return part.text if isinstance(part, Line) else part


def cards_of(*parts: str | Line) -> frozenset[Card]:
    """The player's cards ``parts`` name (bare words name none)."""
    out: frozenset[Card] = frozenset()
    for part in parts:
        if isinstance(part, Line):
            out |= part.cards
    return out


def as_line(part: str | Line) -> Line:
    """``part`` as a line in the current language: bare words (a fixed sentence marked
    ``N_``, or words already made) are said in it and name no card; a line is made in it
    already and keeps its cards."""
    return part if isinstance(part, Line) else Line(line(part))


def sentences(parts: Iterable[str | Line]) -> Line:
    """An answer whose pieces are ``parts`` (each a sentence, or a line of sentences whose
    own pieces it takes): the text is all of them, and it names every card any names."""
    kept = tuple(each for part in parts for each in pieces_of(part))
    return Line(" ".join(p.text for p in kept), cards_of(*kept), kept)


def pieces_of(part: str | Line) -> tuple[Line, ...]:
    """The sentences ``part`` may pause between: its pieces, or itself whole (none for
    no words)."""
    if isinstance(part, Line) and part.pieces:
        return part.pieces
    return (as_line(part),) if part else ()


def own(trick: Trick, seat: Seat) -> list[Card]:
    """The card ``seat`` played to ``trick``, if any: what a line about the trick names
    as that seat's."""
    return [card for who, card in trick.plays if who is seat]


__all__ = ["Line", "as_line", "cards_of", "own", "pieces_of", "sentences", "text_of"]
