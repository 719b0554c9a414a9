"""Making speech audio: the espeak-ng program, macOS's ``say``, or pyttsx3 in a worker.

`EspeakSynth` runs espeak-ng once per line (about 40 ms for a short one, deterministic,
no Python start-up), writing a WAV file or streaming it on standard output. `SaySynth`
runs macOS's ``say`` the same way, on a Mac without espeak-ng. `PyttsxSynth` keeps
pyttsx3 in a process of its own (`_tts_worker`) for Windows without espeak-ng (SAPI5);
pyttsx3 is not installed on macOS, where it would bring pyobjc. All are bounded in time
(`synth_bound`).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from spades_voice.speech import audio
from spades_voice.speech.base import SpeechError
from spades_voice.speech.bounded import START_SECONDS
from spades_voice.speech.voice_language import espeak_voice, language_code

WORKER_MODULE = "spades_voice.speech._tts_worker"
#: Synthesis of one line: a fixed bound plus a little per character for long lines.
SYNTH_SECONDS = 2.0
SYNTH_SECONDS_PER_CHAR = 0.01


def synth_bound(text: str) -> float:
    """How long synthesizing `text` may take before the output counts as failed."""
    return SYNTH_SECONDS + SYNTH_SECONDS_PER_CHAR * len(text)


def espeak_program() -> str | None:
    """The espeak-ng (or espeak) program, if installed."""
    return shutil.which("espeak-ng") or shutil.which("espeak")


class EspeakSynth:
    """espeak-ng as a program: text on stdin, WAV to a file; one process per line."""

    def __init__(self, program: str, rate: int | None) -> None:
        self.name = Path(program).name
        self._command = [program, "--stdin"]
        if rate is not None:
            self._command += ["-s", str(rate)]
        voice = espeak_voice()
        if voice is not None:
            self._command += ["-v", voice]

    def stream_command(self) -> list[str]:
        """espeak-ng writing the WAV to standard output as it synthesizes."""
        return [*self._command, "--stdout"]

    def make(self, text: str, wav: Path, register: Callable[[subprocess.Popen[bytes]], None]
             ) -> None:
        """Write `text` as speech to `wav`; SpeechError if it fails or takes too long."""
        _program_make(self.name, [*self._command, "-w", str(wav)], text, register)

    def close(self) -> None:
        """Nothing stays running between lines."""


def say_program() -> str | None:
    """macOS's own speech program, ``say``, on a Mac (it is on every one)."""
    return shutil.which("say") if sys.platform == "darwin" else None


class SaySynth:
    """macOS's ``say`` as a program: text on stdin, WAV to a file; one process per line.

    The fallback voice on a Mac where espeak-ng is not installed, in the system's own
    voice, with nothing to install (pyttsx3's NSSpeech driver needs pyobjc: 155 packages
    on macOS 14). It speaks in the voice chosen in the system's settings.
    """

    name = "say"

    def __init__(self, program: str, rate: int | None) -> None:
        self._command = [program, "-f", "-", "--data-format=LEI16@22050"]
        if rate is not None:
            self._command += ["-r", str(rate)]

    def make(self, text: str, wav: Path, register: Callable[[subprocess.Popen[bytes]], None]
             ) -> None:
        """Write `text` as speech to `wav`; SpeechError if it fails or takes too long."""
        _program_make(self.name, [*self._command, "-o", str(wav)], text, register)

    def close(self) -> None:
        """Nothing stays running between lines."""


def _program_make(name: str, command: list[str], text: str,
                  register: Callable[[subprocess.Popen[bytes]], None]) -> None:
    """Run a speech program that reads `text` on stdin and writes a WAV file; SpeechError
    if it fails or takes longer than `synth_bound`."""
    try:
        proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            start_new_session=os.name == "posix",
        )
    except OSError as exc:
        raise SpeechError(f"cannot start {name}: {exc.strerror or exc}") from exc
    register(proc)
    try:
        _out, err = proc.communicate(text.encode("utf-8"), timeout=synth_bound(text))
    except subprocess.TimeoutExpired:
        audio.stop(proc)
        raise SpeechError(f"{name} took longer than {synth_bound(text):g} s") from None
    except OSError as exc:  # killed while we were writing: an interruption
        raise SpeechError(f"{name} stopped: {exc}") from exc
    if proc.returncode != 0:
        first = err.decode("utf-8", "replace").strip().splitlines()
        raise SpeechError(f"{name} exit {proc.returncode}" + (f": {first[0]}" if first else ""))


class PyttsxSynth:
    """pyttsx3's save_to_file in a worker process, for systems without espeak-ng."""

    name = "pyttsx3"

    def __init__(self, rate: int | None, python: str, timeout: float) -> None:
        command = [python, "-m", WORKER_MODULE]
        if rate is not None:
            command += ["--rate", str(rate)]
        code = language_code()
        if code is not None:
            command += ["--language", code]
        try:
            self._proc = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, encoding="utf-8",
                start_new_session=os.name == "posix",
            )
        except OSError as exc:
            raise SpeechError(f"cannot start the pyttsx3 worker: {exc}") from exc
        self._replies: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, name="tts-worker-reader", daemon=True).start()
        reply = self._reply(timeout)
        if reply not in ("ready", "ready without the language"):
            self.close()
            raise SpeechError(f"pyttsx3 not ready: {reply or 'the worker exited'}")
        #: No installed voice speaks the game's language (the default voice reads it).
        self.voice_missing = reply == "ready without the language"

    def _read(self) -> None:
        stdout = self._proc.stdout
        assert stdout is not None
        with contextlib.suppress(OSError, ValueError):
            for line in stdout:
                self._replies.put(line.strip())
        self._replies.put(None)

    def _reply(self, timeout: float) -> str | None:
        try:
            return self._replies.get(timeout=timeout)
        except queue.Empty:
            return f"no answer within {timeout:g} s"

    def make(self, text: str, wav: Path, register: Callable[[subprocess.Popen[bytes]], None]
             ) -> None:
        """Write `text` to `wav` through the worker; SpeechError on failure or timeout."""
        stdin = self._proc.stdin
        try:
            assert stdin is not None
            stdin.write(json.dumps({"save": text, "path": str(wav)}) + "\n")
            stdin.flush()
        except (OSError, ValueError) as exc:
            raise SpeechError(f"pyttsx3 worker gone: {exc}") from exc
        reply = self._reply(synth_bound(text))
        if reply != "saved":
            raise SpeechError(f"pyttsx3 could not save audio: {reply or 'the worker exited'}")

    def close(self) -> None:
        """End the worker."""
        audio.stop(self._proc)
        for stream in (self._proc.stdin, self._proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


Synth = EspeakSynth | SaySynth | PyttsxSynth


def choose_synth(rate: int | None, python: str, timeout: float) -> Synth:
    """espeak-ng where it is installed; else macOS's ``say`` on a Mac; else pyttsx3 (SAPI5
    on Windows). SpeechError when none starts."""
    program = espeak_program()
    if program is not None:
        return EspeakSynth(program, rate)
    say = say_program()
    if say is not None:
        return SaySynth(say, rate)
    return PyttsxSynth(rate, python, timeout)


def synthesize_wav(text: str, path: Path, *, rate: int | None = None,
                   python: str | None = None) -> None:
    """Save `text` as speech to the WAV file `path` (see ``choose_synth``)."""
    synth = choose_synth(rate, python or sys.executable, START_SECONDS * 5)
    try:
        synth.make(text, path, lambda _proc: None)
    finally:
        synth.close()
