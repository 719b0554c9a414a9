"""A reason as English text that remembers how it was made.

The AI words its reasons (``ai.hints``) but sits below narration, so it cannot look up a
catalog. A ``Said`` is the English sentence (it *is* a ``str``, so everything that reads a
reason as text reads it unchanged) that also keeps its ``template`` and the facts that
fill it; ``narration`` says the same template in the player's language from the same
facts. The templates are marked ``N_`` so ``scripts/catalog.py`` puts them in the catalog.

How a fact reads in English, by its field's name:

- a ``Card`` is named as spoken ("king of hearts"); under a name starting ``the_``, with
  its article ("the king of hearts");
- a ``Rank`` under ``the_rank``: "the 10", "the queen";
- a ``Suit`` by its plural ("hearts"); under a name ending ``_one``, its singular
  ("heart");
- an ``int`` under a name ending ``_word`` as a word ("two"), else in digits;
- a tuple of ``Said`` parts joined "a, b and c".

>>> from spades_voice.rules import Card
>>> Said(N_("Play {the_card}: it takes the trick."), the_card=Card.from_code("KH"))
'Play the king of hearts: it takes the trick.'
"""

from __future__ import annotations

from typing import Any

from spades_voice.rules import Card, Rank, Suit

NUMBER_WORDS = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen",
)


def N_(template: str) -> str:
    """Mark ``template`` for the message catalog (the AI cannot import narration's)."""
    return template


#: The English names this module writes: the rules hold no words, and the AI sits below
#: ``narration``, whose catalog says the same in the player's language.
_HONOURS = {Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "ace"}
_SUITS = {
    Suit.SPADES: ("spades", "spade"),
    Suit.HEARTS: ("hearts", "heart"),
    Suit.DIAMONDS: ("diamonds", "diamond"),
    Suit.CLUBS: ("clubs", "club"),
}


def _rank(rank: Rank) -> str:
    return _HONOURS.get(rank) or str(rank.value)


def english(name: str, value: object) -> str:
    """One fact as the English sentence says it (see the module's list)."""
    if isinstance(value, Card):
        bare = f"{_rank(value.rank)} of {_SUITS[value.suit][0]}"
        return f"the {bare}" if name.startswith("the_") else bare
    if isinstance(value, Rank):
        return f"the {_rank(value)}"
    if isinstance(value, Suit):
        return _SUITS[value][1 if name.endswith("_one") else 0]
    if isinstance(value, bool):
        raise TypeError(f"{name}: a reason's fact is never a bool")
    if isinstance(value, int):
        return NUMBER_WORDS[value] if name.endswith("_word") else str(value)
    if isinstance(value, tuple):
        parts = [str(p) for p in value]
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return str(value)


class Said(str):
    """English text with its ``template`` and ``fields`` (see the module's docstring)."""

    template: str
    fields: dict[str, Any]

    def __new__(cls, template: str, **fields: Any) -> Said:
        text = template.format(**{k: english(k, v) for k, v in fields.items()})
        self = super().__new__(cls, text)
        self.template = template
        self.fields = fields
        return self
