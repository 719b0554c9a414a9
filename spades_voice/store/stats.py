"""Statistics: matches won and lost, streaks, points per hand, nils, bag penalties.

Counted from one player's point of view (their seat and team). A match is counted once,
when it is won or lost; an abandoned match (a new one started after decisions were made)
counts as a loss. Each counted match's id is remembered, so a replayed hook or a restart
after a crash cannot count it twice.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from spades_voice.narration.lines import text_of
from spades_voice.narration.statistics import statistics_summary
from spades_voice.rules import SeatView
from spades_voice.store import files
from spades_voice.store.files import Migration, Unreadable
from spades_voice.store.save import MATCH_ID_LIMIT

STATS_FILE = "stats.json"
SCHEMA = "spades-voice/stats"
VERSION = 1
MIGRATIONS: dict[int, Migration] = {}
#: How many counted match ids to remember; only the latest few can come back.
REMEMBER = 50

_COUNTS = (
    "played",
    "won",
    "lost",
    "streak",
    "best_streak",
    "hands",
    "points",
    "nils_made",
    "nils_failed",
    "bag_penalties",
)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What one finished (or abandoned) match adds to the statistics.

    Kept apart from ``Statistics`` so a result that could not be written yet can be held
    on its own — in memory, then in the pending file — and added exactly once later.
    """

    match_id: str
    won: bool
    hands: int = 0
    points: int = 0
    nils_made: int = 0
    nils_failed: int = 0
    bag_penalties: int = 0
    seconds: float = 0.0

    @classmethod
    def of(cls, view: SeatView, match_id: str, seconds: float = 0.0) -> MatchResult:
        """The result for ``view.seat``'s team of the match ``view`` ends (or abandons);
        not won means lost or abandoned."""
        seat = view.seat
        team = seat.team
        hands = points = made = failed = penalties = 0
        for outcome in view.outcomes:
            score = outcome.scores[team]
            hands += 1
            points += score.points
            penalties += score.penalties
            for nil in score.nils:
                if nil.seat is seat:
                    made += nil.made
                    failed += not nil.made
        return cls(
            match_id=match_id,
            won=view.winner is team,
            hands=hands,
            points=points,
            nils_made=made,
            nils_failed=failed,
            bag_penalties=penalties,
            seconds=max(0.0, seconds),
        )

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["seconds"] = round(self.seconds, 3)
        return out

    @classmethod
    def from_json(cls, obj: object) -> MatchResult:
        if not isinstance(obj, dict):
            raise Unreadable("a result is not an object")
        match_id = files.get_str(obj, "match_id")
        if not match_id or len(match_id) > MATCH_ID_LIMIT:
            raise Unreadable("a result's match id is empty or too long")
        won = obj.get("won")
        if not isinstance(won, bool):
            raise Unreadable("won is not true or false")
        return cls(
            match_id=match_id,
            won=won,
            hands=files.get_int(obj, "hands"),
            points=files.get_int(obj, "points", minimum=None),
            nils_made=files.get_int(obj, "nils_made"),
            nils_failed=files.get_int(obj, "nils_failed"),
            bag_penalties=files.get_int(obj, "bag_penalties"),
            seconds=files.get_float(obj, "seconds"),
        )


