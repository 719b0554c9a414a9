"""In a match Hard imagines its own side ducking once its bid is made (as Hard does, to keep
bags off), while the other side fights on for a set; in a single hand nobody ducks."""

from __future__ import annotations

import random

import pytest
from conftest import judge_decision, opening_views

from spades_voice.ai import hard
from spades_voice.ai.fastplay import Stakes, playout
from spades_voice.ai.hard import calm_team

H2, H3, H5, H9, HK = 13, 14, 16, 20, 24  # hearts are indexes 13..25, the two first
C4, C5, C6 = 41, 42, 43  # clubs are 39..51

# Eleven tricks played. NS (seats 0 and 2) bid 2 + 2 and have 7: made. EW bid 3 + 3 and
# have 4: unmade, so a side that fights for the set takes the last two tricks.
WON = [4, 2, 3, 2]
BIDS = [2, 3, 2, 3]
# West led the three of hearts, North played the five, East the nine; South, last, holds
# the king and the two of hearts.
HELD = [1 << HK | 1 << H2, 1 << C4, 1 << C5, 1 << C6]
TRICK = [H3, H5, H9]


def _finish(calm: int) -> list[int]:
    return playout(HELD, TRICK, 1, WON, True, False, BIDS, [0, 0, 0, 0], False, calm)


def test_a_side_fights_on_for_the_set_unless_it_is_the_calm_one() -> None:
    # Fighting: South takes with the king, then leads the two and wins that too.
    assert _finish(-1) == [6, 2, 3, 2]
    assert _finish(1) == [6, 2, 3, 2]  # the other side's calm changes nothing here
    # Calm: South ducks with the two; East takes both tricks.
    assert _finish(0) == [4, 2, 3, 4]


def test_the_calm_team_is_hards_side_in_a_match_and_nobody_in_a_single_hand() -> None:
    match = Stakes(team=1, bags=(0, 0), totals=(0, 0), target=500, partner_rule=False)
    single = Stakes(team=1, bags=(0, 0), totals=(0, 0), target=None, partner_rule=False)
    assert calm_team(match) == 1
    assert calm_team(single) == -1


@pytest.mark.parametrize("target", [500, None])
def test_hards_bid_and_card_imagine_their_side_calm_only_in_a_match(
    monkeypatch: pytest.MonkeyPatch, target: int | None
) -> None:
    # The real playouts run; this only notes which side each was asked to keep calm.
    asked: set[int] = set()

    def noting(*args: object) -> list[int]:
        asked.add(args[9])  # type: ignore[arg-type]
        return playout(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(hard, "playout", noting)
    hard_player = hard.HardPlayer(random.Random(2), budget_ms=5.0)
    for view in opening_views(target, "calm", hard_player.decide):  # four bids, a lead
        asked.clear()
        judge_decision(view)
        assert asked == ({view.seat.index & 1} if target else {-1})
