"""``bags_once_made``: the one count of our bags that the hints and Medium both read."""

from __future__ import annotations

import dataclasses

from spades_voice.ai.fastplay import Stakes
from spades_voice.ai.knowledge import Known, bags_once_made, known_of
from spades_voice.rules import Match, MatchState, Ruleset, Seat, view_of


def _known(mine: tuple[int, int], partner: tuple[int, int], carried: int) -> Known:
    """South's knowledge with South's and North's (bid, tricks won), ``carried`` bags."""
    known = known_of(view_of(MatchState(Match(Ruleset(), seed="bags")), Seat.S))
    me = known.me
    bids, won = [1, 1, 1, 1], [0, 0, 0, 0]
    bids[me], won[me] = mine
    bids[me ^ 2], won[me ^ 2] = partner
    stakes = Stakes(me & 1, (carried, carried), (0, 0), 500, False)
    return dataclasses.replace(
        known, bids=(bids[0], bids[1], bids[2], bids[3]), won=(won[0], won[1], won[2], won[3]),
        stakes=stakes,
    )


def test_no_count_before_the_contract_is_made_or_without_one() -> None:
    assert bags_once_made(_known((3, 2), (2, 2), carried=9)) is None
    assert bags_once_made(_known((0, 0), (0, 0), carried=9)) is None  # both nil


def test_carried_bags_overtricks_and_a_failed_nils_tricks_all_count() -> None:
    assert bags_once_made(_known((3, 2), (2, 3), carried=4)) == 4
    assert bags_once_made(_known((3, 4), (2, 3), carried=4)) == 6
    # Partner's failed nil took one trick: a bag at this table, not a trick toward the 3.
    assert bags_once_made(_known((3, 3), (0, 1), carried=8)) == 9
