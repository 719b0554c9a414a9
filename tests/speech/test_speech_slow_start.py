"""A Speech Dispatcher that starts slow (issue 52, item 9): the player is told which
output speaks, the game tries the screen reader again on a schedule of its clock without
ever making a key wait, and says once when it is back.

The speech-dispatcher is real; what is slow is the program that starts it (SPEECHD_CMD,
as the speechd client autospawns it): a script that waits at a gate the test opens, then
starts the real server and returns, as ``speech-dispatcher --spawn`` does on a machine too
loaded to start it in time. The game runs in the real shell (headless prompt_toolkit);
its printed lines are read from the stream the print output writes to, and what Speech
Dispatcher said from its output module's files.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import signal
import sys
from pathlib import Path

import pexpect
import pytest
from helpers import HandClock, aside, wait_for
from speech_helpers import clean_path, speechd_command

from spades_voice.speech.chain import FallbackSpeaker, make_speaker
from spades_voice.speech.retry import RETRY_AFTER

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "shell"))
from pty_session import script
from shell_harness import easy_table, harness

SLOW_START = r"""#!/bin/sh
# speech-dispatcher --spawn ..., slow: waits at the gate, then starts the real server
# (once, however many clients asked) and returns when it listens. Each start is counted.
echo start >> "{calls}"
while [ ! -e "{gate}" ]; do sleep 0.05; done
if mkdir "{once}" 2>/dev/null; then
  setsid {command} >>"{log}/server.out" 2>&1 </dev/null &
  echo $! > "{pid}"
fi
while [ ! -S "{sock}" ]; do sleep 0.05; done
exit 0
"""


def _starts(calls: Path) -> int:
    """How many times the slow spawn program was run."""
    return len(calls.read_text().splitlines()) if calls.exists() else 0


def _heard(out: Path) -> str:
    """Everything Speech Dispatcher's output module was given, in order."""
    return " ".join(p.read_text(encoding="utf-8").strip() for p in sorted(out.glob("*.txt")))


@pytest.fixture
def slow_speechd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    conf, out, log, run = (tmp_path / n for n in ("conf", "out", "log", "run"))
    command = speechd_command(conf, out, log, run)
    real = shutil.which(command[0])  # the real one, found before the slow one is on PATH
    assert real is not None
    command[0] = real
    sock, gate, pid = run / "speechd.sock", tmp_path / "gate", tmp_path / "server.pid"
    script = tmp_path / "bin" / "speech-dispatcher"
    script.parent.mkdir()
    script.write_text(SLOW_START.format(
        gate=gate, calls=tmp_path / "calls", once=tmp_path / "once", command=" ".join(command),
        log=log, pid=pid, sock=sock), encoding="utf-8")
    script.chmod(0o755)
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{sock}")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(run))
    monkeypatch.setenv("SPEECHD_CMD", str(script))
    for tool in ("mkdir", "setsid"):  # the slow start's own tools
        found = shutil.which(tool)
        assert found is not None
        (script.parent / tool).symlink_to(found)
    # No audio player either, so the chain after the screen reader is printed text.
    monkeypatch.setenv("PATH", clean_path(tmp_path, script.parent))
    try:
        yield gate, sock, out, tmp_path / "calls"
    finally:
        gate.touch()  # let every waiting start end
        if pid.exists():
            with contextlib.suppress(ProcessLookupError, ValueError):
                os.killpg(int(pid.read_text()), signal.SIGTERM)


