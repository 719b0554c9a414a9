"""The Spanish catalog keeps to its glossary (``spades_voice/locale/es/glossary.toml``):
one word for one thing at the table, so "baza" is never "truco" in one sentence and the
partner is "compañero", never "pareja" (the team)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from test_narration_keynames import _spanish_messages

GLOSSARY = Path(__file__).resolve().parents[2] / "spades_voice/locale/es/glossary.toml"


def _terms() -> list[dict[str, object]]:
    with GLOSSARY.open("rb") as f:
        terms: list[dict[str, object]] = tomllib.load(f)["term"]
    return terms


def _stems(term: dict[str, object], key: str) -> list[str]:
    value = term.get(key, [])
    assert isinstance(value, list)
    return [str(v) for v in value]


def departures(term: dict[str, object], pairs: list[tuple[str, str]]) -> list[str]:
    """The Spanish sentences that leave ``term``'s word out where the English says it, or
    use a word the glossary rules out."""
    english = re.compile(rf"\b(?:{term['en']})\b", re.IGNORECASE)
    unless = [re.compile(u) for u in _stems(term, "unless")]
    wanted = [re.compile(rf"\b{w}", re.IGNORECASE) for w in _stems(term, "es")]
    never = [re.compile(rf"\b{w}\b", re.IGNORECASE) for w in _stems(term, "never")]
    found = []
    for en, es in pairs:
        said, heard = en, re.sub(r"\{\w*\}", " ", es)
        for u in unless:
            said = u.sub(" ", said)
        if not english.search(re.sub(r"\{\w*\}", " ", said)):
            continue
        if not any(w.search(heard) for w in wanted) or any(n.search(heard) for n in never):
            found.append(es)
    return found


@pytest.fixture(scope="module")
def pairs() -> list[tuple[str, str]]:
    return _spanish_messages()


@pytest.mark.parametrize("term", _terms(), ids=lambda t: str(t["en"]))
def test_the_catalog_keeps_to_the_glossary(
    term: dict[str, object], pairs: list[tuple[str, str]]
) -> None:
    assert departures(term, pairs) == []


def test_the_check_finds_a_departure() -> None:
    trick = next(t for t in _terms() if t["en"] == "tricks?")
    partner = next(t for t in _terms() if t["en"] == "partner")
    assert departures(trick, [("{name} takes the trick.", "{name} gana el truco.")])
    assert departures(trick, [("{name} takes the trick.", "{name} se lleva la mano.")])
    assert not departures(trick, [("{name} takes the trick.", "{name} se lleva la baza.")])
    assert departures(partner, [("{name}, your partner.", "{name}, tu pareja.")])
    assert len(_terms()) >= 25


def test_a_spanish_singular_says_its_one_in_words() -> None:
    """A plural entry's first Spanish form is said only for exactly one (``nplurals=2;
    plural=(n != 1)``), and "1 baza" is heard "uno baza": the form says "una baza", "un
    punto" in words, never "{n} baza"."""
    from test_narration_keynames import _catalog_script

    counted = re.compile(r"\{n\} [a-záéíóúñ]")
    singular = [
        str(m.string[0]) for m in _catalog_script().read("es")
        if isinstance(m.id, tuple) and isinstance(m.string, tuple)
    ]
    assert len(singular) >= 25
    assert [s for s in singular if counted.search(s)] == []
    assert counted.search("{n} partida: {won} ganadas, {lost} perdidas.")  # as it was


def test_no_spanish_sentence_puts_a_numeral_1_before_a_word(
    pairs: list[tuple[str, str]]
) -> None:
    """ "cada una es una sobrebaza y 1 punto" is heard "uno punto"; "1 a 13" and "1 de 3"
    are numbers, and read right."""
    one = re.compile(r"(?<![\w{,.])1 (?!(?:a|de|y|o|u|por|en|con|para|más|menos)\b)[a-záéíóúñ]")
    assert [es for _, es in pairs if one.search(es)] == []
    assert one.search("cada una es una sobrebaza y 1 punto.")
    assert not one.search("de 1 a 13 bazas; Mano 1, baza 1.")
