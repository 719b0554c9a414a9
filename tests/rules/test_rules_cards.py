from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades_voice.narration.naming import card_name
from spades_voice.rules import CARDS, SEATS, Bid, Card, Rank, Seat, Suit, Team, cards_of
from spades_voice.rules.cards import mask_of


class TestCard:
    def test_codes_round_trip_for_every_card(self) -> None:
        for c in CARDS:
            assert Card.from_code(c.code) is c
            assert eval(repr(c)) == c

    @pytest.mark.parametrize(
        ("text", "code", "spoken"),
        [
            ("QH", "QH", "queen of hearts"),
            ("10S", "TS", "10 of spades"),
            ("ts", "TS", "10 of spades"),
            (" 2c ", "2C", "2 of clubs"),
            ("AD", "AD", "ace of diamonds"),
        ],
    )
    def test_parse_and_speak(self, text: str, code: str, spoken: str) -> None:
        c = Card.from_code(text)
        assert c.code == code
        assert card_name(c) == spoken

    @pytest.mark.parametrize("bad", ["", "Q", "1S", "11H", "QX", "XS", "10", "AS2"])
    def test_bad_codes_raise_value_error(self, bad: str) -> None:
        with pytest.raises(ValueError, match="not_a_card"):
            Card.from_code(bad)

    def test_index_order_is_suit_major_rank_ascending(self) -> None:
        assert [c.index for c in CARDS] == list(range(52))
        assert CARDS[0] == Card(Suit.SPADES, Rank.TWO)
        assert CARDS[12] == Card(Suit.SPADES, Rank.ACE)

    def test_equal_cards_hash_equal_even_if_built_fresh(self) -> None:
        fresh = Card(Suit.HEARTS, Rank.QUEEN)
        assert fresh == Card.from_code("QH")
        assert {fresh} == {Card.from_code("QH")}

    @given(st.sets(st.integers(0, 51)))
    def test_mask_round_trip(self, idx: set[int]) -> None:
        chosen = [CARDS[i] for i in sorted(idx)]
        assert list(cards_of(mask_of(chosen))) == chosen


class TestSeats:
    def test_clockwise_order_and_partners(self) -> None:
        assert [s.next for s in SEATS] == [Seat.W, Seat.N, Seat.E, Seat.S]
        assert Seat.S.partner is Seat.N and Seat.W.partner is Seat.E
        assert Seat.S.team is Team.NS and Seat.E.team is Team.EW
        assert Team.NS.seats == (Seat.S, Seat.N)

    def test_seat_codes(self) -> None:
        for s in SEATS:
            assert Seat.from_code(s.value.lower()) is s
        with pytest.raises(ValueError):
            Seat.from_code("X")


class TestBid:
    @pytest.mark.parametrize("value", ["nil", "blind_nil", *range(1, 14)])
    def test_json_round_trip(self, value: int | str) -> None:
        assert Bid.from_json(value).to_json() == value

    @pytest.mark.parametrize("value", [0, 14, -1, "4", True, None, 2.0, "blind"])
    def test_bad_bids(self, value: object) -> None:
        with pytest.raises(ValueError):
            Bid.from_json(value)

    def test_str_is_the_record_form(self) -> None:
        assert str(Bid.from_json("nil")) == "nil"
        assert str(Bid.from_json("blind_nil")) == "blind_nil"
        assert str(Bid.of(4)) == "4"
        assert Bid.parse("Blind nil") == Bid.from_json("blind_nil")
