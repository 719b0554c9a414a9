"""Computer-player figures: decision time per level and playout speed.

    python bench/bench_ai.py [--hands 4] [--budget-ms 250] [--calibrate | --rate P,S]

Decision times come from whole hands (Hard at South and North against Medium), in wall
time (what a player waits) and CPU time (this process's work alone, which a busy machine
does not stretch); playout speed is measured from a mid-hand position (after 5 tricks) on
sampled deals. ``--calibrate`` measures this machine's work rate first, as the game does at
its first start; without it Hard runs at the reference machine's rate.
"""

from __future__ import annotations

import argparse
import random
import time

from spades_voice.ai import Level, WorkRate, make_player
from spades_voice.ai.fastplay import playout
from spades_voice.ai.knowledge import known_of
from spades_voice.ai.sampling import sample_deals
from spades_voice.commands.arena import add_rate_arguments, rate_from_args
from spades_voice.rules import Match, MatchState, Ruleset, Seat, view_of


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def decision_times(hands: int, budget_ms: float, rate: WorkRate) -> None:
    for level in (Level.EASY, Level.MEDIUM, Level.HARD):
        times: list[float] = []
        cpu: list[float] = []
        for seed in range(hands):
            state = MatchState(Match(Ruleset(target=None), seed=seed))
            me = make_player(level, random.Random(seed), budget_ms=budget_ms, rate=rate)
            other = make_player(Level.MEDIUM, random.Random(seed))
            while not state.outcomes:
                seat = state.to_act
                assert seat is not None
                v = view_of(state, seat)
                if seat in (Seat.S, Seat.N):
                    c0 = time.thread_time()
                    t0 = time.perf_counter()
                    d = me.decide(v)
                    times.append((time.perf_counter() - t0) * 1000.0)
                    cpu.append((time.thread_time() - c0) * 1000.0)
                else:
                    d = other.decide(v)
                state.apply(d)
        print(
            f"{level.value:6s} decision p50 {_pct(times, 0.5):7.2f} ms  "
            f"p95 {_pct(times, 0.95):7.2f} ms  max {max(times):7.2f} ms  ({len(times)} decisions)"
        )
        print(f"{'':6s}    cpu p50 {_pct(cpu, 0.5):7.2f} ms  p95 {_pct(cpu, 0.95):7.2f} ms")


def playout_speed(seconds: float = 2.0) -> None:
    rng = random.Random(3)
    state = MatchState(Match(Ruleset(target=None), seed=5))
    medium = make_player(Level.MEDIUM, rng)
    for _ in range(4 + 20):
        state.apply(medium.decide(view_of(state, state.to_act)))  # type: ignore[arg-type]
    k = known_of(view_of(state, state.to_act))  # type: ignore[arg-type]
    deals = sample_deals(k, rng, 200)
    bids, trick, won, voids = list(k.bids), list(k.trick), list(k.won), list(k.voids)

    def rate(run: object) -> float:
        n = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            run(deals[n % len(deals)])  # type: ignore[operator]
            n += 1
        return n / (time.perf_counter() - t0)

    left = k.hand.bit_count() + k.unseen.bit_count()
    print(f"from a mid-hand position ({left} cards left):")
    any_time = k.spades_any_time
    pol = rate(lambda d: playout(d, trick, k.leader, won, k.broken, any_time, bids, voids, False))
    print(f"  ai.fastplay.playout (policy, Medium's rules): {pol:8.0f} playouts/s")

    t0 = time.perf_counter()
    sample_deals(k, rng, 200)
    ms = (time.perf_counter() - t0) * 1e3
    print(f"  sampling 200 deals (bid-weighted from 400): {ms:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--budget-ms", type=float, default=250.0)
    add_rate_arguments(parser)
    parser.add_argument("--skip-playouts", action="store_true")
    args = parser.parse_args()
    rate = rate_from_args(args)
    print(f"work rate: {rate.plays_per_ms} plays/ms, {rate.solves_per_ms} solves/ms")
    if not args.skip_playouts:
        playout_speed()
    decision_times(args.hands, args.budget_ms, rate)


if __name__ == "__main__":
    main()
