"""Where Hard is set in matches: reads the hand lines of ``bench_ismcts.py --matches N
--verbose`` (its standard error) and sums them up.

    python bench/match_report.py RUN.err [BASE.err]

For a run: tables won, hands, Hard's sets, bags a hand, bag penalties and nils made; each
side's bid and tricks a hand (no-nil hands: what a set is measured against) and points a
hand; Hard's sets apart in hands without a nil on its side and in hands with one (where
the set is the covering partner's); then Hard's hands by the bags its side carried into
them, with the sets among them.
Given a second run (the code a variant changes), both are counted over the matches both
played, so a variant is compared on the same deal sequences. A match still being played
when a run was stopped counts its hands so far.

Each hand is scored again with the game's own ``hand_points`` (default rules: a failed
nil's tricks are bags), carrying bags from hand to hand as the table did, and the points
must agree with the line's: a check that the report reads the lines right.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field

from spades_voice.rules.scoring import BAG_LIMIT, contract_counts, hand_points

LINE = re.compile(r"\s+match (\d+) table (\d): (.*?)  Hard ([+-]\d+), ISMCTS ([+-]\d+)\s*$")
SEAT = re.compile(r"([SWNE])(\*?) (-?\d+)/(\d+)")
ORDER = "SWNE"  # seat index order; partners are two apart


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand at one table: bids and tricks by seat S, W, N, E, and Hard's team (0 NS)."""

    bids: tuple[int, int, int, int]
    won: tuple[int, int, int, int]
    hard: int
    points: tuple[int, int]  # Hard's, the bot's, as the line says


def read(path: str) -> dict[tuple[int, int], list[Hand]]:
    """Each table's hands, in order, keyed by (match, table)."""
    tables: dict[tuple[int, int], list[Hand]] = defaultdict(list)
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = LINE.match(line)
            if not m:
                continue
            bids = [0] * 4
            won = [0] * 4
            hard = -1
            for seat, star, bid, took in SEAT.findall(m.group(3)):
                i = ORDER.index(seat)
                bids[i], won[i] = int(bid), int(took)
                if star:
                    hard = i & 1
            hand = Hand(
                (bids[0], bids[1], bids[2], bids[3]),
                (won[0], won[1], won[2], won[3]),
                hard,
                (int(m.group(4)), int(m.group(5))),
            )
            tables[(int(m.group(1)), int(m.group(2)))].append(hand)
    return tables


@dataclass(slots=True)
class Tally:
    tables: int = 0
    won: int = 0
    hands: int = 0
    sets: int = 0
    bags: int = 0
    penalties: int = 0
    nils: int = 0
    nils_made: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])
    plain: int = 0  # hands without a nil on Hard's side
    plain_sets: int = 0  # Hard's sets among them
    bid: list[int] = field(default_factory=lambda: [0, 0])  # in plain hands, Hard's, bot's
    took: list[int] = field(default_factory=lambda: [0, 0])
    by_bags: dict[int, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))


def tally(tables: dict[tuple[int, int], list[Hand]], keys: list[tuple[int, int]]) -> Tally:
    t = Tally()
    for key in keys:
        carried = [0, 0]
        total = [0, 0]
        for hand in tables[key]:
            t.hands += 1
            plain = hand.bids[hand.hard] > 0 and hand.bids[hand.hard + 2] > 0
            t.plain += plain
            for side, team in enumerate((hand.hard, 1 - hand.hard)):
                ba, bb, wa, wb = (
                    hand.bids[team],
                    hand.bids[team + 2],
                    hand.won[team],
                    hand.won[team + 2],
                )
                pts, after = hand_points(ba, bb, wa, wb, carried[team], False)
                if pts != hand.points[side]:
                    raise ValueError(f"match {key}: scored {pts}, the line says {hand.points}")
                total[side] += pts
                t.points[side] += pts
                if plain:
                    t.bid[side] += ba + bb
                    t.took[side] += wa + wb
                if side == 0:
                    was_set = _hard_side(t, carried[team], (ba, bb, wa, wb))
                    t.plain_sets += plain and was_set
                carried[team] = after
        t.tables += 1
        t.won += total[0] > total[1]
    return t


def _hard_side(t: Tally, carried: int, hand: tuple[int, int, int, int]) -> bool:
    """Hard's side's sets, bags, bag penalties and nils in one hand; whether it was set."""
    ba, bb, wa, wb = hand
    contract, counted, nil_bags = contract_counts(ba, bb, wa, wb, False)
    is_set = contract > 0 and counted < contract
    t.sets += is_set
    row = t.by_bags[carried]
    row[0] += 1
    row[1] += is_set
    added = max(0, counted - contract) + nil_bags  # as hand_points counts them
    t.bags += added
    t.penalties += (carried + added) // BAG_LIMIT
    for bid, took in ((ba, wa), (bb, wb)):
        if bid <= 0:
            t.nils += 1
            t.nils_made += took == 0
    return is_set


def report(name: str, t: Tally) -> list[str]:
    n = max(1, t.hands)
    p = max(1, t.plain)
    nil_hands = t.hands - t.plain
    nil_sets = t.sets - t.plain_sets
    lines = [
        f"{name}: {t.tables} table{'' if t.tables == 1 else 's'}, Hard's side won {t.won}; "
        f"{t.hands} hands, "
        f"Hard set {t.sets} ({t.sets / n:.1%}), bags {t.bags / n:.2f} a hand, "
        f"{t.penalties} bag penalties, nil made {t.nils_made} of {t.nils}",
        f"  points a hand: Hard {t.points[0] / n:.1f}, ISMCTS {t.points[1] / n:.1f}, "
        f"Hard minus ISMCTS {(t.points[0] - t.points[1]) / n:+.1f}",
        f"  hands with no nil on Hard's side ({t.plain}): Hard bid {t.bid[0] / p:.2f}, "
        f"took {t.took[0] / p:.2f}; ISMCTS bid {t.bid[1] / p:.2f}, took {t.took[1] / p:.2f}; "
        f"Hard set {t.plain_sets} ({t.plain_sets / p:.1%})",
        f"  hands with a nil on Hard's side ({nil_hands}): the partner's contract set "
        f"{nil_sets} ({nil_sets / max(1, nil_hands):.1%})",
        "  Hard set, by the bags its side carried into the hand:",
    ]
    for bags in sorted(t.by_bags):
        hands, sets = t.by_bags[bags]
        lines.append(f"    {bags} bags: {sets} of {hands} ({sets / hands:.1%})")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", help="the standard error of a --matches --verbose run")
    parser.add_argument("base", nargs="?", help="a run to compare with, on common matches")
    args = parser.parse_args(argv)
    runs = [(args.run, read(args.run))]
    if args.base:
        runs.append((args.base, read(args.base)))
    keys = set(runs[0][1])
    for _, tables in runs[1:]:
        keys &= set(tables)
    if not keys:
        print("No match was played in both runs.", file=sys.stderr)
        return 1
    for name, tables in runs:
        try:
            print("\n".join(report(name, tally(tables, sorted(keys)))))
        except ValueError as e:
            print(f"{name}: {e}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
