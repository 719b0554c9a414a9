"""Spanish grammar that code decides: card names with their articles, plurals, the hint's
reasons made from the AI's facts, and the rules' refusals said again in Spanish."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from spades_voice.ai.hint_why import HintWhy
from spades_voice.narration.language import Language, speaking
from spades_voice.narration.naming import bid_name, card_name, seat_name, the_card, the_rank
from spades_voice.narration.notices import Told
from spades_voice.narration.reasons import english, say_reason
from spades_voice.narration.refusals import Refusal
from spades_voice.narration.words import tricks
from spades_voice.rules import BLIND_NIL, Bid, Card, Rank, Reason, Seat, Suit, Why


@pytest.fixture
def es() -> Iterator[None]:
    with speaking(Language.ES):
        yield


@pytest.mark.parametrize(
    ("code", "bare", "with_article"),
    [
        ("QH", "reina de corazones", "la reina de corazones"),
        ("TS", "10 de picas", "el 10 de picas"),
        ("AC", "as de tréboles", "el as de tréboles"),
        ("KD", "rey de diamantes", "el rey de diamantes"),
        ("JH", "jota de corazones", "la jota de corazones"),
        ("2C", "2 de tréboles", "el 2 de tréboles"),
    ],
)
def test_card_names_and_their_articles(es: None, code: str, bare: str, with_article: str) -> None:
    card = Card.from_code(code)
    assert (card_name(card), the_card(card)) == (bare, with_article)


def test_english_card_names() -> None:
    """English is a language like any other: the rules hold no names."""
    names = [(card_name(Card.from_code(c)), the_card(Card.from_code(c))) for c in ("QH", "TS")]
    assert names == [
        ("queen of hearts", "the queen of hearts"),
        ("10 of spades", "the 10 of spades"),
    ]


def test_ranks_bids_seats_and_plurals(es: None) -> None:
    assert [the_rank(r) for r in (Rank.ACE, Rank.QUEEN, Rank.TEN)] == ["el as", "la reina", "el 10"]
    assert [bid_name(b) for b in (Bid(0), BLIND_NIL, Bid(4))] == ["nulo", "nulo a ciegas", "4"]
    assert [seat_name(s) for s in (Seat.S, Seat.W, Seat.N, Seat.E)] == [
        "Sur", "Oeste", "Norte", "Este"
    ]
    assert [tricks(n) for n in (0, 1, 3)] == ["0 bazas", "una baza", "3 bazas"]


def test_a_hint_reason_is_made_again_from_its_facts(es: None) -> None:
    reason = Reason.of(
        HintWhy.PLAY_BEATS, card=Card.from_code("QH"), winner=Card.from_code("TH")
    )
    assert english(reason) == (
        "Play the queen of hearts: it beats the 10 of hearts, so later players must go higher."
    )
    assert say_reason(reason) == (
        "Juega la reina de corazones: supera el 10 de corazones, así que los que siguen "
        "tienen que jugar más alto."
    )
    parts = (
        Reason.of(HintWhy.PART_CARD, card=Card(Suit.HEARTS, Rank.ACE)),
        Reason.of(HintWhy.PART_SPADES, count=5),
        Reason.of(HintWhy.PART_VOID, suit=Suit.CLUBS),
    )
    bid = Reason.of(HintWhy.BID_TRICKS, bid=3, parts=parts)
    assert english(bid) == "Bid 3: about 3 tricks from the ace of hearts, five spades and no clubs."
    assert say_reason(bid) == (
        "Apuesta 3: más o menos 3 bazas con el as de corazones, 5 picas y cero tréboles."
    )


def test_a_hint_names_cards_of_one_suit_once_in_spanish(es: None) -> None:
    parts = tuple(
        Reason.of(HintWhy.PART_CARD, card=Card.from_code(code)) for code in ("AD", "KD")
    )
    bid = Reason.of(HintWhy.BID_TRICKS, bid=2, parts=parts)
    assert english(bid) == (
        "Bid 2: about 2 tricks from the ace of diamonds and the king of diamonds."
    )
    assert "el as y el rey de diamantes" in say_reason(bid)


@pytest.mark.parametrize(
    ("reason", "spanish"),
    [
        (Reason.of(Why.MUST_FOLLOW, suit=Suit.HEARTS), "Tienes que seguir el palo: corazones."),
        (Reason.of(Why.NOT_HELD, card=Card.from_code("QS")), "No tienes la reina de picas."),
        (Reason.of(Why.ALREADY_PLAYED, card=Card.from_code("TC")), "El 10 de tréboles ya se jugó."),
        (Reason(Why.SPADES_NOT_BROKEN), "Las picas todavía no se rompieron y tienes otros palos."),
        (Reason(Why.NOT_YOUR_TURN), "No es tu turno."),
        (Reason.of(Refusal.NOBODY_WAITING, seat=Seat.N), "Nadie espera para sentarse en Norte."),
        (Reason("a_kind_from_a_newer_server"), "La mesa lo rechazó."),
    ],
    ids=str,
)
def test_refusals_are_said_in_spanish(es: None, reason: Reason, spanish: str) -> None:
    assert say_reason(reason) == spanish


def _server_notices() -> list[Reason]:
    """What a table server tells a seat: values, worded by the seat."""
    return [
        Reason.of(Told.JOINED, name="Bo", seat=Seat.E),
        Reason.of(Told.BACK, name="Bo"),
        Reason.of(Told.LEFT, name="Bo"),
        Reason.of(Told.JOINED_NEXT_DEAL, name="Bo", seat=Seat.W),
        Reason.of(Told.YOU_SIT_NEXT_DEAL, seat=Seat.N, computer="Alex"),
        Reason.of(Told.NOW_SITS, name="Bo", seat=Seat.E),
        Reason.of(Told.WAITING, name="Bo"),
        Reason.of(Told.HOST_SEATED_YOU, seat=Seat.W),
        Reason.of(Told.NOT_STARTED_HOST, host="Ann"),
        Reason.of(Told.BACK_AT_SEAT, seat=Seat.N, where=Reason(Refusal.PLAY_NEXT_DEAL)),
        Reason.of(Told.SECONDS_LEFT, seconds=10),
        Reason.of(Told.HOST_LEFT, name="Bo", host="Ann"),
        Reason.of(Told.HOST_LEFT_TO_YOU, name="Bo"),
        Reason.of(Told.HOST_CLOSED, name="Bo"),
        Reason(Told.TIME_UP),
        Reason(Told.NEW_MATCH),
        Reason(Told.MUTED_YOU),
    ]


def test_a_servers_notices_are_said_in_spanish(es: None) -> None:
    """A Spanish guest hears every notice in Spanish: the server sends the kind and its
    facts, and the seat words them."""
    from spades_voice.narration import event_lines
    from spades_voice.narration.events import Notice
    from spades_voice.narration.words import Cast

    told = _server_notices()
    heard_lines = [event_lines(Notice(reason), Cast(Seat.S))[0] for reason in told]
    assert heard_lines[0] == "Bo se unió y se sienta en Este."
    assert heard_lines[9] == (
        "De vuelta en tu asiento. Te sientas en Norte. Juegas desde el próximo reparto."
    )
    with speaking(Language.EN):
        english = [event_lines(Notice(reason), Cast(Seat.S))[0] for reason in told]
    assert english[0] == "Bo joined, sitting East."
    for said_line, in_english in zip(heard_lines, english, strict=True):
        assert said_line != in_english, in_english
    newer = event_lines(Notice(Reason.of("from_a_newer_server", name="Wes")), Cast(Seat.S))
    assert newer == ["La mesa contó algo que esta versión del juego no sabe decir."]
