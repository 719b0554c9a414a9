"""Table-driven scoring: every case computed by hand from DESIGN.md's rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades_voice.rules import Bid, FailedNilTricks, Ruleset, Seat, Team, score_team
from spades_voice.rules.bids import BLIND_NIL, NIL

BAGS = Ruleset()
PARTNER = Ruleset(failed_nil_tricks=FailedNilTricks.PARTNER)


def _score(
    rules: Ruleset, s_bid: Bid, n_bid: Bid, s_took: int, n_took: int, bags_before: int = 0
) -> tuple[int, int, int]:
    """NS's (points, bags after, penalties)."""
    bids = {Seat.S: s_bid, Seat.N: n_bid, Seat.W: Bid(1), Seat.E: Bid(1)}
    rest = 13 - s_took - n_took
    tricks = {Seat.S: s_took, Seat.N: n_took, Seat.W: rest, Seat.E: 0}
    t = score_team(rules, Team.NS, bids, tricks, bags_before)
    return t.points, t.bags_after, t.penalties


# (rules, S bid, N bid, S took, N took, bags before) -> (points, bags after, penalties)
CASES = [
    # DESIGN.md: nil takes 1, partner bids 4 takes 4 -> 40 - 100 + 1 = -59, one bag.
    (BAGS, NIL, Bid(4), 1, 4, 0, (-59, 1, 0)),
    # Same under "partner": the nil trick counts toward 4: 5 taken, 40 + 1 - 100 = -59.
    (PARTNER, NIL, Bid(4), 1, 4, 0, (-59, 1, 0)),
    # Under "partner" a failed nil's trick can make a contract that was set under "bags".
    (PARTNER, NIL, Bid(4), 1, 3, 0, (-60, 0, 0)),
    (BAGS, NIL, Bid(4), 1, 3, 0, (-40 - 100 + 1, 1, 0)),
    # Plain contracts.
    (BAGS, Bid(3), Bid(4), 3, 4, 0, (70, 0, 0)),
    (BAGS, Bid(3), Bid(4), 5, 4, 0, (72, 2, 0)),
    (BAGS, Bid(3), Bid(4), 2, 4, 0, (-70, 0, 0)),
    (BAGS, Bid(13), Bid(1), 13, 0, 0, (-140, 0, 0)),
    # Bags: 8 carried + 3 new = 11 -> -100, 1 carried.
    (BAGS, Bid(3), Bid(4), 6, 4, 8, (73 - 100, 1, 0 + 1)),
    # Exactly 10 -> penalty, 0 carried.
    (BAGS, Bid(2), Bid(2), 3, 3, 8, (42 - 100, 0, 1)),
    # Set contracts add no bags, even with carried bags.
    (BAGS, Bid(5), Bid(5), 4, 4, 9, (-100, 9, 0)),
    # Nil made: +100, partner's contract separate.
    (BAGS, NIL, Bid(4), 0, 6, 0, (100 + 42, 2, 0)),
    (BAGS, NIL, Bid(4), 0, 2, 0, (100 - 40, 0, 0)),
    # Blind nil ±200.
    (Ruleset(blind_nil=True), BLIND_NIL, Bid(3), 0, 3, 0, (230, 0, 0)),
    (Ruleset(blind_nil=True), BLIND_NIL, Bid(3), 2, 3, 0, (-200 + 30 + 2, 2, 0)),
    # Both partners nil: both made, both failed, one each.
    (BAGS, NIL, NIL, 0, 0, 0, (200, 0, 0)),
    (BAGS, NIL, NIL, 2, 1, 0, (-200 + 3, 3, 0)),
    (BAGS, NIL, NIL, 0, 1, 0, (100 - 100 + 1, 1, 0)),
    (PARTNER, NIL, NIL, 2, 1, 0, (-200 + 3, 3, 0)),
    # Failed nil bags can trigger the bag penalty.
    (BAGS, NIL, Bid(3), 2, 3, 9, (-100 + 30 + 2 - 100, 1, 1)),
    # Twenty bags at once is two penalties.
    (BAGS, Bid(1), Bid(1), 7, 6, 9, (20 + 11 - 200, 0, 2)),
]


@pytest.mark.parametrize(("rules", "s", "n", "st_", "nt", "before", "want"), CASES)
def test_score_table(
    rules: Ruleset, s: Bid, n: Bid, st_: int, nt: int, before: int, want: tuple[int, int, int]
) -> None:
    assert _score(rules, s, n, st_, nt, before) == want


class TestNegativeTotals:
    """Bags are their own counter: a negative total never hides or invents a penalty."""

    def test_bags_counted_on_negative_total(self) -> None:
        # A team on -359 has 9 bags (the last digit would say 1): one more bag is a penalty.
        t = score_team(BAGS, Team.NS, _bids(Bid(2), Bid(2)), _tricks(3, 2), 9)
        assert (t.points, t.bags_after, t.penalties) == (41 - 100, 0, 1)

    @given(
        before=st.integers(0, 9),
        s_took=st.integers(0, 13),
        s_bid=st.integers(1, 13),
        n_bid=st.integers(1, 13),
    )
    def test_bag_arithmetic(self, before: int, s_took: int, s_bid: int, n_bid: int) -> None:
        n_took = 13 - s_took
        bids = _bids(Bid(s_bid), Bid(n_bid))
        t = score_team(BAGS, Team.NS, bids, _tricks(s_took, n_took), before)
        contract = s_bid + n_bid
        if contract <= 13:
            over = 13 - contract
            assert t.made
            assert before + over == t.bags_after + 10 * t.penalties
            assert t.points == 10 * contract + over - 100 * t.penalties
        else:
            assert not t.made and t.points == -10 * contract and t.bags_after == before


def _bids(s: Bid, n: Bid) -> dict[Seat, Bid]:
    return {Seat.S: s, Seat.N: n, Seat.W: Bid(1), Seat.E: Bid(1)}


def _tricks(s: int, n: int) -> dict[Seat, int]:
    return {Seat.S: s, Seat.N: n, Seat.W: 13 - s - n, Seat.E: 0}
