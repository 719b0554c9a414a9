"""A problem report (Shift+B): one file in the data folder with what it takes to see what
went wrong, written when the player asks and never sent anywhere.

It holds this match's record (a table in this process: the whole ``spades-record/1``; a
shared table: only what this seat saw — its own cards, the bids, every card played, the
finished hands), the recent speech, the settings, the version and the platform.
"""

from __future__ import annotations

import json
import platform
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from spades_voice.rules import Match, SeatView, Trick
from spades_voice.rules.record import to_record
from spades_voice.store.settings import Settings

SCHEMA = "spades-voice/problem-report"
VERSION = 1
PREFIX = "problem-report-"


def game_version() -> str:
    """The installed version of the game, or "unknown" (a checkout run without install)."""
    from importlib import metadata

    try:
        return metadata.version("spades-voice")
    except metadata.PackageNotFoundError:
        return "unknown"


def _trick(trick: Trick) -> dict[str, Any]:
    return {
        "plays": [[seat.value, card.code] for seat, card in trick.plays],
        "winner": trick.winner.value if trick.winner is not None else None,
    }


def seen_by(view: SeatView) -> dict[str, Any]:
    """What one seat has seen of the match: never another seat's cards."""
    return {
        "seat": view.seat.value,
        "rules": view.ruleset.to_json(),
        "hand_number": view.hand_number,
        "dealer": view.dealer.value if view.dealer is not None else None,
        "my_cards": [c.code for c in view.hand],
        "bids": [[seat.value, bid.to_json()] for seat, bid in view.bids],
        "tricks": [_trick(t) for t in view.tricks],
        "current": _trick(view.current),
        "finished_hands": [
            {
                "number": o.number,
                "bids": [[seat.value, bid.to_json()] for seat, bid in o.bids],
                "tricks": {seat.value: n for seat, n in o.tricks.items()},
                "totals": {team.value: n for team, n in o.totals.items()},
            }
            for o in view.outcomes
        ],
        "totals": {team.value: n for team, n in view.totals.items()},
        "bags": {team.value: n for team, n in view.bags.items()},
    }


def build_report(
    *,
    match: Match | None,
    view: SeatView,
    speech: Sequence[str],
    settings: Settings | None,
    now: datetime,
) -> bytes:
    """The report's bytes. ``match`` is the whole match when this process holds it (then
    its record is written); otherwise only ``view``, what this seat saw."""
    body: dict[str, Any] = {
        "schema": SCHEMA,
        "version": VERSION,
        "written": now.astimezone(UTC).isoformat(timespec="seconds"),
        "game_version": game_version(),
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "settings": settings.to_json() if settings is not None else None,
        "record": to_record(match) if match is not None else None,
        "seen": seen_by(view) if match is None else None,
        "speech": list(speech),
    }
    return (json.dumps(body, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def report_name(now: datetime) -> str:
    """ "problem-report-2026-11-30-065400.json": sorts by time, says what it is."""
    return f"{PREFIX}{now.strftime('%Y-%m-%d-%H%M%S')}.json"


def report_path(directory: Path, now: datetime) -> Path:
    return directory / report_name(now)
