"""Every cue is made here, by the program, as 16-bit stereo PCM.

Why synthesized and not recorded: there is no file to ship, find or license; every cue is
a few lines of arithmetic that tests can read; and the whole set is about four seconds of
audio, so pure Python (``math`` and ``array``, no numpy) renders it in a fraction of a
second, once, off the key path. Cues are rendered at 22050 Hz: a tap, a chime and a buzz
need nothing above 10 kHz, it halves the work, and the audio library converts to the
device's own rate.

Each cue has a fixed sound shape (mono, peak-normalised); ``render`` places it in stereo
for a seat and scales it for the volume. Every function here is pure and deterministic.
"""

from __future__ import annotations

import functools
import math
import random
from array import array
from dataclasses import dataclass

from spades_voice.options import DEFAULT_VOLUME
from spades_voice.sound.cues import Cue, Placement

RATE = 22050
#: Loudest sample at volume 100 (about -6 dBFS): cues sit under speech, never over it.
PEAK = 0.5
#: Every cue ends with a fade this long, so no cue ends in a click.
FADE = 0.004


def volume_gain(volume: int) -> float:
    """Loudness of a volume setting (10..100) as an amplitude factor.

    Square law: each step down sounds about as much quieter as the last, where a straight
    line would put nearly all the change in the lowest steps.

    >>> volume_gain(100), round(volume_gain(50), 2)
    (1.0, 0.25)
    """
    v = max(0, min(100, volume))
    return (v / 100.0) ** 2


@dataclass(frozen=True, slots=True)
class Pcm:
    """Interleaved 16-bit stereo samples in native byte order, at ``rate`` frames/s."""

    data: bytes
    rate: int = RATE

    @property
    def frames(self) -> int:
        return len(self.data) // 4

    @property
    def seconds(self) -> float:
        return self.frames / self.rate


@dataclass(frozen=True, slots=True)
class Levels:
    """Per-channel peak and RMS, as fractions of full scale."""

    peak_left: float
    peak_right: float
    rms_left: float
    rms_right: float

    @property
    def balance_db(self) -> float:
        """Right minus left RMS in dB: negative is to the left, 0 is centred."""
        if self.rms_left <= 0 or self.rms_right <= 0:
            return math.inf if self.rms_right > self.rms_left else -math.inf
        return 20 * math.log10(self.rms_right / self.rms_left)


def levels(pcm: Pcm) -> Levels:
    samples = array("h")
    samples.frombytes(pcm.data)
    left, right = samples[0::2], samples[1::2]

    def rms(ch: array[int]) -> float:
        return math.sqrt(sum(v * v for v in ch) / len(ch)) / 32768 if len(ch) else 0.0

    def peak(ch: array[int]) -> float:
        return max((abs(v) for v in ch), default=0) / 32768

    return Levels(peak(left), peak(right), rms(left), rms(right))


# ---- building blocks ----------------------------------------------------------------


def _note(
    out: list[float],
    at: float,
    freq: float,
    *,
    tau: float,
    amp: float = 1.0,
    partials: tuple[tuple[float, float], ...] = ((1.0, 1.0),),
    attack: float = 0.003,
    glide_to: float | None = None,
    length: float | None = None,
) -> None:
    """Add a decaying note to ``out`` from ``at`` seconds: partials as (ratio, level), an
    exponential decay with time constant ``tau``, an optional glide to another pitch."""
    start = int(at * RATE)
    end = len(out) if length is None else min(len(out), start + int(length * RATE))
    n = max(0, end - start)
    # Per-sample lists first, then one pass per partial: about four times faster in pure
    # Python than summing the partials inside one loop.
    step = 1.0 if glide_to is None else (glide_to / freq) ** (1.0 / max(1, n))
    w, phases, phase = 2 * math.pi * freq / RATE, [0.0] * n, 0.0
    for i in range(n):
        phase += w
        w *= step
        phases[i] = phase
    fall, ramp = math.exp(-1.0 / (tau * RATE)), attack * RATE
    envs, e = [0.0] * n, amp
    for i in range(n):
        envs[i] = e * (i / ramp if i < ramp else 1.0)
        e *= fall
    for ratio, level in partials:
        sin = math.sin
        wave = [level * env * sin(ratio * ph) for env, ph in zip(envs, phases, strict=True)]
        for i, v in enumerate(wave, start):
            out[i] += v


def _noise(out: list[float], at: float, length: float, *, amp: float, tau: float,
           seed: int, bright: float = 0.6) -> None:
    """Add a decaying noise burst (the scrape of a card), high-passed by ``bright``."""
    rng = random.Random(seed)  # a fixed seed: the same cue sounds the same every time
    start = int(at * RATE)
    prev = 0.0
    for i in range(start, min(len(out), start + int(length * RATE))):
        t = (i - start) / RATE
        white = rng.uniform(-1.0, 1.0)
        hp = white - bright * prev  # one-zero high-pass: a crisp tap rather than a hiss
        prev = white
        out[i] += amp * math.exp(-t / tau) * hp * min(1.0, t / 0.001)


def _finish(out: list[float], peak: float) -> tuple[float, ...]:
    """Fade the end and scale to ``peak``."""
    fade = int(FADE * RATE)
    n = len(out)
    for k in range(min(fade, n)):
        out[n - 1 - k] *= k / fade
    top = max((abs(v) for v in out), default=0.0)
    scale = peak / top if top > 0 else 0.0
    return tuple(v * scale for v in out)


