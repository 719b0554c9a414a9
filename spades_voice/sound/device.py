"""The audio device, through miniaudio (pyminiaudio).

Why miniaudio: its wheels (Linux x86-64, macOS Intel and Apple, Windows x86 and x64;
CPython 3.11 to 3.14) carry the whole audio engine, so a player installs it with pip and
nothing else: it talks to PulseAudio/PipeWire, ALSA or JACK on Linux, CoreAudio on macOS and WASAPI,
DirectSound or WinMM on Windows, loading each system library only when it is there.
sounddevice would need PortAudio, which the Linux wheels do not carry and many systems
(this one included) do not have. (No wheel for Linux on ARM or Windows on ARM: there
pyproject leaves it out, so installing never fails, and ``pip install miniaudio`` builds
it; until then the game says sound needs it and plays on.)

Why not a player process per cue, as speech uses (``paplay``/``aplay``)? One stream stays
open for the whole game, so a cue starts within one device period (10 ms here) instead of
paying for a new process and a new stream (5-50 ms) each time; cues overlap (a card, the
trick and your turn within a few hundred milliseconds) and must be mixed and panned in
one place, where two ``aplay`` on a plain ALSA device would refuse each other; and
Windows has no player command at all. MIT licence (miniaudio itself: public domain or MIT-0).

Every call into the device is bounded: the open runs in its own thread and is given up
after ``OPEN_SECONDS`` (a PulseAudio server that accepts and never answers must not hold
the game), and a stream whose callbacks stop is reported as stopped.

The null backend (a device that discards samples on a real-time clock) is never chosen
by itself: a game that "plays" into nothing would say sound works when nobody hears it.
``SPADES_VOICE_SOUND_BACKEND=null`` asks for it by name, for tests and the benchmark on
machines with no sound card.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import sys
import threading
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from spades_voice.sound.synth import RATE

#: Longest wait for the device to open. PulseAudio connects in a few milliseconds when it
#: works; two seconds is the bound every output in this game keeps to.
OPEN_SECONDS = 2.0
#: The device asks for samples this often. Small enough that a cue starts at once, large
#: enough that the Python callback (under 1 ms) never runs late.
PERIOD_MS = 10
#: Environment variable naming the backends to try, comma-separated (e.g. "null", "alsa").
BACKEND_ENV = "SPADES_VOICE_SOUND_BACKEND"

Fill = Callable[[int], bytes]


class DeviceError(Exception):
    """The device could not be opened or stopped; the message is said to the player."""


class LibraryMissing(DeviceError):
    """miniaudio is not installed (no wheel for this machine, and it was not built)."""


@dataclass(frozen=True, slots=True)
class DeviceInfo:
    backend: str  # miniaudio's name for it: "PulseAudio", "ALSA", "Null", ...
    rate: int
    period_ms: int


class Output:
    """An open stream that plays whatever ``fill`` returns, until ``close``."""

    def __init__(self, device: Any, info: DeviceInfo) -> None:
        self._device = device
        self.info = info
        #: time.monotonic() of the last callback: a stream that stops asking has stopped.
        self.last_callback = time.monotonic()

    def start(self, fill: Fill) -> None:
        def pull() -> Generator[bytes, int, None]:
            frames = yield b""
            while True:
                self.last_callback = time.monotonic()
                try:
                    block = fill(frames)
                except Exception:  # a fault in mixing must not end the stream
                    block = bytes(4 * frames)
                frames = yield block

        gen = pull()
        next(gen)
        self._device.start(gen)

    def stalled(self, seconds: float = 1.0) -> bool:
        """The device has not asked for samples for ``seconds``: it stopped (unplugged)."""
        return time.monotonic() - self.last_callback > seconds

    def close(self) -> None:
        """Close the stream; bounded, since a wedged backend may never return."""
        device = self._device
        done = threading.Thread(target=_close_quietly, args=(device,), daemon=True)
        done.start()
        done.join(OPEN_SECONDS)


def _close_quietly(device: Any) -> None:
    # Closing is best effort: the game is leaving, or the device is already gone.
    with contextlib.suppress(Exception):
        device.close()


def backend_names() -> list[str]:
    """Backends to try, in order: the variable's, else the system's own, never null."""
    wanted = os.environ.get(BACKEND_ENV, "").strip().lower()
    if wanted:
        return [name.strip() for name in wanted.split(",") if name.strip()]
    if sys.platform == "win32":
        return ["wasapi", "dsound", "winmm"]
    if sys.platform == "darwin":
        return ["coreaudio"]
    return ["pulseaudio", "alsa", "jack", "sndio", "oss", "audio4"]


def open_output(timeout: float = OPEN_SECONDS) -> Output:
    """Open the sound device within ``timeout`` seconds, or raise DeviceError saying why
    in plain words."""
    box: list[Output | BaseException] = []

    def work() -> None:
        try:
            box.append(_open())
        except BaseException as exc:  # handed to the waiting thread
            box.append(exc)

    thread = threading.Thread(target=work, name="sound-open", daemon=True)
    thread.start()
    thread.join(timeout)
    if not box:
        raise DeviceError(f"the sound system did not answer within {timeout:g} seconds")
    result = box[0]
    if isinstance(result, BaseException):
        if isinstance(result, DeviceError):
            raise result
        raise DeviceError(f"the audio library failed ({result})") from result
    return result


def _open() -> Output:
    try:
        import miniaudio
    except ImportError as exc:
        raise LibraryMissing("the miniaudio package is not installed") from exc
    quiet_alsa()
    known = {b.name.lower(): b for b in miniaudio.Backend}
    enabled = set(miniaudio.get_enabled_backends())
    names = backend_names()
    backends = [known[n] for n in names if n in known and known[n] in enabled]
    if not backends:
        raise DeviceError(f"no audio backend named {', '.join(names)} is available")
    try:
        device = miniaudio.PlaybackDevice(
            output_format=miniaudio.SampleFormat.SIGNED16,
            nchannels=2,
            sample_rate=RATE,
            buffersize_msec=PERIOD_MS,
            backends=backends,
            app_name="spades-voice",
        )
    except miniaudio.MiniaudioError as exc:
        raise DeviceError("no sound device was found") from exc
    return Output(device, DeviceInfo(device.backend, RATE, PERIOD_MS))


_alsa_handler: Any = None


def quiet_alsa() -> None:
    """Keep ALSA's own error lines ("cannot find card '0'") off the terminal.

    libasound prints them straight to the process's stderr, under the live prompt, where
    a console screen reader would read them out. Setting its error handler to one that
    ignores them is ALSA's documented way to take that over; the handler must stay
    referenced for as long as the library may call it.
    """
    global _alsa_handler
    if _alsa_handler is not None or not sys.platform.startswith("linux"):
        return
    name = ctypes.util.find_library("asound")
    if name is None:
        return
    try:
        lib = ctypes.CDLL(name)
        handler_type = ctypes.CFUNCTYPE(
            None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p
        )
        _alsa_handler = handler_type(lambda *_args: None)
        lib.snd_lib_error_set_handler(_alsa_handler)
    except (OSError, AttributeError):
        _alsa_handler = False  # no libasound to quiet: nothing will print either
