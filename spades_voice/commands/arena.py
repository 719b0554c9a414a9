"""``spades-voice arena``: computer levels against each other on duplicate deals.

    spades-voice arena --ns hard --ew medium --deals 1000 --jobs 2 --seed 1

The games are played by ``ai.arena.compare``; this module reads the options and prints.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time

from spades_voice.ai.arena import compare
from spades_voice.ai.calibrate import measure
from spades_voice.ai.hard import DEFAULT_BUDGET_MS, REFERENCE_RATE, WorkRate
from spades_voice.options import Level, names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    levels = names(Level)
    parser.add_argument(
        "--ns", choices=levels, default=Level.HARD.value, help="First level (default hard)."
    )
    parser.add_argument(
        "--ew", choices=levels, default=Level.MEDIUM.value, help="Second level (default medium)."
    )
    parser.add_argument("--deals", type=int, default=50, help="Duplicate deals (default 50).")
    parser.add_argument(
        "--matches", type=int, default=0, help="Duplicate matches to 500 (default 0)."
    )
    parser.add_argument("--seed", default="1", help="Seed; the same seed replays the same run.")
    parser.add_argument(
        "--jobs",
        type=int,
        default=max(1, min(2, multiprocessing.cpu_count())),
        help="Worker processes (default: both cores).",
    )
    parser.add_argument(
        "--budget-ms",
        type=float,
        default=DEFAULT_BUDGET_MS,
        help=f"Hard's time per decision (default {DEFAULT_BUDGET_MS:.0f}).",
    )
    add_rate_arguments(parser)
    parser.add_argument("--json", action="store_true", help="Print the figures as JSON.")


def add_rate_arguments(parser: argparse.ArgumentParser) -> None:
    """``--rate`` and ``--calibrate``: Hard's work rate, for the arena and the benchmarks."""
    parser.add_argument(
        "--rate",
        default=None,
        metavar="PLAYS,SOLVES",
        help="Hard's work rate (plays and solves per ms); default the reference machine's.",
    )
    parser.add_argument(
        "--calibrate", action="store_true", help="Measure this machine's work rate first."
    )


def rate_from_args(args: argparse.Namespace) -> WorkRate:
    """The rate ``add_rate_arguments`` asked for: measured, given, or the reference."""
    if args.calibrate:
        return measure(time.process_time)
    if args.rate:
        plays, solves = (float(x) for x in str(args.rate).split(","))
        return WorkRate(plays, solves)
    return REFERENCE_RATE


def run(args: argparse.Namespace) -> int:
    summary = compare(
        Level(args.ns),
        Level(args.ew),
        deals=args.deals,
        matches=args.matches,
        seed=str(args.seed),
        jobs=args.jobs,
        budget_ms=args.budget_ms,
        rate=rate_from_args(args),
    )
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        _print_summary(summary)
    return 0


def _pct(a: int, b: int) -> str:
    return f"{a} of {b} ({100.0 * a / b:.1f}%)" if b else "none"


def _print_summary(s: dict[str, object]) -> None:
    first, second = s["first"], s["second"]
    print(f"{first} against {second}")
    if s["deals"]:  # ``--deals 0 --matches N`` plays matches only
        print(
            f"  points per deal ({first} minus {second}): {s['points_per_deal']:+.1f}"
            f" ± {s['ci95']:.1f} (95% CI) over {s['deals']} duplicate deals"
        )
    won = s["matches_won"]
    assert isinstance(won, dict)
    print(f"  matches won: {first} {won[first]}, {second} {won[second]} of {s['matches']}")
    for key in ("first_stats", "second_stats"):
        st = s[key]
        assert isinstance(st, dict)
        print(
            f"  {st['level']}: contracts made {_pct(st['contracts_made'], st['contracts'])};"
            f" nil made {_pct(st['nils_made'], st['nils'])};"
            f" bags per hand {st['bags_per_hand']:.2f};"
            f" decision p50 {st['decision_ms_p50']:.1f} ms, p95 {st['decision_ms_p95']:.1f} ms"
        )
