"""The cards a hint names: at a blind-nil table, hearing them is a look.

``ai.hints`` gives its reason as a value (a ``HintWhy`` kind and its facts, a
``rules.Reason``); ``reasons.say_reason`` words it from ``hint_words``, English included,
and the cards it names are read from the same facts, never from the words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades_voice.rules import Card, Reason

if TYPE_CHECKING:  # the AI is not imported at start-up just for a type
    from spades_voice.ai import Hint


def named_cards(reason: object) -> list[Card]:
    """The cards a reason names, its parts' too."""
    if isinstance(reason, Card):
        return [reason]
    if isinstance(reason, Reason):
        return [c for _name, value in reason for c in named_cards(value)]
    if isinstance(reason, tuple):
        return [c for part in reason for c in named_cards(part)]
    return []


def hint_cards(h: Hint) -> list[Card]:
    """The cards the hint names: its card, and those its reason names."""
    return named_cards(h.decision) + named_cards(h.reason)

