"""Sound cues for a page playing alone: the terminal's cues, from the terminal's synth,
played by the page.

The shell decides which cue each event makes and where it sits (``sound.table_cues``),
and its sound keys turn cues on and off and step the volume, exactly as at a terminal.
``PageSound`` is the ``SoundPlayer`` it is given: instead of a device it keeps each cue
asked for, with its side and loudness, and the session sends them with the frame that
says the event. The sounds themselves are the synth's own (``sound.synth.shape``),
rendered once as WAV files the page fetches and places with Web Audio.
"""

from __future__ import annotations

import io
import wave
from array import array
from collections.abc import Callable
from typing import Any

from spades_voice.options import DEFAULT_VOLUME, VOLUMES
from spades_voice.rules import Seat
from spades_voice.sound import Cue, SoundPlayer, SoundStatus, placement, seat_voice
from spades_voice.sound.synth import RATE, shape, volume_gain

#: The card's four voices (one per seat, clockwise from the player); every other cue has one.
CARD_VOICES = 4


def cue_path(cue: Cue, voice: int = 0) -> str:
    """Where the page fetches a cue's sound.

    >>> cue_path(Cue.CARD, 2), cue_path(Cue.SET)
    ('/sounds/card-2.wav', '/sounds/set-0.wav')
    """
    return f"/sounds/{cue.value}-{voice}.wav"


def wav(samples: tuple[float, ...]) -> bytes:
    """Mono 16-bit WAV of the synth's samples, as loud as volume 100 makes them."""
    pcm = array("h", [round(max(-1.0, min(1.0, v)) * 32767) for v in samples])
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return out.getvalue()


def cue_files() -> dict[str, bytes]:
    """Every cue's sound, by the path the page fetches it at."""
    files = {}
    for cue in Cue:
        for voice in range(CARD_VOICES if cue is Cue.CARD else 1):
            files[cue_path(cue, voice)] = wav(shape(cue, voice))
    return files


class PageSound(SoundPlayer):
    """The shell's sound player for a page: cues are kept for the next frame, never
    played here. ``changed``: called when one waits (the session sends a frame)."""

    def __init__(
        self, me: Seat, *, enabled: bool, volume: int = DEFAULT_VOLUME,
        changed: Callable[[], None] = lambda: None,
    ) -> None:
        super().__init__(me, enabled=enabled, volume=volume)
        self._changed = changed
        self._waiting: list[dict[str, Any]] = []
        self._gap = 0.0
        self._hush = False

    def start(self) -> None:
        """No device here: the page plays."""

    def warm(self) -> None:
        """The sounds were made once for every page (``cue_files``)."""

    def status(self, timeout: float = 0.0) -> SoundStatus:
        return SoundStatus(self.enabled, "the page")

    def play(self, cue: Cue, seat: Seat | None = None, *, at_once: bool = False) -> None:
        if not self.enabled:
            return
        where = placement(seat, self.me)
        voice = seat_voice(seat, self.me) if cue is Cue.CARD else 0
        self._waiting.append({
            "sound": cue_path(cue, voice),
            "pan": where.pan,
            "gain": round(where.gain * volume_gain(self.volume), 4),
            "at_once": at_once,
        })
        self._changed()

    def set_volume(self, volume: int) -> int:
        """The volume for the cues to come (the page scales each cue's gain): nothing is
        rendered again here."""
        self._volume = min(VOLUMES, key=lambda step: abs(step - volume))
        return self._volume

    def set_gap(self, seconds: float) -> None:
        self._gap = seconds

    def silence(self) -> None:
        """Stop every cue the page is playing."""
        self._waiting.clear()
        self._hush = True
        self._changed()

    def take(self) -> dict[str, Any]:
        """What the next frame carries: the cues waiting, in order, the room between cues
        that arrive together, and whether what plays now stops first."""
        out = {"cues": self._waiting, "gap": self._gap, "hush": self._hush}
        self._waiting, self._hush = [], False
        return out
