"""The match is one value handed on, not rebuilt by replay all over the house: outside
``rules/`` at most two places make a ``MatchState`` (the tables that hold the live match);
everyone else receives the view, the outcome or the ``Match`` value they need."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The local table and the shared table each hold a live match.
MOST = 2


def constructions(source: str) -> int:
    """How many times ``source`` calls ``MatchState(...)`` (also as ``x.MatchState(...)``)."""
    count = 0
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name):
            count += f.id == "MatchState"
        elif isinstance(f, ast.Attribute):
            count += f.attr == "MatchState"
    return count


def outside_rules() -> dict[str, int]:
    found: dict[str, int] = {}
    package = ROOT / "spades_voice"
    for path in sorted(package.rglob("*.py")):
        if path.is_relative_to(package / "rules"):
            continue
        n = constructions(path.read_text(encoding="utf-8"))
        if n:
            found[str(path.relative_to(ROOT))] = n
    return found


def test_at_most_two_places_outside_rules_make_a_match_state() -> None:
    found = outside_rules()
    assert sum(found.values()) <= MOST, found


def test_the_count_catches_what_it_should() -> None:
    assert constructions("s = MatchState(m)\nt = rules.MatchState(m, seed=1)") == 2
    assert constructions("from x import MatchState\nstate: MatchState\nf(MatchState)") == 0
    assert outside_rules()  # the tables are found: the walk does reach the package
