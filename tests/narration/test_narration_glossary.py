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
