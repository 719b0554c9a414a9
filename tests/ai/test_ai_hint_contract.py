"""The spoken hint is the reason alone, so every reason must name its decision first."""

from __future__ import annotations

import random
from dataclasses import replace

from spades_voice.ai import Level, hint, make_player
from spades_voice.ai.fastplay import Stakes
from spades_voice.ai.hints import play_reason
from spades_voice.ai.knowledge import Known
from spades_voice.narration.naming import bid_name, card_name
from spades_voice.narration.reasons import english
from spades_voice.rules import Bid, MatchState, Ruleset, cards, view_of
from spades_voice.rules.cards import mask_of
from spades_voice.rules.kernel import DECK


def test_every_hint_reason_starts_with_its_decision() -> None:
    for seed in range(3):
        state = MatchState(Ruleset(target=None), seed=seed)
        rng = random.Random(seed)
        players = {s: make_player(Level.MEDIUM, random.Random(f"{seed}{s}")) for s in "SWNE"}
        checked = 0
        while state.hand_number == 1 and checked < 56:
            seat = state.to_act
            assert seat is not None
            view = view_of(state, seat)
            if checked % 7 == 0:
                h = hint(view, rng, budget_ms=20)
                said = english(h.reason)
                if isinstance(h.decision, Bid):
                    assert said.startswith(f"Bid {bid_name(h.decision)}"), said
                else:
                    assert said.startswith(
                        (f"Play the {card_name(h.decision)}", f"Lead the {card_name(h.decision)}")
                    ), said
                assert said.endswith(".")
            state.apply(players[seat.value].decide(view))
            checked += 1


def _known_mid_trick(partner_rule: bool, bags_ns: int, north_took: int) -> Known:
    """South (bid 3, took 1 or 3) to play to a heart trick East is winning with the 9;
    North bid nil and has taken ``north_took`` tricks. South holds the king and 3 of hearts."""
    hand = mask_of(cards("KH 3H"))
    trick = tuple(c.index for c in cards("5H 2H 9H"))  # West led, North, East
    south_took = 3 - north_took
    won = (south_took, 1, north_took, 1)
    return Known(
        me=0,
        hand=hand,
        unseen=DECK & ~hand & ~mask_of(cards("5H 2H 9H")),
        counts=(2, 1, 1, 1),
        played_by=(0, 0, 0, 0),
        voids=(0, 0, 0, 0),
        trick=trick,
        leader=1,
        bids=(3, 4, 0, 4),
        won=won,
        broken=True,
        spades_any_time=False,
        stakes=Stakes(0, (bags_ns, 0), (0, 0), 500, partner_rule),
        dealer=0,
        bidding=False,
    )


def test_made_contract_follows_the_tables_nil_rule() -> None:
    """North's failed nil took 2: under "partner" those count, so 1 + 2 makes South's 3;
    under "bags" they do not, and the hint must not say the contract is made."""
    play = cards("3H")[0].index
    legal = mask_of(cards("KH 3H"))
    partner = english(play_reason(_known_mid_trick(True, 0, 2), legal, play))
    assert "contract is made" in partner, partner
    bags = english(play_reason(_known_mid_trick(False, 0, 2), legal, play))
    assert "contract is made" not in bags, bags


def test_failed_nil_tricks_count_toward_the_10th_bag() -> None:
    """8 bags carried, North's failed nil took 1 (a bag), South made 3 exactly: one more
    trick is the 10th bag, which the hint must say."""
    known = replace(_known_mid_trick(False, 8, 1), won=(3, 1, 1, 1))
    reason = english(play_reason(known, mask_of(cards("KH 3H")), cards("3H")[0].index))
    assert "10th bag" in reason, reason
