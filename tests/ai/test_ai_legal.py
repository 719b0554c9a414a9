"""Every level makes only legal decisions, over many seeded deals, and is reproducible."""

from __future__ import annotations

import random

import pytest
from conftest import build_deal, play_hand, position

from spades_voice.ai import HardPlayer, Level, Player, hard, hint, make_player
from spades_voice.ai.knowledge import Known, known_of
from spades_voice.ai.medium import legal_of
from spades_voice.rules import Match, MatchState, Ruleset, Seat, view_of


def _match_players(levels: dict[Seat, Level], seed: int, budget_ms: float) -> dict[Seat, Player]:
    return {
        seat: make_player(level, random.Random(f"{seed}/{seat.value}"), budget_ms=budget_ms)
        for seat, level in levels.items()
    }


@pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM])
def test_fast_levels_play_only_legal_cards_over_many_deals(level: Level) -> None:
    # MatchState.apply raises IllegalPlay/IllegalBid on any illegal decision.
    for seed in range(150):
        state = MatchState(Match(Ruleset(target=None), seed=seed))
        players = _match_players(dict.fromkeys(Seat, level), seed, 1.0)
        views = play_hand(state, lambda v, p=players: p[v.seat].decide(v))
        assert len(views) == 56
        for v in views:
            d = players[v.seat].decide(v)
            assert d in v.legal_bids or d in v.legal_cards


def test_hard_plays_only_legal_cards() -> None:
    mixed = {Seat.S: Level.HARD, Seat.W: Level.MEDIUM, Seat.N: Level.HARD, Seat.E: Level.EASY}
    for seed in range(6):
        state = MatchState(Match(Ruleset(target=None), seed=1000 + seed))
        players = _match_players(mixed, seed, 5.0)
        views = play_hand(state, lambda v, p=players: p[v.seat].decide(v))
        assert len(views) == 56


def test_hints_are_legal_over_a_hand() -> None:
    state = MatchState(Match(Ruleset(target=None), seed=77))
    rng = random.Random(5)
    views = play_hand(state, lambda v: hint(v, rng, budget_ms=5.0).decision)
    assert len(views) == 56


def _decisions(level: Level, seed: int, budget_ms: float) -> list[object]:
    state = MatchState(Match(Ruleset(target=None), seed=seed))
    players = _match_players(dict.fromkeys(Seat, level), seed, budget_ms)
    if level is Level.HARD:
        # The clock's safety net is the one thing that could vary; take it out here.
        players = {
            s: HardPlayer(random.Random(f"{seed}/{s.value}"), budget_ms, safety_net=False)
            for s in Seat
        }
    out: list[object] = []

    def decide(v):  # type: ignore[no-untyped-def]
        d = players[v.seat].decide(v)
        out.append(d)
        return d

    play_hand(state, decide)
    return out


@pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM, Level.HARD])
def test_same_seed_same_decisions(level: Level) -> None:
    budget = 8.0
    assert _decisions(level, 31, budget) == _decisions(level, 31, budget)


