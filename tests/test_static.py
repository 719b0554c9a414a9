"""mypy --strict and ruff are part of the test suite, so CI runs exactly README's command."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> list[str]:
    exe = Path(sys.executable).parent / name
    if exe.exists():
        return [str(exe)]
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: pip install -e '.[test]'")
    return [found]


def test_mypy_strict_clean() -> None:
    proc = subprocess.run(
        [*_tool("mypy"), "--strict", "spades_voice"],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_clean() -> None:
    proc = subprocess.run(
        [*_tool("ruff"), "check", "spades_voice"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_rules_import_only_the_standard_library() -> None:
    """STYLE rule 1: rules/ imports nothing outside the standard library and never prints,
    reads the clock, opens files or uses module-level random."""
    import ast

    allowed_prefix = "spades_voice.rules"
    for path in sorted((ROOT / "spades_voice" / "rules").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                names = []
            for name in names:
                top = name.split(".")[0]
                assert name.startswith(allowed_prefix) or top in sys.stdlib_module_names, (
                    f"{path.name} imports {name}"
                )
                assert top not in {"time", "datetime", "os", "io", "pathlib"}, (
                    f"{path.name} imports {name}"
                )
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"print", "open", "input"}, (
                    f"{path.name}:{node.lineno} calls {node.func.id}"
                )
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "random"
            ):
                assert node.func.attr == "Random", (
                    f"{path.name}:{node.lineno} uses module-level random.{node.func.attr}"
                )
