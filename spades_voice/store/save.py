"""The saved match: the match so far (ruleset, seed, decisions), its id and its clock.

A save stores the replayable value of the match, not a picture of the table: loading it
replays every decision through the rules, so a save the rules would refuse is reported
as unreadable rather than half-loaded. What the history held beyond the decisions
(notices, the player's turns, moves taken back) rides along in an optional ``history``
block (``notes.py``): a save without one resumes as before, and one that cannot be used
resumes without it (``SavedMatch.history_problem`` says why). Exports use the
``spades-record/1`` format from ``spades_voice.rules.record``; a save needs the seed as
well (later hands are dealt from it, and the computers draw from it), which a record does
not carry.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from spades_voice.narration.reasons import english
from spades_voice.rules import (
    Bid,
    Card,
    Deal,
    DealtHand,
    Decision,
    IllegalAction,
    Look,
    Match,
    Refused,
    Ruleset,
    Seat,
    check_match,
)
from spades_voice.store import files
from spades_voice.store.files import Migration, Unreadable
from spades_voice.store.notes import History, history_from_json, history_to_json

SAVE_FILE = "save.json"
LAST_FILE = "last-match.json"
SCHEMA = "spades-voice/save"
VERSION = 2


def _looks_arrive(obj: dict[str, Any]) -> dict[str, Any]:
    """Layout 1 -> 2: layout 2 may hold looks (``{"look": "S"}``) among the decisions;
    a layout 1 file has none, so it reads unchanged (its seats are taken to have looked
    at nothing, as layout 1 never said)."""
    return obj


#: Layout n -> n + 1. Layout 1 is the first; add a step here when it changes.
MIGRATIONS: dict[int, Migration] = {1: _looks_arrive}


#: Match ids are 16 hex digits; anything much longer is a damaged file.
MATCH_ID_LIMIT = 64


def new_match_id() -> str:
    """A fresh identity for a match, so statistics can count it exactly once."""
    return secrets.token_hex(8)


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """A match as the store keeps it."""

    match: Match
    match_id: str
    elapsed: float = 0.0
    #: The player has heard the result of this finished match (the game went on, or
    #: quit normally, after saying it). A finished match not yet heard is announced at
    #: the next start.
    heard: bool = False
    #: What the history held beyond the decisions (None: not kept, or not usable).
    history: History | None = None
    #: Why the save's history block could not be used ("" when it could, or had none).
    history_problem: str = ""

    @property
    def started(self) -> bool:
        """At least one decision has been made."""
        return bool(self.match.decisions)


# ---- the match as JSON ----------------------------------------------------------------


def decision_to_json(decision: Decision) -> int | str | dict[str, str]:
    if isinstance(decision, Look):
        return {"look": decision.seat.value}
    return decision.to_json() if isinstance(decision, Bid) else decision.code


def decision_from_json(value: object) -> Decision:
    """A bid (1..13, "nil", "blind_nil"), a card code ("QH") or a look (``{"look": "S"}``);
    ``ValueError`` otherwise."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Bid.from_json(value)
    if isinstance(value, str):
        if value in ("nil", "blind_nil"):
            return Bid.from_json(value)
        return Card.from_code(value)
    if isinstance(value, dict) and set(value) == {"look"}:
        return Look(Seat.from_code(value["look"]))
    raise ValueError(f"Not a bid, a card or a look: {files.clip(type(value).__name__)}.")


def match_to_json(match: Match) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seed": match.seed,
        "rules": match.ruleset.to_json(),
        "decisions": [decision_to_json(d) for d in match.decisions],
    }
    if match.deals:
        out["deals"] = [{"dealer": h.dealer.value, "deal": h.deal.to_json()} for h in match.deals]
    return out


#: A seed given as text (``--seed``) is short; a longer one is a damaged file.
SEED_TEXT_LIMIT = 200


