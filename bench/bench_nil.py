"""How well Hard's imagined finishes foresee its own side's contracts: what its playouts
expect of a nil on its side, and (``--bags``) of a plain bid by the bags its side carries,
to set beside what the table gives (``match_report.py``: nils made, the covering partner's
sets, and Hard's sets by the bags carried into the hand).

    python bench/bench_nil.py [--deals 20000] [--judge 60] [--bags 0] [--seed 5]

First, the policy alone: deals where North's hand is fit for nil (``nil_danger`` under
3.5), every seat bidding as Medium does and North nil, each played out once by the fast
policy that Hard's playouts use. Prints, by North's danger, how often the nil was made
and how often South (covering) was set.

Then Hard itself (``--judge``): South bids after North's nil (``judge_bid``, safety net
off, the reference work rate), and the playouts of the bid it chose say how often they
saw the nil made and South set. North's hand is hidden from South, so it is drawn from
the nil bid as in play.

Then, with ``--bags N``, Hard's plain bids: South bids after North and East (each as
Medium bids), in a match at 250-250 with its side carrying 0, 5, 8 and then 9 bags; N bids
at each. The playouts of the bid it chose say how often they saw the side set, make it
exactly, or take bags. At 9 bags the next bag is the tenth (100 points), so the bid has to
weigh a set against it.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from spades_voice.ai import hard
from spades_voice.ai.counting import medium_bid, nil_danger
from spades_voice.ai.fastplay import Stakes, playout
from spades_voice.ai.knowledge import NO_BID, Known, at_bidding
from spades_voice.rules.bids import NIL_CODE

S, W, N, E = 0, 1, 2, 3
FIT = 3.5  # Hard weighs nil only under this danger


def deal(rng: random.Random) -> list[int]:
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [0, 0, 0, 0]
    for i, c in enumerate(cards):
        hands[i % 4] |= 1 << c
    return hands


def policy_alone(deals: int, rng: random.Random) -> list[str]:
    bands: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for _ in range(deals):
        hands = deal(rng)
        danger = nil_danger(hands[N])
        if danger >= FIT:
            continue
        bids = [max(1, medium_bid(hands[s], None)) for s in range(4)]
        bids[N] = NIL_CODE
        won = playout(hands, [], S, [0, 0, 0, 0], False, False, bids, [0, 0, 0, 0], False, -1)
        row = bands["under 1" if danger < 1 else "1 to 2" if danger < 2 else "2 to 3.5"]
        row[0] += 1
        row[1] += won[N] == 0
        row[2] += won[S] < bids[S]
    out = ["the policy alone, by North's nil danger:"]
    for band in ("under 1", "1 to 2", "2 to 3.5"):
        n, made, cover_set = bands[band]
        if n:
            out.append(
                f"  {band}: {n} deals, nil made {made / n:.1%}, South (covering) set "
                f"{cover_set / n:.1%}"
            )
    return out


def south_to_bid(hand: int, north: int, east: int, stakes: Stakes) -> Known:
    """South's view at its bid: West dealt, North and East have bid, West bids after."""
    return at_bidding(S, hand, (NO_BID, NO_BID, north, east), W, stakes)


@contextmanager
def noted_playouts() -> Iterator[list[tuple[list[int], list[int]]]]:
    """Every playout Hard runs meanwhile, as (bids, tricks won), in the list it yields;
    Hard's own playout is put back after."""
    seen: list[tuple[list[int], list[int]]] = []
    real_playout = playout  # what hard.judge_bid calls

    def noting(*args: Any) -> list[int]:
        won = real_playout(*args)
        seen.append((list(args[6]), won))
        return won

    setattr(hard, "playout", noting)  # noqa: B010 - the module's own name, swapped back
    try:
        yield seen
    finally:
        setattr(hard, "playout", real_playout)  # noqa: B010


def hard_foresees(count: int, rng: random.Random) -> list[str]:
    made = cover_set = 0.0
    bid_sum = judged = 0
    with noted_playouts() as seen:
        while judged < count:
            hands = deal(rng)
            if nil_danger(hands[N]) >= 2.0:
                continue  # a hand Hard would bid nil with
            # West dealt: North bid nil, East as Medium does; South now, West after.
            stakes = Stakes(team=0, bags=(3, 3), totals=(150, 150), target=500, partner_rule=False)
            known = south_to_bid(hands[S], NIL_CODE, medium_bid(hands[E], None), stakes)
            seen.clear()
            j = hard.judge_bid(known, random.Random(rng.random()), safety_net=False)
            if j.choice == NIL_CODE:
                continue
            rows = [won for b, won in seen if b[S] == j.choice]
            made += sum(won[N] == 0 for won in rows) / len(rows)
            cover_set += sum(won[S] < j.choice for won in rows) / len(rows)
            bid_sum += j.choice
            judged += 1
    n = max(1, judged)
    return [
        f"Hard covering a nil: {judged} bids, {bid_sum / n:.2f} on average; its playouts of "
        f"the bid it chose saw the nil made {made / n:.1%}, South set {cover_set / n:.1%}"
    ]


def plain_foresees(count: int, rng: random.Random) -> list[str]:
    """Hard's plain bids by the bags its side carries: how its playouts of the chosen bid
    end for the side (set, exact, bags)."""
    out = ["Hard's plain bids, by the bags its side carries (what its playouts of the bid see):"]
    with noted_playouts() as seen:
        for bags in (0, 5, 8, 9):
            ends = [0.0, 0.0, 0.0]  # set, exact, over
            judged = 0
            while judged < count:
                hands = deal(rng)
                north = max(1, medium_bid(hands[N], None))
                stakes = Stakes(
                    team=0, bags=(bags, 3), totals=(250, 250), target=500, partner_rule=False
                )
                known = south_to_bid(hands[S], north, max(1, medium_bid(hands[E], None)), stakes)
                seen.clear()
                j = hard.judge_bid(known, random.Random(rng.random()), safety_net=False)
                if j.choice == NIL_CODE:
                    continue
                side = j.choice + north
                rows = [won[S] + won[N] for b, won in seen if b[S] == j.choice]
                ends[0] += sum(took < side for took in rows) / len(rows)
                ends[1] += sum(took == side for took in rows) / len(rows)
                ends[2] += sum(took > side for took in rows) / len(rows)
                judged += 1
            n = max(1, judged)
            out.append(
                f"  {bags} bags: {judged} bids; set {ends[0] / n:.1%}, exact {ends[1] / n:.1%}, "
                f"bags {ends[2] / n:.1%}"
            )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000, help="deals for the policy alone")
    parser.add_argument("--judge", type=int, default=60, help="Hard's covering bids to judge")
    parser.add_argument("--bags", type=int, default=0, help="plain bids to judge at each bag count")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print("\n".join(policy_alone(args.deals, rng)))
    print("\n".join(hard_foresees(args.judge, rng)))
    if args.bags:
        print("\n".join(plain_foresees(args.bags, rng)))


if __name__ == "__main__":
    main()
