"""scripts/play.sh installs only when it must, and otherwise starts the game at once.

The script runs for real (bash, cksum); python3, pip and spades-voice are small fake
programs that log what they were asked to do, so no test installs anything.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _fake(path: Path, body: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/usr/bin/env bash\n" + body, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the script and pyproject.toml, with a fake python3 on PATH that makes a
    venv of fakes: its python logs pip calls, its spades-voice logs its arguments."""
    root = tmp_path / "checkout"
    (root / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "play.sh", root / "scripts" / "play.sh")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    log = tmp_path / "log"
    fakes = tmp_path / "bin"
    _fake(tmp_path / "fake-game", f'echo "spades-voice $*" >> {log}\n')
    _fake(
        tmp_path / "fake-venv-python",
        f'echo "venv python $*" >> {log}\n'
        f'if [ "$1 $2 $3" = "-m pip install" ]; then\n'
        f'  cp {tmp_path}/fake-game .venv/bin/spades-voice\nfi\n',
    )
    _fake(
        fakes / "python3",
        f'echo "python3 $*" >> {log}\n'
        f'if [ "$1 $2" = "-m venv" ]; then\n'
        f'  mkdir -p "$3/bin" && cp {tmp_path}/fake-venv-python "$3/bin/python"\nfi\n',
    )
    return root


def _run(root: Path, *args: str) -> tuple[str, list[str]]:
    env = dict(os.environ, PATH=f"{root.parent / 'bin'}:/usr/bin:/bin")
    done = subprocess.run(
        ["bash", str(root / "scripts" / "play.sh"), *args],
        cwd=root.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 0, done.stderr
    log = root.parent / "log"
    lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
    log.unlink(missing_ok=True)
    return done.stdout + done.stderr, lines


def test_first_start_installs_then_later_starts_go_straight_to_the_game(project: Path) -> None:
    out, calls = _run(project, "--level", "hard")
    assert calls[0] == "python3 -m venv .venv"
    assert any(c.startswith("venv python -m pip install") and " -e ." in c for c in calls)
    assert calls[-1] == "spades-voice --level hard"
    assert out.strip() == "Setting up spades_voice in .venv; this takes a minute the first time."

    out, calls = _run(project, "--pace", "quick")
    assert calls == ["spades-voice --pace quick"]
    assert out == ""  # nothing at all is printed before the game speaks


def test_a_changed_pyproject_reinstalls_once(project: Path) -> None:
    _run(project)
    with (project / "pyproject.toml").open("a", encoding="utf-8") as f:
        f.write("\n# a new dependency would go here\n")
    _, calls = _run(project)
    assert calls[0].startswith("venv python -m pip install")  # the venv itself is kept
    assert calls[-1] == "spades-voice "
    _, calls = _run(project)
    assert calls == ["spades-voice "]


def test_a_missing_game_command_reinstalls(project: Path) -> None:
    _run(project)
    (project / ".venv" / "bin" / "spades-voice").unlink()
    _, calls = _run(project)
    assert calls[0].startswith("venv python -m pip install")


def test_pyproject_licence_is_an_spdx_string() -> None:
    """setuptools warns, at every install, about a licence written as a table."""
    import tomllib

    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["license"] == "MIT"
    assert any(r.startswith("setuptools>=77") for r in meta["build-system"]["requires"])
