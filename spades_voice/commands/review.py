"""``spades-voice review FILE [--seat S] [--hand N] [--json]``: the coach over a record.

For each finished hand, Hard re-judges the chosen seat's bid and cards from the view that
seat had at each moment and names the one to three costliest decisions. Exit codes as
``score``: 0 done, 1 an illegal decision in the record, 2 unreadable or not a record.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from spades_voice.ai import Hint, hint
from spades_voice.ai.calibrate import measure
from spades_voice.ai.coach import Finding, review
from spades_voice.ai.hard import WorkRate
from spades_voice.ai.hints import hint_rng
from spades_voice.commands.common import add_language_argument, choose_language, saved_settings
from spades_voice.commands.score import load
from spades_voice.narration.coach import NO_HAND_TO_REVIEW, coach_printed
from spades_voice.narration.language import line
from spades_voice.narration.reasons import english, say_reason
from spades_voice.rules import Bid, Move, NotAValue, Seat, SeatView, rng_for
from spades_voice.rules.view import moments_of


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="A spades-record/1 file (- for standard input).")
    parser.add_argument("--seat", default="S", help="Whose decisions to review (default S).")
    parser.add_argument("--hand", type=int, default=None, help="Only this hand (1-based).")
    parser.add_argument("--seed", default="review", help="Seed for the sampled deals.")
    parser.add_argument("--json", action="store_true", help="Print the findings as JSON.")
    add_language_argument(parser)


def saved_rate() -> WorkRate | None:
    """This machine's stored work rate, or None (nothing stored, or the file unreadable)."""
    try:
        from spades_voice.store import files
        from spades_voice.store.settings import SETTINGS_FILE, load_settings

        s = load_settings(files.data_dir() / SETTINGS_FILE)
        return None if s is None else s.work_rate
    except Exception:  # any failure to read stored data is "unreadable": measure instead
        return None


def _code(d: Move) -> int | str:
    return d.to_json() if isinstance(d, Bid) else d.code


def _finding_json(f: Finding) -> dict[str, object]:
    return {
        "trick": f.trick,
        "played": _code(f.played),
        "better": _code(f.better),
        "cost": round(f.cost, 1),
        "reason": english(f.reason),
    }


def run(args: argparse.Namespace) -> int:
    try:
        seat = Seat.from_code(args.seat)
    except NotAValue as e:
        print(say_reason(e.reason), file=sys.stderr)
        return 2
    loaded = load(args)
    if isinstance(loaded, int):
        return loaded
    _, state = loaded
    rate = saved_rate() or measure(time.process_time)

    def advise(view: SeatView) -> Hint:
        """What the hint says in that position (the coach names the same choice)."""
        return hint(view, hint_rng(args.seed, view), rate=rate)

    report = []
    for number, hand in moments_of(state.match, seat):
        if args.hand is not None and number != args.hand:
            continue
        findings = review(hand, rng_for(args.seed, "coach", number), rate, advise=advise)
        report.append((number, findings))
    if args.json:
        hands = [{"hand": n, "findings": [_finding_json(f) for f in fs]} for n, fs in report]
        print(json.dumps({"seat": seat.value, "hands": hands}))
        return 0
    choose_language(args, saved_settings()[0])
    if not report:
        print(line(NO_HAND_TO_REVIEW))
    for n, fs in report:
        print("\n".join(coach_printed(n, fs)))
    return 0
