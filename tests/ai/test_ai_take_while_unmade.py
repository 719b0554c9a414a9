"""Make the bid first: last to a trick an opponent is winning, with its side's contract
unmade, Hard (and its hint) weighs only the cards that take the trick."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from conftest import build_deal, position

from spades_voice.ai import HardPlayer, WorkRate
from spades_voice.ai.coach import judge_moment
from spades_voice.ai.hard import take_while_unmade
from spades_voice.ai.hints import hint
from spades_voice.ai.knowledge import Known, known_of
from spades_voice.ai.medium import legal_of
from spades_voice.rules import MatchState, Ruleset, Seat, SeatView, Team, card, view_of

# South holds the ace of clubs and a low club; West leads, so South plays last.
HANDS = {
    Seat.S: "AC 5C AS KS QS 2H 3H 4H 2D 3D 4D 5D 6D",
    Seat.W: "2C",
    Seat.N: "3C QC",
    Seat.E: "KC JC",
}


def _state(bids: Sequence[int | str], trick: list[str]) -> MatchState:
    # South deals: West bids and leads first, South last.
    return position(build_deal(HANDS), Seat.S, [*bids, *trick], Ruleset())


def _view(bids: Sequence[int | str], trick: list[str], bags: int = 0) -> SeatView:
    state = _state(bids, trick)
    assert state.to_act is Seat.S
    return dataclasses.replace(view_of(state, Seat.S), bags={Team.NS: bags, Team.EW: 0})


def _options(view: SeatView, **changes: object) -> set[str]:
    known: Known = dataclasses.replace(known_of(view), **changes)  # type: ignore[arg-type]
    mask = take_while_unmade(known, legal_of(view))
    return {c.code for c in view.legal_cards if mask >> c.index & 1}


# Bids in order West, North, East, South.
UNMADE: list[int | str] = [2, 3, 2, 2]


def test_last_to_an_opponents_trick_with_the_contract_unmade_only_taking_cards() -> None:
    view = _view(UNMADE, ["2C", "3C", "KC"])
    assert {c.code for c in view.legal_cards} == {"AC", "5C"}
    assert _options(view) == {"AC"}


def test_every_card_stays_when_the_rule_has_nothing_to_say() -> None:
    # Partner winning: no need to overtake.
    assert _options(_view(UNMADE, ["2C", "QC", "JC"])) == {"AC", "5C"}
    # Not last: a later player may still go over, so the search decides.
    state = position(build_deal(HANDS), Seat.N, [*UNMADE, "KC"], Ruleset())  # East leads
    assert state.to_act is Seat.S
    view = view_of(state, Seat.S)
    assert _options(view) == {"AC", "5C"}
    # The contract made (5 of 5 counted), a nil bid, a live nil winning the trick.
    view = _view(UNMADE, ["2C", "3C", "KC"])
    assert _options(view, won=(3, 0, 2, 0)) == {"AC", "5C"}
    assert _options(_view(["nil", 3, 2, "nil"], ["2C", "3C", "KC"])) == {"AC", "5C"}
    assert _options(_view([2, 3, "nil", 2], ["2C", "3C", "KC"])) == {"AC", "5C"}


def test_nothing_is_taken_away_when_no_card_can_take_the_trick() -> None:
    hands = {**HANDS, Seat.S: "KC 5C AS KS QS 2H 3H 4H 2D 3D 4D 5D 6D", Seat.E: "AC JC"}
    state = position(build_deal(hands), Seat.S, [*UNMADE, "2C", "3C", "AC"], Ruleset())
    view = view_of(state, Seat.S)
    assert _options(view) == {"KC", "5C"}


def test_hard_and_its_hint_take_the_trick_even_at_nine_bags() -> None:
    # North-South bid 2 and carry 9 bags: South's spades look like tricks enough later,
    # so the search alone would duck the ace to keep the tenth bag off.
    view = _view([1, 1, 1, 1], ["2C", "3C", "KC"], bags=9)
    rate = WorkRate()
    hard = HardPlayer(random.Random(7), safety_net=False, rate=rate)
    assert hard.decide(view) == card("AC")
    assert hint(view, random.Random(7), rate=rate).decision == card("AC")


def test_the_review_never_calls_taking_that_trick_a_mistake() -> None:
    # The coach's search alone would prefer the duck here; it says what Hard would play.
    view = _view([1, 1, 1, 1], ["2C", "3C", "KC"], bags=9)
    found = judge_moment(view, card("AC"), random.Random(7), WorkRate())
    assert found is None or found.better == card("AC")
    ducked = judge_moment(view, card("5C"), random.Random(7), WorkRate())
    assert ducked is None or ducked.better == card("AC")
