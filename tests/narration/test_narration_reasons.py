"""Every reason kind has words in every language, and a Spanish seat hears no English.

The kinds are walked, not listed by hand: the rules' (``rules.Why``), a table's refusals
(``Refusal``), the protocol's errors (``Wrong``), the server's notices (``Told``) and its
close reasons (``Closed``). Each is made with a fact for every field its words name,
sent through the wire's form (``net.wire.reasons``) as a seat receives it, and said in each
language: in English it is the template filled; in Spanish it is the catalog's
translation, and none of the English-only words of the game's sentences is in it.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterator

import pytest

from spades_voice.ai.hint_why import HintWhy
from spades_voice.narration.closes import Closed
from spades_voice.narration.hint_words import HINT_WORDS
from spades_voice.narration.language import Language, speaking, translations
from spades_voice.narration.notices import Told
from spades_voice.narration.reasons import KINDS, RULES_WORDS, WORDS, say_reason
from spades_voice.narration.refusals import Refusal
from spades_voice.narration.wire import Wrong
from spades_voice.net.wire.reasons import close_reason, close_text, reason_from_json, reason_to_json
from spades_voice.rules import Card, Rank, Reason, Seat, Suit, Why

#: A fact for each field name a template uses: a card, a suit and a seat as values, a
#: nested reason, names and numbers, and a neutral token for a quoted value or a
#: protocol field (data, the same in every language).
_FACTS: dict[str, object] = {
    "card": Card.from_code("QH"),
    "suit": Suit.HEARTS,
    "seat": Seat.N,
    "where": Reason(Refusal.PLAY_NEXT_DEAL),
    "name": "Bo",
    "host": "Ann",
    "computer": "Alex",
}
_NUMBERS = {"number", "seconds", "version", "line", "column", "low", "high"}

#: Words of English sentences no Spanish one has (the, you, must ...): one of them in a
#: Spanish line means English was left in it.
_ENGLISH = {
    "the", "you", "your", "is", "are", "not", "have", "must", "been", "with", "from",
    "this", "that", "table", "hand", "cards", "card", "seat", "trick", "be", "only", "can",
    "cannot", "who", "left", "joined", "sits", "hosts", "seconds", "follow", "bid", "bids",
    "hold", "already", "over", "yet", "turn", "expected", "messages", "unknown", "message",
    "object", "list", "whole", "number", "or", "and", "at", "of", "to",
}


def _every_kind() -> Iterator[str]:
    yield from Why
    for kinds in KINDS:
        yield from kinds


def _fields(template: str) -> set[str]:
    names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return {name.removeprefix("the_") for name in names}


def sample(kind: str) -> Reason:
    """``kind`` with a fact for every field its words name."""
    facts: dict[str, object] = {}
    for name in sorted(_fields(WORDS[kind])):
        if name in _FACTS:
            facts[name] = _FACTS[name]
        elif name in _NUMBERS:
            facts[name] = 7
        else:
            facts[name] = "zq"
    return Reason.of(kind, **facts)


def received(reason: Reason) -> Reason:
    """``reason`` as a seat receives it: through the wire's JSON and back."""
    return reason_from_json(json.loads(json.dumps(reason_to_json(reason))))


KINDS_WALKED = sorted(_every_kind())


def test_every_enum_of_kinds_is_walked() -> None:
    assert set(KINDS) == {Refusal, Wrong, Told, Closed}
    assert {Why.MUST_FOLLOW, Why.NOT_JSON, Refusal.ONLY_HOST, Wrong.NOT_JSON, Told.JOINED,
            Closed.TOO_FAR_BEHIND} <= set(KINDS_WALKED)
    # The rules' kinds and the others' never share a name: each kind means one thing.
    assert len(KINDS_WALKED) == len(set(KINDS_WALKED))
    assert set(RULES_WORDS) == set(Why)


@pytest.mark.parametrize("kind", KINDS_WALKED)
def test_each_kind_is_worded_in_english(kind: str) -> None:
    reason = received(sample(kind))
    assert reason == sample(kind)
    with speaking(Language.EN):
        said = say_reason(reason)
    assert kind in WORDS and said and "{" not in said and "}" not in said


@pytest.mark.parametrize("kind", KINDS_WALKED)
def test_a_spanish_seat_hears_no_english(kind: str) -> None:
    template = WORDS[kind]
    spanish = translations(Language.ES).gettext(template)
    assert spanish != template, f"{kind}: no Spanish in the catalog for {template!r}"
    with speaking(Language.ES):
        said = say_reason(received(sample(kind)))
    words = {w.strip(".,:;!?\"'()[]").lower() for w in said.split()}
    assert words & _ENGLISH == set(), f"{kind}: {said!r}"


@pytest.mark.parametrize("kind", [*sorted(Closed), Refusal.TABLE_FULL, Wrong.NOT_A_CODE])
def test_a_close_reason_crosses_as_a_value(kind: str) -> None:
    reason = sample(kind)
    assert close_reason(close_text(reason)) == reason
    assert len(close_text(reason).encode()) <= 123


def test_a_close_without_a_reason_it_can_read_is_said_plainly() -> None:
    assert close_reason("") == Reason(Refusal.SERVER_CLOSED)
    assert close_reason("The table is full.") == Reason(Refusal.SERVER_CLOSED)


def test_the_english_check_catches_english() -> None:
    """The check can fail: an English line among Spanish ones is found."""
    words = {w.strip(".").lower() for w in ["You", "must", "follow", "hearts."]}
    assert words & _ENGLISH


#: The facts a hint's reason may hold (``ai.hint_why``), one of each.
_HINT_FACTS: dict[str, object] = {
    "card": Card.from_code("QH"),
    "winner": Card.from_code("TH"),
    "suit": Suit.CLUBS,
    "rank": Rank.NINE,
    "bid": 3,
    "count": 2,
    "parts": (
        Reason.of(HintWhy.PART_CARD, card=Card.from_code("AS")),
        Reason.of(HintWhy.PART_VOID, suit=Suit.DIAMONDS),
    ),
}


def hint_sample(kind: HintWhy) -> Reason:
    """``kind`` with a fact for every field its words name."""
    names = {name.removeprefix("the_").removesuffix("_one").removesuffix("_word")
             for name in _fields(WORDS[kind])}
    return Reason.of(kind, **{name: _HINT_FACTS[name] for name in sorted(names)})


def test_every_hint_kind_has_words() -> None:
    assert set(HINT_WORDS) == set(HintWhy)
    assert not set(HintWhy) & set(KINDS_WALKED)  # each kind means one thing


@pytest.mark.parametrize("kind", sorted(HintWhy))
def test_a_hint_reason_is_worded_in_english_and_spanish(kind: HintWhy) -> None:
    reason = hint_sample(kind)
    with speaking(Language.EN):
        english = say_reason(reason)
    with speaking(Language.ES):
        spanish = say_reason(reason)
    assert english and "{" not in english and "}" not in english
    words = {w.strip(".,:;!?\"'()[]").lower() for w in spanish.split()}
    assert "{" not in spanish and words & _ENGLISH == set(), f"{kind}: {spanish!r}"
