"""Start spades_voice from this checkout with the Python that runs this script.

Windows' ``scripts\\play.cmd`` and ``scripts\\play.ps1`` run it with the py launcher
(``py -3 scripts\\play.py``); it works the same on macOS and Linux, where
``scripts/play.sh`` does this without starting Python first. Options are passed on to
spades-voice.

The game is installed into ``.venv`` (``.venv\\Scripts`` on Windows, ``.venv/bin``
elsewhere) only when it has to be: the first time, when the venv or its spades-voice
command is missing, or when pyproject.toml changed since the last install. The install is
editable, so a change to the game's code needs no reinstall. A ``.venv`` made by a Python
older than 3.11 is made again, and this says so.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

NEED = (3, 11)
ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
EXE = ".exe" if os.name == "nt" else ""
STAMP = VENV / ".spades-voice-installed"


def _dotted(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version[:2]))


def venv_version() -> tuple[int, int] | None:
    """The Python version that made ``.venv``, from its pyvenv.cfg; None if unknown."""
    try:
        text = (VENV / "pyvenv.cfg").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    found = re.search(r"^version(?:_info)?\s*=\s*(\d+)\.(\d+)", text, re.MULTILINE)
    return (int(found[1]), int(found[2])) if found else None


def install(python: Path, want: str) -> bool:
    """Make the venv if it is missing and install the game into it; False if that failed
    (pip has said why)."""
    print("Setting up spades_voice in .venv; this takes a minute the first time.", flush=True)
    steps = [] if python.exists() else [[sys.executable, "-m", "venv", str(VENV)]]
    steps.append([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                  "-e", str(ROOT)])
    for step in steps:
        if subprocess.call(step) != 0:
            print("Setting up spades_voice failed; the reason is above.")
            return False
    STAMP.write_text(want, encoding="utf-8")
    return True


def main(argv: list[str]) -> int:
    if sys.version_info < NEED:
        print(f"spades_voice needs Python {_dotted(NEED)} or newer, and this is Python"
              f" {_dotted(sys.version_info)}. Install a newer Python from python.org, then"
              " run this again.")
        return 1
    python, game = BIN / f"python{EXE}", BIN / f"spades-voice{EXE}"
    if VENV.exists():
        made = venv_version()
        if not python.exists() or made is None or made < NEED:
            print(f"The .venv folder here was made by Python "
                  f"{_dotted(made) if made else 'of an unknown version'}, and spades_voice"
                  f" needs {_dotted(NEED)} or newer: making it again.", flush=True)
            shutil.rmtree(VENV)
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    try:
        installed = STAMP.read_text(encoding="utf-8")
    except OSError:
        installed = ""
    if (not game.exists() or installed != want) and not install(python, want):
        return 1
    if os.name != "nt":
        os.execv(game, [str(game), *argv])
    # Windows has no exec: wait for the game. Control-C is the game's (it asks, like Q);
    # this process, in the same console, gets it too and only goes on waiting.
    proc = subprocess.Popen([str(game), *argv])
    while True:
        try:
            return proc.wait()
        except KeyboardInterrupt:
            continue


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
