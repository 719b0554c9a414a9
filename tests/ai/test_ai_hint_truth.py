"""A hint's reason is true of the card it names (issue 42): over many positions, every
legal card's reason is checked against what the seat can see.

Was: in a blind-nil hand, "Lead the ace of clubs: a low lead keeps your nil safe." (every
lead of a nil bidder got the low-lead reason, whatever the card, and a failed nil was
still told its nil stays safe).
"""

from __future__ import annotations

import random

import pytest

from spades_voice.ai.hints import play_reason
from spades_voice.ai.knowledge import known_of, live_nil
from spades_voice.ai.medium import legal_of
from spades_voice.narration.naming import card_name
from spades_voice.narration.reasons import WORDS
from spades_voice.rules import (
    Card,
    Match,
    MatchState,
    Phase,
    Rank,
    Ruleset,
    SeatView,
    view_of,
)
from spades_voice.rules.kernel import trick_winner

HIGH = (Rank.ACE, Rank.KING)


def _beats(view: SeatView, card: Card) -> bool:
    """``card`` would win the trick as it stands."""
    trick = [c.index for c in view.current.cards]
    if not trick:
        return False
    leader = view.current.leader.index
    win_i, _ = trick_winner([*trick, card.index], leader)
    return win_i == card.index


def _check(view: SeatView, card: Card, template: str) -> None:
    """What the words claim, checked against the card."""
    said = template.format(the_card=card_name(card), suit="", suit_one="", the_winner="")
    if "low lead" in template or "play low" in template:
        assert card.rank not in HIGH, said
    if "high lead" in template:
        assert card.rank >= Rank.TEN, said
    if "nil" in template and ("your nil" in template) and "partner" not in template:
        known = known_of(view)
        assert live_nil(known, known.me), said
    if template.startswith("Play") and any(
        w in template for w in ("takes the trick", "win it", "so trump it", "it beats")
    ):
        assert _beats(view, card), said
    if any(w in template for w in ("stays under", "cannot win", "duck,", "stay under")):
        assert not _beats(view, card), said
    if "cash it" in template:
        assert not any(c.suit is card.suit and c.rank > card.rank for c in view.unseen), said


@pytest.mark.parametrize("seed", range(12))
def test_every_reason_is_true_of_its_card(seed: int) -> None:
    rng = random.Random(f"hint-truth/{seed}")
    state = MatchState(Match(Ruleset(target=None, blind_nil=True), seed=f"truth/{seed}"))
    checked = 0
    while state.hand_number == 1 and not state.over:
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        if view.phase is Phase.BIDDING:
            # Blind nil and nil often, so a nil's reasons are tried in many positions.
            blind = [b for b in view.legal_bids if b.blind]
            if blind and rng.random() < 0.3:
                state.apply(blind[0], seat)
                continue
            state.reveal(seat)
            bids = view_of(state, seat).legal_bids
            state.apply(bids[0] if rng.random() < 0.3 else rng.choice(bids), seat)
            continue
        legal = legal_of(view)
        known = known_of(view)
        for card in view.legal_cards:
            reason = play_reason(known, legal, card.index)
            _check(view, card, WORDS[reason.kind])
            checked += 1
        state.apply(rng.choice(view.legal_cards), seat)
    assert checked > 50
