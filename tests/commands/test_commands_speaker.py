"""One ``build_speaker`` for play, host and join: the saved speech setting is used when
``--speech`` is left out, and printed lines go to the console.

The real ``spades-voice join`` runs in a pseudo-terminal against a real server on
127.0.0.1, with only a settings file saying ``"speech": "print"``: the lines it speaks
must reach the terminal. (Before, ``join`` ignored the setting and took ``auto``, which
picks the screen reader wherever one works, and printed nothing.)
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import pexpect
import pytest
from prompt_toolkit.output import DummyOutput

from spades_voice.commands.common import add_speech_arguments, build_speaker, saved_settings
from spades_voice.narration.texts import SETTINGS_UNREADABLE
from spades_voice.net.door.hosting import ServerThread
from spades_voice.net.door.server import TableServer
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.options import Level
from spades_voice.rules import Ruleset, Seat
from spades_voice.shell.terminal import Console
from spades_voice.store import DATA_DIR_ENV, Settings


def _speech_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_speech_arguments(parser)
    return parser.parse_args(list(argv))


class _Lines(Console):
    def __init__(self) -> None:
        super().__init__(DummyOutput())
        self.lines: list[str] = []

    def say(self, line: str) -> None:
        self.lines.append(line)


def test_the_saved_setting_is_used_unless_an_option_is_given() -> None:
    writer = _Lines()
    speaker = build_speaker(_speech_args(), Settings(speech="print"), writer)
    try:
        assert speaker.name == "print"
        speaker.query("Back at your seat.")
        assert writer.lines == ["Back at your seat.\n"]
    finally:
        speaker.close()
    given = build_speaker(_speech_args("--speech", "none"), Settings(speech="print"), writer)
    assert given.name == "none"


def test_saved_settings_reads_and_never_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    assert saved_settings() == (Settings(), None)
    (tmp_path / "settings.json").write_bytes(Settings(speech="print", pace="quick").to_bytes())
    assert saved_settings() == (Settings(speech="print", pace="quick"), None)
    (tmp_path / "settings.json").write_text("{not json")
    assert saved_settings() == (Settings(), SETTINGS_UNREADABLE)
    assert (tmp_path / "settings.json").exists()  # only read: play sets it aside


def test_join_speaks_through_the_saved_setting_on_the_terminal(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_bytes(Settings(speech="print").to_bytes())
    thread = ServerThread(TableServer(computer_delay=0.0, level=Level.EASY))
    host_name, port = thread.start()
    host: RemoteTable | None = None
    child: pexpect.spawn | None = None
    try:
        host = RemoteTable.create(
            f"ws://{host_name}:{port}", "Hosta", seat=Seat.S, rules=Ruleset(target=None)
        )
        env = {
            **os.environ,
            DATA_DIR_ENV: str(tmp_path),
            "XDG_STATE_HOME": str(tmp_path / "state"),
            "TERM": "xterm",
        }
        child = pexpect.spawn(
            sys.executable,
            ["-m", "spades_voice", "join", host.code, "--server", f"{host_name}:{port}",
             "--seat", "N", "--name", "Guest"],
            env=env, encoding="utf-8", timeout=30, dimensions=(24, 200),
        )
        child.expect("You sit North. Waiting for the host to start.")
        host.start()
        # The shell is running now: its spoken lines still reach the terminal, through
        # the console.
        child.expect(r"Hand 1\. \w+ deals?\.")
    finally:
        if child is not None:
            child.terminate(force=True)
        if host is not None:
            host.close()
        thread.stop()
