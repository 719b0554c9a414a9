"""The message catalogs: every English sentence in the code has a Spanish one, the
compiled catalog is the one its source says, placeholders agree, and the language is
chosen from the environment and the option.

After a merge that adds sentences, ``python scripts/catalog.py`` re-extracts, lists what
is left to translate and compiles; this file fails until that list is empty.
"""

from __future__ import annotations

import importlib.util
import re
import string
from pathlib import Path
from types import ModuleType

import pytest

from spades_voice.narration import language
from spades_voice.narration.language import Language, from_environment, speaking

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalog", ROOT / "scripts" / "catalog.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


catalog = _script()


@pytest.fixture(scope="module")
def template() -> object:
    return catalog.extract()


def test_the_code_has_sentences_to_translate(template: object) -> None:
    assert sum(1 for m in template if m.id) > 100  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", catalog.languages())
def test_every_sentence_is_translated(lang: str, template: object) -> None:
    missing = catalog.untranslated(catalog.read(lang), template)
    assert not missing, (
        f"{len(missing)} English sentences have no {lang} translation; run "
        "`python scripts/catalog.py`, translate them in "
        f"{catalog.po_path(lang).relative_to(ROOT)}, run it again:\n  " + "\n  ".join(missing)
    )


@pytest.mark.parametrize("lang", catalog.languages())
def test_the_compiled_catalog_is_its_source(lang: str) -> None:
    mo = catalog.po_path(lang).with_suffix(".mo")
    assert mo.read_bytes() == catalog.compiled(catalog.read(lang)), (
        f"{mo.relative_to(ROOT)} is stale: run `python scripts/catalog.py`"
    )


#: Where the English names a card bare ("{card}"), the code also fills the same card with
#: its article ("{the_card}"), which a language whose article agrees with the card uses.
ALTERNATES = {"the_card": "card"}


def _fields(text: str) -> set[str]:
    names = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    return {ALTERNATES.get(name, name) for name in names}


@pytest.mark.parametrize("lang", catalog.languages())
def test_translations_use_only_the_sentence_placeholders(lang: str) -> None:
    """A placeholder the English does not fill would fail when spoken; one the
    translation leaves out loses a fact."""
    wrong = []
    for message in catalog.read(lang):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        english = set().union(*(_fields(i) for i in ids))
        for text in strings:
            if not _fields(text) <= english or (len(ids) == 1 and _fields(text) != english):
                wrong.append(f"{ids[0]!r} -> {text!r}")
    assert wrong == []


def test_the_script_check_passes() -> None:
    assert catalog.main(["--check"]) == 0


def test_english_is_the_source_text() -> None:
    with speaking(Language.EN):
        assert language._("Spades broken.") == "Spades broken."
        assert language.ngettext("{n} trick", "{n} tricks", 2) == "{n} tricks"


def test_spanish_plural_forms() -> None:
    with speaking(Language.ES):
        one = language.ngettext("{n} trick", "{n} tricks", 1).format(n=1)
        many = language.ngettext("{n} trick", "{n} tricks", 3).format(n=3)
        none = language.ngettext("{n} trick", "{n} tricks", 0).format(n=0)
    assert (one, many, none) == ("una baza", "3 bazas", "0 bazas")


def test_speaking_is_scoped_and_the_default_is_the_process_one() -> None:
    assert language.current() is Language.EN
    with speaking(Language.ES):
        assert language.current() is Language.ES
        assert language.line("Spades broken.") == "Picas rotas."
        with speaking(Language.EN):
            assert language.line("Spades broken.") == "Spades broken."
    assert language.current() is Language.EN
    language.set_default(Language.ES)
    try:
        assert language.current() is Language.ES
    finally:
        language.set_default(Language.EN)


def test_a_line_not_in_the_catalog_is_left_as_it_is() -> None:
    with speaking(Language.ES):
        assert language.line("Bo says: nice one") == "Bo says: nice one"
        assert language.line("") == ""


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "es_ES.UTF-8"}, Language.ES),
        ({"LANG": "en_US.UTF-8"}, Language.EN),
        ({"LC_ALL": "es_MX.UTF-8", "LANG": "en_US.UTF-8"}, Language.ES),
        ({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}, Language.EN),
        ({"LANGUAGE": "es:en", "LANG": "en_US.UTF-8"}, Language.ES),
        ({"LANGUAGE": "fr", "LANG": "es_CL.UTF-8"}, Language.ES),
        ({"LC_MESSAGES": "es_AR"}, Language.ES),
        ({"LANG": "fr_FR.UTF-8"}, Language.EN),
        ({}, Language.EN),
    ],
)
def test_language_from_the_environment(environ: dict[str, str], expected: Language) -> None:
    assert from_environment(environ) is expected


def test_windows_ui_language_when_the_environment_says_nothing() -> None:
    assert from_environment({}, windows_ui="es-ES") is Language.ES
    assert from_environment({"LANG": "en_GB"}, windows_ui="es-ES") is Language.EN


def test_no_translation_keeps_a_brace_it_cannot_fill() -> None:
    """Spanish text never shows a raw ``{name}`` to the player (a typo in the catalog)."""
    for message in catalog.read("es"):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            assert not re.search(r"\{[^}]*\s[^}]*\}", text or ""), text


# ---- every sentence in narration/ is marked for the catalog ------------------------------

#: The calls that mark a sentence (``narration/language.py``).
MARKS = frozenset({"_", "N_", "ngettext", "pgettext"})
#: Two words, or a word ending a sentence: text a player would hear.
SENTENCE = re.compile(r"[A-Za-z]{2,}\W+[A-Za-z]{2,}|[A-Za-z]{3,}[.?!]")


def unmarked_sentences(source: str) -> list[str]:
    """String literals and f-strings in ``source`` that read as sentences but are not the
    argument of a marking call (docstrings aside): English the catalog never sees."""
    import ast

    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    docstrings = {
        node.body[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body and isinstance(node.body[0], ast.Expr)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node in docstrings or isinstance(parents.get(node), ast.JoinedStr):
                continue
            text = node.value
        else:
            continue
        call = parents.get(node)
        marked = isinstance(call, ast.Call) and getattr(call.func, "id", None) in MARKS
        if SENTENCE.search(text) and not marked:
            found.append(f"line {node.lineno}: {text!r}")
    return found


def test_every_sentence_in_narration_is_marked_for_the_catalog() -> None:
    """A sentence written as a bare string or f-string would stay English in every
    language, and the catalog test would never hear of it: wrap it in ``_()`` (made now)
    or ``N_()`` (a module constant), with named placeholders."""
    found = {
        str(path.relative_to(ROOT)): unmarked_sentences(path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "spades_voice" / "narration").glob("*.py"))
    }
    assert {path: lines for path, lines in found.items() if lines} == {}


def test_the_marking_check_catches_what_it_should() -> None:
    planted = (
        '"""Module doc is fine."""\n'
        'A = N_("Marked sentence.")\n'
        'B = "Bare sentence."\n'
        'def f(n):\n'
        '    """Doc is fine."""\n'
        '    x = _("{n} marked.").format(n=n)\n'
        '    return f"{n} tricks taken." + ", ".join([x])\n'
    )
    assert unmarked_sentences(planted) == [
        "line 3: 'Bare sentence.'", "line 7: ' tricks taken.'"
    ]
