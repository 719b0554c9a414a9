"""Answers that fit one breath: a long answer is said in parts, the rest a press away.

An answer made of sentences (``Sentences``) may pause between any two of them. In brief
verbosity the shell's narrator says it a breath at a time (``breaths``): each part at most
``BREATH`` words counting the cue that ends every part but the last ("H for more."), and
the same answer asked for again right away says the next part. The parts are whole
sentences, and each carries the cards it names (``showing``), so a part heard is a
look at exactly the cards it named.

>>> from spades_voice.rules import Card
>>> said = Sentences([Showing("Ace of spades.", [Card.from_code("AS")]), "Your lead."])
>>> said, said.pieces, sorted(c.code for c in said.cards)
('Ace of spades. Your lead.', ('Ace of spades.', 'Your lead.'), ['AS'])
>>> long = Sentences(f"Word {n} and more." for n in range(12))
>>> [len(part.split()) for part in breaths(long.pieces, more_cue("H"))]
[23, 23, 8]
>>> breaths(long.pieces, more_cue("H"))[0].endswith("Word 4 and more. H for more.")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Self

from spades_voice.narration.language import _, line
from spades_voice.narration.showing import Showing, shown

#: The most words one answer says before it waits for the player (issue 42).
BREATH = 25


class Sentences(Showing):
    """An answer whose ``pieces`` (sentences, each perhaps a ``Showing``) it may pause
    between; the text is all of them, and it shows every card any of them names. A piece
    that is itself ``Sentences`` gives its own pieces."""

    pieces: tuple[str, ...]

    def __new__(cls, pieces: Iterable[str]) -> Self:
        kept = tuple(each for piece in pieces for each in pieces_of(piece))
        made = super().__new__(cls, " ".join(kept), shown(*kept))
        made.pieces = kept
        return made


def pieces_of(text: str) -> tuple[str, ...]:
    """The sentences ``text`` may pause between: its pieces, or itself whole."""
    return text.pieces if isinstance(text, Sentences) else (text,) if text else ()


def more_cue(key: str) -> str:
    """The end of a part with more to come: "H for more." (``key`` as spoken: the key that
    asks for the same answer again)."""
    return _("{key} for more.").format(key=key)


def words(text: str) -> int:
    return len(text.split())


def breaths(pieces: Sequence[str], more: str) -> list[Showing]:
    """``pieces`` in the current language, grouped in order into parts a breath long:
    each part but the last ends with ``more`` and is at most ``BREATH`` words with it,
    the last at most ``BREATH``. A single sentence longer than that is said whole (it is
    not cut mid-sentence). Each part shows the cards its sentences name."""
    said = [_piece(piece) for piece in pieces if piece]
    room = BREATH - words(more)
    parts: list[list[Showing]] = []
    current: list[Showing] = []
    for i, piece in enumerate(said):
        rest = sum(words(p) for p in said[i:])
        if words(" ".join(current)) + rest <= BREATH:
            current += said[i:]  # everything left fits in this, the last part
            break
        if current and words(" ".join(current)) + words(piece) > room:
            parts.append(current)
            current = []
        current.append(piece)
    if current:
        parts.append(current)
    return [
        Showing(" ".join([*part, more] if n < len(parts) - 1 else part), shown(*part))
        for n, part in enumerate(parts)
    ]


def _piece(piece: str) -> Showing:
    """One sentence in the current language, still showing its cards."""
    return Showing(line(piece), shown(piece))


__all__ = ["BREATH", "Sentences", "breaths", "more_cue", "pieces_of", "words"]
