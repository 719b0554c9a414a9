"""Measuring this machine's ``WorkRate`` once, so Hard fills its budget on any machine.

Hard sizes its work by counts, never by the clock, so that a seed gives the same decision
every time; the counts come from a budget and a rate. The rate is measured here, by timing
Hard's own ``judge_card`` on made-up positions (a middle-of-the-hand lead, where playouts
do the work, and a 12-card ending, where exact solves do), and stored with the settings.
The clock is passed in: nothing in ``ai/`` reads one on its own account. Callers pass
``time.process_time``: the rate is the machine's, and CPU time is what other work on the
machine does not stretch. (On a shared 2-core machine, wall-clock probes taken a minute
apart differed fourfold, and a rate measured in a busy minute left Hard using a quarter
of its budget for good.) On a machine busy with other work a decision can take longer
than its budget in wall time; the safety net in ``hard`` stops it there.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from spades_voice.ai.fastplay import Stakes
from spades_voice.ai.hard import (
    EXACT_CARDS,
    REFERENCE_RATE,
    SAMPLE_COST,
    WorkRate,
    judge_card,
)
from spades_voice.ai.knowledge import Known

#: Reference-machine milliseconds of work per timed decision: long enough to swamp the
#: set-up around it, short enough that the whole measurement takes well under a second.
PROBE_MS = 60.0
PROBES = 5


def probe_position(seed: int, cards_each: int) -> tuple[Known, int]:
    """A made-up position from South's seat: a shuffled deck with ``13 - cards_each`` tricks
    gone, spades broken, South to lead. Returns it with South's legal cards."""
    rng = random.Random(seed)
    order = list(range(52))
    rng.shuffle(order)
    gone = 13 - cards_each
    hands = [order[13 * s : 13 * s + 13] for s in range(4)]
    played = tuple(sum(1 << c for c in hands[s][:gone]) for s in range(4))
    held = [sum(1 << c for c in hands[s][gone:]) for s in range(4)]
    won = [gone // 4 + (1 if s < gone % 4 else 0) for s in range(4)]
    known = Known(
        me=0,
        hand=held[0],
        unseen=held[1] | held[2] | held[3],
        counts=(cards_each, cards_each, cards_each, cards_each),
        played_by=(played[0], played[1], played[2], played[3]),
        voids=(0, 0, 0, 0),
        trick=(),
        leader=0,
        bids=(3, 3, 3, 3),
        won=(won[0], won[1], won[2], won[3]),
        broken=True,
        spades_any_time=False,
        stakes=Stakes(0, (0, 0), (0, 0), 500, False),
        dealer=3,
        bidding=False,
    )
    return known, held[0]


def measure(clock: Callable[[], float], probes: int = PROBES) -> WorkRate:
    """This machine's rate, from ``probes`` timed decisions of each kind. ``clock`` returns
    seconds of this process's CPU time: other work on the machine can only slow a probe
    (sharing caches and cores), never speed it, so the fastest probe is the truest."""
    plays: list[float] = []
    for k in range(probes):
        known, legal = probe_position(k, 8)
        left = 4 * 8
        t0 = clock()
        j = judge_card(known, legal, random.Random(k), PROBE_MS, False, REFERENCE_RATE)
        ms = max((clock() - t0) * 1000.0, 1e-3)
        plays.append(j.deals * (len(j.values) * left + SAMPLE_COST) / ms)
    plays_per_ms = max(plays)
    solves: list[float] = []
    each = EXACT_CARDS // 4
    for k in range(probes):
        known, legal = probe_position(1000 + k, each)
        left = 4 * each
        t0 = clock()
        j = judge_card(known, legal, random.Random(k), PROBE_MS, False, REFERENCE_RATE)
        ms = (clock() - t0) * 1000.0 - j.deals * SAMPLE_COST / plays_per_ms
        solves.append(j.deals * len(j.values) * (left / 12.0) ** 3 / max(ms, 1e-3))
    return WorkRate(round(plays_per_ms, 1), round(max(solves), 3))