@dataclass(frozen=True, slots=True)
class Statistics:
    played: int = 0
    won: int = 0
    lost: int = 0
    #: Matches won in a row, up to the latest; a loss resets it.
    streak: int = 0
    best_streak: int = 0
    #: Finished hands of counted matches, and the team's points in them.
    hands: int = 0
    points: int = 0
    #: The player's own nil and blind nil bids.
    nils_made: int = 0
    nils_failed: int = 0
    #: Times the player's team lost 100 for reaching 10 bags.
    bag_penalties: int = 0
    #: Match clock time of counted matches.
    seconds: float = 0.0
    counted: tuple[str, ...] = field(default=())

    @property
    def average_points(self) -> float | None:
        return self.points / self.hands if self.hands else None

    def has_counted(self, match_id: str) -> bool:
        return match_id in self.counted

    def record(self, view: SeatView, match_id: str, seconds: float = 0.0) -> Statistics:
        """Count a match that is over (won or lost) or abandoned (a loss), as
        ``view.seat`` saw it at its end.

        Returns ``self`` unchanged when ``match_id`` was counted already.
        """
        return self.add(MatchResult.of(view, match_id, seconds))

    def add(self, result: MatchResult) -> Statistics:
        """Count one match's result; ``self`` unchanged when it was counted already."""
        if result.match_id in self.counted:
            return self
        streak = self.streak + 1 if result.won else 0
        return replace(
            self,
            played=self.played + 1,
            won=self.won + result.won,
            lost=self.lost + (not result.won),
            streak=streak,
            best_streak=max(self.best_streak, streak),
            hands=self.hands + result.hands,
            points=self.points + result.points,
            nils_made=self.nils_made + result.nils_made,
            nils_failed=self.nils_failed + result.nils_failed,
            bag_penalties=self.bag_penalties + result.bag_penalties,
            seconds=self.seconds + max(0.0, result.seconds),
            counted=(*self.counted, result.match_id)[-REMEMBER:],
        )

    # ---- words and JSON ------------------------------------------------------------

    def text(self) -> str:
        """What the statistics key says (and ``spades-voice stats`` prints)."""
        return text_of(statistics_summary(self))

    def to_json(self) -> dict[str, Any]:
        """The public figures (``spades-voice stats --json``)."""
        out = {k: getattr(self, k) for k in _COUNTS}
        avg = self.average_points
        out["average_points"] = None if avg is None else round(avg, 2)
        out["seconds"] = round(self.seconds, 1)
        return out

    def to_bytes(self) -> bytes:
        body = asdict(self)
        body["counted"] = list(self.counted)
        body["seconds"] = round(self.seconds, 3)
        return files.dump(SCHEMA, VERSION, body)

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Statistics:
        values = {k: files.get_int(obj, k, minimum=None if k == "points" else 0) for k in _COUNTS}
        counted = files.get_list(obj, "counted")
        if not all(isinstance(c, str) for c in counted):
            raise Unreadable("counted holds something that is not a match id")
        stats = cls(seconds=files.get_float(obj, "seconds"), counted=tuple(counted), **values)
        if stats.won + stats.lost != stats.played or stats.best_streak < stats.streak:
            raise Unreadable("its counts do not add up")
        return stats


def load_stats(path: Path) -> Statistics | None:
    """The statistics at ``path``; None when there are none yet. Raises ``StoreError``
    (and nothing else) when they cannot be used."""
    return files.load(path, SCHEMA, VERSION, MIGRATIONS, Statistics.from_json, files.STATS_CAP)


# ---- results waiting to be counted ------------------------------------------------------

PENDING_FILE = "stats-pending.json"
PENDING_SCHEMA = "spades-voice/stats-pending"
PENDING_VERSION = 1
#: The pending file is made this size while the disk has room, and later rewritten in
#: place, so keeping a result when the disk is full needs no new space. About 150 results.
PENDING_SIZE = 32 << 10


def pending_to_bytes(results: tuple[MatchResult, ...]) -> bytes | None:
    """The pending file holding ``results``, padded to ``PENDING_SIZE``; None when they do
    not fit (the newest are the ones to keep, so the caller drops the oldest and retries)."""
    body = files.dump(
        PENDING_SCHEMA, PENDING_VERSION, {"results": [r.to_json() for r in results]}
    )
    if len(body) > PENDING_SIZE:
        return None
    return body + b" " * (PENDING_SIZE - len(body))


def pending_from_json(obj: dict[str, Any]) -> tuple[MatchResult, ...]:
    return tuple(MatchResult.from_json(r) for r in files.get_list(obj, "results"))


def load_pending(path: Path) -> tuple[MatchResult, ...] | None:
    """Results kept in the pending file; None when there is no file. Raises ``StoreError``."""
    return files.load(
        path, PENDING_SCHEMA, PENDING_VERSION, {}, pending_from_json, files.STATS_CAP
    )

