"""The language is chosen from the environment, overridden by ``--language``, remembered by
``play`` and shown by ``doctor``: the installed ``spades-voice`` in a pseudo-terminal,
its speech log read back."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import time
from pathlib import Path

import pexpect
from helpers import game_program

SPANISH_GREETING = "Spades. Pulsa el signo de interrogación para la ayuda."
ENGLISH_GREETING = "Spades. Press question mark for help."




def _env(tmp_path: Path, **locale: str) -> dict[str, str]:
    env = {
        k: v for k, v in os.environ.items()
        if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    }
    env.update(
        SPADES_VOICE_DATA_DIR=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_DATA_HOME=str(tmp_path / "xdg-data"),
        XDG_STATE_HOME=str(tmp_path / "state"),
        SPEECHD_CMD="/bin/false",
        SPEECHD_ADDRESS=f"unix_socket:{tmp_path}/no-server.sock",
        TERM="xterm",
        **locale,
    )
    return env


def _texts(path: Path) -> list[str]:
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["text"] for line in lines if line]


def _play_until_bid(tmp_path: Path, env: dict[str, str], *options: str) -> list[str]:
    """Start ``play``, wait for the bid prompt, quit; every line it said."""
    log = tmp_path / f"speech-{time.monotonic_ns()}.jsonl"
    child = pexpect.spawn(
        game_program(),
        ["--speech", "print", "--speech-log", str(log), "--pace", "instant", "--seed", "5",
         "--level", "easy", *options],
        env=env, encoding="utf-8", dimensions=(24, 100), timeout=20,
    )
    try:
        deadline = time.monotonic() + 20
        while not any(t.startswith(("Your bid. ", "Te toca apostar. ")) for t in _texts(log)):
            assert time.monotonic() < deadline, _texts(log)
            time.sleep(0.02)
        child.send("q")
        child.send("y")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    return _texts(log)


def test_spanish_from_the_environment_then_english_by_option_remembered(
    tmp_path: Path,
) -> None:
    spanish_env = _env(tmp_path, LANG="es_MX.UTF-8")
    said = _play_until_bid(tmp_path, spanish_env)
    assert said[0] == SPANISH_GREETING
    assert any(t.startswith("Te toca apostar. ") for t in said)
    assert said[-1] == "Adiós."

    said = _play_until_bid(tmp_path, spanish_env, "--language", "en")
    assert said[0] == ENGLISH_GREETING
    assert said[-1] == "Goodbye."
    # Remembered: the next start speaks English though the system still says Spanish.
    said = _play_until_bid(tmp_path, spanish_env)
    assert said[0] == ENGLISH_GREETING


def test_english_system_spanish_option(tmp_path: Path) -> None:
    said = _play_until_bid(tmp_path, _env(tmp_path, LANG="en_US.UTF-8"), "--language", "es")
    assert said[0] == SPANISH_GREETING


def _doctor(tmp_path: Path, env: dict[str, str], *options: str) -> list[str]:
    proc = subprocess.run(
        [game_program(), "doctor", "--no-test-line", "--sound", "off", *options],
        env=env, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


def test_doctor_says_which_language_and_why(tmp_path: Path) -> None:
    spanish_env = _env(tmp_path, LC_ALL="es_ES.UTF-8")
    assert "language: español (from the system)." in _doctor(tmp_path, spanish_env)
    lines = _doctor(tmp_path, spanish_env, "--language", "en")
    assert "language: English (--language)." in lines
    assert "language: English (from the system)." in _doctor(tmp_path, _env(tmp_path))


def test_stats_prints_in_the_chosen_language(tmp_path: Path) -> None:
    def stats(env: dict[str, str], *options: str) -> str:
        proc = subprocess.run(
            [game_program(), "stats", *options], env=env, capture_output=True, text=True,
            timeout=30, stdin=subprocess.DEVNULL,
        )
        assert proc.returncode == 0, proc.stderr
        return proc.stdout.strip()

    assert stats(_env(tmp_path, LANG="es_ES.UTF-8")) == "Aún no jugaste ninguna partida."
    assert stats(_env(tmp_path, LANG="es_ES.UTF-8"), "--language", "en") == (
        "No matches played yet."
    )
    assert stats(_env(tmp_path), "--json").startswith("{")


def test_join_says_its_own_refusals_in_spanish(tmp_path: Path) -> None:
    """``join`` refuses a mistyped code, and says it cannot reach a server that is not
    there, in the player's language (the client's own refusals are values, worded in the
    player's language, never said in English)."""
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]  # closed again before the join: nothing listens

    def join(code: str) -> list[str]:
        log = tmp_path / f"join-{code}.jsonl"
        proc = subprocess.run(
            [game_program(), "join", code, "--server", f"127.0.0.1:{port}", "--speech",
             "print", "--speech-log", str(log), "--language", "es", "--sound", "off"],
            env=_env(tmp_path), capture_output=True, text=True, timeout=60,
            stdin=subprocess.DEVNULL,
        )
        assert proc.returncode in (1, 2), proc.stderr
        return _texts(log)

    assert join("K7MP") == ["Un código de mesa tiene ocho letras y números."]
    assert join("K7MP-4QX2") == [
        f"No se puede conectar con el servidor de la mesa en ws://127.0.0.1:{port}."
    ]
