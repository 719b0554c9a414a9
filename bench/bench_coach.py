"""The coach's speed: seconds to review one player's whole hand.

    python bench/bench_coach.py [--hands 6] [--calibrate | --rate P,S]

Each hand is a single-hand match (Easy at South, so there is something to find; Medium
elsewhere); the review is ``ai.coach.review`` over South's bid and 13 cards, at the work
rate given (``--calibrate`` measures it as the game does). Prints wall and CPU seconds per
hand; the target is 2 s a hand.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from spades_voice.ai import Level, make_player
from spades_voice.ai.coach import review
from spades_voice.commands.arena import add_rate_arguments, rate_from_args
from spades_voice.rules import Decision, Match, MatchState, Ruleset, Seat, SeatView, view_of


def hand_moments(seed: int) -> list[tuple[SeatView, Decision]]:
    state = MatchState(Match(Ruleset(target=None), seed=f"coach/{seed}"))
    easy = make_player(Level.EASY, random.Random(seed))
    medium = make_player(Level.MEDIUM, random.Random(seed))
    out: list[tuple[SeatView, Decision]] = []
    while not state.outcomes:
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        d = (easy if seat is Seat.S else medium).decide(view)
        if seat is Seat.S:
            out.append((view, d))
        state.apply(d)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=6)
    add_rate_arguments(parser)
    args = parser.parse_args()
    rate = rate_from_args(args)
    print(f"work rate: {rate.plays_per_ms} plays/ms, {rate.solves_per_ms} solves/ms")
    wall: list[float] = []
    cpu: list[float] = []
    found = 0
    for seed in range(args.hands):
        moments = hand_moments(seed)
        c0, t0 = time.process_time(), time.perf_counter()
        findings = review(moments, random.Random(seed), rate)
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        found += len(findings)
    print(
        f"review of one hand ({args.hands} hands, {found} findings): "
        f"wall median {statistics.median(wall):.2f} s, max {max(wall):.2f} s; "
        f"cpu median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s"
    )


if __name__ == "__main__":
    main()
