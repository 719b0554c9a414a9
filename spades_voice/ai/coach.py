"""The coach: Hard re-judges a player's bids and cards of a finished hand.

Each decision is judged from the ``SeatView`` the player had at that moment, never from the
finished hand, so the coach knows exactly what the player knew. Every option of a decision
is played out on the same sampled deals (``hard.judge_card`` / ``hard.judge_bid``), so the
luck of the draw cancels between them; a decision's cost is the expected points Hard's
choice was worth above the player's. Hard's choice is the one it would play: last to a
trick an opponent is winning, with its side's bid unmade, it takes the trick
(``hard.take_while_unmade``). The one to three costliest come back, each with the reason
Hard's choice was better (the hint's reason, which names only the player's own cards and
cards already played).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from spades_voice.ai.base import Hint
from spades_voice.ai.equity import EQUITY_SCALE
from spades_voice.ai.hard import (
    REFERENCE_RATE,
    WorkRate,
    best_of,
    judge_bid,
    judge_card,
    take_while_unmade,
)
from spades_voice.ai.hints import bid_reason, play_reason
from spades_voice.ai.knowledge import known_of
from spades_voice.ai.medium import bid_of_code, legal_of
from spades_voice.rules import CARDS, Bid, Move, Reason, SeatView

#: Work per decision at the machine's rate: 14 decisions fit in about 2 s.
REVIEW_MS = 120.0
#: Smaller differences are within the sampling noise, not worth a player's attention.
MIN_COST = 4.0
TOP = 3


@dataclass(frozen=True, slots=True)
class Finding:
    """One costly decision: what was played, what Hard would have played, and why."""

    trick: int | None  # 1-based trick number; None for the bid
    played: Move
    better: Move
    cost: float  # expected points lost against ``better``
    reason: Reason  # the hint's reason for ``better``, from what the player could see
    #: In a match, the cost as a share of the chance of winning it (``ai.equity``): Hard
    #: weighs a match's hands by that chance, so near the end a cost is a share of the
    #: match rather than a number of points. None in a single hand.
    match_share: float | None = None


def _rep_of(idx: int, reps: Sequence[int]) -> int:
    """The card that stands for ``idx``'s group of equivalent cards (the group's lowest)."""
    if idx in reps:
        return idx
    return max(r for r in reps if r // 13 == idx // 13 and r < idx)


@dataclass(frozen=True, slots=True)
class _Judged:
    """Hard's values for one decision's options (by bid code, or by the card standing for
    each group of equivalent cards), its choice, and the player's option."""

    view: SeatView
    played: Move
    values: dict[int, float]
    best: int
    mine: int
    reason: Reason

    def key(self, move: Move) -> int | None:
        """The option ``move`` is among the values, or None when it was not weighed."""
        if isinstance(move, Bid):
            return move.code if move.code in self.values else None
        if isinstance(self.played, Bid):
            return None
        return _rep_of(move.index, list(self.values))  # a legal card: its group is there

    def finding(self, advice: Hint | None = None) -> Finding:
        """The verdict, naming Hard's choice, or the hint's (``advice``) where given: the
        coach then names what the hint said in that position, costed on its own deals."""
        key, better, reason = self.best, self._move(self.best), self.reason
        if advice is not None:
            advised = self.key(advice.decision)
            if advised is not None:
                key, better, reason = advised, advice.decision, advice.reason
        cost = self.values[key] - self.values[self.mine]
        trick = None if isinstance(self.played, Bid) else len(self.view.tricks) + 1
        return Finding(trick, self.played, better, cost, reason, _share(self.view, cost))

    def _move(self, key: int) -> Move:
        return bid_of_code(key) if isinstance(self.played, Bid) else CARDS[key]


def _judge(
    view: SeatView, played: Move, rng: random.Random, rate: WorkRate, budget_ms: float
) -> _Judged | None:
    known = known_of(view)
    if isinstance(played, Bid):
        if played.blind or not view.legal_bids:
            return None
        j = judge_bid(known, rng, budget_ms, False, rate, also=played.code)
        reason = bid_reason(known, j.choice)
        return _Judged(view, played, dict(j.values), j.choice, played.code, reason)
    legal = legal_of(view)
    if legal & (legal - 1) == 0:
        return None
    jc = judge_card(known, legal, rng, budget_ms, False, rate)
    if len(jc.values) < 2:
        return None
    values = jc.values
    best = jc.choice
    allowed = take_while_unmade(known, legal)
    if not allowed >> best & 1:
        # Hard makes its bid first: it would take this trick, and so says the review.
        best = best_of(values, (c for c in values if allowed >> c & 1))
    mine = _rep_of(played.index, list(values))
    return _Judged(view, played, dict(values), best, mine, play_reason(known, legal, best))


def judge_moment(
    view: SeatView,
    played: Move,
    rng: random.Random,
    rate: WorkRate = REFERENCE_RATE,
    budget_ms: float = REVIEW_MS,
    advice: Hint | None = None,
) -> Finding | None:
    """Hard's verdict on one decision the player made from ``view``; None when it had no
    choice that mattered (one legal card, every card the same, or a blind nil). With
    ``advice`` (the hint in that position), the finding names the hint's choice."""
    judged = _judge(view, played, rng, rate, budget_ms)
    return None if judged is None else judged.finding(advice)


def _share(view: SeatView, cost: float) -> float | None:
    return None if view.ruleset.target is None else cost / EQUITY_SCALE


def review(
    moments: Sequence[tuple[SeatView, Move]],
    rng: random.Random,
    rate: WorkRate = REFERENCE_RATE,
    budget_ms: float = REVIEW_MS,
    top: int = TOP,
    advise: Callable[[SeatView], Hint] | None = None,
) -> tuple[Finding, ...]:
    """The ``top`` costliest of one seat's decisions in a hand, costliest first.

    ``moments`` are that seat's decisions with the view it had when it made each one.
    ``advise`` gives the hint for a view: where the coach finds a costly decision it names
    the hint's choice in that position (asked only there, as a hint is the dearer look),
    so the coach never contradicts what the hint said; if the hint's choice was not
    clearly better than the player's, there is no finding.
    """
    found: list[Finding] = []
    for view, played in moments:
        judged = _judge(view, played, rng, rate, budget_ms)
        if judged is None:
            continue
        f = judged.finding()
        if f.cost >= MIN_COST and f.better != played and advise is not None:
            f = judged.finding(advise(view))
        if f.cost >= MIN_COST and f.better != played:
            found.append(f)
    found.sort(key=lambda f: -f.cost)
    return tuple(found[:top])
