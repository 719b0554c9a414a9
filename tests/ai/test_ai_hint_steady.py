"""The hint is steady: the same position gives the same hint, and the coach, judging that
position afterwards, names the choice the hint gave."""

from __future__ import annotations

import random

from spades_voice.ai import Level, hint, make_player
from spades_voice.ai.hints import hint_rng, position_of
from spades_voice.rules import Bid, Card, Ruleset, Seat
from spades_voice.rules.view import moments_of
from spades_voice.table import LocalTable


def _table(seed: int) -> LocalTable:
    players = {s: make_player(Level.MEDIUM, random.Random(f"steady/{s.value}"))
               for s in (Seat.W, Seat.N, Seat.E)}
    return LocalTable(Ruleset(target=None), seed, players=players)


def test_the_same_position_gives_the_same_hint_on_every_table() -> None:
    a, b = _table(12), _table(12)
    first = a.hint()
    assert all(a.hint() == first for _ in range(3))
    assert b.hint() == first  # another table, same match and position
    assert position_of(a.view()) == (1, len(a.view().bids))


def test_the_coach_names_the_hints_choice() -> None:
    table = _table(1)  # a hand where, left to itself, the coach would name another card
    while not table.state.outcomes:
        if table.computer_to_act():
            table.step()
            continue
        view = table.view()
        # Play against the hint's advice: one trick bid, then the highest card each time.
        move: Bid | Card = Bid(1) if view.legal_bids else max(view.legal_cards,
                                                               key=lambda c: c.rank.value)
        table.submit(move)
    coached = table.coach()
    assert coached is not None
    number, findings = coached
    assert findings, "the coach found nothing to compare"
    moments = dict(moments_of(table.match, Seat.S))[number]
    for finding in findings:
        view = next(v for v, d in moments if d == finding.played and (
            (finding.trick is None) == bool(v.legal_bids)))
        said = hint(view, hint_rng(table.state.seed, view), rate=table.rate)
        assert said.decision == finding.better
        assert said.reason == finding.reason
