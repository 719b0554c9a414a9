"""Answers that fit one breath: words per answer over whole matches, key by key.

Every answer to a key is at most 25 words in brief mode: the longest, not a share of them
(issue 42). ``python tests/narration/answers.py`` prints the figures. The few answers still
longer are held where they stand today (``STILL_LONG``, each with what it says), so none
grows while they are shortened; a key leaves that table once it fits.
"""

from __future__ import annotations

import pytest
from answers import collect, figures

LIMIT = 25
#: Longest brief answers today that are over the limit: the key, its longest, and what it
#: is. Each is a list of plays or cards, or a hand's whole arithmetic, that needs a
#: second press or a list of its own to fit.
STILL_LONG = {
    "H": 43,  # the hand as dealt (Z): 13 cards named whole
    "M": 28,  # seven plays since your last card
    "D": 27,  # a coach's finding: its cost, then the hint's reason whole
    "Shift+S": 32,  # a hand's whole arithmetic, both teams and the nils
    "S": 26,  # both teams near the bag penalty, between hands
}


Figures = dict[str, tuple[int, int, int, int]]


@pytest.fixture(scope="module")
def brief_figures() -> Figures:
    return figures(collect(3, brief=True, hints=True, target=500))


def test_every_key_was_heard_many_times(brief_figures: Figures) -> None:
    for key in ("H", "B", "S", "T", "C", "W", "M", "O", "L", "K", "I", "arrows"):
        assert brief_figures[key][0] >= 50, key
    for key in ("D", "F2", "F3", "Shift+S", "result"):
        assert brief_figures[key][0] >= 2, key


def test_brief_answers_fit_one_breath(brief_figures: Figures) -> None:
    over = {
        key: top
        for key, (_, _, _, top) in brief_figures.items()
        if top > STILL_LONG.get(key, LIMIT)
    }
    assert not over, over


def test_the_count_can_fail() -> None:
    """The measure sees a long answer: a 26-word answer is over the limit."""
    from answers import percentile, words

    long = " ".join(["word"] * 26)
    assert words(long) == 26
    assert percentile([words(long)] * 20, 95) > LIMIT
    assert percentile(list(range(1, 101)), 95) == 95
