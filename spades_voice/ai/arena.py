"""``spades-voice arena``: computer levels against each other on duplicate deals.

Each deal is played twice with the partnerships swapped, so the cards cancel out and what
is left is skill. The arena is the referee: it alone holds the whole deal, and it hands each
player nothing but that seat's ``SeatView``.

    spades-voice arena --ns hard --ew medium --deals 1000 --jobs 2 --seed 1

Points per deal are the first level's points minus the second's, averaged over the two
tables of a deal, with a 95% confidence interval over deals.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from spades_voice.ai.base import Level, Player
from spades_voice.ai.easy import EasyPlayer
from spades_voice.ai.hard import DEFAULT_BUDGET_MS, REFERENCE_RATE, HardPlayer, WorkRate
from spades_voice.ai.medium import MediumPlayer
from spades_voice.rules import (
    SEATS,
    DealtHand,
    Match,
    Move,
    Ruleset,
    SeatView,
    Team,
    TeamScore,
    deal_for,
    play_match,
    rng_for,
)

#: Matches stop after this many hands even without a winner (a safety net).
MAX_HANDS_PER_MATCH = 60


def _player(
    level: Level, rng: random.Random, budget_ms: float, rate: WorkRate = REFERENCE_RATE
) -> Player:
    if level is Level.HARD:
        return HardPlayer(rng, budget_ms, rate=rate)
    if level is Level.MEDIUM:
        return MediumPlayer(rng)
    return EasyPlayer(rng)


@dataclass
class Side:
    """What one level did at one table (or summed over many)."""

    points: int = 0
    hands: int = 0
    contracts: int = 0
    contracts_made: int = 0
    nils: int = 0
    nils_made: int = 0
    bags: int = 0
    bid: int = 0  # tricks contracted (a nil counts none)
    tricks: int = 0  # tricks taken
    times_ms: list[float] = field(default_factory=list)

    def record(self, sc: TeamScore) -> None:
        """Count one hand this side played."""
        self.points += sc.points
        self.hands += 1
        if sc.contract > 0:
            self.contracts += 1
            self.contracts_made += sc.made
        self.nils += len(sc.nils)
        self.nils_made += sum(n.made for n in sc.nils)
        self.bags += sc.bags_added
        self.bid += sc.contract
        self.tricks += sc.tricks

    def add(self, other: Side) -> None:
        self.points += other.points
        self.hands += other.hands
        self.contracts += other.contracts
        self.contracts_made += other.contracts_made
        self.nils += other.nils
        self.nils_made += other.nils_made
        self.bags += other.bags
        self.bid += other.bid
        self.tricks += other.tricks
        self.times_ms.extend(other.times_ms)


@dataclass
class TableResult:
    sides: dict[Team, Side]
    winner: Team | None


def play_table(
    match: Match,
    levels: dict[Team, Level],
    seed: str,
    budget_ms: float,
    max_hands: int,
    rate: WorkRate = REFERENCE_RATE,
) -> TableResult:
    """Play ``match`` with ``levels[team]`` at each team's seats; every player sees only
    its own ``SeatView``."""
    players = {
        seat: _player(levels[seat.team], rng_for(seed, seat.value), budget_ms, rate)
        for seat in SEATS
    }
    sides = {team: Side() for team in Team}

    def decide(view: SeatView) -> Move:
        t0 = time.perf_counter()
        decision = players[view.seat].decide(view)
        sides[view.seat.team].times_ms.append((time.perf_counter() - t0) * 1000.0)
        return decision

    state = play_match(match, decide, max_hands)
    for outcome in state.outcomes:
        for team in Team:
            sides[team].record(outcome.scores[team])
    return TableResult(sides, state.winner)


@dataclass
class DealResult:
    """Both tables of one duplicate deal (or match), from the first level's side."""

    index: int
    diff: float  # first level's points minus the second's, averaged over the two tables
    first: Side
    second: Side
    first_won: int  # matches won (0..2) when this was a match
    second_won: int


#: One task: (kind, index, seed, "first,second" levels, Hard's budget, Hard's rate).
Task = tuple[str, int, str, str, float, WorkRate]


