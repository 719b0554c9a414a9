"""The int kernels the model and the computers share: their doctests, and the trick-winner
table checked card by card against the rule in words."""

from __future__ import annotations

import doctest
import random

import pytest

from spades_voice.rules import (
    CARDS,
    SEATS,
    Bid,
    Deal,
    HandState,
    IllegalPlay,
    Ruleset,
    Suit,
    kernel,
    scoring,
)
from spades_voice.rules.kernel import BEATERS, SPADES, legal_mask


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


def test_a_spade_lead_in_the_first_trick_is_legal_only_under_the_house_rule() -> None:
    """The leader holds spades and other suits, nothing played yet: the kernel refuses a
    spade lead under the standard rule and allows it when spades may be led at any time."""
    held = SPADES | 1 << 13  # every spade and the 2 of hearts
    assert legal_mask(held, 0, False, False) == 1 << 13
    assert legal_mask(held, 0, False, True) == held
    assert legal_mask(SPADES, 0, False, False) == SPADES  # only spades: led anyway
    for any_time in (False, True):
        deal = Deal.random(random.Random(4))
        h = HandState(Ruleset(spades_any_time=any_time), SEATS[0], deal)
        for _ in range(4):
            h.place_bid(Bid(3))
        leader = h.to_act
        assert leader is not None
        spade = next(c for c in h.held(leader) if c.suit is Suit.SPADES)
        assert any(c.suit is not Suit.SPADES for c in h.held(leader))
        if any_time:
            h.play(spade)
            assert h.spades_broken and h.plays == (spade,)
        else:
            assert spade not in h.legal_cards()
            with pytest.raises(IllegalPlay):
                h.play(spade)
