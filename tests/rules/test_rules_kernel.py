"""The int kernels the model and the computers share: their doctests, and the trick-winner
table checked card by card against the rule in words."""

from __future__ import annotations

import doctest

from spades_voice.rules import CARDS, Suit, kernel, scoring
from spades_voice.rules.kernel import BEATERS


def test_doctests() -> None:
    for module in (kernel, scoring):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_beaters_is_the_rule() -> None:
    """A card takes the trick from the winning card when it is a higher card of the same
    suit, or a spade against a card that is not a spade; nothing else does."""
    for win in CARDS:
        for other in CARDS:
            same = win.suit is other.suit
            beats = other.rank > win.rank if same else other.suit is Suit.SPADES
            assert bool(BEATERS[win.index] >> other.index & 1) is beats, (win, other)
