"""spades-record/1 round trips and `spades-voice score` on generated and broken records."""

from __future__ import annotations

import copy
import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_helpers import play_random_match

from spades_voice.rules import (
    BLIND_NIL,
    FailedNilTricks,
    IllegalAction,
    Look,
    MatchState,
    Ruleset,
    Suit,
    view_of,
)
from spades_voice.rules.record import (
    RecordError,
    RecordIllegal,
    dumps_record,
    parse_record,
    read_record,
    replay_record,
    to_record,
)


def _score(path: Path, *extra: str) -> tuple[int, Any, str]:
    proc = subprocess.run(
        [sys.executable, "-m", "spades_voice", "score", str(path), "--json", *extra],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    return proc.returncode, json.loads(proc.stdout) if proc.stdout.strip() else None, proc.stderr


# ---- an independent reading of the rules, straight from DESIGN.md --------------------

RANKS = "23456789TJQKA"


def _winner(leader: int, trick: list[str]) -> int:
    def key(i: int) -> tuple[int, int]:
        code = trick[i]
        suit, rank = code[-1], RANKS.index(code[0])
        if suit == "S":
            return (2, rank)
        return (1, rank) if suit == trick[0][-1] else (0, 0)

    return (leader + max(range(4), key=key)) % 4


def _arithmetic(record: dict[str, Any]) -> dict[str, Any]:
    order = "SWNE"
    rules = record.get("rules", {})
    partner_variant = rules.get("failed_nil_tricks", "bags") == "partner"
    totals = {"NS": 0, "EW": 0}
    bags = {"NS": 0, "EW": 0}
    hands = []
    for h in record["hands"]:
        if len(h["plays"]) < 52:
            break
        first = (order.index(h["dealer"]) + 1) % 4
        bid_of = {order[(first + i) % 4]: b for i, b in enumerate(h["bids"])}
        taken = dict.fromkeys(order, 0)
        leader = first
        for t in range(13):
            w = _winner(leader, h["plays"][4 * t : 4 * t + 4])
            taken[order[w]] += 1
            leader = w
        points = {}
        for team in ("NS", "EW"):
            contract = counted = nil_bags = nil_pts = 0
            for seat in team:
                b = bid_of[seat]
                if b in ("nil", "blind_nil"):
                    value = 200 if b == "blind_nil" else 100
                    nil_pts += value if taken[seat] == 0 else -value
                    if partner_variant:
                        counted += taken[seat]
                    else:
                        nil_bags += taken[seat]
                else:
                    contract += b
                    counted += taken[seat]
            if counted >= contract:
                p = 10 * contract + (counted - contract)
                new_bags = counted - contract
            else:
                p, new_bags = -10 * contract, 0
            p += nil_pts + nil_bags
            b_total = bags[team] + new_bags + nil_bags
            p -= 100 * (b_total // 10)
            bags[team] = b_total % 10
            totals[team] += p
            points[team] = p
        hands.append(
            {"tricks": taken, "points": points, "bags": dict(bags), "totals": dict(totals)}
        )
    return {"hands": hands}


class TestRoundTrip:
    @settings(max_examples=25, deadline=None)
    @given(st.integers(0, 10**6), st.booleans())
    def test_record_round_trip(self, seed: int, partner: bool) -> None:
        rules = Ruleset(
            target=200,
            failed_nil_tricks=FailedNilTricks.PARTNER if partner else FailedNilTricks.BAGS,
        )
        state = play_random_match(seed, rules, max_hands=4)
        text = dumps_record(state)
        record = read_record(io.StringIO(text))
        again = replay_record(record)
        assert again.totals == state.totals and again.outcomes == state.outcomes
        assert dumps_record(again) == text
        assert to_record(again) == json.loads(text)


def _eager_spade_leads(seed: int, rules: Ruleset) -> MatchState:
    """A match where a leader leads a spade whenever one is legal, the other cards at
    random: under the house rule, spades are led before they are broken."""
    rng = random.Random(seed)
    state = MatchState(rules, seed=seed)
    while not state.over and state.hand_number <= 3:
        seat = state.to_act
        assert seat is not None
        v = view_of(state, seat)
        if v.legal_bids:
            state.apply(rng.choice([b for b in v.legal_bids if 1 <= b.tricks <= 3]))
            continue
        spades = [c for c in v.legal_cards if c.suit is Suit.SPADES]
        leading = not v.current.cards
        state.apply(spades[0] if leading and spades else rng.choice(v.legal_cards))
    return state


def _first_early_spade_lead(record: dict[str, Any]) -> tuple[int, int, str, str]:
    """(hand, play, seat, card), 1-based, of the first spade led before a spade was played
    in that hand by a seat that held another suit: where the standard rule refuses."""
    order = "SWNE"
    for number, h in enumerate(record["hands"], start=1):
        held = {seat: set(cards) for seat, cards in h["deal"].items()}
        leader = (order.index(h["dealer"]) + 1) % 4
        broken = False
        for t in range(len(h["plays"]) // 4 + 1):
            trick = h["plays"][4 * t : 4 * t + 4]
            if not trick:
                break
            seat = order[leader]
            lead = trick[0]
            if lead.endswith("S") and not broken and any(
                not c.endswith("S") for c in held[seat]
            ):
                return number, 4 * t + 1, seat, lead
            for pos, code in enumerate(trick):
                held[order[(leader + pos) % 4]].discard(code)
                broken = broken or code.endswith("S")
            leader = _winner(leader, trick)
    raise AssertionError("no early spade lead in this record")


class TestSpadesAnyTime:
    """The house rule that spades may be led at any time travels in the record's rules,
    written only when on, and ``score`` replays a record by the rules it names."""

    @settings(max_examples=15, deadline=None)
    @given(st.integers(0, 10**6))
    def test_round_trip(self, seed: int) -> None:
        rules = Ruleset(target=200, spades_any_time=True)
        state = _eager_spade_leads(seed, rules)
        text = dumps_record(state)
        assert json.loads(text)["rules"]["spades_any_time"] is True
        again = replay_record(read_record(io.StringIO(text)))
        assert again.ruleset == rules
        assert again.totals == state.totals and again.outcomes == state.outcomes
        assert dumps_record(again) == text

    def test_written_only_when_on(self) -> None:
        plain = to_record(play_random_match(5, Ruleset(target=None)))
        assert set(plain["rules"]) == {"target", "blind_nil", "failed_nil_tricks"}
        assert parse_record(plain).ruleset.spades_any_time is False

    def test_score_replays_by_the_rules_the_record_names(self, tmp_path: Path) -> None:
        record = to_record(_eager_spade_leads(7, Ruleset(target=None, spades_any_time=True)))
        hand, play, seat, card = _first_early_spade_lead(record)
        path = tmp_path / "house.json"
        path.write_text(json.dumps(record))
        code, out, _ = _score(path)
        assert code == 0 and len(out["hands"]) >= 1
        assert out["hands"] == _arithmetic(record)["hands"]
        del record["rules"]["spades_any_time"]
        path.write_text(json.dumps(record))
        code, out, _ = _score(path)
        assert code == 1
        assert out["error"] == {
            "hand": hand, "play": play, "seat": seat, "card": card,
            "reason": "Spades are not broken yet, and you hold other suits.",
        }


class TestLooked:
    """Who looked at their cards travels in the record, and records without it still
    read and score as before."""

    @settings(max_examples=25, deadline=None)
    @given(st.integers(0, 10**6))
    def test_looks_round_trip(self, seed: int) -> None:
        rules = Ruleset(target=200, blind_nil=True)
        state = play_random_match(seed, rules, max_hands=4, look=0.1)
        text = dumps_record(state)
        again = replay_record(read_record(io.StringIO(text)))
        assert dumps_record(again) == text
        assert again.outcomes == state.outcomes and again.totals == state.totals
        looked = [h.get("looked", []) for h in json.loads(text)["hands"]]
        seen = [[d.seat.value for d in mine if isinstance(d, Look)]
                for mine in state.decisions_by_hand() if mine]
        assert looked == seen[: len(looked)]

    def test_written_only_where_someone_looked(self) -> None:
        plain = to_record(play_random_match(5, Ruleset(target=None), look=0.5))
        assert all("looked" not in h for h in plain["hands"])

    def test_a_record_without_looks_scores_the_same(self, tmp_path: Path) -> None:
        rules = Ruleset(target=300, blind_nil=True)
        record = to_record(play_random_match(8, rules, max_hands=6, look=0.2))
        assert any("looked" in h for h in record["hands"])
        old = copy.deepcopy(record)
        for h in old["hands"]:
            h.pop("looked", None)
        (tmp_path / "new.json").write_text(json.dumps(record))
        (tmp_path / "old.json").write_text(json.dumps(old))
        new_code, new_out, _ = _score(tmp_path / "new.json")
        old_code, old_out, _ = _score(tmp_path / "old.json")
        assert new_code == old_code == 0 and new_out == old_out

    def test_a_seat_that_looked_cannot_then_bid_blind(self) -> None:
        state = MatchState(Ruleset(blind_nil=True), seed=4)
        seat = state.to_act
        assert seat is not None
        state.reveal(seat)
        record = to_record(state)
        assert record["hands"][0]["looked"] == [seat.value]
        resumed = replay_record(parse_record(record))
        with pytest.raises(IllegalAction, match="blind_nil_seen"):
            resumed.apply(BLIND_NIL)
        del record["hands"][0]["looked"]
        replay_record(parse_record(record)).apply(BLIND_NIL)  # never looked: open

    def test_blind_nil_then_a_look_is_legal(self) -> None:
        state = MatchState(Ruleset(blind_nil=True), seed=4)
        seat = state.to_act
        assert seat is not None
        state.apply(BLIND_NIL)
        state.reveal(seat)
        again = replay_record(parse_record(to_record(state)))
        assert again.hand == state.hand and again.decisions == state.decisions

    @pytest.mark.parametrize(
        ("looked", "field"), [(["S", "S"], "looked"), (["X"], "looked[0]"), ("S", "looked")]
    )
    def test_malformed(self, looked: object, field: str) -> None:
        record = to_record(MatchState(Ruleset(blind_nil=True), seed=4))
        record["hands"] = [{**to_record(play_random_match(4, Ruleset(target=None)))["hands"][0],
                            "looked": looked}]
        with pytest.raises(RecordError) as caught:
            parse_record(record)
        assert caught.value.field == field

    def test_refused_without_blind_nil(self) -> None:
        record = to_record(play_random_match(4, Ruleset(target=None)))
        record["hands"][0]["looked"] = ["S"]
        with pytest.raises(RecordIllegal, match="look_not_counted") as caught:
            replay_record(parse_record(record))
        assert caught.value.where_json()["seat"] == "S"


class TestScoreCommand:
    @pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
    def test_generated_matches_match_the_arithmetic(self, tmp_path: Path, seed: int) -> None:
        partner = seed % 2 == 0
        rules = Ruleset(
            target=300,
            failed_nil_tricks=FailedNilTricks.PARTNER if partner else FailedNilTricks.BAGS,
        )
        state = play_random_match(seed, rules, max_hands=12)
        record = to_record(state)
        path = tmp_path / "m.json"
        path.write_text(json.dumps(record))
        code, out, _ = _score(path)
        assert code == 0
        assert out["hands"] == _arithmetic(record)["hands"]
        want = state.winner.value if state.winner else None
        assert out["winner"] == want

    def test_plain_output(self, tmp_path: Path) -> None:
        state = play_random_match(11, Ruleset(target=None))
        path = tmp_path / "m.json"
        path.write_text(dumps_record(state))
        proc = subprocess.run(
            [sys.executable, "-m", "spades_voice", "score", str(path)],
            capture_output=True, text=True, timeout=60,
        )
        assert proc.returncode == 0
        assert proc.stdout.startswith("Hand 1: NS ")
        assert "Winner:" in proc.stdout


def _base_record() -> dict[str, Any]:
    state = play_random_match(21, Ruleset(target=500), max_hands=2)
    return to_record(state)


def _find_play(record: dict[str, Any], pred: Any) -> int:
    """Index into hand 1's plays of the first play satisfying pred(hand, i)."""
    h = record["hands"][0]
    for i in range(52):
        if pred(h, i):
            return i
    raise AssertionError("no such play in this deal")


class TestIllegalRecords:
    def test_revoke(self, tmp_path: Path) -> None:
        rec = _base_record()
        h = rec["hands"][0]
        # Find a second-or-later card in a trick whose player also held the led suit.
        order = "SWNE"
        first = (order.index(h["dealer"]) + 1) % 4
        leader = first
        for t in range(13):
            trick = h["plays"][4 * t : 4 * t + 4]
            led = trick[0][-1]
            for pos in range(1, 4):
                seat = order[(leader + pos) % 4]
                later = h["plays"][4 * t + pos + 1 :]
                own_later = [c for c in h["deal"][seat] if c in later and c[-1] == led]
                if trick[pos][-1] == led and own_later:
                    # Swap in an off-suit card this seat plays later instead.
                    offsuit = [c for c in h["deal"][seat] if c in later and c[-1] != led]
                    if offsuit:
                        idx = 4 * t + pos
                        swap = h["plays"].index(offsuit[0])
                        h["plays"][idx], h["plays"][swap] = h["plays"][swap], h["plays"][idx]
                        path = tmp_path / "r.json"
                        path.write_text(json.dumps(rec))
                        code, out, _ = _score(path)
                        assert code == 1
                        err = out["error"]
                        assert err["hand"] == 1 and err["play"] == idx + 1
                        assert err["seat"] == seat and err["card"] == offsuit[0]
                        assert err["reason"] == f"You must follow {_suit(led)}."
                        return
            leader = _winner(leader, trick)
        pytest.skip("no revoke position in this deal")

    def test_early_spade_lead(self, tmp_path: Path) -> None:
        rec = _base_record()
        h = rec["hands"][0]
        order = "SWNE"
        leader = order[(order.index(h["dealer"]) + 1) % 4]
        spades = [c for c in h["deal"][leader] if c.endswith("S")]
        others = [c for c in h["deal"][leader] if not c.endswith("S")]
        assert spades and others
        h["plays"] = [spades[0]]
        path = tmp_path / "r.json"
        path.write_text(json.dumps(rec))
        code, out, _ = _score(path)
        assert code == 1
        assert out["error"] == {
            "hand": 1, "play": 1, "seat": leader, "card": spades[0],
            "reason": "Spades are not broken yet, and you hold other suits.",
        }

    def test_card_not_held(self, tmp_path: Path) -> None:
        rec = _base_record()
        h = rec["hands"][0]
        order = "SWNE"
        leader = order[(order.index(h["dealer"]) + 1) % 4]
        other = order[(order.index(leader) + 1) % 4]
        foreign = next(c for c in h["deal"][other] if not c.endswith("S"))
        h["plays"] = [foreign]
        path = tmp_path / "r.json"
        path.write_text(json.dumps(rec))
        code, out, _ = _score(path)
        assert code == 1
        assert out["error"]["play"] == 1 and out["error"]["seat"] == leader
        assert out["error"]["reason"].startswith("You do not hold the ")

    def test_blind_nil_not_allowed(self, tmp_path: Path) -> None:
        rec = _base_record()
        rec["hands"][1]["bids"][2] = "blind_nil"
        path = tmp_path / "r.json"
        path.write_text(json.dumps(rec))
        code, out, _ = _score(path)
        assert code == 1
        assert out["error"]["hand"] == 2 and out["error"]["bid"] == 3
        assert out["error"]["reason"] == "Blind nil is not allowed at this table."
        assert "play" not in out["error"] and "card" not in out["error"]

    def test_blind_nil_allowed_when_switched_on(self, tmp_path: Path) -> None:
        rec = _base_record()
        rec["rules"]["blind_nil"] = True
        rec["hands"] = rec["hands"][:1]
        rec["hands"][0]["bids"][0] = "blind_nil"
        path = tmp_path / "r.json"
        path.write_text(json.dumps(rec))
        assert _score(path)[0] == 0

    def test_hand_after_match_won(self, tmp_path: Path) -> None:
        state = play_random_match(5, Ruleset(target=None))
        rec = to_record(state)
        rec["hands"].append(copy.deepcopy(rec["hands"][0]))
        path = tmp_path / "r.json"
        path.write_text(json.dumps(rec))
        code, out, _ = _score(path)
        assert code == 1
        assert out["error"]["hand"] == len(rec["hands"])
        assert "already won" in out["error"]["reason"]


class TestMalformed:
    @pytest.mark.parametrize(
        ("mutate", "field"),
        [
            (lambda r: r.update(format="spades-record/2"), "format"),
            (lambda r: r.update(hands="no"), "hands"),
            (lambda r: r["hands"][0].update(dealer="Q"), "dealer"),
            (lambda r: r["hands"][0]["deal"].update(S=["AS"]), "deal"),
            (lambda r: r["hands"][0]["deal"]["W"].__setitem__(0, "ZZ"), "deal.W"),
            (lambda r: r["hands"][0]["bids"].__setitem__(0, 14), "bids[0]"),
            (lambda r: r["hands"][0]["plays"].__setitem__(3, 7), "plays[3]"),
            (lambda r: r.update(rules={"target": "x"}), "rules"),
            (lambda r: r.update(rules={"failed_nil_tricks": "x"}), "rules"),
            (lambda r: r.update(rules={"spades_any_time": "yes"}), "rules"),
        ],
    )
    def test_names_field_and_hand(self, tmp_path: Path, mutate: Any, field: str) -> None:
        rec = _base_record()
        mutate(rec)
        path = tmp_path / "r.json"
        path.write_text(json.dumps(rec))
        code, out, _ = _score(path)
        assert code == 2
        assert out["error"]["field"] == field

    @pytest.mark.parametrize(
        "content", [b"", b"{", b"\xff\xfe\x00garbage", b"[1,2]", b"null", b"[" * 100000]
    )
    def test_not_a_record(self, tmp_path: Path, content: bytes) -> None:
        path = tmp_path / "r.json"
        path.write_bytes(content)
        code, out, _ = _score(path)
        assert code == 2 and "reason" in out["error"]

    def test_missing_file_and_directory(self, tmp_path: Path) -> None:
        assert _score(tmp_path / "nope.json")[0] == 2
        assert _score(tmp_path)[0] == 2

    def test_parse_record_missing_rules_take_defaults(self) -> None:
        rec = _base_record()
        del rec["rules"]
        assert parse_record(rec).ruleset == Ruleset()
        with pytest.raises(RecordError):
            parse_record([])


def _suit(code: str) -> str:
    return {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[code]
