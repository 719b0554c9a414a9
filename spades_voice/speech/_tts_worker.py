"""The TTS worker process: pyttsx3 runs here, never in the game's process.

Why a process and not a thread: pyttsx3's espeak driver plays audio with
`os.system("aplay ...")` from inside its synthesis callback, so `engine.stop()` cannot cut
it short, and it prints "Audio saved to ..." and ALSA errors onto the terminal. In a
process of its own, with stdout and stderr pointed at /dev/null, none of that reaches the
player, and an interruption is simply killing the worker's process group (which takes any
aplay with it). `tts.TtsSpeaker` keeps a warm spare so the next line starts at once.

Protocol (one JSON object per line): the parent writes `{"say": TEXT}` to stdin; the worker
answers `ready` once, then `done` after each utterance, on a private copy of the original
stdout. `error MESSAGE` means it cannot speak at all. End of stdin ends the worker.

`--save PATH` synthesizes stdin's text to a WAV file and exits 0 once pyttsx3 has reported
the utterance finished (its `runAndWait()` alone does not promise the file is complete).

`--player-json '["paplay"]'` plays through that command (the WAV path is appended)
instead of pyttsx3's own playback: for systems where aplay is wrong, and for tests, which
use a silent player that takes the audio's real duration. `--scratch DIR` is where those
WAVs go; the parent owns and removes it, since a killed worker cannot clean up.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any, TextIO


class _Engine:
    """One pyttsx3 engine and the finished-utterance flag it reports through."""

    def __init__(self, rate: int | None) -> None:
        import pyttsx3

        self.engine: Any = pyttsx3.init()
        if rate is not None:
            self.engine.setProperty("rate", rate)
        self.finished = threading.Event()
        self.engine.connect("finished-utterance", self._on_finished)

    def _on_finished(self, name: object = None, completed: object = True) -> None:
        self.finished.set()

    def save(self, text: str, path: Path) -> bool:
        """Write `text` to a WAV at `path`; True once pyttsx3 says the utterance finished."""
        self.finished.clear()
        self.engine.save_to_file(text, str(path))
        self.engine.runAndWait()
        return self.finished.wait(timeout=30.0) and path.is_file()

    def say(self, text: str) -> None:
        """Speak through pyttsx3's own audio path; returns when it is done."""
        self.finished.clear()
        self.engine.say(text)
        self.engine.runAndWait()


def _play(engine: _Engine, text: str, player: list[str], scratch: Path) -> None:
    wav = scratch / f"utterance-{os.getpid()}.wav"
    if engine.save(text, wav):
        subprocess.run(
            [*player, str(wav)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )


def _serve(
    engine: _Engine, player: list[str] | None, scratch: Path, commands: TextIO, replies: TextIO
) -> None:
    replies.write("ready\n")
    replies.flush()
    for line in commands:
        if not line.strip():
            continue
        text = str(json.loads(line)["say"])
        if player is None:
            engine.say(text)
        else:
            _play(engine, text, player, scratch)
        replies.write("done\n")
        replies.flush()


def main(argv: list[str] | None = None) -> int:
    """Run the worker; see the module docstring for the protocol."""
    parser = argparse.ArgumentParser(prog="spades_voice.speech._tts_worker")
    parser.add_argument("--rate", type=int, default=None)
    parser.add_argument("--player-json", default=None)
    parser.add_argument("--save", type=Path, default=None)
    parser.add_argument("--scratch", type=Path, default=None)
    args = parser.parse_args(argv)

    # Keep a private channel to the parent, then silence fds 1 and 2 for everything else
    # (pyttsx3's prints, libespeak's and aplay's complaints).
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)

    player = json.loads(args.player_json) if args.player_json else None
    try:
        engine = _Engine(args.rate)
    except Exception as exc:
        # Whatever pyttsx3 raises (no driver, no espeak library, no voices), the parent
        # needs one line that says why, then the chain moves on.
        replies.write(f"error {exc!r}\n")
        return 1
    if args.save is not None:
        ok = engine.save(sys.stdin.read(), args.save)
        replies.write("saved\n" if ok else "error no finished-utterance event\n")
        return 0 if ok else 1
    if args.scratch is not None:
        _serve(engine, player, args.scratch, sys.stdin, replies)
        return 0
    # Without a scratch folder from the parent (which removes it even after a kill).
    with tempfile.TemporaryDirectory(prefix="spades-tts-") as scratch:
        _serve(engine, player, Path(scratch), sys.stdin, replies)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
