"""The wire format: every value round-trips, and readers refuse what is not the shape."""

from __future__ import annotations

import doctest
import json
import random

import pytest

from spades_voice.narration.notices import Told
from spades_voice.narration.refusals import Refusal
from spades_voice.net.wire import codec, reasons
from spades_voice.net.wire import protocol as p
from spades_voice.rules import (
    SEATS,
    Bid,
    Card,
    Decision,
    IllegalAction,
    Match,
    MatchState,
    Reason,
    Ruleset,
    Seat,
    Trick,
    view_of,
)
from spades_voice.table import HandDealt, Notice, TakenBack, TrickWon


@pytest.mark.parametrize("seed", ["wire", "wire2"])
def test_views_and_events_round_trip_through_a_whole_match(seed: str) -> None:
    rng = random.Random(seed)
    state = MatchState(Match(ruleset=Ruleset(target=None, blind_nil=True), seed=seed))
    seen_kinds: set[str] = set()
    for _ in range(56 * 20):
        if state.over:
            break
        for seat in SEATS:
            view = view_of(state, seat)
            assert codec.view_from_json(codec.view_to_json(view)) == view
        actor = state.to_act
        assert actor is not None
        view = view_of(state, actor)
        choices: tuple[Decision, ...] = view.legal_cards or view.legal_bids
        events = state.apply(rng.choice(choices), actor)
        turn = state.turn_of(state.to_act) if state.to_act else None
        extra = [
            Notice(Reason.of(Told.BACK, name="Ann")),
            Notice(Reason.of(Told.WAITING, name="Bo"), "seat_waiting"),
            HandDealt(2, Seat.E),
            TakenBack(3, restart=True),
        ]
        for event in [*events, *([turn] if turn else []), *extra]:
            data = codec.event_to_json(event)
            seen_kinds.add(data["kind"])
            assert codec.event_from_json(json.loads(p.encode(data))) == event
    assert state.over
    assert seen_kinds >= {
        "hand_dealt", "bid", "card", "spades_broken", "trick_won", "turn",
        "hand_scored", "match_won", "notice", "taken_back",
    }
    final = view_of(state, Seat.S)
    assert codec.view_from_json(codec.view_to_json(final)) == final


def test_a_broken_nil_travels_with_its_trick() -> None:
    """The nil a trick breaks crosses the wire as the bid; an older server's frame, with
    no such field, breaks none."""
    trick = Trick(Seat.S, tuple(Card.from_code(c) for c in ("2C", "KC", "3C", "4C")))
    for bid in (Bid.from_json("nil"), Bid.from_json("blind_nil")):
        event = TrickWon(Seat.W, trick, 1, bid)
        assert codec.event_from_json(json.loads(p.encode(codec.event_to_json(event)))) == event
    old = codec.event_to_json(TrickWon(Seat.W, trick, 1))
    del old["nil_broken"]
    assert codec.event_from_json(old) == TrickWon(Seat.W, trick, 1)


@pytest.mark.parametrize("action", ["launch_missiles", 7, {"a": 1}, ""])
def test_a_notice_offering_what_this_client_does_not_know_keeps_its_words(
    action: object,
) -> None:
    """An unknown or malformed offer is dropped: the words are still said, no key is named."""
    data = {"kind": "notice", "reason": {"kind": "waiting", "name": "Bo"}, "action": action}
    assert codec.event_from_json(data) == Notice(Reason.of(Told.WAITING, name="Bo"))


class TestViewEncoder:
    """The server's views: what it encodes once for all four seats is the same for all four,
    and the text it writes is what ``view_to_json`` writes."""

    def test_shared_part_is_the_same_for_every_seat_and_the_text_reads_back(self) -> None:
        rng = random.Random("encoder")
        state = MatchState(Match(ruleset=Ruleset(target=300, blind_nil=True), seed="enc"))
        encoder = codec.ViewEncoder()
        sent = {s: () for s in SEATS}  # the finished hands each seat's client holds
        while len(state.outcomes) < 3:  # random play takes long to reach any target
            views = [view_of(state, s) for s in SEATS]
            shared = {encoder.shared(v) for v in views}
            assert len(shared) == 1, "a field outside SEAT_FIELDS differs between seats"
            for view in views:
                for start in {0, len(sent[view.seat])}:
                    data = json.loads(encoder.view(view, next(iter(shared)), start))
                    assert data == codec.view_to_json(view, start)
                    assert set(data) - set(codec.SEAT_FIELDS) - {"outcomes_from", "outcomes"} == (
                        set(json.loads("{" + next(iter(shared)) + "}"))
                    )
                    outcomes = codec.outcomes_from_json(data, sent[view.seat])
                    assert codec.view_from_json(data, outcomes) == view
                sent[view.seat] = view.outcomes
            actor = state.to_act
            assert actor is not None
            view = views[SEATS.index(actor)]
            state.apply(rng.choice(view.legal_cards or view.legal_bids))

    def test_each_finished_hand_is_sent_once(self) -> None:
        state = MatchState(Match(ruleset=Ruleset(target=300), seed="once"))
        while len(state.outcomes) < 2:
            view = view_of(state, state.to_act or Seat.S)
            state.apply((view.legal_cards or view.legal_bids)[-1])
        view = view_of(state, Seat.N)
        data = codec.view_to_json(view, 2)
        assert data["outcomes"] == []
        assert codec.outcomes_from_json(data, view.outcomes) == view.outcomes
        with pytest.raises(p.ProtocolError):  # a client never sent those two hands
            codec.outcomes_from_json(data, view.outcomes[:1])
        with pytest.raises(p.ProtocolError):
            codec.outcomes_from_json({**data, "outcomes_from": -1}, view.outcomes)

    def test_update_frames(self) -> None:
        view = codec.lobby_view(Seat.W, Ruleset())
        encoder = codec.ViewEncoder()
        text = p.update_text(3, ['{"kind":"notice","text":"Hi."}'], None, 7)
        assert json.loads(text) == {
            "type": "update", "seq": 3, "id": 7, "events": [{"kind": "notice", "text": "Hi."}]
        }
        frame = json.loads(p.update_text(0, [], encoder.view(view, encoder.shared(view), 0), None))
        assert set(frame) == {"type", "seq", "events", "view"}
        assert codec.view_from_json(frame["view"]) == view


