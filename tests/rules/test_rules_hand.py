"""Play legality, reasons, tricks, spades broken, voids, and random-playout invariants."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_voice.rules import (
    BLIND_NIL,
    CARDS,
    SEATS,
    Bid,
    Card,
    Deal,
    HandState,
    IllegalBid,
    IllegalPlay,
    Phase,
    Reason,
    Ruleset,
    Seat,
    Suit,
    Why,
    card,
    cards,
)


def _deal(s: str, w: str, n: str, e: str) -> Deal:
    return Deal.from_hands({Seat.S: cards(s), Seat.W: cards(w), Seat.N: cards(n), Seat.E: cards(e)})


# South holds spades and hearts only; West is long in clubs; constructed to test leads.
FIXED = _deal(
    "AS KS QS JS TS 9S 8S AH KH QH JH TH 9H",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "7S 6S 5S 4S 3S 2S 8H 7H 6H 5H 4H 3H 2H",
)


THREE = Bid(3)


def _bid_all(h: HandState, bid: Bid = THREE) -> None:
    for _ in range(4):
        h.place_bid(bid)


class TestBidding:
    def test_order_starts_left_of_dealer(self) -> None:
        h = HandState(Ruleset(), Seat.E, FIXED)
        assert h.to_act is Seat.S
        _bid_all(h)
        assert [s for s, _ in h.bids] == [Seat.S, Seat.W, Seat.N, Seat.E]
        assert h.phase is Phase.PLAYING and h.to_act is Seat.S

    def test_blind_nil_only_when_allowed_and_unseen(self) -> None:
        h = HandState(Ruleset(), Seat.E, FIXED)
        assert h.bid_refusal(BLIND_NIL) == Reason(Why.BLIND_NIL_OFF)
        with pytest.raises(IllegalBid, match="blind_nil_off"):
            h.place_bid(BLIND_NIL)
        h = HandState(Ruleset(blind_nil=True), Seat.E, FIXED)
        assert BLIND_NIL in h.legal_bids()
        h.reveal(Seat.S)
        assert h.bid_refusal(BLIND_NIL) == Reason(Why.BLIND_NIL_SEEN)
        assert BLIND_NIL not in h.legal_bids()
        h.place_bid(Bid(2))
        h.place_bid(BLIND_NIL)  # West has not looked
        assert h.bid_of(Seat.W) == BLIND_NIL

    def test_out_of_turn_and_after_bidding(self) -> None:
        h = HandState(Ruleset(), Seat.E, FIXED)
        assert h.bid_refusal(Bid(3), Seat.N) == Reason(Why.NOT_YOUR_TURN_TO_BID)
        _bid_all(h)
        with pytest.raises(IllegalBid, match="bidding_over"):
            h.place_bid(Bid(3))


class TestPlay:
    def test_spades_cannot_be_led_until_broken(self) -> None:
        h = HandState(Ruleset(), Seat.E, FIXED)
        _bid_all(h)
        assert h.refusal(card("AS")) == Reason(Why.SPADES_NOT_BROKEN)
        with pytest.raises(IllegalPlay) as err:
            h.play(card("AS"))
        assert err.value.reason == Reason(Why.SPADES_NOT_BROKEN)
        assert {c.suit for c in h.legal_cards()} == {Suit.HEARTS}

    def test_follow_suit_reason_and_void_shown(self) -> None:
        h = HandState(Ruleset(), Seat.E, FIXED)
        _bid_all(h)
        h.play(card("9H"))
        # West holds no hearts: anything goes, and West shows out of hearts.
        assert h.refusal(card("2C")) is None
        h.play(card("2C"))
        assert h.shown_out(Seat.W) == frozenset({Suit.HEARTS})
        h.play(card("2D"))  # North too
        assert h.refusal(card("7S")) == Reason.of(Why.MUST_FOLLOW, suit=Suit.HEARTS)
        assert h.refusal(card("9H")) == Reason.of(Why.ALREADY_PLAYED, card=card("9H"))
        assert h.refusal(card("AC")) == Reason.of(Why.NOT_HELD, card=card("AC"))
        h.play(card("2H"))
        assert h.tricks[0].winner is Seat.S
        assert h.to_act is Seat.S and h.tricks_won(Seat.S) == 1

    def test_spade_trumps_and_breaks(self) -> None:
        deal = _deal(
            "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
            "2S KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
            "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
            "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S AC",
        )
        h = HandState(Ruleset(), Seat.E, deal)
        _bid_all(h)
        h.play(card("AH"))
        assert not h.spades_broken
        h.play(card("2S"))  # West cannot follow and trumps
        assert h.spades_broken
        h.play(card("2D"))
        h.play(card("KS"))  # East over-trumps
        assert h.tricks[0].winner is Seat.E
        assert h.current_trick.cards == ()
        # East may now lead spades: they were broken in an earlier trick.
        assert h.refusal(card("3S")) is None

    def test_only_spades_may_lead_spades(self) -> None:
        only_spades = _deal(
            "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
            "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
            "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
            "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        )
        h = HandState(Ruleset(), Seat.E, only_spades)
        _bid_all(h)
        assert h.refusal(card("2S")) is None
        h.play(card("2S"))
        assert h.spades_broken

    def test_not_your_turn(self) -> None:
        h = HandState(Ruleset(), Seat.E, FIXED)
        _bid_all(h)
        assert h.refusal(card("AC"), Seat.W) == Reason(Why.NOT_YOUR_TURN)
        with pytest.raises(IllegalPlay, match="not_your_turn"):
            h.play(card("AC"), Seat.W)

    def test_bidding_first(self) -> None:
        h = HandState(Ruleset(), Seat.E, FIXED)
        assert h.refusal(card("9H")) == Reason(Why.BIDDING_NOT_OVER)


def _random_hand(seed: int) -> tuple[HandState, list[tuple[Seat, Card]]]:
    rng = random.Random(seed)
    h = HandState(Ruleset(), rng.choice(SEATS), Deal.random(rng))
    for _ in range(4):
        h.place_bid(Bid(rng.randint(1, 4)))
    log: list[tuple[Seat, Card]] = []
    while h.to_act is not None:
        seat = h.to_act
        held = h.held(seat)
        legal = h.legal_cards()
        assert legal, "a legal card always exists"
        for c in held:
            # A card is refused exactly when it has a reason.
            assert (c in legal) == (h.refusal(c) is None)
        choice = rng.choice(legal)
        log.append((seat, choice))
        h.play(choice)
    return h, log


class TestRandomPlayouts:
    @settings(max_examples=200, deadline=None)
    @given(st.integers(0, 2**32))
    def test_invariants(self, seed: int) -> None:
        h, log = _random_hand(seed)
        played = [c for _, c in log]
        assert sorted(played) == list(CARDS)  # every card once
        assert len(h.tricks) == 13
        assert sum(h.tricks_by_seat.values()) == 13
        for trick in h.tricks:
            assert len(trick.cards) == 4
        # Each seat played exactly the cards it was dealt.
        for seat in SEATS:
            assert sorted(c for s, c in log if s is seat) == sorted(h.deal.cards(seat))
        # The winner of each trick leads the next.
        for a, b in zip(h.tricks, h.tricks[1:], strict=False):
            assert a.winner is b.leader
        # Shown-out suits are real: the seat held none of that suit after showing out.
        for seat in SEATS:
            for suit in h.shown_out(seat):
                first_void = next(
                    i for i, t in enumerate(h.tricks)
                    for s, c in t.plays
                    if s is seat and t.led_suit is suit and c.suit is not suit
                )
                later = [c for t in h.tricks[first_void + 1 :] for s, c in t.plays if s is seat]
                assert all(c.suit is not suit for c in later)

    @settings(max_examples=50, deadline=None)
    @given(st.integers(0, 2**32), st.integers(0, 51))
    def test_clone_is_independent_and_equal(self, seed: int, cut: int) -> None:
        h, log = _random_hand(seed)
        g = HandState(h.ruleset, h.dealer, h.deal)
        for _, b in h.bids:
            g.place_bid(b)
        for _, c in log[:cut]:
            g.play(c)
        copy = g.clone()
        assert copy == g
        for _, c in log[cut:]:
            copy.play(c)
        assert copy == h
        # Playing on the copy left the original as it was: nothing is shared.
        again = HandState(h.ruleset, h.dealer, h.deal)
        for _, b in h.bids:
            again.place_bid(b)
        for _, c in log[:cut]:
            again.play(c)
        assert g == again
        assert len(g.plays) == cut


def test_equality_sees_every_field() -> None:
    """Change any one field of a copy and it no longer compares equal (``_trick_values`` is
    a cache of ``_tricks``), so a ``clone`` that drops a field cannot pass the clone test."""
    h, log = _random_hand(11)
    g = HandState(h.ruleset, h.dealer, h.deal)
    for _, b in h.bids:
        g.place_bid(b)
    for _, c in log[:22]:  # mid-trick, with voids shown and spades likely broken
        g.play(c)
    fields = [name for name in HandState.__slots__ if name != "_trick_values"]
    assert len(fields) == 19
    for name in fields:
        copy = g.clone()
        assert copy == g
        object.__setattr__(copy, name, object())
        assert copy != g, name
