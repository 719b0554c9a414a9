"""What a score is worth in a match: the chance of winning it from there.

A point early in a match to 500 is worth about a point; a point that takes the
opponents over the target is worth the match. Hard weighs each imagined finish of a
hand by the chance of winning the match from the totals it leaves (its "match equity",
as backgammon players say), so it fights for a set when the opponents are one contract
from the target, and bids safe when a made contract wins.

The model is a race: each hand moves the lead by a random amount (each side scoring
about ``HAND_MEAN`` points a hand, give or take ``HAND_SD``), and the match lasts about
as many hands as the leader needs to reach the target at that pace. The chance of
winning is then the chance that the lead stays ours, a normal curve. It is an estimate,
and a cheap one: Hard works it out for every playout.
"""

from __future__ import annotations

import math

#: Points a side scores in a hand, on average, and how far a hand's score strays from
#: that (the arena's hands: about 40 to 60, with sets and nils spreading them widely).
HAND_MEAN = 50.0
HAND_SD = 60.0
#: Scale from a chance to points: a point at 0-0 in a match to 500 is worth one point.
EQUITY_SCALE = HAND_SD * math.sqrt(2.0 * 500.0 / HAND_MEAN) * math.sqrt(2.0 * math.pi)


def match_equity(ours: int, theirs: int, target: int) -> float:
    """The chance of winning the match from totals ``ours`` and ``theirs`` (0 to 1).

    Reaching the target with more points than the other side wins outright; level at or
    past the target, the match goes on.
    """
    done = settled(ours, theirs, target)
    return race_equity(ours, theirs, target) if done is None else done


def settled(ours: int, theirs: int, target: int) -> float | None:
    """1.0 or 0.0 when these totals have decided the match (one side reached the target
    with more points than the other); None while it goes on."""
    if max(ours, theirs) >= target and ours != theirs:
        return 1.0 if ours > theirs else 0.0
    return None


def race_equity(ours: float, theirs: float, target: int) -> float:
    """The race model's chance of winning from totals ``ours`` and ``theirs``, neither
    side having won yet."""
    hands = max(1.0, (target - max(ours, theirs)) / HAND_MEAN)
    z = (ours - theirs) / (HAND_SD * math.sqrt(2.0 * hands))
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))
