"""Answers that fit one breath: words per answer over whole matches, key by key.

Every answer to a key is at most 25 words in brief mode, as the player hears it: the
longest, not a share of them (issue 42). A long answer is heard in parts, each with its
cue ("H again for the rest.", ``narration.breaths``), and each part is counted.
``python tests/narration/answers.py`` prints the figures (``--spanish`` in Spanish).
"""

from __future__ import annotations

import pytest
from answers import collect, figures, heard, words

from spades_voice.narration.breaths import BREATH
from spades_voice.narration.language import Language, speaking

LIMIT = 25

Figures = dict[str, tuple[int, int, int, int]]


@pytest.fixture(scope="module")
def brief_figures() -> Figures:
    return figures(heard(collect(3, brief=True, hints=True, target=500)))


def test_every_key_was_heard_many_times(brief_figures: Figures) -> None:
    for key in ("H", "B", "S", "T", "C", "W", "M", "O", "L", "K", "I", "arrows"):
        assert brief_figures[key][0] >= 50, key
    for key in ("D", "F2", "F3", "Shift+S", "result"):
        assert brief_figures[key][0] >= 2, key


def test_brief_answers_fit_one_breath(brief_figures: Figures) -> None:
    over = {key: top for key, (_, _, _, top) in brief_figures.items() if top > LIMIT}
    assert not over, over


def test_spanish_brief_answers_fit_one_breath() -> None:
    with speaking(Language.ES):
        said = figures(heard(collect(1, brief=True, hints=True, target=500)))
    over = {key: top for key, (_, _, _, top) in said.items() if top > LIMIT}
    assert not over, over


def test_long_answers_are_heard_in_parts() -> None:
    """The hand as dealt, in whole, is longer than a breath; heard, it is in parts."""
    whole = collect(1, brief=True, hints=False, target=500)
    longest = max(words(text) for text in whole["H"])
    assert longest > LIMIT
    assert BREATH == LIMIT


def test_the_count_can_fail() -> None:
    """The measure sees a long answer: a 26-word answer is over the limit."""
    from answers import percentile

    long = " ".join(["word"] * 26)
    assert words(long) == 26
    assert percentile([words(long)] * 20, 95) > LIMIT
    assert percentile(list(range(1, 101)), 95) == 95
