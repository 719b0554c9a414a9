"""The shell's handle on sound: ask for a cue, never wait.

``SoundPlayer.play`` is called on the shell's thread, the thread that answers keys, so it
only looks a rendered cue up and appends it to the mixer (microseconds); anything slower
(opening the device, rendering, writing the log) happens on the player's own thread.
Speech never passes through here, so a cue can neither delay nor cut a spoken line.

With no device the game plays on silently and ``notices`` says so once.
"""

from __future__ import annotations

import atexit
import json
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from spades_voice.narration import sounds as words
from spades_voice.options import DEFAULT_VOLUME, VOLUMES
from spades_voice.rules import Seat
from spades_voice.sound.cues import Cue, CueRequest, Placement, placement, seat_voice
from spades_voice.sound.device import (
    OPEN_SECONDS,
    DeviceError,
    LibraryMissing,
    Output,
    open_output,
)
from spades_voice.sound.mixer import Mixer, Queued, Started
from spades_voice.sound.synth import Pcm, render

#: A stream that has not asked for samples for this long has stopped.
STALL_SECONDS = 2.0
#: Cues heard in every trick: rendered first. The others wait ``RARE_DELAY`` seconds.
COMMON = (Cue.CARD, Cue.YOUR_TURN, Cue.TRICK_US, Cue.TRICK_THEM, Cue.REFUSED, Cue.SPADES_BROKEN)
RARE_DELAY = 3.0

Opener = Callable[[float], Output]
_Key = tuple[Cue, int, Placement, int]
_LogLine = tuple[CueRequest, float, float | None, str]  # what, asked, started, status


@dataclass(frozen=True, slots=True)
class SoundStatus:
    """Whether sound plays, and the plain-words detail (the backend, or why not)."""

    works: bool
    detail: str


