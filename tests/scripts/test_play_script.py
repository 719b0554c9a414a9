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
    # python3 is the Python of $FAKE_PYTHON_VERSION (3.12 unless told): it answers the
    # script's question about its version, and its venv says that version in pyvenv.cfg.
    _fake(
        fakes / "python3",
        'if [ "$1" = "-c" ]; then echo "${FAKE_PYTHON_VERSION:-3.12}"; exit 0; fi\n'
        f'echo "python3 $*" >> {log}\n'
        f'if [ "$1 $2" = "-m venv" ]; then\n'
        f'  mkdir -p "$3/bin" && cp {tmp_path}/fake-venv-python "$3/bin/python"\n'
        '  echo "version = ${FAKE_PYTHON_VERSION:-3.12}.1" > "$3/pyvenv.cfg"\nfi\n',
    )
    return root


def _run(
    root: Path, *args: str, python: str = "3.12", status: int = 0
) -> tuple[str, list[str]]:
    env = dict(os.environ, PATH=f"{root.parent / 'bin'}:/usr/bin:/bin",
               FAKE_PYTHON_VERSION=python)
    done = subprocess.run(
        ["bash", str(root / "scripts" / "play.sh"), *args],
        cwd=root.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == status, done.stdout + done.stderr
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


def test_a_venv_made_by_a_too_old_python_is_made_again_and_the_script_says_so(
    project: Path,
) -> None:
    """A .venv left by Python 3.9 (where installing failed: "requires a different
    Python") is replaced, not reused for ever."""
    _run(project, python="3.9", status=1)  # python3 is too old: nothing is made
    assert not (project / ".venv").exists()
    (project / ".venv" / "bin").mkdir(parents=True)  # as an older play.sh left it
    (project / ".venv" / "pyvenv.cfg").write_text("home = /usr/bin\nversion = 3.9.18\n")
    shutil.copy(project.parent / "fake-venv-python", project / ".venv" / "bin" / "python")
    out, calls = _run(project, "--level", "easy")
    assert out.startswith(
        "The .venv folder here was made by Python 3.9, and spades_voice needs 3.11 or newer:"
        " making it again.\n"
    ), out
    assert calls[0] == "python3 -m venv .venv"
    assert calls[-1] == "spades-voice --level easy"
    assert (project / ".venv" / "pyvenv.cfg").read_text().startswith("version = 3.12")
    _, calls = _run(project)
    assert calls == ["spades-voice "]  # and then kept


def test_a_too_old_python3_is_named_with_what_to_do(project: Path) -> None:
    out, calls = _run(project, python="3.9", status=1)
    assert out.strip() == (
        "spades_voice needs Python 3.11 or newer, and python3 here is 3.9. Install a newer"
        " Python (python.org, or your system's packages), then run this again."
    )
    assert calls == []


def test_pyproject_licence_is_an_spdx_string() -> None:
    """setuptools warns, at every install, about a licence written as a table."""
    import tomllib

    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["license"] == "MIT"
    assert any(r.startswith("setuptools>=77") for r in meta["build-system"]["requires"])
