"""Playing a WAV file through a player process the game owns.

Why a process and not an audio library (miniaudio, sounddevice): a process is stopped
exactly, at once, by killing it, with no library thread to wedge; its exit status says
whether the sound was really played (non-zero: no device, server gone); it needs no
native wheel for each platform and Python; and its start costs about 5-15 ms, far inside
the 150 ms from key to first sound. The players ship with each platform's audio stack:

* `paplay`: PulseAudio, and PipeWire through pipewire-pulse (most Linux desktops);
* `pw-play`: plain PipeWire;
* `aplay`: ALSA (alsa-utils), for consoles and minimal systems;
* `afplay`: macOS, always there;
* on Windows, `winsound.PlaySound` in a child Python (the standard library's player).

`find_player()` plays 50 ms of silence through each one found, in that order, within the
start bound; the first that exits 0 is used. None → "no audio output".
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spades_voice.speech.base import SpeechError
from spades_voice.speech.bounded import START_SECONDS

#: Linux and macOS players, in the order they are tried: name, arguments before the file,
#: and the arguments that make it read the WAV from its standard input (None: it cannot).
PLAYERS: tuple[tuple[str, tuple[str, ...], tuple[str, ...] | None], ...] = (
    ("paplay", (), ()),
    ("pw-play", (), ("-",)),
    ("aplay", ("-q",), ()),
    ("afplay", (), None),
)


@dataclass(frozen=True, slots=True)
class Player:
    """A player found on this machine: how to play a file, and a stream if it can."""

    name: str
    command: tuple[str, ...]
    stream: tuple[str, ...] | None = None

    def file_command(self, wav: Path) -> list[str]:
        """The command that plays `wav`."""
        return [*self.command, str(wav)]

    def stream_command(self) -> list[str] | None:
        """The command that plays a WAV from standard input, or None."""
        return None if self.stream is None else [*self.command, *self.stream]

WINSOUND_PLAYER = "import sys, winsound; winsound.PlaySound(sys.argv[1], winsound.SND_FILENAME)"


def wav_seconds(path: Path) -> float:
    """How long `path` plays; 0 if it cannot be read."""
    try:
        with wave.open(str(path), "rb") as wav:
            return wav.getnframes() / wav.getframerate()
    except (OSError, EOFError, wave.Error):
        return 0.0


def write_silence(path: Path, seconds: float = 0.05, rate: int = 22050) -> Path:
    """A short silent 16-bit mono WAV, for probing a player without a sound."""
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(b"\0\0" * int(seconds * rate))
    return path


def candidates() -> list[Player]:
    """Players present on this machine, in the order they are tried."""
    if sys.platform == "win32":
        return [Player("winsound", (sys.executable, "-c", WINSOUND_PLAYER))]
    found = []
    for name, args, stream in PLAYERS:
        path = shutil.which(name)
        if path is not None:
            found.append(Player(name, (path, *args), stream))
    return found


def start(command: list[str]) -> subprocess.Popen[bytes]:
    """Start `command`; the process has its own group so a stop takes all of it."""
    kwargs: dict[str, object] = {}
    if os.name == "posix":
        kwargs["start_new_session"] = True
    else:
        kwargs["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
    return subprocess.Popen(  # type: ignore[call-overload,no-any-return]
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        **kwargs,
    )


def stop(proc: subprocess.Popen[Any], grace: float = 0.2) -> None:
    """End `proc` now: SIGTERM (players stop the sound on it), SIGKILL after `grace`."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGTERM)
        else:
            proc.terminate()
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
            if os.name == "posix":
                os.killpg(proc.pid, signal.SIGKILL)
            else:
                proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=1.0)


def reason(proc: subprocess.Popen[bytes]) -> str:
    """The player's exit status and the last line it wrote to stderr (the error itself)."""
    err = b""
    if proc.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            err = proc.stderr.read(400)
    said = err.decode("utf-8", "replace").strip().splitlines()
    return f"exit {proc.returncode}" + (f": {said[-1].strip()}" if said else "")


def find_player(scratch: Path, timeout: float = START_SECONDS) -> tuple[Player, list[str]]:
    """The first player that plays silence cleanly within `timeout`, and notes on the rest.

    Raises SpeechError("no audio output (...)") when none does.
    """
    silence = write_silence(scratch / "probe-silence.wav")
    deadline = time.monotonic() + timeout
    notes: list[str] = []
    found = candidates()
    if not found:
        names = ", ".join(name for name, _args, _stream in PLAYERS)
        raise SpeechError(f"no audio output (no player installed: {names})")
    for player in found:
        name = player.name
        left = deadline - time.monotonic()
        if left <= 0:
            notes.append(f"{name}: not tried, out of time")
            continue
        try:
            proc = start(player.file_command(silence))
        except OSError as exc:
            notes.append(f"{name}: cannot start: {exc.strerror or exc}")
            continue
        try:
            proc.wait(timeout=left)
        except subprocess.TimeoutExpired:
            stop(proc)
            notes.append(f"{name}: did not finish 50 ms of silence within {timeout:g} s")
            continue
        if proc.returncode == 0:
            return player, notes
        notes.append(f"{name}: {reason(proc)}")
    raise SpeechError("no audio output (" + "; ".join(notes) + ")")
