"""pyttsx3 in a process of its own, used only to write speech to WAV files.

Where the espeak-ng program is missing on Windows (SAPI5; macOS uses its `say`), the TTS
output still synthesizes each line to a file and plays it with a player process the game
owns (see `tts`); pyttsx3's `save_to_file` makes that file. It runs in a separate process
because pyttsx3's drivers print onto the terminal and cannot be interrupted, and its
"finished" event is not to be trusted for playback (its espeak driver reported a line
done before `aplay` had played it). Here it only writes files, and the parent checks the
file exists before playing it.

Protocol (one line each way): the parent writes `{"save": TEXT, "path": PATH}`; the worker
answers `saved` or `error REASON`. It says `ready` once at start. End of stdin ends it.
`--save PATH` writes stdin's text to PATH once and exits (0 when saved).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from pathlib import Path
from typing import Any, TextIO

from spades_voice.speech.voice_language import pick_voice


class _Engine:
    """One pyttsx3 engine and the finished-utterance flag it reports through."""

    def __init__(self, rate: int | None, language: str | None = None) -> None:
        import pyttsx3

        self.engine: Any = pyttsx3.init()
        if rate is not None:
            self.engine.setProperty("rate", rate)
        #: Whether a voice for ``language`` was found (always, with no language asked).
        self.has_language = True
        if language is not None:
            voices = [(v.id, list(v.languages or [])) for v in self.engine.getProperty("voices")]
            voice = pick_voice(voices, language)
            self.has_language = voice is not None
            if voice is not None:
                self.engine.setProperty("voice", voice)
        self.finished = threading.Event()
        self.engine.connect("finished-utterance", self._on_finished)

    def _on_finished(self, name: object = None, completed: object = True) -> None:
        self.finished.set()

    def save(self, text: str, path: Path) -> bool:
        """Write `text` to a WAV at `path`; True once the file is there and not empty."""
        self.finished.clear()
        self.engine.save_to_file(text, str(path))
        self.engine.runAndWait()
        self.finished.wait(timeout=10.0)
        return path.is_file() and path.stat().st_size > 44


def _serve(engine: _Engine, commands: TextIO, replies: TextIO) -> None:
    replies.write("ready\n" if engine.has_language else "ready without the language\n")
    replies.flush()
    for line in commands:
        if not line.strip():
            continue
        request = json.loads(line)
        ok = engine.save(str(request["save"]), Path(request["path"]))
        replies.write("saved\n" if ok else "error no audio written\n")
        replies.flush()


def main(argv: list[str] | None = None) -> int:
    """Run the worker; see the module docstring for the protocol."""
    parser = argparse.ArgumentParser(prog="spades_voice.speech._tts_worker")
    parser.add_argument("--rate", type=int, default=None)
    parser.add_argument("--save", type=Path, default=None)
    parser.add_argument("--language", default=None)
    args = parser.parse_args(argv)

    # Keep a private channel to the parent, then silence fds 1 and 2 for everything else
    # (pyttsx3's prints, the speech library's complaints).
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    try:
        engine = _Engine(args.rate, args.language)
    except Exception as exc:
        # Whatever pyttsx3 raises (no driver, no speech library, no voices), the parent
        # needs one line that says why, then the chain moves on.
        replies.write(f"error {exc!r}\n")
        return 1
    if args.save is not None:
        ok = engine.save(sys.stdin.read(), args.save)
        replies.write("saved\n" if ok else "error no audio written\n")
        return 0 if ok else 1
    _serve(engine, sys.stdin, replies)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
