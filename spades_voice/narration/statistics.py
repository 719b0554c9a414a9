"""What the statistics key says (and ``spades-voice stats`` prints).

Narration sits below the store, so it reads the figures through ``Figures``, which the
store's ``Statistics`` provides.
"""

from __future__ import annotations

from typing import Protocol

from spades_voice.narration.language import N_, _, ngettext
from spades_voice.narration.lines import Line, sentences
from spades_voice.narration.words import cap, decimal


class Figures(Protocol):
    @property
    def played(self) -> int: ...
    @property
    def won(self) -> int: ...
    @property
    def lost(self) -> int: ...
    @property
    def streak(self) -> int: ...
    @property
    def best_streak(self) -> int: ...
    @property
    def hands(self) -> int: ...
    @property
    def average_points(self) -> float | None: ...
    @property
    def nils_made(self) -> int: ...
    @property
    def nils_failed(self) -> int: ...
    @property
    def bag_penalties(self) -> int: ...


NONE_YET = N_("No matches played yet.")


def statistics_summary(figures: Figures) -> str | Line:
    """ "5 matches: 3 won, 2 lost. Streak 1, best 2. 42 points a hand. Nils: 2 of 3 made.
    1 bag penalty." """
    if not figures.played:
        return _(NONE_YET)
    parts = [
        ngettext(
            "{n} match: {won} won, {lost} lost.", "{n} matches: {won} won, {lost} lost.",
            figures.played,
        ).format(n=figures.played, won=figures.won, lost=figures.lost),
        _("Streak {streak}, best {best}.").format(
            streak=figures.streak, best=figures.best_streak
        ),
    ]
    avg = figures.average_points
    if avg is not None:
        parts.append(cap(_("{points} points a hand.").format(points=_number(avg))))
    nils = figures.nils_made + figures.nils_failed
    if nils:
        parts.append(_("Nils: {made} of {nils} made.").format(made=figures.nils_made, nils=nils))
    penalties = figures.bag_penalties
    parts.append(
        ngettext("{n} bag penalty.", "{n} bag penalties.", penalties).format(n=penalties)
    )
    return sentences(parts)


def _number(x: float) -> str:
    """ "42", "38.5" ("38,5"), "minus 12"."""
    text = decimal(x)
    return _("minus {n}").format(n=text[1:]) if text.startswith("-") else text
