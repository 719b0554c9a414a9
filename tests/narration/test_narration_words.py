"""Answers that fit one breath: words per answer over whole matches, key by key.

Every query answer is at most 25 words at the 95th percentile in brief mode, the hand
(H) at most 40. ``python tests/narration/answers.py`` prints the figures.
"""

from __future__ import annotations

import pytest
from answers import collect, figures

LIMITS = {"H": 40}
LIMIT = 25


Figures = dict[str, tuple[int, int, int, int]]


@pytest.fixture(scope="module")
def brief_figures() -> Figures:
    return figures(collect(3, brief=True, hints=True, target=500))


def test_every_key_was_heard_many_times(brief_figures: Figures) -> None:
    for key in ("H", "B", "S", "T", "C", "W", "M", "O", "L", "K", "I", "arrows"):
        assert brief_figures[key][0] >= 50, key


def test_brief_answers_fit_one_breath(brief_figures: Figures) -> None:
    over = {
        key: p95
        for key, (_, _, p95, _) in brief_figures.items()
        if p95 > LIMITS.get(key, LIMIT)
    }
    assert not over, over


def test_the_count_can_fail() -> None:
    """The measure sees a long answer: a 26-word answer is over the limit."""
    from answers import percentile, words

    long = " ".join(["word"] * 26)
    assert words(long) == 26
    assert percentile([words(long)] * 20, 95) > LIMIT
    assert percentile(list(range(1, 101)), 95) == 95
