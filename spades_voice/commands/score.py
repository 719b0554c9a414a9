"""``spades-voice score FILE [--json]``: replay a record and print the score.

Exit 0 when the record is legal, 1 on an illegal decision (or a hand after the match was
won), 2 when the file cannot be read or is not a record. No traceback reaches the user:
the file is read by the store's one rule for files (an ordinary file of at most 16 MB,
refused before reading otherwise; standard input read up to the same cap), and anything
that goes wrong reading it, whatever it is, is exit 2 with a one-line reason. The replay
stops at the first hand after a won match, and values quoted back are cut to 40
characters.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from spades_voice.narration.reasons import english
from spades_voice.rules import TEAMS, Team
from spades_voice.rules.match import MatchState
from spades_voice.rules.record import Record, RecordError, RecordIllegal, parse_and_replay
from spades_voice.store.files import (
    RECORD_CAP,
    Unreadable,
    decode_json,
    read_capped,
    size_words,
    why_unreadable,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="A spades-record/1 file (- for standard input).")
    parser.add_argument("--json", action="store_true", help="Print JSON as in DESIGN.md.")


def score_json(state: MatchState) -> dict[str, Any]:
    hands = []
    for outcome in state.outcomes:
        hands.append(
            {
                "tricks": {seat.value: n for seat, n in outcome.tricks.items()},
                "points": {t.value: outcome.scores[t].points for t in TEAMS},
                "bags": {t.value: outcome.scores[t].bags_after for t in TEAMS},
                "totals": {t.value: outcome.totals[t] for t in TEAMS},
            }
        )
    return {"hands": hands, "winner": state.winner.value if state.winner else None}


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def score_text(state: MatchState) -> str:
    lines = []
    for o in state.outcomes:
        parts = []
        for t in TEAMS:
            s = o.scores[t]
            parts.append(
                f"{t.value} {_signed(s.points)} (total {o.totals[t]}, bags {s.bags_after})"
            )
        lines.append(f"Hand {o.number}: " + "; ".join(parts))
    if state.winner is not None:
        lines.append(f"Winner: {_team_words(state.winner)}.")
    else:
        lines.append("No winner yet.")
    return "\n".join(lines)


def _team_words(team: Team) -> str:
    return "NS (South and North)" if team is Team.NS else "EW (West and East)"


def load(args: argparse.Namespace) -> tuple[Record, MatchState] | int:
    """The record named by ``args.file`` and its replay, or the exit code after saying why
    not (2: unreadable or not a record; 1: an illegal decision). Shared with ``review``."""
    name = "standard input" if args.file == "-" else args.file
    try:
        raw = _read(args.file)
        if raw is None:
            return _fail(args, 2, {"reason": f"Cannot read {name}: there is no such file."})
        return parse_and_replay(decode_json(raw))
    except Unreadable as e:
        return _fail(args, 2, {"reason": f"Cannot read {name}: {e}."})
    except RecordError as e:
        return _fail(args, 2, {**e.where_json(), "reason": english(e.reason)})
    except RecordIllegal as e:
        return _fail(args, 1, {**e.where_json(), "reason": english(e.reason)})
    except Exception as e:  # whatever else a hostile file provokes is still "unreadable"
        return _fail(args, 2, {"reason": f"Cannot read {name}: {why_unreadable(e)}."})


def run(args: argparse.Namespace) -> int:
    loaded = load(args)
    if isinstance(loaded, int):
        return loaded
    _, state = loaded
    if args.json:
        print(json.dumps(score_json(state)))
    else:
        print(score_text(state))
    return 0


def _read(file: str) -> bytes | None:
    """The record's bytes: a file by the store's rule, or standard input up to the cap."""
    if file != "-":
        return read_capped(Path(file), RECORD_CAP)
    raw = sys.stdin.buffer.read(RECORD_CAP + 1)
    if len(raw) > RECORD_CAP:
        raise Unreadable(f"it is larger than {size_words(RECORD_CAP)}")
    return raw


def _fail(args: argparse.Namespace, code: int, error: dict[str, Any]) -> int:
    if args.json:
        print(json.dumps({"error": error}))
    else:
        where = []
        if "hand" in error:
            where.append(f"hand {error['hand']}")
        if "play" in error:
            where.append(f"play {error['play']} ({error.get('seat')}, {error.get('card')})")
        if "bid" in error:
            where.append(f"bid {error['bid']} ({error.get('seat')})")
        if "field" in error:
            where.append(str(error["field"]))
        prefix = ", ".join(where)
        print(f"{prefix}: {error['reason']}" if prefix else error["reason"], file=sys.stderr)
    return code
