"""Hint reasons by ear: each names the goal in the player's terms, then the fact behind it.

Positions are built by hand so each reason is pinned word for word, whatever the AI
would choose; ``test_reason_golden`` keeps the reason of every legal card at every turn
of two seeded hands (regenerate with SPADES_VOICE_REGEN_GOLDEN=1 and read the diff).
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from conftest import build_deal, position

from spades_voice.ai.hints import bid_reason, play_reason
from spades_voice.ai.knowledge import known_of
from spades_voice.ai.medium import legal_of
from spades_voice.narration.reasons import english
from spades_voice.rules import CARDS, Card, MatchState, Ruleset, Seat, view_of

GOLDEN = Path(__file__).parent / "golden" / "hint_reasons.txt"


def _reason(state: MatchState, card: str) -> str:
    view = view_of(state, Seat.S)
    assert view.my_turn
    return english(play_reason(known_of(view), legal_of(view), CARDS.index(Card.from_code(card))))


# Bidding runs clockwise from the dealer's left: dealer E -> S W N E; dealer S -> W N E S.


def test_nil_discard_says_it_cannot_win() -> None:
    """Was: "Play the ace of hearts: it stays under the 3 of diamonds and keeps your nil
    safe." (the ace was a discard, which the old words hid)."""
    deal = build_deal({Seat.S: "AH 2H", Seat.W: "3D", Seat.N: "2D", Seat.E: "4D"}, {Seat.S: "D"})
    state = position(deal, Seat.S, [3, 3, 3, "nil", "3D", "2D", "4D"])
    assert _reason(state, "AH") == (
        "Play the ace of hearts: no diamonds, so it cannot win: shed a dangerous card now."
    )


def test_nil_following_suit_stays_under() -> None:
    deal = build_deal({Seat.S: "2D AH", Seat.W: "3D", Seat.N: "9D", Seat.E: "4D"})
    state = position(deal, Seat.S, [3, 3, 3, "nil", "3D", "9D", "4D"])
    assert _reason(state, "2D") == (
        "Play the 2 of diamonds: it stays under the 9 of diamonds, so your nil stays safe."
    )


def test_nil_forced_to_beat_before_others_have_played() -> None:
    """Was: "every card you can play wins, so win with the least harm", before the partner
    went over it."""
    deal = build_deal({Seat.S: "QH KH AH JH TH 9H 8H 7H 6H 5H 4H 3H", Seat.E: "2H"})
    state = position(deal, Seat.N, [3, "nil", 3, 3, "2H"])
    assert _reason(state, "QH") == (
        "Play the queen of hearts: all your cards beat the 2 of hearts; "
        "later players may go higher."
    )


def test_cash_it_lead() -> None:
    deal = build_deal({Seat.S: "AH 2H 2C"})
    state = position(deal, Seat.E, [3, 3, 3, 3])
    assert _reason(state, "AH") == (
        "Lead the ace of hearts: cash it, no one else holds a higher heart."
    )
    assert _reason(state, "2H") == "Lead the 2 of hearts: keep your high cards for later."


def test_lead_against_a_nil_bidder() -> None:
    deal = build_deal({Seat.S: "7H 2C"})
    state = position(deal, Seat.E, [3, "nil", 3, 3])
    assert _reason(state, "7H") == "Lead the 7 of hearts: try to make the nil bidder win a trick."


def test_duck_under_a_winning_nil_bidder() -> None:
    deal = build_deal({Seat.W: "5C", Seat.N: "2C", Seat.E: "3C", Seat.S: "KC 4C"})
    state = position(deal, Seat.S, ["nil", 3, 3, 3, "5C", "2C", "3C"])
    assert _reason(state, "4C") == (
        "Play the 4 of clubs: duck, the nil bidder is winning this trick."
    )


