"""Rules speed: random full hands per second through the public API, against OpenSpiel.

    python bench/bench_rules.py [--seconds 3]

A hand is a deal, four bids and 52 legal plays chosen at random. OpenSpiel's spades
(``pip install open-spiel``, a benchmark-only extra) is timed the same way in the same
run, through its Python API, including its deal (52 chance actions). Also prints the
internal random-playout rate from a mid-hand position (26 cards left), which the
computer players use.
"""

from __future__ import annotations

import argparse
import random
import time

from spades_voice.rules import SEATS, Bid, Deal, HandState, Ruleset
from spades_voice.rules.playout import random_playout


def ours(seconds: float) -> float:
    rng = random.Random(1)
    rules = Ruleset()
    bid = Bid(3)
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        for _ in range(200):
            h = HandState(rules, SEATS[n % 4], Deal.random(rng))
            for _ in range(4):
                h.place_bid(bid)
            for _ in range(52):
                legal = h.legal_cards()
                h.play(legal[int(rng.random() * len(legal))])
            n += 1
    return n / (time.perf_counter() - start)


def openspiel(seconds: float) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("spades")
    rng = random.Random(1)
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        for _ in range(50):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes = s.chance_outcomes()
                    s.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    legal = s.legal_actions()
                    s.apply_action(legal[int(rng.random() * len(legal))])
            n += 1
    return n / (time.perf_counter() - start)


def playouts(seconds: float) -> tuple[float, int]:
    rng = random.Random(2)
    h = HandState(Ruleset(), SEATS[0], Deal.random(rng))
    for _ in range(4):
        h.place_bid(Bid(3))
    for _ in range(26):
        legal = h.legal_cards()
        h.play(legal[int(rng.random() * len(legal))])
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        for _ in range(500):
            random_playout(h, rng)
        n += 500
    return n / (time.perf_counter() - start), 52 - len(h.plays)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    mine = ours(args.seconds)
    print(f"spades_voice: {mine:,.0f} random full hands/s (public API)")
    theirs = openspiel(args.seconds)
    if theirs is None:
        print("OpenSpiel: not installed (pip install open-spiel); ratio not measured")
    else:
        print(f"OpenSpiel:    {theirs:,.0f} random full hands/s (pyspiel, same loop)")
        print(f"ratio:        {mine / theirs:.2f}x")
    rate, left = playouts(args.seconds)
    print(f"playouts:     {rate:,.0f} random playouts/s from mid-hand ({left} cards left)")


if __name__ == "__main__":
    main()
