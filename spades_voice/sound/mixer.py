"""Mixing cues into one output stream, with room between them.

The audio device asks for samples from its own thread (``fill``); the game adds cues from
the shell's thread (``add``), which must never wait, so ``add`` only appends to a deque
and all the work happens in ``fill``. Mixing is plain Python on ``array``: usually one
cue plays alone and its bytes are copied as they are; when two overlap they are added
and clipped.

Cues start on the stream's clock, not the callback's. The callback is Python, so it runs
when it gets the GIL, a few milliseconds late while a computer thinks; the block it fills
is still played at its own place in the stream, the device's buffer having covered the
wait. So ``fill`` reckons when its block is due (``_due``: the callbacks that came on
time set the clock, late ones do not move it) and starts a cue at its place in that
block: a cue asked after the block was due starts at the frame of the moment it was
asked, and its start (``Started.started``) is that moment in the stream, whenever the
callback ran.

Spacing follows the pace: cues that arrive together (a card, spades broken and the trick
won) start ``gap`` apart, so each is heard, and when they pile up (instant pace) a card
sound older than ``max_wait`` is skipped rather than played late; cues that matter
(your turn, a set, the match) are never skipped.
"""

from __future__ import annotations

import collections
import threading
import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass

from spades_voice.sound.cues import CueRequest
from spades_voice.sound.synth import RATE, Pcm

#: Seconds between the starts of cues that arrive together, by default.
DEFAULT_GAP = 0.12
#: A skippable cue not started within this many seconds of its event is skipped.
MAX_WAIT = 0.6
#: The stream's clock is read from this many of the latest callbacks: the one among them
#: that waited least for the GIL says when each block is due.
WINDOW = 10
#: A callback this much later than that has let the device's buffer (three 10 ms periods)
#: run dry: the stream's clock starts again from it.
MAX_LATE = 0.03


@dataclass(frozen=True, slots=True)
class Queued:
    request: CueRequest
    pcm: Pcm
    asked: float  # time.monotonic() when the event asked for it
    #: The answer to a key (a refused card, the volume keys): starts at the next block,
    #: ahead of any cues waiting their turn, as a query's speech cuts in.
    at_once: bool = False


@dataclass(frozen=True, slots=True)
class Started:
    """A cue the mixer handed to the device (``dropped``: skipped as too late)."""

    request: CueRequest
    asked: float
    started: float
    dropped: bool = False


class _Voice:
    __slots__ = ("pos", "samples")

    def __init__(self, samples: array[int], offset: int) -> None:
        self.samples = samples
        self.pos = -2 * offset  # negative: starts ``offset`` frames into the block


class Mixer:
    """Cues in, blocks of interleaved 16-bit stereo out. ``clock`` is injectable for tests."""

    def __init__(
        self,
        on_start: Callable[[Started], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        rate: int = RATE,
    ) -> None:
        self._incoming: collections.deque[Queued] = collections.deque()
        self._waiting: collections.deque[Queued] = collections.deque()
        self._voices: list[_Voice] = []
        self._on_start = on_start
        self._clock = clock
        self._rate = rate
        self._gap_frames = int(DEFAULT_GAP * rate)
        self._since_start = self._gap_frames  # frames since the last cue started
        self._clear = threading.Event()
        self.frames_out = 0
        #: When the stream's frame 0 was due, by each of the latest callbacks (``_due``).
        self._origins: collections.deque[float] = collections.deque(maxlen=WINDOW)

    def set_gap(self, seconds: float) -> None:
        self._gap_frames = max(0, int(seconds * self._rate))

    def add(self, item: Queued) -> None:
        """Queue a cue. Never blocks: deque.append is atomic."""
        self._incoming.append(item)

    def clear(self) -> None:
        """Stop every cue at the next block (the silence key)."""
        self._clear.set()

    @property
    def busy(self) -> bool:
        return bool(self._incoming or self._waiting or self._voices)

    def fill(self, frames: int) -> bytes:
        """The next ``frames`` frames of the mix (called from the audio thread)."""
        if self._clear.is_set():
            self._clear.clear()
            self._incoming.clear()
            self._waiting.clear()
            self._voices.clear()
        due = self._due()
        while self._incoming:
            item = self._incoming.popleft()
            if item.at_once:
                self._start(item, self._frames_after(due, item.asked), due)
            else:
                self._waiting.append(item)
        self._start_due(frames, due)
        self.frames_out += frames
        self._since_start += frames
        if not self._voices:
            return bytes(4 * frames)
        return self._mix(frames)

    def _due(self) -> float:
        """When the block being filled is due on the stream's clock. Each callback says
        when frame 0 was due, were it on time; the earliest of the latest ``WINDOW`` is
        taken, since a callback can be late (waiting for the GIL) but never early."""
        origin = self._clock() - self.frames_out / self._rate
        if self._origins and origin - min(self._origins) > MAX_LATE:
            self._origins.clear()
        self._origins.append(origin)
        return min(self._origins) + self.frames_out / self._rate

    def _frames_after(self, due: float, asked: float) -> int:
        """Frames into the block (due at ``due``) of the moment ``asked``: a cue asked
        after its block was due starts where it would have had the callback run on time."""
        return max(0, round((asked - due) * self._rate))

    def _start_due(self, frames: int, due: float) -> None:
        """Start waiting cues whose turn falls in this block, ``gap`` apart."""
        offset = max(0, self._gap_frames - self._since_start)
        while self._waiting and offset < frames:
            item = self._waiting[0]
            if item.request.cue.droppable and due - item.asked > MAX_WAIT:
                self._waiting.popleft()
                self._report(Started(item.request, item.asked, due, dropped=True))
                continue
            offset = max(offset, self._frames_after(due, item.asked))
            if offset >= frames:
                break
            self._waiting.popleft()
            self._start(item, offset, due)
            self._since_start = -offset
            offset += self._gap_frames

    def _start(self, item: Queued, offset: int, due: float) -> None:
        samples = array("h")
        samples.frombytes(item.pcm.data)
        self._voices.append(_Voice(samples, offset))
        self._report(Started(item.request, item.asked, due + offset / self._rate))

    def _report(self, started: Started) -> None:
        if self._on_start is not None:
            self._on_start(started)

    def _mix(self, frames: int) -> bytes:
        n = 2 * frames
        if len(self._voices) == 1 and self._voices[0].pos >= 0:
            voice = self._voices[0]
            block = voice.samples[voice.pos : voice.pos + n]
            voice.pos += n
            if voice.pos >= len(voice.samples):
                self._voices.clear()
            return block.tobytes() + bytes(2 * (n - len(block)))
        acc = [0] * n
        for voice in self._voices:
            lo = max(0, -voice.pos)  # where in this block the voice begins
            src = voice.samples[max(0, voice.pos) : max(0, voice.pos) + n - lo]
            for i, v in enumerate(src, lo):
                acc[i] += v
            voice.pos += n
        self._voices = [v for v in self._voices if v.pos < len(v.samples)]
        return array("h", [max(-32768, min(32767, v)) for v in acc]).tobytes()
