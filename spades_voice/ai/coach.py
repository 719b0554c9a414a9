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
from collections.abc import Sequence
from dataclasses import dataclass

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
from spades_voice.rules import CARDS, Bid, Move, SeatView

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
    reason: str  # the hint's reason for ``better``, from what the player could see
    #: In a match, the cost as a share of the chance of winning it (``ai.equity``): Hard
    #: weighs a match's hands by that chance, so near the end a cost is a share of the
    #: match rather than a number of points. None in a single hand.
    match_share: float | None = None


def _rep_of(idx: int, reps: Sequence[int]) -> int:
    """The card that stands for ``idx``'s group of equivalent cards (the group's lowest)."""
    if idx in reps:
        return idx
    return max(r for r in reps if r // 13 == idx // 13 and r < idx)


def judge_moment(
    view: SeatView,
    played: Move,
    rng: random.Random,
    rate: WorkRate = REFERENCE_RATE,
    budget_ms: float = REVIEW_MS,
) -> Finding | None:
    """Hard's verdict on one decision the player made from ``view``; None when it had no
    choice that mattered (one legal card, every card the same, or a blind nil)."""
    known = known_of(view)
    if isinstance(played, Bid):
        if played.blind or not view.legal_bids:
            return None
        j = judge_bid(known, rng, budget_ms, False, rate, also=played.code)
        cost = j.values[j.choice] - j.values[played.code]
        better: Move = bid_of_code(j.choice)
        return Finding(None, played, better, cost, bid_reason(known, j.choice), _share(view, cost))
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
    cost = values[best] - values[mine]
    trick = len(view.tricks) + 1
    reason = play_reason(known, legal, best)
    return Finding(trick, played, CARDS[best], cost, reason, _share(view, cost))


def _share(view: SeatView, cost: float) -> float | None:
    return None if view.ruleset.target is None else cost / EQUITY_SCALE


def review(
    moments: Sequence[tuple[SeatView, Move]],
    rng: random.Random,
    rate: WorkRate = REFERENCE_RATE,
    budget_ms: float = REVIEW_MS,
    top: int = TOP,
) -> tuple[Finding, ...]:
    """The ``top`` costliest of one seat's decisions in a hand, costliest first.

    ``moments`` are that seat's decisions with the view it had when it made each one.
    """
    found: list[Finding] = []
    for view, played in moments:
        f = judge_moment(view, played, rng, rate, budget_ms)
        if f is not None and f.cost >= MIN_COST and f.better != played:
            found.append(f)
    found.sort(key=lambda f: -f.cost)
    return tuple(found[:top])