def test_partner_winning_play_low() -> None:
    deal = build_deal({Seat.W: "5C", Seat.N: "AC", Seat.E: "3C", Seat.S: "KC 4C 2C"})
    state = position(deal, Seat.S, [3, 3, 3, 3, "5C", "AC", "3C"])
    assert _reason(state, "2C") == (
        "Play the 2 of clubs: your partner is winning this trick, so play low."
    )
    assert _reason(state, "KC") == (
        "Play the king of clubs: your partner is winning, a safe time to let it go."
    )


def test_cannot_beat_gives_the_lowest_or_the_card_needed_least() -> None:
    deal = build_deal({Seat.W: "AC", Seat.N: "2C", Seat.E: "3C", Seat.S: "KC 4C"})
    state = position(deal, Seat.S, [3, 3, 3, 3, "AC", "2C", "3C"])
    assert _reason(state, "4C") == (
        "Play the 4 of clubs: you cannot beat the ace of clubs, so give your lowest."
    )
    assert _reason(state, "KC") == (
        "Play the king of clubs: the ace of clubs wins anyway; you need this card least."
    )


def test_last_to_play_takes_it_with_the_lowest_winner() -> None:
    deal = build_deal({Seat.W: "5C", Seat.N: "2C", Seat.E: "3C", Seat.S: "KC 9C 4C"})
    state = position(deal, Seat.S, [3, 3, 3, 3, "5C", "2C", "3C"])
    assert _reason(state, "9C") == "Play the 9 of clubs: the lowest club that takes the trick."
    assert _reason(state, "KC") == "Play the king of clubs: it takes the trick."


def test_second_hand_beats_and_makes_the_others_go_higher() -> None:
    deal = build_deal({Seat.E: "3C", Seat.S: "9C 2C", Seat.W: "AC"})
    state = position(deal, Seat.N, [3, 3, 3, 3, "3C"])
    assert _reason(state, "9C") == (
        "Play the 9 of clubs: it beats the 3 of clubs, so later players must go higher."
    )


def test_spades_led_stay_under() -> None:
    """Was: "save your spades for a better trick" while playing a spade to a spade lead."""
    deal = build_deal(
        {Seat.E: "2C 2H", Seat.S: "3C 3S KS", Seat.W: "AS 8S", Seat.N: "2S 5C"},
        {Seat.W: "C", Seat.E: "S"},
    )
    # W takes trick 1 with a spade (spades broken), then leads the 8 of spades.
    state = position(deal, Seat.N, [3, 3, 3, 3, "2C", "3C", "AS", "5C", "8S", "2S", "2H"])
    assert _reason(state, "3S") == (
        "Play the 3 of spades: stay under the 8 of spades; keep higher cards for later."
    )


def test_bid_names_the_tricks_it_counts_on() -> None:
    deal = build_deal({Seat.S: "AS KS QS 5S 4S AH KD 2C 3C 4C 5C 6C 7C"})
    state = position(deal, Seat.E, [])
    known = known_of(view_of(state, Seat.S))
    assert english(bid_reason(known, 5)) == (
        "Bid 5: about 5 tricks from two aces, the king of spades and the queen of spades."
    )


def _golden() -> str:
    out: list[str] = []
    for seed in (3, 8):
        state = MatchState(Ruleset(target=None), seed=seed)
        rng = random.Random(seed)
        while not state.over and state.hand_number == 1:
            seat = state.to_act
            assert seat is not None
            view = view_of(state, seat)
            if seat is Seat.S and not view.legal_bids:
                known, legal = known_of(view), legal_of(view)
                for card in view.legal_cards:
                    out.append(english(play_reason(known, legal, CARDS.index(card))))
            elif seat is Seat.S:
                out.extend(english(bid_reason(known_of(view), code)) for code in (0, 1, 3, 5))
            choices = view.legal_bids[-13:-9] if view.legal_bids else view.legal_cards
            state.apply(rng.choice(choices))
    return "\n".join(out) + "\n"


def test_reason_golden() -> None:
    text = _golden()
    if os.environ.get("SPADES_VOICE_REGEN_GOLDEN") == "1" or not GOLDEN.exists():
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_every_reason_is_one_breath() -> None:
    for line in _golden().splitlines():
        assert len(line.split()) <= 25 and len(line) < 100, line
