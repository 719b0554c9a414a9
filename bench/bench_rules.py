"""Rules speed: random full hands per second through the public API, against OpenSpiel.

    python bench/bench_rules.py [--seconds 3]

Rates are per second of this process's CPU time (``time.process_time``), not wall time: on
a machine shared with other work, wall-clock rates swing by a factor of two or more from
one run to the next, while CPU time counts only the work done here.

A hand is a deal, four bids and 52 legal plays chosen at random. OpenSpiel's spades
(``pip install open-spiel``, a benchmark-only extra) is timed the same way in the same
run, through its Python API, including its deal (52 chance actions). Also prints the
playout rate the computer players live on: ``ai.fastplay.playout`` (every seat playing the
policy, on the shared ``rules.kernel`` legality and trick winner) from mid-hand positions
with 26 cards left.
"""

from __future__ import annotations

import argparse
import random
import time

from spades_voice.ai.fastplay import playout
from spades_voice.rules import SEATS, Bid, Deal, HandState, Ruleset


def ours(seconds: float) -> float:
    rng = random.Random(1)
    rules = Ruleset()
    bid = Bid(3)
    n = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        for _ in range(200):
            h = HandState(rules, SEATS[n % 4], Deal.random(rng))
            for _ in range(4):
                h.place_bid(bid)
            for _ in range(52):
                legal = h.legal_cards()
                h.play(legal[int(rng.random() * len(legal))])
            n += 1
    return n / (time.process_time() - start)


def openspiel(seconds: float) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("spades")
    rng = random.Random(1)
    n = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
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
    return n / (time.process_time() - start)


def playouts(seconds: float) -> tuple[float, int]:
    """Policy playouts per second from 20 mid-hand positions (26 cards left, 3 bid each),
    taken in turn so that one position does not set the figure."""
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
    n = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        for held, trick, leader, won, broken, voids in positions:
            for _ in range(25):
                playout(held, trick, leader, won, broken, bids, voids, False)
        n += 500
    return n / (time.process_time() - start), 26


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
    print(f"playouts:     {rate:,.0f} policy playouts/s from mid-hand ({left} cards left)")


if __name__ == "__main__":
    main()
