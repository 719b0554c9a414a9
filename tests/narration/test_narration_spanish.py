"""Spanish grammar that code decides: card names with their articles, plurals, the hint's
reasons made from the AI's facts, and the rules' refusals said again in Spanish."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from spades_voice.ai.said import N_, Said
from spades_voice.narration.hints import said
from spades_voice.narration.language import Language, speaking
from spades_voice.narration.naming import bid_name, card_name, seat_name, the_card, the_rank
from spades_voice.narration.refusals import heard
from spades_voice.narration.words import tricks
from spades_voice.rules import BLIND_NIL, Bid, Card, Rank, Seat, Suit


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
    reason = Said(
        N_("Play {the_card}: it beats {the_winner}, so later players must go higher."),
        the_card=Card.from_code("QH"), the_winner=Card.from_code("TH"),
    )
    assert reason == (
        "Play the queen of hearts: it beats the 10 of hearts, so later players must go higher."
    )
    assert said(reason) == (
        "Juega la reina de corazones: supera el 10 de corazones, así que los que siguen "
        "tienen que jugar más alto."
    )
    parts = (
        Said(N_("{the_card}"), the_card=Card(Suit.HEARTS, Rank.ACE)),
        Said(N_("{count_word} spades"), count_word=5),
        Said(N_("no {suit}"), suit=Suit.CLUBS),
    )
    bid = Said(N_("Bid {bid}: about {bid} tricks from {parts}."), bid=3, parts=parts)
    assert bid == "Bid 3: about 3 tricks from the ace of hearts, five spades and no clubs."
    assert said(bid) == (
        "Apuesta 3: más o menos 3 bazas con el as de corazones, 5 picas y cero tréboles."
    )
    with speaking(Language.EN):
        assert said(bid) == str(bid)


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("You must follow hearts.", "Tienes que seguir el palo: corazones."),
        ("You do not hold the queen of spades.", "No tienes la reina de picas."),
        ("The 10 of clubs has already been played.", "El 10 de tréboles ya se jugó."),
        ("Spades are not broken yet, and you hold other suits.",
         "Las picas todavía no se rompieron y tienes otros palos."),
        ("It is not your turn.", "No es tu turno."),
        ("Nobody is waiting to sit North.", "Nadie espera para sentarse en Norte."),
        ("Something the catalog has never heard.", "Something the catalog has never heard."),
    ],
)
def test_refusals_are_said_again_in_spanish(es: None, english: str, spanish: str) -> None:
    assert heard(english) == spanish


def _server_notices() -> list[str]:
    """What a table server sends as words, made as the server makes them: in English."""
    from spades_voice.narration import chat, notices

    with speaking(Language.EN):
        return [
            notices.joined("Bo", Seat.E),
            notices.back("Bo"),
            notices.left("Bo"),
            notices.joined_next_deal("Bo", Seat.W),
            notices.you_sit_next_deal(Seat.N, "Alex"),
            notices.now_sits("Bo", Seat.E),
            notices.nobody_waiting(Seat.S),
            notices.waiting_ask_host("Bo"),
            notices.host_seated_you(Seat.W),
            notices.only_host_seats("Bo"),
            notices.not_started_host("Ann"),
            notices.back_at_seat(Seat.N, notices.hand_and_trick(2, "It is not your turn.")),
            notices.public_table([], "Enter"),
            notices.public_table(["Ann", "Bo"], "Enter"),
            notices.seconds_left(10),
            notices.waiting_for_host(Seat.E),
            notices.table_code("4 7 1", "Enter"),
            notices.host_left("Bo", "Ann"),
            notices.host_left_to_you("Bo"),
            notices.host_closed("Bo"),
            notices.TIME_UP,
            notices.NEW_MATCH_BEGINS,
            chat.muted("Bo", True),
            chat.no_such_person("Zed"),
        ]


def test_a_servers_english_notices_are_heard_in_spanish(es: None) -> None:
    """A Spanish guest at a table whose server speaks English hears every notice in
    Spanish: the English is recognised by its shape and said again."""
    from spades_voice.narration import event_lines
    from spades_voice.narration.events import Notice
    from spades_voice.narration.words import Cast

    english = _server_notices()
    heard_lines = [event_lines(Notice(text), Cast(Seat.S))[0] for text in english]
    assert heard_lines[0] == "Bo se unió y se sienta en Este."
    assert heard_lines[11] == (
        "De vuelta en tu asiento. Te sientas en Norte. Mano 2. No es tu turno."
    )
    for text, said_line in zip(english, heard_lines, strict=True):
        assert said_line != text, text
