"""One table of spoken key names per language (``narration/keynames.py``), and every
translated sentence that names a key names it from that table: a Spanish sentence says
"i griega", never a bare "Y" (heard as "and"), and "Intro", never "Enter"."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

from spades_voice.narration import prompts
from spades_voice.narration.keynames import NAMED, letter_names, spoken_key, spoken_keys
from spades_voice.narration.language import Language, speaking
from spades_voice.narration.lines import text_of
from spades_voice.narration.notices import Told
from spades_voice.narration.reasons import say_reason
from spades_voice.narration.statistics import statistics_summary
from spades_voice.rules import Reason


def _catalog_script() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "scripts" / "catalog.py"
    spec = importlib.util.spec_from_file_location("catalog", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: A key letter standing alone in a sentence ("Y quits", "Press N"): B to Z less I (A and
#: I are English words at a sentence's start; no key sentence names them).
BARE_LETTER = re.compile(r"(?<![\w{])([B-HJ-Z])(?![\w}])")
#: A capital letter alone in a Spanish sentence, whatever it is ("I griega" is a name).
BARE_CAPITAL = re.compile(r"(?<![\w{])(?!I griega\b)[A-ZÑ](?![\w}])")
#: The keys English sentences name by their table name.
NAMED_IN_SENTENCES = {
    "Enter": "enter", "Escape": "escape", "Tab": "tab", "Home": "home", "End": "end",
    "question mark": "?", "Page Up": "pageup", "Page Down": "pagedown",
}


def _spanish_messages() -> list[tuple[str, str]]:
    """Every (English, Spanish) pair of the Spanish catalog, plural forms paired."""
    pairs = []
    for message in _catalog_script().read("es"):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for n, text in enumerate(strings):
            pairs.append((ids[min(n, len(ids) - 1)], text))
    return pairs


def _words(text: str) -> str:
    return " " + re.sub(r"[^\wáéíóúñ]+", " ", text.lower()) + " "


class TestTheTable:
    def test_english_says_the_key(self) -> None:
        assert [spoken_key(k) for k in ("y", "Y", "enter", "pageup", "s-f5", "a-f5")] == [
            "Y", "Shift Y", "Enter", "Page Up", "Shift F5", "Alt F5"
        ]
        assert spoken_key("c-a-s-f12") == "Control Alt Shift F12"

    def test_spanish_says_what_a_spanish_screen_reader_says(self) -> None:
        with speaking(Language.ES):
            said = [spoken_key(k) for k in ("y", "h", "n", "enter", "tab", "pageup", "pagedown")]
            assert said == [
                "i griega", "hache", "ene", "Intro", "Tabulador", "Retroceso de página",
                "Avance de página",
            ]
            assert spoken_key("S") == "Mayúsculas ese"
            assert spoken_key("s-f5") == "Mayúsculas F5"
            assert spoken_key("a-f5") == "Alt F5"
            assert spoken_keys(("?", "f1")) == "signo de interrogación o F1"

    def test_every_letter_has_a_name_in_every_language(self) -> None:
        for lang in Language:
            with speaking(lang):
                names = letter_names()
            assert len(names) == 26 and all(names.values()), lang
            if lang is Language.ES:
                assert names["y"] == "i griega" and names["h"] == "hache"
                assert not any(BARE_CAPITAL.search(n) for n in names.values())

    def test_does_nothing_names_the_key_from_the_table(self) -> None:
        with speaking(Language.ES):
            line = prompts.does_nothing(spoken_key("y"))
        assert line == "La tecla i griega no hace nada. El signo de interrogación dice las teclas."
        assert prompts.does_nothing(spoken_key("?")).startswith("Question mark does nothing.")


@pytest.fixture(scope="module")
def pairs() -> list[tuple[str, str]]:
    return _spanish_messages()


class TestTheCatalogUsesTheTable:
    def test_no_spanish_sentence_has_a_bare_key_letter(self, pairs: list[tuple[str, str]]) -> None:
        assert [s for _, s in pairs if BARE_CAPITAL.search(s)] == []

    def test_a_letter_the_english_names_is_said_by_its_spanish_name(
        self, pairs: list[tuple[str, str]]
    ) -> None:
        with speaking(Language.ES):
            names = letter_names()
        checked, wrong = 0, []
        for english, spanish in pairs:
            for letter in BARE_LETTER.findall(english):
                checked += 1
                if f" {names[letter.lower()]} " not in _words(spanish):
                    wrong.append((letter, spanish))
        assert wrong == []
        assert checked >= 15  # the questions, the prompts and the keys' help

    def test_a_named_key_is_said_by_its_spanish_name(
        self, pairs: list[tuple[str, str]]
    ) -> None:
        with speaking(Language.ES):
            names = {word: spoken_key(key) for word, key in NAMED_IN_SENTENCES.items()}
        checked, wrong = 0, []
        for english, spanish in pairs:
            for word, name in names.items():
                if re.search(rf"\b{word}\b", english):
                    checked += 1
                    if f" {_words(name).strip()} " not in _words(spanish):
                        wrong.append((name, spanish))
        assert wrong == []
        assert checked >= 20

    def test_no_english_key_word_in_spanish(self, pairs: list[tuple[str, str]]) -> None:
        english = re.compile(r"\b(Enter|Tab|Page Up|Page Down|Re Pág|Av Pág|Shift|Backspace)\b")
        assert [s for _, s in pairs if english.search(s)] == []

    def test_the_table_covers_every_named_key(self) -> None:
        assert set(NAMED_IN_SENTENCES.values()) <= set(NAMED)


def test_decimals_take_the_languages_separator() -> None:
    class Figures:
        played, won, lost, streak, best_streak = 4, 2, 2, 1, 2
        average_points, nils_made, nils_failed, bag_penalties = -8.75, 0, 0, 1

    assert "Minus 8.8 points a hand." in text_of(statistics_summary(Figures()))  # type: ignore[arg-type]
    with speaking(Language.ES):
        said = text_of(statistics_summary(Figures()))  # type: ignore[arg-type]
    assert "Puntos por mano, en promedio: menos 8,8." in said
    assert said.startswith("4 partidas: ganadas 2, perdidas 2.")
    assert said.endswith("Un castigo por sobrebazas.")
    assert say_reason(Reason.of(Told.SECONDS_LEFT, seconds=5)) == "5 seconds left."
    with speaking(Language.ES):
        assert say_reason(Reason.of(Told.SECONDS_LEFT, seconds=5)) == "Quedan 5 segundos."