class SoundPlayer:
    """Cues for the player at ``me``. ``start`` opens the device in the background."""

    def __init__(
        self,
        me: Seat = Seat.S,
        *,
        enabled: bool = True,
        volume: int = DEFAULT_VOLUME,
        log: TextIO | None = None,
        owns_log: bool = False,
        opener: Opener = open_output,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.me = me
        self._enabled = enabled
        self._volume = _nearest_step(volume)
        self._log = log
        self._owns_log = owns_log
        self._opener = opener
        self._clock = clock
        self._cache: dict[_Key, Pcm] = {}
        self._jobs: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        #: Lines for the sound log, written on the player's thread, never the caller's.
        self._log_lines: queue.SimpleQueue[_LogLine] = queue.SimpleQueue()
        self._mixer = Mixer(on_start=self._started, clock=clock)
        self._output: Output | None = None
        self._state = "off"  # off, opening, ready, failed
        self._detail = ""
        self._ready = threading.Event()
        self._notices: list[str] = []
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._rare_at: float | None = None
        self._rendering = 0  # cues asked for and still being rendered
        #: Called (from the player's thread) when a notice waits: the shell pumps it.
        self.on_notice: Callable[[], None] = lambda: None

    # ---- the shell's side: none of these wait ------------------------------------------

    @property
    def enabled(self) -> bool:
        return self._enabled

    @property
    def volume(self) -> int:
        return self._volume

    def notify_with(self, on_notice: Callable[[], None]) -> None:
        """``on_notice`` is called (from the player's thread) when a notice waits."""
        self.on_notice = on_notice

    def start(self) -> None:
        """Open the device and render the cues on the player's own thread.

        The audio callback is Python and waits for the GIL while a computer thinks; the
        mixer starts cues on the stream's clock (``mixer``), so that wait costs a cue
        nothing and the interpreter is left as it is."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="sound", daemon=True)
            self._thread.start()
        if self._enabled and self._state == "off":
            self._state = "opening"
            self._jobs.put(self._open)

    def warm(self) -> None:
        """Render the cues ahead of use: those of every trick now, the rare ones a little
        later. Called once the game's first lines are out, so this fraction of a second
        of Python never slows them; a cue asked for before is rendered when asked."""
        self._jobs.put(self._render_common)
        self._rare_at = time.monotonic() + RARE_DELAY

    def play(self, cue: Cue, seat: Seat | None = None, *, at_once: bool = False) -> None:
        """Play ``cue`` from ``seat``'s side (None: the table's own sound). ``at_once``:
        the answer to a key, ahead of cues waiting their turn (see ``Queued``)."""
        if not self._enabled or self._closed:
            return
        request = CueRequest(cue, seat)
        asked = self._clock()
        if self._state == "failed":
            self._log_lines.put((request, asked, None, "silent"))
            self._jobs.put(self._flush_log)
            return
        key = self._key(request)
        pcm = self._cache.get(key)
        if pcm is not None:
            self._mixer.add(Queued(request, pcm, asked, at_once))
        else:  # not rendered yet (a rare cue, or the volume just changed)
            with self._lock:
                self._rendering += 1
            self._jobs.put(lambda: self._render_and_add(request, key, asked, at_once))

    def play_all(self, requests: list[CueRequest]) -> None:
        for request in requests:
            self.play(request.cue, request.seat)

    def set_enabled(self, on: bool) -> None:
        """Sound on or off; turning it on opens the device if it is not open."""
        self._enabled = on
        if not on:
            self._mixer.clear()
            return
        if self._state == "failed":  # turned on again: try the device again (plugged in?)
            self._state = "off"
            self._ready.clear()
        self.start()

    def set_volume(self, volume: int) -> int:
        """Set the volume (rounded to a step of 10, 10..100); returns it."""
        self._volume = _nearest_step(volume)
        self._cache.clear()
        self._jobs.put(self._render_common)
        return self._volume

    def step_volume(self, steps: int) -> tuple[int, bool]:
        """Move the volume ``steps`` steps; (new volume, whether it was already at the end)."""
        index = VOLUMES.index(self._volume) + steps
        at_end = not 0 <= index < len(VOLUMES)
        volume = VOLUMES[max(0, min(len(VOLUMES) - 1, index))]
        if volume != self._volume:
            self.set_volume(volume)
        return volume, at_end

    def set_gap(self, seconds: float) -> None:
        """Room between cues that arrive together (the shell sets it from the pace)."""
        self._mixer.set_gap(seconds)

    def silence(self) -> None:
        """Stop every cue now (the silence key)."""
        self._mixer.clear()

    def notices(self) -> list[str]:
        """Sentences to say once (no device, device stopped); each is given once."""
        with self._lock:
            out, self._notices = self._notices, []
        return out

    def status(self, timeout: float = OPEN_SECONDS + 0.5) -> SoundStatus:
        """Whether sound plays, waiting up to ``timeout`` for the device to open."""
        if not self._enabled:
            return SoundStatus(False, "sound is turned off")
        self._ready.wait(timeout)
        if self._state == "ready" and self._output is not None:
            return SoundStatus(True, self._output.info.backend)
        if self._state == "failed":
            return SoundStatus(False, self._detail)
        return SoundStatus(False, "the sound device is still opening")

    def check(self, *, chime: bool = True, timeout: float = OPEN_SECONDS + 1.5) -> SoundStatus:
        """For ``doctor``: whether sound works, after playing the turn chime through it
        (``chime``), all within ``timeout`` seconds."""
        end = time.monotonic() + timeout
        status = self.status(min(OPEN_SECONDS + 0.5, timeout))
        if status.works and chime:
            self.play(Cue.YOUR_TURN)
            if not self.wait_idle(max(0.2, end - time.monotonic())):
                return SoundStatus(False, "the sound device opened but did not play")
        return status

    def wait_idle(self, timeout: float) -> bool:
        """Wait (bounded) until every queued cue has played; for quitting and tests."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if not self._mixer.busy and not self._rendering:
                return True
            time.sleep(0.01)
        return False

    def close(self, wait: float = 0.0) -> None:
        """Let queued cues play for up to ``wait`` seconds, then close the device."""
        if self._closed:
            return
        if wait > 0 and self._state == "ready":
            self.wait_idle(wait)
        self._closed = True
        atexit.unregister(self.close)
        self._jobs.put(None)
        if self._thread is not None:
            self._thread.join(OPEN_SECONDS + 1.0)
        output, self._output = self._output, None
        if output is not None:
            output.close()
        self._flush_log()
        if self._owns_log and self._log is not None:
            self._log.close()
            self._log = None

    # ---- the player's thread -------------------------------------------------------------

    def _run(self) -> None:
        while True:
            try:
                job = self._jobs.get(timeout=0.5)
            except queue.Empty:
                self._flush_log()
                self._watch()
                if self._rare_at is not None and time.monotonic() >= self._rare_at:
                    self._rare_at = None
                    self._render_rare()
                continue
            if job is None:
                return
            try:
                job()
            except Exception as exc:  # a fault in sound must never reach the game
                self._fail(f"sound failed ({exc})", words.DEVICE_STOPPED)
            self._flush_log()
            self._watch()

    def _open(self) -> None:
        if self._output is not None or self._closed:
            return
        try:
            output = self._opener(OPEN_SECONDS)
            output.start(self._mixer.fill)
        except LibraryMissing as exc:
            self._fail(str(exc), words.NO_LIBRARY)
            return
        except DeviceError as exc:
            self._fail(str(exc), words.NO_DEVICE)
            return
        self._output = output
        # The device calls into Python from its own thread: it must be closed before the
        # interpreter shuts down, however the game ends (``close`` takes this back).
        atexit.register(self.close)
        self._state = "ready"
        self._ready.set()

    def _fail(self, detail: str, notice: str) -> None:
        self._state, self._detail = "failed", detail
        output, self._output = self._output, None
        if output is not None:
            output.close()
        self._ready.set()
        if self._enabled:
            with self._lock:
                self._notices.append(notice)
            self.on_notice()

    def _watch(self) -> None:
        """A stream whose callbacks stopped (device unplugged) is reported once."""
        output = self._output
        if output is not None and self._state == "ready" and output.stalled(STALL_SECONDS):
            self._fail("the sound device stopped asking for sound", words.DEVICE_STOPPED)

    def _key(self, request: CueRequest) -> _Key:
        voice = seat_voice(request.seat, self.me) if request.cue is Cue.CARD else 0
        return (request.cue, voice, placement(request.seat, self.me), self._volume)

    def _rendered(self, key: _Key) -> Pcm:
        pcm = self._cache.get(key)
        if pcm is None:
            cue, voice, where, volume = key
            pcm = render(cue, where, volume, voice)
            if volume == self._volume:
                self._cache[key] = pcm
        return pcm

    def _render_and_add(
        self, request: CueRequest, key: _Key, asked: float, at_once: bool
    ) -> None:
        try:
            self._mixer.add(Queued(request, self._rendered(key), asked, at_once))
        finally:
            with self._lock:
                self._rendering -= 1

    def _needed(self, cues: tuple[Cue, ...]) -> list[CueRequest]:
        """Each of ``cues`` from every seat it can come from (cards, spades and nil from
        any seat, our tricks from our side, theirs from theirs, the rest from the table)."""
        me = self.me
        seats = {
            Cue.CARD: (me, me.next, me.partner, me.after(3)),
            Cue.SPADES_BROKEN: (me, me.next, me.partner, me.after(3)),
            Cue.NIL_BROKEN: (me, me.next, me.partner, me.after(3)),
            Cue.TRICK_US: (me, me.partner),
            Cue.TRICK_THEM: (me.next, me.after(3)),
        }
        return [CueRequest(cue, seat) for cue in cues for seat in seats.get(cue, (None,))]

    def _render_common(self) -> None:
        """The cues of every trick, rendered before the device opens."""
        for request in self._needed(COMMON):
            self._rendered(self._key(request))

    def _render_rare(self) -> None:
        """The rest, a little after start-up, so it never slows the first lines; a rare
        cue asked for before then is rendered when asked."""
        for request in self._needed(tuple(c for c in Cue if c not in COMMON)):
            self._rendered(self._key(request))

    # ---- the log ------------------------------------------------------------------------------

    def _started(self, started: Started) -> None:
        """The mixer started (or skipped) a cue: log it from the player's thread, since
        this runs in the audio callback, which must not touch files."""
        status = "dropped" if started.dropped else "played"
        self._log_lines.put((started.request, started.asked, started.started, status))
        self._jobs.put(self._flush_log)

    def _write(self, request: CueRequest, asked: float, started: float | None, status: str) -> None:
        if self._log is None:
            return
        entry: dict[str, object] = {
            "cue": request.cue.value,
            "seat": request.seat.value if request.seat is not None else None,
            "status": status,
            "mono": round(asked, 6),
        }
        if started is not None:
            entry["wait_ms"] = round(1000 * (started - asked), 2)
        try:
            with self._lock:
                self._log.write(json.dumps(entry) + "\n")
                self._log.flush()
        except (OSError, ValueError):
            self._log = None  # a full disk must not stop the game; the log just ends

    def _flush_log(self) -> None:
        while True:
            try:
                line = self._log_lines.get_nowait()
            except queue.Empty:
                return
            self._write(*line)


def _nearest_step(volume: int) -> int:
    return min(VOLUMES, key=lambda step: abs(step - volume))
