"""The page's ES modules import in one direction: no module reaches back, however far
round, to one that imports it (a circle makes the order they run in depend on which is
loaded first). Read from the files as served, so a new import is checked too."""

from __future__ import annotations

import re
from importlib import resources

from spades_voice.net.page.web import MODULES

IMPORT = re.compile(r"""^\s*import\b[^;]*?\bfrom\s+["']\./([a-z]+)\.js["']""", re.M | re.S)


def imports() -> dict[str, set[str]]:
    folder = resources.files("spades_voice") / "web"
    return {m: set(IMPORT.findall((folder / f"{m}.js").read_text())) for m in MODULES}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle, each as the modules along it (first one again at the end)."""
    found: list[list[str]] = []

    def walk(path: list[str]) -> None:
        for nxt in sorted(graph.get(path[-1], ())):
            if nxt == path[0]:
                found.append([*path, nxt])
            elif nxt not in path and nxt > path[0]:  # each circle once, from its least
                walk([*path, nxt])

    for start in sorted(graph):
        walk([start])
    return found


def test_the_checker_finds_a_circle() -> None:
    graph = {"keys": {"solo"}, "solo": {"language"}, "language": {"keys"}, "app": {"keys"}}
    assert circles(graph) == [["keys", "solo", "language", "keys"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_every_module_is_read_and_no_module_imports_back() -> None:
    graph = imports()
    assert graph["app"] >= {"state", "keys", "draw", "connection", "solo"}  # read at all
    assert circles(graph) == []
