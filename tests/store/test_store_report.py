"""Problem reports: one file in the data folder, with the match (or only what this seat
saw), the recent speech, the settings, the version and the platform."""

from __future__ import annotations

import json
import random
from pathlib import Path

from store_helpers import choose

from spades_voice.narration.stored import WriteTrouble
from spades_voice.rules import SEATS, MatchState, Ruleset, Seat, view_of
from spades_voice.store import StoreHooks
from spades_voice.store.files import write_atomic


def _state(decisions: int) -> MatchState:
    state = MatchState(Ruleset(), seed=5)
    rng = random.Random(5)
    for _ in range(decisions):
        state.apply(choose(state, rng))
    return state


def test_a_local_match_is_written_whole_and_the_sentence_says_where(tmp_path: Path) -> None:
    hooks = StoreHooks(tmp_path)
    state = _state(20)
    path, why = hooks.report_problem(
        state.match, view_of(state, Seat.S), ["Your bid.", "Bid 3 placed."]
    )
    reports = list(tmp_path.glob("problem-report-*.json"))
    assert len(reports) == 1
    assert (path, why) == (reports[0], None)
    body = json.loads(reports[0].read_text(encoding="utf-8"))
    assert body["schema"] == "spades-voice/problem-report"
    assert body["record"]["format"] == "spades-record/1"
    assert len(body["record"]["hands"][0]["bids"]) == 4
    assert body["seen"] is None
    assert body["speech"] == ["Your bid.", "Bid 3 placed."]
    assert body["settings"]["speech"] == "auto"
    assert body["game_version"] and body["platform"] and body["python"]


def test_a_shared_table_report_holds_only_what_this_seat_saw(tmp_path: Path) -> None:
    hooks = StoreHooks(tmp_path)
    state = _state(30)
    view = view_of(state, Seat.W)
    hooks.report_problem(None, view, [])
    body = json.loads(next(tmp_path.glob("problem-report-*.json")).read_text(encoding="utf-8"))
    assert body["record"] is None
    text = json.dumps(body)
    assert state.hand is not None
    hidden = {c.code for s in SEATS if s is not Seat.W for c in state.hand.held(s)}
    assert hidden and not any(f'"{code}"' in text for code in hidden)
    assert sorted(body["seen"]["my_cards"]) == sorted(c.code for c in view.hand)


def test_a_refused_write_is_said_and_play_goes_on(tmp_path: Path) -> None:
    def refuse(path: Path, data: bytes) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    hooks = StoreHooks(tmp_path, writer=refuse)
    state = _state(4)
    path, why = hooks.report_problem(state.match, view_of(state, Seat.S), [])
    assert path is None and why is WriteTrouble.LOCKED
    assert not list(tmp_path.glob("problem-report-*.json"))
    hooks2 = StoreHooks(tmp_path, writer=write_atomic)
    path, why = hooks2.report_problem(state.match, view_of(state, Seat.S), [])
    assert path is not None and path.exists() and why is None