def match_from_json(obj: Mapping[str, Any]) -> Match:
    """The match, every field checked by type and then replayed to prove the rules accept
    it; raises ``Unreadable`` (and nothing else) for anything wrong."""
    seed = obj.get("seed")
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise Unreadable("the seed is not a number or text")
        if isinstance(seed, str) and len(seed) > SEED_TEXT_LIMIT:
            raise Unreadable("the seed is too long")
        if isinstance(seed, int) and abs(seed) > 10**30:
            raise Unreadable("the seed is too large")
    raw_deals = files.get_list(obj, "deals") if "deals" in obj else []
    raw_decisions = files.get_list(obj, "decisions")
    try:
        ruleset = Ruleset.from_json(obj.get("rules"))
        decisions = tuple(decision_from_json(v) for v in raw_decisions)
        deals = tuple(_dealt_from_json(h) for h in raw_deals)
    except ValueError as e:
        why = english(e.reason) if isinstance(e, Refused) else str(e)
        raise Unreadable(
            f"it holds something that is not part of a match ({files.clip(why, 80)})"
        ) from None
    if seed is None and not deals:
        raise Unreadable("it has neither a seed nor the deals")
    match = Match(ruleset=ruleset, seed=seed, decisions=decisions, deals=deals)
    try:
        check_match(match)
    except IllegalAction as e:
        raise Unreadable(f"the rules refuse one of its moves ({english(e.reason)})") from None
    return match


def _dealt_from_json(obj: object) -> DealtHand:
    if not isinstance(obj, dict) or not isinstance(obj.get("deal"), dict):
        raise ValueError("A deal is not an object.")
    dealer = obj.get("dealer")
    if not isinstance(dealer, str):
        raise ValueError("A dealer is not a seat.")
    raw = obj["deal"]
    hands: dict[Seat, list[Card]] = {}
    for seat in Seat:
        codes = raw.get(seat.value)
        if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            raise ValueError(f"The deal has no cards for {seat.value}.")
        hands[seat] = [Card.from_code(c) for c in codes]
    return DealtHand(Seat.from_code(dealer), Deal.from_hands(hands))


# ---- the file -------------------------------------------------------------------------


def saved_to_bytes(saved: SavedMatch, now: datetime | None = None) -> bytes:
    body: dict[str, Any] = {
        "id": saved.match_id,
        "saved_at": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
        "elapsed": round(saved.elapsed, 3),
        "heard": saved.heard,
        "match": match_to_json(saved.match),
    }
    if saved.history is not None:
        # An addition older versions skip (they resume the match without it), so the
        # layout stays 2; the block carries its own version.
        body["history"] = history_to_json(saved.history)
    return files.dump(SCHEMA, VERSION, body)


def saved_from_json(obj: Mapping[str, Any]) -> SavedMatch:
    match_id = files.get_str(obj, "id")
    if not match_id or len(match_id) > MATCH_ID_LIMIT:
        raise Unreadable("its match id is empty or too long")
    if "saved_at" in obj:
        files.get_str(obj, "saved_at")
    heard = obj.get("heard", False)
    if not isinstance(heard, bool):
        raise Unreadable("heard is not true or false")
    match = match_from_json(files.get_dict(obj, "match"))
    history, problem = None, ""
    if "history" in obj:
        try:
            history = history_from_json(obj["history"], match)
        except Exception as e:  # whatever a damaged block holds: the match still resumes
            problem = files.why_unreadable(e)
    return SavedMatch(
        match=match,
        match_id=match_id,
        elapsed=files.get_float(obj, "elapsed"),
        heard=heard,
        history=history,
        history_problem=problem,
    )


def load_saved(path: Path) -> SavedMatch | None:
    """The saved match at ``path``; None when there is none. Raises ``StoreError`` (and
    nothing else) when it cannot be used."""
    return files.load(path, SCHEMA, VERSION, MIGRATIONS, saved_from_json, files.SAVE_CAP)


def parse_saved(raw: bytes) -> SavedMatch:
    return files.load_bytes(raw, SCHEMA, VERSION, MIGRATIONS, saved_from_json)
