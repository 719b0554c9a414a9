"""A long answer said in parts (``narration.breaths``): each part a breath long with its
cue, whole sentences in order, and each part shows exactly the cards it names."""

from __future__ import annotations

import random

from spades_voice import narration as say
from spades_voice.narration.breaths import BREATH, breaths, more_cue, words
from spades_voice.narration.lines import Line, sentences
from spades_voice.narration.naming import card_name
from spades_voice.options import HandOrder
from spades_voice.rules import Card, MatchState, Ruleset, Seat, view_of

CUE = more_cue("Shift S")


def test_parts_are_whole_sentences_in_order_each_a_breath() -> None:
    rng = random.Random(42)
    for _ in range(500):
        pieces = [" ".join(["w"] * rng.randint(1, 14)) + "." for _ in range(rng.randint(1, 9))]
        parts = breaths(pieces, CUE)
        texts = [p.text for p in parts]
        assert " ".join(t.removesuffix(" " + CUE) for t in texts) == " ".join(pieces)
        assert all(words(p) <= BREATH for p in parts), parts
        assert all(t.endswith(CUE) for t in texts[:-1]) and not texts[-1].endswith(CUE)
        if words(" ".join(pieces)) <= BREATH:
            assert texts == [" ".join(pieces)]  # a short answer is said whole


def test_a_sentence_longer_than_a_breath_is_never_cut() -> None:
    long = " ".join(["w"] * 30) + "."
    assert breaths([long], CUE) == [Line(long)]


def test_each_part_shows_the_cards_it_names() -> None:
    view = view_of(MatchState(Ruleset(), seed=3), Seat.S)
    for order in HandOrder:
        answer = say.hand_summary(view, order)
        assert isinstance(answer, Line) and answer.pieces
        parts = breaths(answer.pieces, CUE)
        if order is HandOrder.DEALT:
            assert len(parts) >= 2  # 13 cards as dealt are more than a breath
        seen: set[Card] = set()
        for part in parts:
            if order is HandOrder.DEALT:
                named = {c for c in view.hand if card_name(c) in part.text}
                assert part.cards == named, part
            seen |= part.cards
        assert seen == set(view.hand)


def test_a_line_joined_with_other_words_still_names_its_cards() -> None:
    """A line's cards are data beside its words, so joining it to other text keeps them
    (a ``str`` subclass lost its mark here: "Hint. " + line was bare text, and the look
    it should have recorded was missed)."""
    jack = Card.from_code("JH")
    named = say.focus_line(jack, None)
    for joined in (
        "Hint. " + named,
        named + " Your lead.",
        Line.join(["Hint.", named, "Your lead."]),
        sentences(["Hint.", named]),
        breaths(["Hint.", named, "Your lead."], CUE)[0],
    ):
        assert isinstance(joined, Line) and joined.cards == {jack}, joined
        assert card_name(jack) in joined.text.lower()
    assert Line.join(["Hint.", "Your lead."]).cards == frozenset()
