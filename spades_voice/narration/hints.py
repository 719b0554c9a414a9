"""The hint's and the coach's reasons in the current language.

``ai.hints`` words its reasons in English as ``Said`` values: the English text, its
template and the facts that fill it (the AI sits below narration and cannot look up a
catalog). Here the same template is looked up and filled with the same facts named in the
player's language. In English the AI's own text is said, unchanged.

Outside English a number the English spells as a word ("two aces") is said in digits,
which every speech engine reads as a word, and a suit the English names in the singular
("a higher heart") is given by its plural name: the translation says it as "una carta de
{suit_one}" rather than agree an article with a suit's gender.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades_voice.ai.said import Said
from spades_voice.narration.language import Language, _, current, line
from spades_voice.narration.naming import card_name, suit_name, the_card, the_rank
from spades_voice.narration.words import join
from spades_voice.rules import Card, Rank, Suit

if TYPE_CHECKING:  # the AI is not imported at start-up just for a type
    from spades_voice.ai import Hint


def said(reason: str) -> str:
    """A reason (a ``Said`` from the AI, or plain text) in the current language."""
    if not isinstance(reason, Said) or current() is Language.EN:
        return line(reason.strip())
    fields = {name: _fact(name, value) for name, value in reason.fields.items()}
    return _(reason.template).format(**fields)


def _fact(name: str, value: object) -> str:
    if isinstance(value, Card):
        return the_card(value) if name.startswith("the_") else card_name(value)
    if isinstance(value, Rank):
        return the_rank(value)
    if isinstance(value, Suit):
        return suit_name(value)
    if isinstance(value, tuple):
        return _same_suit(value) or join(said(part) for part in value)
    return str(value)


def _same_suit(parts: tuple[object, ...]) -> str | None:
    """Two or more cards of one suit, each named with its article, as one phrase: "el as,
    el rey y la reina de picas" for three whole names (a breath is 25 words, and Spanish
    names are longer than English)."""
    cards = [_lone_card(part) for part in parts]
    if len(cards) < 2 or any(c is None for c in cards):
        return None
    suits = {c.suit for c in cards if c is not None}
    if len(suits) != 1:
        return None
    ranks = join(the_rank(c.rank) for c in cards if c is not None)
    return _("{ranks} of {suit}").format(ranks=ranks, suit=suit_name(suits.pop()))


def _lone_card(part: object) -> Card | None:
    """The card a part names with its article and nothing else ("the ace of spades")."""
    if isinstance(part, Said) and part.template == "{the_card}":
        card = part.fields.get("the_card")
        return card if isinstance(card, Card) else None
    return None


def named_cards(reason: object) -> list[Card]:
    """The cards a reason names, its parts' too."""
    if isinstance(reason, Card):
        return [reason]
    if isinstance(reason, Said):
        return [c for value in reason.fields.values() for c in named_cards(value)]
    if isinstance(reason, tuple):
        return [c for part in reason for c in named_cards(part)]
    return []


def hint_cards(h: Hint) -> list[Card]:
    """The cards the hint names: its card, and those its reason names."""
    return named_cards(h.decision) + named_cards(h.reason)


def hint_reason(h: Hint) -> str:
    """The hint's reason ("Play the king of hearts: the ace is gone."), or "" for none."""
    return said(h.reason)