@pytest.mark.parametrize(
    "rate", [hard.REFERENCE_RATE, hard.WorkRate(plays_per_ms=600.0, solves_per_ms=5.0)]
)
def test_hard_sizes_its_work_to_the_budget(
    rate: hard.WorkRate, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A work count, not a stopwatch: every card the playouts play and every exact solve is
    counted and priced at the machine's measured rate; each decision's work must fit its
    budget and fill most of it. The clock never moves here, so the safety net cannot be
    what keeps it in."""
    budget = 120.0
    plays = 0
    solves = 0
    deals = 0
    calls = 0
    real_playout, real_solve, real_sample = hard.playout, hard.solve, hard.sample_deals

    def counting_sample(*args):  # type: ignore[no-untyped-def]
        nonlocal deals
        out = real_sample(*args)
        deals += len(out)
        return out

    def counting_playout(held, *args):  # type: ignore[no-untyped-def]
        nonlocal plays, calls
        plays += sum(m.bit_count() for m in held)
        calls += 1
        return real_playout(held, *args)

    def counting_solve(*args):  # type: ignore[no-untyped-def]
        nonlocal solves, calls
        solves += 1
        calls += 1
        return real_solve(*args)

    monkeypatch.setattr(hard, "playout", counting_playout)
    monkeypatch.setattr(hard, "solve", counting_solve)
    monkeypatch.setattr(hard, "sample_deals", counting_sample)
    state = MatchState(Match(Ruleset(target=None), seed=4))
    medium = make_player(Level.MEDIUM, random.Random(0))
    player = HardPlayer(random.Random(0), budget, rate=rate, clock=_SteppingClock(0.0))
    checked = 0
    while not state.outcomes:
        seat = state.to_act
        assert seat is not None
        v = view_of(state, seat)
        if seat is not Seat.S:
            state.apply(medium.decide(v))
            continue
        plays = solves = deals = calls = 0
        known = known_of(v)
        left = known.hand.bit_count() + known.unseen.bit_count()
        state.apply(player.decide(v))
        if len(v.legal_cards) == 1:
            continue
        if not deals:
            continue  # every legal card the same in play: nothing to weigh
        cost_ms = deals * hard.SAMPLE_COST / rate.plays_per_ms
        if solves:
            cost_ms += solves * (left / 12.0) ** 3 / rate.solves_per_ms
        else:
            cost_ms += plays / rate.plays_per_ms
        assert cost_ms <= budget, (v.legal_cards, cost_ms)
        options = len(hard.equivalent_classes(known, legal_of(v))) if v.legal_cards else 1
        if v.legal_bids or deals < 2 * calls // options:
            # Unless the deals still possible are so few that most draws were repeats
            # (each deal is judged once, ``hard._Repeats``), the work fills the budget.
            assert 0.6 * budget <= cost_ms, (v.legal_cards, cost_ms)
        checked += 1
    assert checked >= 8


class _SteppingClock:
    """A clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 1000.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def _mid_hand_known() -> tuple[Known, int]:
    state = MatchState(Match(Ruleset(target=None), seed=9))
    medium = make_player(Level.MEDIUM, random.Random(0))
    for _ in range(4 + 9):  # bids, then two tricks and a lead
        seat = state.to_act
        assert seat is not None
        state.apply(medium.decide(view_of(state, seat)))
    seat = state.to_act
    assert seat is not None
    view = view_of(state, seat)
    return known_of(view), legal_of(view)


@pytest.mark.parametrize("judge", ["card", "bid"])
def test_safety_net_cuts_off_at_the_budget(judge: str) -> None:
    """Deterministic: each read of the clock passes a whole budget, so the net must stop
    after the first deal; with the clock still, or the net off, all the sized work runs."""
    known, legal = _mid_hand_known()
    if judge == "bid":
        state = MatchState(Match(Ruleset(target=None), seed=9))
        seat = state.to_act
        assert seat is not None
        known = known_of(view_of(state, seat))

    def run(safety_net: bool, step: float) -> int:
        rng = random.Random(3)
        clock = _SteppingClock(step)
        if judge == "card":
            return hard.judge_card(known, legal, rng, 50.0, safety_net, clock=clock).deals
        return hard.judge_bid(known, rng, 50.0, safety_net, clock=clock).deals

    full = run(True, 0.0)
    assert full >= hard.MIN_DEALS
    assert run(False, 0.0) == full
    assert run(True, 1.0) == 1
    assert run(False, 1.0) == full


def test_constructed_deal_helper_respects_bars() -> None:
    deal = build_deal({Seat.N: "QH"}, {Seat.N: "H"})
    n_hearts = [c for c in deal.cards(Seat.N) if c.suit.value == "H"]
    assert [c.code for c in n_hearts] == ["QH"]
    assert position(deal, Seat.S, [3, "nil", 3, 4]).hand is not None
