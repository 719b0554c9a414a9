"""Rules speed: random full hands per second through the public API, against OpenSpiel.

    python bench/bench_rules.py [--seconds 3]

Each figure is the best of many short batches (``timeit``'s rule): on a machine shared
with other work, a whole-run average swings by a fifth or more from one run to the next,
while the fastest batch is the one the other work disturbed least. The batches take turns
across the figures for ``--seconds`` each.

A hand is a deal, four bids and 52 legal plays chosen at random (the same deals and
choices in every batch). OpenSpiel's spades (``pip install open-spiel``, a benchmark-only
extra) is timed the same way, through its Python API, including its deal (52 chance
actions). Also prints the playout rate the computer players live on:
``ai.fastplay.playout`` (every seat playing the policy, on the shared ``rules.kernel``
legality and trick winner) from 20 mid-hand positions with 26 cards left.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from spades_voice.ai.fastplay import playout
from spades_voice.rules import SEATS, Bid, Deal, HandState, Ruleset

HANDS = 20  # per batch


def ours_batch() -> Callable[[], None]:
    rng = random.Random(1)
    deals = [Deal.random(rng) for _ in range(HANDS)]
    rules = Ruleset()
    bid = Bid(3)

    def run() -> None:
        r = random.Random(5)
        for k, d in enumerate(deals):
            h = HandState(rules, SEATS[k % 4], d)
            for _ in range(4):
                h.place_bid(bid)
            for _ in range(52):
                legal = h.legal_cards()
                h.play(legal[int(r.random() * len(legal))])

    return run


def openspiel_batch() -> Callable[[], None] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("spades")

    def run() -> None:
        r = random.Random(1)
        for _ in range(HANDS):
            s: Any = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes = s.chance_outcomes()
                    s.apply_action(outcomes[int(r.random() * len(outcomes))][0])
                else:
                    legal = s.legal_actions()
                    s.apply_action(legal[int(r.random() * len(legal))])

    return run


def playout_batch() -> Callable[[], None]:
    """Policy playouts from 20 mid-hand positions (26 cards left, 3 bid each)."""
    rng = random.Random(2)
    positions = []
    for k in range(20):
        h = HandState(Ruleset(), SEATS[k % 4], Deal.random(rng))
        for _ in range(4):
            h.place_bid(Bid(3))
        for _ in range(26):
            legal = h.legal_cards()
            h.play(legal[int(rng.random() * len(legal))])
        held = [h.held_mask(s) for s in SEATS]
        trick = [c.index for c in h.current_trick.cards]
        voids = [sum(1 << su.index for su in h.shown_out(s)) for s in SEATS]
        won = [h.tricks_won(s) for s in SEATS]
        leader = h.current_trick.leader.index
        positions.append((held, trick, leader, won, h.spades_broken, voids))
    bids = [3, 3, 3, 3]

    def run() -> None:
        for held, trick, leader, won, broken, voids in positions:
            playout(held, trick, leader, won, broken, False, bids, voids, False)

    return run


def best_rates(
    batches: dict[str, tuple[Callable[[], None], int]], seconds: float
) -> dict[str, float]:
    """Per second of the fastest batch of each, the batches taking turns."""
    best = dict.fromkeys(batches, float("inf"))
    end = time.perf_counter() + seconds * len(batches)
    while time.perf_counter() < end:
        for name, (run, _) in batches.items():
            t0 = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - t0)
    return {name: batches[name][1] / best[name] for name in batches}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    batches: dict[str, tuple[Callable[[], None], int]] = {
        "ours": (ours_batch(), HANDS),
        "playouts": (playout_batch(), 20),
    }
    theirs = openspiel_batch()
    if theirs is not None:
        batches["openspiel"] = (theirs, HANDS)
    rates = best_rates(batches, args.seconds)
    print(f"spades_voice: {rates['ours']:,.0f} random full hands/s (public API)")
    if theirs is None:
        print("OpenSpiel: not installed (pip install open-spiel); ratio not measured")
    else:
        print(f"OpenSpiel:    {rates['openspiel']:,.0f} random full hands/s (pyspiel, same loop)")
        print(f"ratio:        {rates['ours'] / rates['openspiel']:.2f}x")
    print(f"playouts:     {rates['playouts']:,.0f} policy playouts/s from mid-hand (26 cards left)")


if __name__ == "__main__":
    main()