def test_told_tried_again_and_back(slow_speechd) -> None:  # type: ignore[no-untyped-def]
    gate, sock, out, calls = slow_speechd
    clock = HandClock()
    printed = io.StringIO()
    # The game's own outputs (`--speech auto`), without Orca or a braille display.
    starting = aside(lambda: make_speaker("auto", braille=lambda: None, prism_first=False,
                                          stream=printed, clock=clock))
    # The server's spawn is under way; two bounds wait: auto's start and the spawn's.
    wait_for(lambda: _starts(calls) == 1)
    clock.settle(waiters=2)
    clock.advance(3.0)  # past the 2 s start bound: the screen reader is slow, not absent
    speaker = starting.result(timeout=10)
    assert isinstance(speaker, FallbackSpeaker) and speaker.name == "print"
    retry = speaker.retry
    assert retry is not None and retry.label == "screenreader"

    with harness(easy_table(5), speaker=speaker) as h:
        lines = printed.getvalue().splitlines()
        assert lines[0].startswith("Screen reader slow to answer; using printed text for now.")

        # The first try is due 5 s in, on the chain's clock: not a moment before.
        clock.advance(RETRY_AFTER[0] - 0.01)
        h.press("t")
        assert not retry.trying
        # Then a key starts it and is answered at once, in print, while the server has
        # still not started (the try waits at the gate, aside).
        clock.advance(0.01)
        before = len(printed.getvalue())
        h.press("h")
        assert retry.trying
        hand = printed.getvalue()[before:].strip()  # printed, not waited for
        assert hand.startswith("Spades: "), hand
        wait_for(lambda: _starts(calls) == 2)  # the try is spawning the server, aside
        clock.settle(waiters=1)
        clock.advance(3.0)  # that try's start bound passes: it failed
        wait_for(lambda: len(retry.failures) == 1)
        h.press("h")
        assert not list(out.glob("*.txt"))  # still nothing at Speech Dispatcher

        gate.touch()  # the server starts at last
        wait_for(sock.exists, 30)
        clock.advance(RETRY_AFTER[1] - RETRY_AFTER[0] - 0.01 - 3.0)
        h.press("t")
        assert not retry.trying  # the second try is not due yet
        clock.advance(0.01)
        h.press("t")  # starts the second try, which finds the server
        wait_for(lambda: retry.ready, 30)
        before = len(printed.getvalue())
        h.press("h")
        assert printed.getvalue()[before:] == "Screen reader back.\n"  # said where read
        assert speaker.name == "screenreader" and speaker.retry is None
        # Speech Dispatcher's module says a line sentence by sentence, a file each.
        expected = f"Screen reader back. {hand}"
        wait_for(lambda: _heard(out) == expected, 30)
        h.press("h")
        wait_for(lambda: _heard(out) == f"{expected} {hand}", 30)  # said once
        assert printed.getvalue().count("Screen reader back.") == 1
    speaker.close()  # before the server goes


def test_the_game_s_own_command(slow_speechd, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``spades-voice`` as the player starts it (speech ``auto``, the default), in a
    pseudo-terminal, on the real clock: told at once, back once the server answers."""
    gate, sock, out, _calls = slow_speechd
    exe = script()
    if exe is None:
        pytest.skip("spades-voice is not installed")
    log = tmp_path / "speech.jsonl"
    env = {**os.environ, "HOME": str(tmp_path), "TERM": "xterm", "LANG": "C.UTF-8",
           "XDG_CONFIG_HOME": str(tmp_path / "c"), "SPADES_VOICE_DATA_DIR": str(tmp_path / "d")}
    child = pexpect.spawn(exe, ["--speech-log", str(log), "--sound", "off", "--pace",
                                "instant", "--seed", "42", "--level", "easy"],
                          env=env, encoding="utf-8", dimensions=(24, 200), timeout=30)
    try:
        # Past the 2 s start bound: the first words on the terminal say which output.
        child.expect_exact("Screen reader slow to answer; using printed text for now.")
        child.expect_exact("Spades. Press question mark for help.")
        gate.touch()
        wait_for(sock.exists, 30)

        def back() -> bool:
            child.send("t")  # any line gives a due try its start, and takes a ready one
            with contextlib.suppress(pexpect.TIMEOUT):
                child.expect_exact("Screen reader back.", timeout=0.5)
                return True
            return False

        # Tries are due 5, 20 and 60 s after the start: the second at the latest finds it.
        wait_for(back, 90)
        child.send("h")
        wait_for(lambda: "Screen reader back." in _heard(out), 30)
        notices = [json.loads(x)["text"] for x in log.read_text(encoding="utf-8").splitlines()
                   if json.loads(x)["kind"] == "notice"]
        assert notices == ["Screen reader slow to answer; using printed text for now.",
                           "Screen reader back."]
        child.send("q")
        child.send("y")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
