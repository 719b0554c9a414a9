"""``playout``'s inlined step, card by card, against ``HandState.play`` and the kernel's
``Position.play``.

The playout places each card and settles the trick inline, for speed (docs/hard.md). Every
time it asks the policy for a card, the position it hands over (seat to act, its legal
cards, the trick, who is winning it, tricks taken, shown voids) must be the position the
model reached by playing the same cards; and the hand must end with the same tricks.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_voice.ai.fastplay import playouts
from spades_voice.rules import CARDS, SEATS, Bid, Deal, HandState, Ruleset
from spades_voice.rules.kernel import Position


def _random_state(seed: int, cut: int, any_time: bool) -> HandState:
    rng = random.Random(seed)
    h = HandState(Ruleset(spades_any_time=any_time), SEATS[seed % 4], Deal.random(rng))
    for _ in range(4):
        h.place_bid(Bid(rng.randint(1, 5)))
    for _ in range(cut):
        legal = h.legal_cards()
        h.play(legal[int(rng.random() * len(legal))])
    return h


def _seen(h: HandState) -> dict[str, Any]:
    """What the playout hands the policy, read from the model."""
    seat = h.to_act
    assert seat is not None
    winning = h.current_trick.winning
    held = [h.held_mask(s) for s in SEATS]
    return {
        "actor": seat.index,
        "mine": held[seat.index],
        "legal": h.legal_mask(),
        "others": (held[0] | held[1] | held[2] | held[3]) ^ held[seat.index],
        "trick": [c.index for c in h.current_trick.cards],
        "winning": (winning[1].index, winning[0].index) if winning else (-1, -1),
        "won": [h.tricks_won(s) for s in SEATS],
        "voids": [sum(1 << su.index for su in h.shown_out(s)) for s in SEATS],
    }


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 51), st.booleans())
def test_playout_step_is_the_models(seed: int, cut: int, any_time: bool) -> None:
    """Under both values of the switch that lets spades be led at any time."""
    h = _random_state(seed, cut, any_time)
    asked: list[tuple[dict[str, Any], int]] = []
    real_choose = playouts.choose

    def noting(s, mine, legal, others, trick, win_idx, win_seat, won, *rest):  # type: ignore[no-untyped-def]
        card = real_choose(s, mine, legal, others, trick, win_idx, win_seat, won, *rest)
        seen = {
            "actor": s,
            "mine": mine,
            "legal": legal,
            "others": others,
            "trick": trick[:],
            # At a lead the playout leaves the last trick's winner in place: unread.
            "winning": (win_idx, win_seat) if trick else (-1, -1),
            "won": won[:],
            "voids": rest[1][:],
        }
        asked.append((seen, card))
        return card

    held = [h.held_mask(s) for s in SEATS]
    trick = h.current_trick
    bids = [b.code for b in (h.bid_of(s) for s in SEATS) if b is not None]
    voids = [sum(1 << su.index for su in h.shown_out(s)) for s in SEATS]
    won = [h.tricks_won(s) for s in SEATS]
    with pytest.MonkeyPatch.context() as m:
        m.setattr(playouts, "choose", noting)
        fast = playouts.playout(
            held,
            [c.index for c in trick.cards],
            trick.leader.index,
            won,
            h.spades_broken,
            any_time,
            bids,
            voids,
            False,
        )
    p = Position(
        (held[0], held[1], held[2], held[3]),
        tuple(c.index for c in trick.cards),
        trick.leader.index,
        (won[0], won[1], won[2], won[3]),
        h.spades_broken,
        any_time,
    )
    calls = iter(asked)
    while h.to_act is not None:
        legal = h.legal_mask()
        if legal & (legal - 1) == 0:
            idx = legal.bit_length() - 1  # the playout plays a lone legal card unasked
        else:
            seen, idx = next(calls)
            assert seen == _seen(h)
        h.play(CARDS[idx])
        p = p.play(idx)
        assert p.to_act == (h.to_act.index if h.to_act is not None else p.leader)
        assert p.won == tuple(h.tricks_won(s) for s in SEATS)
        assert p.broken is h.spades_broken
    assert next(calls, None) is None
    assert fast == [h.tricks_won(s) for s in SEATS] == list(p.won)
