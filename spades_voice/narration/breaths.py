"""Answers that fit one breath: a long answer is said in parts, the rest a press away.

An answer made of sentences (``lines.sentences``) may pause between any two of them. In
brief verbosity the shell's narrator says it a breath at a time (``breaths``): each part at
most ``BREATH`` words counting the cue that ends every part but the last ("H for more."),
and the same answer asked for again right away says the next part. The parts are whole
sentences, and each is a ``Line`` naming the cards its sentences name, so a part heard is
a look at exactly the cards it named.

>>> from spades_voice.rules import Card
>>> said = sentences([Line.of("Ace of spades.", [Card.from_code("AS")]), "Your lead."])
>>> said.text, [p.text for p in said.pieces], sorted(c.code for c in said.cards)
('Ace of spades. Your lead.', ['Ace of spades.', 'Your lead.'], ['AS'])
>>> long = sentences(f"Word {n} and more." for n in range(12))
>>> [len(part.text.split()) for part in breaths(long.pieces, more_cue("H"))]
[23, 23, 8]
>>> breaths(long.pieces, more_cue("H"))[0].text.endswith("Word 4 and more. H for more.")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from spades_voice.narration.language import _
from spades_voice.narration.lines import Line, as_line, pieces_of, sentences, text_of

#: The most words one answer says before it waits for the player (issue 42).
BREATH = 25


def more_cue(key: str) -> str:
    """The end of a part with more to come: "H for more." (``key`` as spoken: the key that
    asks for the same answer again)."""
    return _("{key} for more.").format(key=key)


def words(text: str | Line) -> int:
    return len(text_of(text).split())


def breaths(pieces: Sequence[str | Line], more: str) -> list[Line]:
    """``pieces`` in the current language, grouped in order into parts a breath long:
    each part but the last ends with ``more`` and is at most ``BREATH`` words with it,
    the last at most ``BREATH``. A single sentence longer than that is said whole (it is
    not cut mid-sentence). Each part names the cards its sentences name."""
    said = [as_line(piece) for piece in pieces if piece]
    room = BREATH - words(more)
    parts: list[list[Line]] = []
    current: list[Line] = []
    for i, piece in enumerate(said):
        rest = sum(words(p) for p in said[i:])
        if words(Line.join(current)) + rest <= BREATH:
            current += said[i:]  # everything left fits in this, the last part
            break
        if current and words(Line.join(current)) + words(piece) > room:
            parts.append(current)
            current = []
        current.append(piece)
    if current:
        parts.append(current)
    return [
        Line.join([*part, more] if n < len(parts) - 1 else part) for n, part in enumerate(parts)
    ]


__all__ = ["BREATH", "breaths", "more_cue", "pieces_of", "sentences", "words"]