def _task(args: Task) -> DealResult:
    kind, index, seed, levels_text, budget_ms, rate = args
    a, b = (Level(x) for x in levels_text.split(","))
    if kind == "deal":
        dealt = deal_for(f"{seed}/deal", index)
        match = Match(Ruleset(target=None), deals=(DealtHand(dealt.dealer, dealt.deal),))
        max_hands = 1
    else:
        match = Match(Ruleset(), seed=f"{seed}/match/{index}")
        max_hands = MAX_HANDS_PER_MATCH
    first = Side()
    second = Side()
    diff = 0.0
    won = [0, 0]
    for table, (ns, ew) in enumerate(((a, b), (b, a))):
        levels = {Team.NS: ns, Team.EW: ew}
        res = play_table(
            match, levels, f"{seed}/{kind}/{index}/{table}", budget_ms, max_hands, rate
        )
        a_team = Team.NS if table == 0 else Team.EW
        first.add(res.sides[a_team])
        second.add(res.sides[a_team.other])
        diff += (res.sides[a_team].points - res.sides[a_team.other].points) / 2.0
        if res.winner is a_team:
            won[0] += 1
        elif res.winner is a_team.other:
            won[1] += 1
    return DealResult(index, diff, first, second, won[0], won[1])


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    k = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[k]


def _mean_ci(values: list[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def _run(tasks: list[Task], jobs: int, label: str) -> list[DealResult]:
    results: list[DealResult] = []
    started = time.monotonic()
    last = started
    it: Iterator[DealResult]
    pool = None
    if jobs > 1 and len(tasks) > 1:
        pool = multiprocessing.get_context("spawn").Pool(jobs)
        it = pool.imap_unordered(_task, tasks, chunksize=1)
    else:
        it = map(_task, tasks)
    try:
        for r in it:
            results.append(r)
            now = time.monotonic()
            if now - last >= 5.0 or len(results) == len(tasks):
                last = now
                mean, ci = _mean_ci([x.diff for x in results])
                print(
                    f"{label}: {len(results)} of {len(tasks)} done, "
                    f"{mean:+.1f} ± {ci:.1f} per {'match' if label == 'matches' else 'deal'}, "
                    f"{now - started:.0f} s",
                    file=sys.stderr,
                    flush=True,
                )
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    results.sort(key=lambda r: r.index)
    return results


def _summary(
    first: Level, second: Level, deals: list[DealResult], matches: list[DealResult]
) -> dict[str, object]:
    out: dict[str, object] = {"first": first.value, "second": second.value}
    mean, ci = _mean_ci([r.diff for r in deals])
    out["deals"] = len(deals)
    out["points_per_deal"] = round(mean, 2)
    out["ci95"] = round(ci, 2)
    out["matches"] = len(matches) * 2
    out["matches_won"] = {
        first.value: sum(r.first_won for r in matches),
        second.value: sum(r.second_won for r in matches),
    }
    for name in ("first", "second"):
        total = Side()
        for r in (*deals, *matches):
            total.add(r.first if name == "first" else r.second)
        out[name + "_stats"] = {
            "level": first.value if name == "first" else second.value,
            "hands": total.hands,
            "points_per_hand": round(total.points / total.hands, 2) if total.hands else 0.0,
            "contracts": total.contracts,
            "contracts_made": total.contracts_made,
            "nils": total.nils,
            "nils_made": total.nils_made,
            "bags_per_hand": round(total.bags / total.hands, 3) if total.hands else 0.0,
            "decision_ms_p50": round(_percentile(total.times_ms, 0.50), 2),
            "decision_ms_p95": round(_percentile(total.times_ms, 0.95), 2),
            "decisions": len(total.times_ms),
        }
    return out


def compare(
    first: Level,
    second: Level,
    *,
    deals: int,
    matches: int = 0,
    seed: str = "1",
    jobs: int = 1,
    budget_ms: float = DEFAULT_BUDGET_MS,
    rate: WorkRate = REFERENCE_RATE,
) -> dict[str, object]:
    """Play ``deals`` duplicate deals and ``matches`` duplicate matches of ``first``
    against ``second``, Hard working at ``rate``; the figures ``spades-voice arena``
    prints (the rate among them)."""
    levels = f"{first.value},{second.value}"
    budget = float(budget_ms)
    deal_tasks = [("deal", i, seed, levels, budget, rate) for i in range(deals)]
    match_tasks = [("match", i, seed, levels, budget, rate) for i in range(matches)]
    deal_results = _run(deal_tasks, jobs, "deals") if deal_tasks else []
    match_results = _run(match_tasks, jobs, "matches") if match_tasks else []
    summary = _summary(first, second, deal_results, match_results)
    summary["rate"] = {"plays_per_ms": rate.plays_per_ms, "solves_per_ms": rate.solves_per_ms}
    return summary


__all__ = ["compare", "play_table"]
