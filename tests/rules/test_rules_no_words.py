"""The rules hold no sentence: a refusal, a reader's error and a card's name are values
(``Reason``: a kind and its facts), worded by ``narration`` in the listener's language.

Every string literal in ``spades_voice/rules/`` is read (f-strings by their literal parts),
docstrings and comments aside; one that reads as a sentence fails the test. The checker is
shown to catch a planted sentence, so it cannot pass by reading nothing.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import spades_voice.rules

RULES = Path(spades_voice.rules.__file__).parent
_LETTER = re.compile(r"[A-Za-z]")


def is_sentence(text: str) -> bool:
    """Words meant for a person: three words or more, or two that end like a sentence
    ("Bidding is over.", "Not a card: "). A code, a kind (``must_follow``), a format string
    or a two-word token ("blind nil", read from typed input) is not."""
    words = [word for word in text.split() if _LETTER.search(word)]
    ends = text.rstrip().endswith((".", "!", "?", ":"))
    return len(words) >= 3 or (len(words) >= 2 and ends)


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the docstring nodes of the module, its classes and its functions."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def sentences(source: str) -> list[str]:
    """Every string literal of ``source`` that is a sentence (docstrings aside)."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    out: list[str] = []
    parts_of_fstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = ""
            for part in node.values:
                parts_of_fstrings.add(id(part))
                text += part.value if isinstance(part, ast.Constant) else "X"
            if is_sentence(text.replace("X", "")) or is_sentence(text):
                out.append(text)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docs
            and id(node) not in parts_of_fstrings
            and is_sentence(node.value)
        ):
            out.append(node.value)
    return out


def test_no_string_literal_in_the_rules_is_a_sentence() -> None:
    found = {
        path.name: said
        for path in sorted(RULES.glob("*.py"))
        if (said := sentences(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_the_checker_reads_every_module() -> None:
    names = {path.name for path in RULES.glob("*.py")}
    assert {"hand.py", "record.py", "errors.py", "cards.py", "position.py"} <= names


def test_the_checker_catches_a_planted_sentence() -> None:
    planted = '''
"""A docstring is words, and allowed."""
def refusal(card):
    """So is this one."""
    if card:
        return f"You do not hold the {card}."
    raise ValueError("Bidding is over.")
KIND = "must_follow"
TYPED = "blind nil"
'''
    assert sentences(planted) == ["You do not hold the X.", "Bidding is over."]


def test_a_kind_a_code_and_a_token_are_not_sentences() -> None:
    assert not any(map(is_sentence, ["must_follow", "QH", "blind nil", "spades-record/1", ""]))
    assert all(map(is_sentence, ["Not a card: ", "The hand is over.", "hand 1 is unfinished"]))
