"""The hint's and the coach's reasons are true of the cards (issue 52, item 4): each test
is a position where the old reason was false, with the words it said."""

from __future__ import annotations

from conftest import build_deal, position

from spades_voice.ai.hints import bid_reason, play_reason
from spades_voice.ai.knowledge import known_of
from spades_voice.ai.medium import legal_of
from spades_voice.narration.language import Language, speaking
from spades_voice.narration.reasons import english, say_reason
from spades_voice.rules import CARDS, Card, MatchState, Seat, view_of


def _reason(state: MatchState, card: str) -> str:
    view = view_of(state, Seat.S)
    assert view.my_turn
    return english(play_reason(known_of(view), legal_of(view), CARDS.index(Card.from_code(card))))


def test_a_boss_card_that_can_be_trumped_is_not_cashed() -> None:
    """Was: "Lead the 2 of diamonds: cash it, no one else holds a higher diamond." and Sam
    trumped it: South holds every diamond, so each other seat may trump."""
    deal = build_deal({Seat.S: "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"})
    state = position(deal, Seat.E, [3, 3, 3, 3])
    assert _reason(state, "2D") == (
        "Lead the 2 of diamonds: no one else holds a higher diamond, but it may be trumped."
    )


def test_a_boss_card_led_after_an_opponent_showed_out() -> None:
    """East showed out of diamonds on the first trick: the king, now the highest, may be
    trumped; the ace before it was a cash."""
    deal = build_deal({Seat.S: "AD KD 2C", Seat.W: "3D", Seat.N: "4D", Seat.E: "2H"}, {Seat.E: "D"})
    before = position(deal, Seat.E, [3, 3, 3, 3])
    assert _reason(before, "AD") == (
        "Lead the ace of diamonds: cash it, no one else holds a higher diamond."
    )
    state = position(deal, Seat.E, [3, 3, 3, 3, "AD", "3D", "4D", "2H"])
    assert _reason(state, "KD") == (
        "Lead the king of diamonds: no one else holds a higher diamond, but it may be trumped."
    )


def test_no_cover_claimed_when_the_nil_is_already_beaten() -> None:
    """Was: "Play the 9 of spades: win the trick so your partner's nil is safe." when Sam's
    ace of clubs had already beaten Alex's 10."""
    deal = build_deal({Seat.S: "9S 2H", Seat.W: "5C", Seat.N: "TC", Seat.E: "AC"}, {Seat.S: "C"})
    state = position(deal, Seat.S, [3, "nil", 3, 3, "5C", "TC", "AC"])
    assert _reason(state, "9S") == "Play the 9 of spades: you are out of clubs, so trump it."


def test_a_cover_is_claimed_while_the_nil_is_winning() -> None:
    deal = build_deal({Seat.S: "9S 2H", Seat.W: "5C", Seat.N: "TC", Seat.E: "3C"}, {Seat.S: "C"})
    state = position(deal, Seat.S, [3, "nil", 3, 3, "5C", "TC", "3C"])
    assert _reason(state, "9S") == (
        "Play the 9 of spades: win the trick so your partner's nil is safe."
    )


def test_a_nil_bid_with_high_cards_names_them() -> None:
    """Was: "Bid nil: your highest spade is the queen and your cards are low." holding the
    aces of hearts and clubs."""
    deal = build_deal({Seat.S: "QS 5S 3S AH 4H 3H 2H AC 4C 3C 2C 5D 4D"})
    state = position(deal, Seat.E, [])
    known = known_of(view_of(state, Seat.S))
    assert english(bid_reason(known, 0)) == (
        "Bid nil: your highest spade is the queen; "
        "shed the ace of hearts and the ace of clubs early."
    )


def test_a_nil_bid_with_low_cards_says_so() -> None:
    deal = build_deal({Seat.S: "9S 5S 3S 8H 4H 3H 2H 9C 4C 3C 2C 5D 4D"})
    state = position(deal, Seat.E, [])
    known = known_of(view_of(state, Seat.S))
    assert english(bid_reason(known, 0)) == (
        "Bid nil: your highest spade is the 9 and your cards are low."
    )


def test_spanish_says_no_one_else_as_the_english_does() -> None:
    """Was: "Sal con el rey de tréboles: gana seguro; nadie tiene una carta más alta de
    tréboles." while the player held the ace."""
    deal = build_deal({Seat.S: "AC KC 2H"})
    state = position(deal, Seat.E, [3, 3, 3, 3])
    view = view_of(state, Seat.S)
    reason = play_reason(known_of(view), legal_of(view), CARDS.index(Card.from_code("KC")))
    assert english(reason) == "Lead the king of clubs: cash it, no one else holds a higher club."
    with speaking(Language.ES):
        assert say_reason(reason) == (
            "Sal con el rey de tréboles: gana seguro; "
            "nadie más tiene una carta más alta de tréboles."
        )
