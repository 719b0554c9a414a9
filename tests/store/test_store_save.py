"""The saved match round-trips exactly, and a save the rules refuse is unreadable."""

from __future__ import annotations

import io
import json
import random

import pytest
from store_helpers import choose

from spades_voice.rules import SEATS, Look, Match, MatchState, Ruleset, Seat
from spades_voice.rules.record import parse_record, to_record
from spades_voice.rules.ruleset import FailedNilTricks
from spades_voice.store.files import Unreadable
from spades_voice.store.save import (
    SavedMatch,
    decision_from_json,
    decision_to_json,
    parse_saved,
    saved_to_bytes,
)


def _played(match: Match, count: int, seed: int) -> Match:
    """``count`` decisions; where blind nil is played, seats look now and then too."""
    state = MatchState(match)
    rng = random.Random(seed)
    for _ in range(count):
        if state.over:
            break
        if rng.random() < 0.1:
            state.reveal(rng.choice(SEATS))
        state.apply(choose(state, rng))
    return state.match


@pytest.mark.parametrize("seed", [0, 17, "text seed", "5+"])
@pytest.mark.parametrize("count", [0, 1, 13, 60, 200])
def test_round_trip(seed: int | str, count: int) -> None:
    rules = Ruleset(
        target=300,
        blind_nil=True,
        failed_nil_tricks=FailedNilTricks.PARTNER,
        spades_any_time=count % 2 == 1,  # the house rule in half the cases
    )
    match = _played(Match(ruleset=rules, seed=seed), count, count)
    saved = SavedMatch(match, "abc", 12.25)
    back = parse_saved(saved_to_bytes(saved))
    assert back == saved
    assert MatchState(back.match) == MatchState(match)


def test_fixed_deals_from_a_record_round_trip() -> None:
    source = MatchState(_played(Match(seed=3), 70, 3))
    record = parse_record(json.loads(json.dumps(to_record(source))))
    match = record.to_match()
    assert match.seed is None and match.deals
    saved = SavedMatch(match, "r", 0.0)
    assert parse_saved(saved_to_bytes(saved)) == saved


def test_decision_codes() -> None:
    state = MatchState(_played(Match(seed=1), 40, 1))
    for d in state.decisions:
        assert decision_from_json(decision_to_json(d)) == d
    for bad in (0, 14, "ZZ", None, 2.5, [], True):
        with pytest.raises(ValueError):
            decision_from_json(bad)


def test_looks_are_saved_where_they_happened() -> None:
    match = _played(Match(ruleset=Ruleset(blind_nil=True), seed=5), 120, 5)
    assert any(isinstance(d, Look) for d in match.decisions)
    raw = saved_to_bytes(SavedMatch(match, "l"))
    assert json.loads(raw)["version"] == 2
    assert any("look" in d for d in json.loads(raw)["match"]["decisions"] if isinstance(d, dict))
    assert parse_saved(raw).match == match
    assert decision_to_json(Look(Seat.W)) == {"look": "W"}
    for bad in ({"look": "Q"}, {"look": "S", "more": 1}, {"see": "S"}):
        with pytest.raises(ValueError):
            decision_from_json(bad)


def test_a_layout_1_save_still_loads() -> None:
    """Saves written before looks were decisions (layout 1) read as they always did."""
    match = _played(Match(ruleset=Ruleset(blind_nil=True), seed=6), 30, 6)
    old = [decision_to_json(d) for d in match.decisions if not isinstance(d, Look)]
    back = parse_saved(_doc(rules={"blind_nil": True}, seed=6, decisions=old))
    assert back.match.decisions == tuple(d for d in match.decisions if not isinstance(d, Look))


def _doc(**match: object) -> bytes:
    body = {"seed": 1, "rules": {}, "decisions": [], **match}
    return json.dumps(
        {"schema": "spades-voice/save", "version": 1, "id": "x", "elapsed": 1, "match": body}
    ).encode()


@pytest.mark.parametrize(
    "raw",
    [
        _doc(decisions=["AS", "AS"]),  # a card bid
        _doc(decisions=[4, 4, 4, 4, "ZZ"]),
        _doc(decisions=[{"look": "S"}]),  # no blind nil at this table: nothing to look for
        _doc(seed=None),
        _doc(seed=True),
        _doc(seed=[1]),
        _doc(rules={"target": "lots"}),
        _doc(decisions="4,4"),
        _doc(deals=[{"dealer": "Q", "deal": {}}]),
        json.dumps(
            {
                "schema": "spades-voice/save",
                "version": 1,
                "id": "",
                "elapsed": 0,
                "match": {"seed": 1, "decisions": []},
            }
        ).encode(),
        json.dumps(
            {
                "schema": "spades-voice/save",
                "version": 1,
                "id": "x",
                "elapsed": -4,
                "match": {"seed": 1, "decisions": []},
            }
        ).encode(),
    ],
)
def test_unreadable(raw: bytes) -> None:
    with pytest.raises(Unreadable):
        parse_saved(raw)


def test_record_export_of_a_save_scores_the_same() -> None:
    from spades_voice.rules.record import read_record, replay_record, write_record

    match = _played(Match(seed=21), 150, 21)
    state = MatchState(parse_saved(saved_to_bytes(SavedMatch(match, "i"))).match)
    text = io.StringIO()
    write_record(state, text)
    text.seek(0)
    replayed = replay_record(read_record(text))
    assert replayed.totals == state.totals and replayed.outcomes == state.outcomes
