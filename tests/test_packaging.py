"""A release as a player gets it: ``python -m build`` makes a wheel and an sdist; each
installs into a fresh venv and runs from another folder.

The wheel: ``--version``, ``keys --write`` (the commented keymap lands in the config
folder), and a game in print mode that greets and quits on Q then Y. The sdist: it
carries LICENSE, every docs/ page README links to and the scripts README names, and
``scripts/play.py`` (what Windows' play.cmd runs) sets it up from the unpacked folder,
replacing a ``.venv`` left by a too-old Python, then starts the game at once the next time.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

import pexpect
import pytest

from spades_voice import __version__

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(
    os.environ.get("SPADES_VOICE_SKIP_INSTALL") == "1", reason="opted out"
)


def _bin(venv: Path, name: str) -> str:
    return str(venv / ("Scripts" if os.name == "nt" else "bin") / name)


def _run(*argv: str, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return out


def test_pyproject_names_the_version_licence_and_platforms() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert meta["dynamic"] == ["version"]  # one version: spades_voice.__version__
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert meta["license-files"] == ["LICENSE"]
    for system in ("Microsoft :: Windows", "MacOS", "POSIX :: Linux"):
        assert f"Operating System :: {system}" in meta["classifiers"]


def test_the_sdist_carries_the_docs_readme_links_and_the_scripts(dist: Path) -> None:
    (sdist,) = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    linked = set(re.findall(r"\]\((docs/[\w./-]+?\.md)", (ROOT / "README.md").read_text()))
    assert linked, "README links to its docs/ pages"
    assert linked <= names, linked - names
    scripts = {"play.sh", "test.sh", "play.py", "play.cmd", "play.ps1", "test.ps1", "test.cmd"}
    assert {f"scripts/{s}" for s in scripts} <= names
    assert {"LICENSE", "README.md", "pyproject.toml"} <= names


def test_the_wheel_installs_and_runs_in_a_fresh_venv(dist: Path, tmp_path: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", str(venv), cwd=tmp_path)
    _run(_bin(venv, "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check",
         str(wheel), cwd=tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "SPADES_VOICE_DATA_DIR": str(tmp_path / "data"), "TERM": "xterm"}
    game = _bin(venv, "spades-voice")
    assert _run(game, "--version", cwd=elsewhere, env=env) == f"spades-voice {__version__}\n"

    said = _run(game, "keys", "--write", cwd=elsewhere, env=env)
    written = tmp_path / "config" / "spades-voice" / "keymap.toml"
    assert said == f"Wrote the default keys to {written}. Edit them there; actions you take" \
        " out keep their default keys.\n"
    text = written.read_text(encoding="utf-8")
    assert text == (ROOT / "spades_voice" / "keymap.toml").read_text(encoding="utf-8")
    assert text.startswith("# spades-voice keys.")  # the comments that explain it
    again = subprocess.run([game, "keys", "--write"], cwd=elsewhere, env=env,
                           capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and "nothing was written" in again.stdout  # said, not an error
    assert written.read_text(encoding="utf-8") == text  # the player's file is never replaced

    child = pexpect.spawn(game, ["--speech", "print", "--sound", "off"], cwd=str(elsewhere),
                          env=env, encoding="utf-8", timeout=60)
    try:
        child.expect_exact("Spades. Press question mark for help.")
        child.send("q")
        child.expect_exact("Quit the game?")
        child.send("y")
        child.expect_exact("Goodbye.")
        child.expect(pexpect.EOF)
        # The terminal closes a moment before the process has ended: wait for its status.
        assert child.wait() == 0
    finally:
        child.close(force=True)


def test_play_py_sets_up_the_unpacked_sdist_and_replaces_a_stale_venv(
    dist: Path, tmp_path: Path
) -> None:
    (sdist,) = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path, filter="data")
    (folder,) = tmp_path.glob("spades_voice-*")
    stale = folder / ".venv"
    stale.mkdir()  # as a Python 3.9 left it, its install failed
    (stale / "pyvenv.cfg").write_text("home = /usr/bin\nversion = 3.9.18\n", encoding="utf-8")
    play = str(folder / "scripts" / "play.py")

    first = _run(sys.executable, play, "--version", cwd=tmp_path)
    assert first.splitlines() == [
        "The .venv folder here was made by Python 3.9, and spades_voice needs 3.11 or newer:"
        " making it again.",
        "Setting up spades_voice in .venv; this takes a minute the first time.",
        f"spades-voice {__version__}",
    ]
    cfg = (stale / "pyvenv.cfg").read_text(encoding="utf-8")
    assert f"{sys.version_info[0]}.{sys.version_info[1]}" in cfg
    assert _run(sys.executable, play, "--version", cwd=tmp_path) == f"spades-voice {__version__}\n"