def test_the_lobby_view_round_trips() -> None:
    view = codec.lobby_view(Seat.E, Ruleset(target=None))
    assert codec.view_from_json(codec.view_to_json(view)) == view


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        {"seat": "Q"},
        {**codec.view_to_json(codec.lobby_view(Seat.S, Ruleset())), "hand": ["ZZ"]},
        {**codec.view_to_json(codec.lobby_view(Seat.S, Ruleset())), "hand_number": True},
        {**codec.view_to_json(codec.lobby_view(Seat.S, Ruleset())), "totals": {"NS": 0}},
        {**codec.view_to_json(codec.lobby_view(Seat.S, Ruleset())), "tricks": [{"leader": "S"}]},
    ],
)
def test_malformed_views_are_refused(bad: object) -> None:
    with pytest.raises(p.ProtocolError):
        codec.view_from_json(bad)


@pytest.mark.parametrize(
    "text", ["", "x", "[1]", '{"type": 1}', '{"no": "type"}', "[" * 100_000]
)
def test_malformed_messages_are_refused(text: str) -> None:
    with pytest.raises(p.ProtocolError):
        p.decode(text)


class TestCodes:
    def test_codes_are_random_canonical_and_forgiving_to_type(self) -> None:
        codes = {p.new_table_code() for _ in range(200)}
        assert len(codes) == 200
        for code in codes:
            assert p.normalize_code(code.lower().replace("-", " ")) == code
        assert p.normalize_code("abco-il23") == "ABC0-1123"

    @pytest.mark.parametrize("bad", ["", "ABC", "ABCD-EFGU", "ABCDEFGHJ", 12345678, None])
    def test_bad_codes_are_refused(self, bad: object) -> None:
        with pytest.raises(p.ProtocolError):
            p.normalize_code(bad)

    def test_spoken_code(self) -> None:
        assert p.spoken_code("K7MP-4QX2") == "K 7 M P, 4 Q X 2"


def test_names_are_cleaned() -> None:
    assert p.clean_name("  Ann \t Lee\x07 ") == "Ann Lee"
    assert len(p.clean_name("x" * 100)) == p.MAX_NAME
    for bad in ("", " \x00 ", 7):
        with pytest.raises(p.ProtocolError):
            p.clean_name(bad)


class TestRefusedReplies:
    """One reading of a refused request's reply (``reasons.raise_refused``), for the seat
    over the network (``RemoteTable``) and the seat in the server's process (``SeatTable``)."""

    def test_its_doctests(self) -> None:
        assert doctest.testmod(reasons).failed == 0

    def test_ok_raises_nothing(self) -> None:
        reasons.raise_refused({"type": "ok", "id": 3})

    @pytest.mark.parametrize("kind", ["refused", "error"])
    def test_a_refusal_carries_the_tables_reason(self, kind: str) -> None:
        reason = Reason.of(Refusal.NOBODY_WAITING, seat=Seat.E)
        reply = {"type": kind, "id": 3, "reason": reasons.reason_to_json(reason)}
        with pytest.raises(IllegalAction) as caught:
            reasons.raise_refused(reply)
        assert caught.value.reason == reason

    @pytest.mark.parametrize("reason", [None, "Not JSON.", {"kind": "Two Words"}])
    def test_a_reason_this_seat_cannot_read_is_refused_plainly(self, reason: object) -> None:
        with pytest.raises(IllegalAction) as caught:
            reasons.raise_refused({"type": "refused", "id": 3, "reason": reason})
        assert caught.value.reason == Reason(Refusal.REFUSED)