def _blank(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


#: One card pitch per seat, clockwise from the player: you, left, partner, right.
CARD_PITCH = (196.0, 233.0, 277.0, 330.0)
_WOOD = ((1.0, 1.0), (2.76, 0.35), (5.4, 0.1))  # inharmonic: a knock, not a note
_BELL = ((1.0, 1.0), (2.0, 0.25), (3.0, 0.08))
_BUZZ = ((1.0, 1.0), (3.0, 0.33), (5.0, 0.2), (7.0, 0.14))  # odd harmonics: a "no"


@functools.cache
def shape(cue: Cue, voice: int = 0) -> tuple[float, ...]:
    """The mono sound of ``cue`` (``voice``: which seat's card, 0-3), peak at ``PEAK``."""
    if cue is Cue.CARD:
        out = _blank(0.07)
        _noise(out, 0.0, 0.02, amp=0.5, tau=0.004, seed=voice + 1)
        _note(out, 0.0, CARD_PITCH[voice % 4], tau=0.018, partials=_WOOD)
        return _finish(out, PEAK * 0.9)
    if cue is Cue.YOUR_TURN:
        out = _blank(0.145)
        _note(out, 0.0, 880.0, tau=0.05, partials=_BELL, amp=0.8)
        _note(out, 0.045, 1318.5, tau=0.05, partials=_BELL)
        return _finish(out, PEAK)
    if cue is Cue.TRICK_US:  # rising and high: ours
        out = _blank(0.13)
        _note(out, 0.0, 1046.5, tau=0.035, partials=_BELL, amp=0.8)
        _note(out, 0.05, 1568.0, tau=0.04, partials=_BELL)
        return _finish(out, PEAK * 0.9)
    if cue is Cue.TRICK_THEM:  # falling and low: theirs
        out = _blank(0.13)
        _note(out, 0.0, 392.0, tau=0.04, partials=_BELL)
        _note(out, 0.05, 293.7, tau=0.045, partials=_BELL)
        return _finish(out, PEAK * 0.9)
    if cue is Cue.SPADES_BROKEN:
        out = _blank(0.14)
        _note(out, 0.0, 900.0, glide_to=2400.0, tau=0.07, partials=((1.0, 1.0), (1.5, 0.4)))
        _noise(out, 0.0, 0.05, amp=0.2, tau=0.02, seed=11, bright=0.9)
        return _finish(out, PEAK)
    if cue is Cue.REFUSED:
        out = _blank(0.11)
        _note(out, 0.0, 140.0, tau=0.06, partials=_BUZZ, length=0.045)
        _note(out, 0.055, 140.0, tau=0.06, partials=_BUZZ, length=0.05)
        return _finish(out, PEAK * 0.9)
    if cue is Cue.NIL_BROKEN:
        out = _blank(0.3)
        _note(out, 0.0, 587.3, glide_to=293.7, tau=0.15, partials=((1.0, 1.0), (2.0, 0.3)))
        return _finish(out, PEAK)
    if cue is Cue.SET:
        out = _blank(0.45)
        for k, f in enumerate((220.0, 196.0, 164.8)):
            _note(out, 0.12 * k, f, tau=0.12, partials=((1.0, 1.0), (2.0, 0.5), (3.0, 0.3)))
        return _finish(out, PEAK)
    if cue is Cue.BAG_PENALTY:  # coins spilling away
        out = _blank(0.36)
        for k, f in enumerate((2637.0, 2349.3, 2093.0, 1760.0, 1568.0, 1318.5)):
            _note(out, 0.05 * k, f, tau=0.025, partials=((1.0, 1.0), (2.4, 0.3)), amp=0.7)
        return _finish(out, PEAK)
    if cue is Cue.MATCH_WON:
        out = _blank(0.9)
        for k, f in enumerate((523.3, 659.3, 784.0, 1046.5)):
            _note(out, 0.11 * k, f, tau=0.3 if k == 3 else 0.12, partials=_BELL)
        return _finish(out, PEAK)
    # Cue.MATCH_LOST
    out = _blank(0.9)
    for k, f in enumerate((392.0, 311.1, 261.6)):
        _note(out, 0.18 * k, f, tau=0.3 if k == 2 else 0.14, partials=_BELL)
    return _finish(out, PEAK)


def render(cue: Cue, where: Placement, volume: int = DEFAULT_VOLUME, voice: int = 0) -> Pcm:
    """``cue`` placed at ``where`` and scaled for ``volume``, as stereo PCM.

    Equal-power panning: a sound keeps its loudness as it moves across, so the partner
    is quieter only by ``where.gain``, never by where it sits.
    """
    mono = shape(cue, voice if cue is Cue.CARD else 0)  # only cards differ by seat
    angle = (max(-1.0, min(1.0, where.pan)) + 1.0) * math.pi / 4
    g = where.gain * volume_gain(volume) * 32767
    gl, gr = g * math.cos(angle), g * math.sin(angle)
    samples = array("h", bytes(4 * len(mono)))
    samples[0::2] = array("h", [round(v * gl) for v in mono])
    samples[1::2] = array("h", [round(v * gr) for v in mono])
    return Pcm(samples.tobytes())
