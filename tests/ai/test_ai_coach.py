"""The coach: golden hands where the costly decision is known, and a check that it never
names a card the player could not have known at that moment.

Each golden hand is a single-hand match played by four Medium players, with one of South's
decisions replaced by a known mistake; the test first proves the mistake did its damage
(the contract set, the nil broken, the 10th bag taken) and then that the coach names it
first.
"""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from spades_voice.ai import Level, make_player
from spades_voice.ai.coach import Finding, judge_moment, review
from spades_voice.ai.hard import REFERENCE_RATE
from spades_voice.ai.hint_why import HintWhy
from spades_voice.narration import coach
from spades_voice.narration.naming import card_name
from spades_voice.rules import (
    CARDS,
    NIL,
    Bid,
    Card,
    Decision,
    Match,
    MatchState,
    Reason,
    Ruleset,
    Seat,
    SeatView,
    Team,
    card,
    view_of,
)

Moments = list[tuple[SeatView, Decision]]
BUDGET = 30.0  # reference-rate ms per decision: enough for these hands, quick in CI


def _said(finding: Finding) -> str:
    """The coach's words for ``finding`` (a line's text)."""
    return coach.coach_line(finding).text


def _hand(seed: int, plant: tuple[int, str] | None, north_nil: bool) -> tuple[MatchState, Moments]:
    """Play the seeded hand; ``plant`` = (South's decision number, card) replaces one."""
    state = MatchState(Match(Ruleset(target=None), seed=seed))
    players = {s: make_player(Level.MEDIUM, random.Random(f"{seed}{s}")) for s in "SWNE"}
    moments: Moments = []
    while not state.outcomes:
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        d: Decision = players[seat.value].decide(view)
        if north_nil and seat is Seat.N and view.legal_bids:
            d = NIL
        if seat is Seat.S:
            if plant is not None and len(moments) == plant[0]:
                d = card(plant[1])
                assert d in view.legal_cards
            moments.append((view, d))
        state.apply(d)
    return state, moments


def _top(moments: Moments) -> Finding:
    found = review(moments, random.Random(1), REFERENCE_RATE, BUDGET)
    assert found, "the coach found nothing"
    return found[0]


def test_a_ruff_that_cost_the_contract() -> None:
    base, _ = _hand(35, None, False)
    state, moments = _hand(35, (3, "3S"), False)
    view, _ = moments[3]
    led = view.current.cards[0].suit
    assert led.value != "S" and all(c.suit is not led for c in view.hand)  # a real ruff
    assert base.outcomes[0].scores[Team.NS].made
    assert not state.outcomes[0].scores[Team.NS].made
    top = _top(moments)
    assert (top.trick, top.played) == (3, card("3S"))
    assert top.cost >= 50


def test_a_10th_bag_taken() -> None:
    base, _ = _hand(1, None, False)
    state, moments = _hand(1, (10, "QD"), False)
    ns, ns0 = state.outcomes[0].scores[Team.NS], base.outcomes[0].scores[Team.NS]
    assert ns.made and ns.bags_added > ns0.bags_added
    # The player carried 9 bags into this hand: the extra trick was the 10th.
    nine = [(dataclasses.replace(v, bags={Team.NS: 9, Team.EW: 0}), d) for v, d in moments]
    top = _top(nine)
    assert (top.trick, top.played) == (10, card("QD"))
    assert top.cost >= 50


def test_a_partners_nil_not_covered() -> None:
    base, _ = _hand(61, None, True)
    state, moments = _hand(61, (1, "2H"), True)
    view, _ = moments[1]
    winning = view.current.winning
    assert winning is not None and winning[0] is Seat.N  # partner's nil was winning it
    assert base.outcomes[0].scores[Team.NS].nils[0].made
    assert not state.outcomes[0].scores[Team.NS].nils[0].made
    top = _top(moments)
    assert (top.trick, top.played) == (1, card("2H"))
    assert top.cost >= 50
    assert _said(top).startswith("Trick 1: the 2 of hearts cost about ")


_SPOKEN = {card_name(c): c for c in CARDS}
_CARD_NAME = re.compile(r"\b(?:[2-9]|10|jack|queen|king|ace) of (?:spades|hearts|diamonds|clubs)")


def _named(finding: Finding) -> set[Card]:
    named = {_SPOKEN[m] for m in _CARD_NAME.findall(_said(finding))}
    return named | {d for d in (finding.played, finding.better) if isinstance(d, Card)}


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_never_names_a_card_unknown_at_that_moment(seed: int) -> None:
    """Every decision of South's hand is judged, and each sentence's cards are South's own
    at that moment or cards already played; the check counts what it checked."""
    state = MatchState(Match(Ruleset(target=None), seed=100 + seed))
    easy = make_player(Level.EASY, random.Random(seed))
    medium = make_player(Level.MEDIUM, random.Random(seed))
    rng = random.Random(seed)
    named = 0
    while not state.outcomes:
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        d = (easy if seat is Seat.S else medium).decide(view)
        if seat is Seat.S:
            f = judge_moment(view, d, rng, REFERENCE_RATE, 8.0)
            if f is not None:
                cards = _named(f)
                assert cards <= set(view.hand) | set(view.played), (_said(f), cards)
                named += len(cards)
        state.apply(d)
    assert named >= 10


def test_a_bid_is_judged_against_the_same_deals() -> None:
    state = MatchState(Match(Ruleset(target=None), seed=21))
    while state.to_act is not Seat.S:
        seat = state.to_act
        assert seat is not None
        state.apply(make_player(Level.MEDIUM, random.Random(0)).decide(view_of(state, seat)))
    view = view_of(state, Seat.S)
    wild = Bid(13)
    f = judge_moment(view, wild, random.Random(2), REFERENCE_RATE, 30.0)
    assert f is not None and f.trick is None and f.played == wild and f.better != wild
    assert f.cost > 50  # bidding all 13 on a Medium-dealt hand is a heavy set
    assert _said(f).startswith("Your bid of 13 cost about ")


def test_the_table_reviews_the_players_last_finished_hand() -> None:
    from spades_voice.table import LocalTable

    table = LocalTable(Ruleset(target=None), seed=4, level=Level.EASY)
    assert table.coach() is None  # nothing finished yet
    me = make_player(Level.EASY, random.Random(4))
    while not table.state.outcomes:
        if table.computer_to_act():
            table.step()
        else:
            table.submit(me.decide(table.view()))
    result = table.coach()
    assert result is not None
    number, findings = result
    assert number == 1 and 1 <= len(findings) <= 3
    assert [f.cost for f in findings] == sorted((f.cost for f in findings), reverse=True)


def test_near_the_end_of_a_match_a_cost_is_said_as_a_chance_of_winning_it() -> None:
    king = Card.from_code("KH")
    three = Card.from_code("3H")
    why = Reason.of(HintWhy.PLAY_GIVE_LOWEST, card=three, winner=Card.from_code("AH"))
    reason = "Play the 3 of hearts: you cannot beat the ace of hearts, so give your lowest."
    late = Finding(4, king, three, 300.0, why, 0.45)
    assert _said(late) == (
        "Trick 4: the king of hearts cost about 45 percent of your chance to win. "
        + reason
    )
    early = Finding(4, king, three, 34.0, why, 0.05)
    assert _said(early) == f"Trick 4: the king of hearts cost about 34 points. {reason}"
    single = Finding(4, king, three, 34.0, why)
    assert _said(single) == _said(early)
