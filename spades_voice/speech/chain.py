"""Choosing a backend, and replacing one that fails mid-game.

The chain is (prism →) screen reader → TTS → print (DESIGN.md, "Speaking"). `--speech
auto` starts them side by side and takes the first, in that order, that starts; naming
one (`prism`, `screenreader`, `tts`, `print`) starts there and falls back along the same
chain after it; `none` says nothing.

When is text printed as well as spoken? Only by the print backend, so nothing is heard
twice by default:

* `screenreader`, `prism`: not printed. The player's screen reader also reads new console
  text, so a printed copy would be read a second time. Braille gets the text from BrlAPI
  on Linux (`braille`), from the screen reader elsewhere.
* `tts`: not printed. The terminal belongs to the shell, which shows its own screen and
  history log.
* `print`: printed, one line per utterance. A screen reader reading the console speaks it,
  a braille display shows it.
* `--echo` (`echo=True`): print as well, on top of any speaking backend. For a sighted
  helper, or a braille display driven by a console screen reader while TTS speaks.

Every backend starts within 2 s and answers each call within 0.5 s, or it is failed
(`bounded`). A backend that fails mid-game, by raising SpeechError or by telling the chain
itself (`on_failure`, from TTS when its player fails), is closed and replaced by the next
one that starts. The new one says one notice ("Screen reader stopped; using printed
text."), then every line the old one had accepted and not finished (`unheard()`: a dead
speech server's queue, the TTS line whose player failed), then the line that failed, so a
player never misses "Your lead.". The notice also goes to the speech log.

An output that failed to start only by time (`SpeechTimeout`: Speech Dispatcher on a
loaded machine, which `doctor` found working) is not given up: the first line says which
output speaks instead ("Screen reader slow to answer; using printed text for now.",
printed as well), and `retry.Retry` tries the slow one again on the chain's clock, never
making a line wait; when it answers, the next line says "Screen reader back." once, where
the player was reading and through the screen reader, which speaks from then on.

`auto` starts with prism (`--speech prism`, `python -m pip install prismatoid`) when Orca
is running, so Orca users hear the game in Orca's own voice and rate; otherwise with the
screen reader output. Braille through BrlAPI (`braille`) is added beside any speaking
output when BRLTTY answers.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from spades_voice.narration import notices
from spades_voice.options import Speech, names
from spades_voice.speech.base import (
    Kind,
    Rewinding,
    SelfReporting,
    Speaker,
    SpeechError,
    SpeechTimeout,
)
from spades_voice.speech.bounded import (
    REAL_CLOCK,
    START_SECONDS,
    Clock,
    first_started,
    start_all,
)
from spades_voice.speech.retry import RETRY_AFTER, Retry
from spades_voice.speech.simple import NullSpeaker, PrintSpeaker, RecorderSpeaker, TeeSpeaker

log = logging.getLogger(__name__)

#: Values of `--speech` (and the `speech` setting).
CHOICES = tuple(names(Speech))
#: The order outputs are tried in; `auto` skips prism unless Orca is running.
CHAIN = ("prism", "screenreader", "tts", "print")

Factory = tuple[str, Callable[[], Speaker]]


def backend_factories(
    rate: int | None = None,
    *,
    stream: TextIO | None = None,
    write: Callable[[str], None] | None = None,
    clock: Clock = REAL_CLOCK,
) -> dict[str, Callable[[], Speaker]]:
    """How to start each backend by name (imports wait until a backend is started);
    `clock` measures their bounds."""
    return {
        "prism": lambda: _start_prism(clock),
        "screenreader": lambda: _start_screenreader(clock),
        "tts": lambda: _start_tts(rate, clock),
        "print": lambda: PrintSpeaker(stream, write=write),
        "none": NullSpeaker,
    }


def _start_prism(clock: Clock) -> Speaker:
    from spades_voice.speech.prism import PrismSpeaker

    return PrismSpeaker(prefer_orca=orca_running(), clock=clock)


def _start_screenreader(clock: Clock) -> Speaker:
    if sys.platform.startswith("linux"):
        from spades_voice.speech.speechd import SpeechdSpeaker

        return SpeechdSpeaker(clock=clock)
    from spades_voice.speech.screenreader import ScreenReaderSpeaker

    return ScreenReaderSpeaker(clock=clock)


def _start_tts(rate: int | None, clock: Clock) -> Speaker:
    from spades_voice.speech.tts import TtsSpeaker

    return TtsSpeaker(rate, clock=clock)


def orca_running(proc: Path = Path("/proc")) -> bool:
    """Whether the Orca screen reader is running (Linux; reads /proc, never waits)."""
    if not proc.is_dir():
        return False
    uid = os.getuid() if hasattr(os, "getuid") else None
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if uid is not None and entry.stat().st_uid != uid:
                continue
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue  # the process ended while we looked
        args = [Path(a.decode("utf-8", "replace")).name for a in cmdline[:2] if a]
        if "orca" in args:
            return True
    return False


def auto_chain(prism_first: bool | None = None) -> tuple[str, ...]:
    """What `auto` tries, in order: prism first only when Orca runs."""
    if prism_first is None:
        prism_first = orca_running()
    return CHAIN if prism_first else CHAIN[1:]


class FallbackSpeaker:
    """Speaks through the first backend that starts; swaps in the next one on failure.

    `factories` are tried in order. If none starts, NullSpeaker is used (the game must
    still run, e.g. with output redirected). `switches` lists "old -> new" for doctor and
    tests; each switch also goes to the log. `clock` measures the start bound.
    """

    def __init__(
        self,
        factories: Sequence[Factory],
        on_notice: Callable[[str], None] | None = None,
        *,
        parallel: bool = False,
        clock: Clock = REAL_CLOCK,
        retry_after: tuple[float, ...] = RETRY_AFTER,
    ) -> None:
        self._factories = list(factories)
        self._clock = clock
        self._lock = threading.RLock()
        self.switches: list[str] = []
        self.start_errors: dict[str, str] = {}
        #: The outputs that failed to start by time (slow, not absent).
        self.slow: set[str] = set()
        #: Called with each switch notice (make_speaker sends it to the speech log).
        self.on_notice = on_notice
        #: Said before the first line, once (the output the player chose did not start).
        self.first_words = ""
        self._order = list(self._factories)
        self.current: Speaker = self._start_parallel() if parallel else self._start_next()
        self.name = self.current.name
        #: The tries again at an output that was slow to start (None: nothing to retry).
        self.retry = self._arm_retry(retry_after)

    def _start_parallel(self) -> Speaker:
        """Start every output at once and keep the first in chain order that starts.

        Each start is bounded to 2 s; started one after another, the bounds of a hung
        speech server and a wedged sound server would add up before the greeting. This
        returns as soon as the first output in chain order has started and every one
        before it has failed, without waiting for those after it. Those after the chosen
        one are closed (when they finish starting) and stay in the chain, to be started
        again if the chosen one fails.
        """
        order = list(self._factories)
        index, chosen, errors, self.slow = first_started(order, START_SECONDS + 0.5,
                                                         self._clock)
        for label, reason in errors.items():
            self.start_errors[label] = reason
            log.info("speech output %s unavailable: %s", label, reason)
        self._factories = order[index + 1:] if chosen is not None else []
        if chosen is None:
            return NullSpeaker()
        if isinstance(chosen, SelfReporting):
            chosen.on_failure = lambda s=chosen: self._failed_by_itself(s)
        return chosen

    def _start_next(self) -> Speaker:
        """Start the next factory that works (dropping those tried), else NullSpeaker."""
        while self._factories:
            label, factory = self._factories.pop(0)
            try:
                speaker = factory()
            except SpeechError as exc:
                if isinstance(exc, SpeechTimeout):
                    self.slow.add(label)
                self.start_errors[label] = str(exc)
                log.info("speech output %s unavailable: %s", label, exc)
                continue
            if isinstance(speaker, SelfReporting):
                speaker.on_failure = lambda s=speaker: self._failed_by_itself(s)
            return speaker
        return NullSpeaker()

    def _arm_retry(self, after: tuple[float, ...]) -> Retry | None:
        """The tries again at the best output that failed to start by time, when the one
        in use comes after it in the chain; the player is told which output speaks."""
        labels = [label for label, _factory in self._order]
        here = labels.index(self.name) if self.name in labels else len(labels)
        slow = [label for label in labels[:here] if label in self.slow]
        if not slow or not after:
            return None
        label = slow[0]
        self.first_words = notices.output_slow(label, self.name)
        log.warning("speech output %s was slow to start; using %s, trying it again at %s s",
                    label, self.name, ", ".join(f"{a:g}" for a in after))
        return Retry(label, dict(self._order)[label], self._clock, after)

    def _come_back(self) -> None:
        """The slow output, if a try has brought it up: it takes over, and says so once
        (printed too by the output it replaces); a try due is started, never waited for."""
        retry = self.retry
        if retry is None:
            return
        back = retry.poll()
        if back is None:
            if retry.over:
                self.retry = None
                log.warning("speech output %s never answered: %s", retry.label,
                            "; ".join(retry.failures))
                self._announce(notices.output_still_slow(retry.label, self.name))
            return
        self.retry = None
        notice = notices.output_back(retry.label)
        old = self.current
        with contextlib.suppress(SpeechError):
            old.event(notice)  # where the player has been reading
        with contextlib.suppress(SpeechError):
            old.close()
        labels = [label for label, _factory in self._order]
        self._factories = self._order[labels.index(retry.label) + 1:]
        if isinstance(back, SelfReporting):
            back.on_failure = lambda s=back: self._failed_by_itself(s)
        self.switches.append(f"{old.name} -> {back.name}")
        log.warning("speech output %s answers again; now %s", retry.label, back.name)
        self.current, self.name = back, back.name
        self._announce(notice)

    def _announce(self, notice: str) -> None:
        """``notice`` before the next line, and in the speech log."""
        self.first_words = f"{self.first_words} {notice}".strip()
        if self.on_notice is not None:
            self.on_notice(notice)

    def _failed_by_itself(self, speaker: Speaker) -> None:
        """A backend noticed its own failure between calls (TTS's player failed)."""
        with self._lock:
            if speaker is not self.current:
                return  # a call already switched away from it
            self._replace(Kind.EVENT, None, SpeechError("it reported a failure"))

    def _replace(self, kind: Kind, text: str | None, error: SpeechError) -> None:
        """Swap the failed backend for the next; say the notice, the unheard, the line."""
        failed = self.current
        lost: list[str] = list(failed.unheard()) if isinstance(failed, Rewinding) else []
        with contextlib.suppress(SpeechError):
            failed.close()
        if text is not None:
            lost.append(text)
        while True:
            new = self._start_next()
            notice = notices.output_switched(failed.name, new.name)
            self.switches.append(f"{failed.name} -> {new.name}")
            log.warning("speech output %s failed (%s); now %s; repeating %d line(s)",
                        failed.name, error, new.name, len(lost))
            if self.on_notice is not None:
                self.on_notice(notice)
            self.current = new
            self.name = new.name
            try:
                if kind is Kind.QUERY:
                    new.query(notice)
                else:
                    new.event(notice)
                for line in lost:
                    new.event(line)
            except SpeechError as again:
                failed, error = new, again
                if isinstance(failed, Rewinding):
                    # Lines the new output did take before failing are in `lost` already.
                    failed.unheard()
                with contextlib.suppress(SpeechError):
                    failed.close()
                continue
            return

    def _say(self, kind: Kind, text: str) -> None:
        with self._lock:
            self._come_back()
            if self.first_words:
                text, self.first_words = f"{self.first_words} {text}", ""
            try:
                if kind is Kind.QUERY:
                    self.current.query(text)
                else:
                    self.current.event(text)
            except SpeechError as exc:
                self._replace(kind, text, exc)

    def query(self, text: str) -> None:
        """Interrupt and speak `text` on the current backend (switching if it fails)."""
        self._say(Kind.QUERY, text)

    def event(self, text: str) -> None:
        """Queue `text` on the current backend (switching if it fails)."""
        self._say(Kind.EVENT, text)

    def silence(self) -> None:
        """Silence the current backend; a failure here only matters at the next line."""
        with self._lock, contextlib.suppress(SpeechError):
            self.current.silence()

    def close(self) -> None:
        """Close the current backend (and stop trying a slow one)."""
        with self._lock:
            if self.retry is not None:
                self.retry.close()
            with contextlib.suppress(SpeechError):
                self.current.close()


def make_speaker(
    choice: str = "auto",
    rate: int | None = None,
    log_path: Path | None = None,
    *,
    echo: bool = False,
    stream: TextIO | None = None,
    write: Callable[[str], None] | None = None,
    factories: dict[str, Callable[[], Speaker]] | None = None,
    braille: Callable[[], Speaker | None] | None = None,
    prism_first: bool | None = None,
    clock: Clock = REAL_CLOCK,
) -> Speaker:
    """Build the speaker for `--speech CHOICE [--rate N] [--speech-log FILE] [--echo]`.

    `stream`/`write` go to the print backend (and echo); `factories` replaces the real
    backends by name (tests). `braille` starts the braille display output, or returns
    None when there is none (default: BrlAPI). `prism_first` overrides the Orca check.
    `clock` measures the start bounds (tests move it by hand). Raises ValueError for an
    unknown choice.
    """
    if braille is None and factories is None:
        braille = _start_braille
    if choice not in CHOICES:
        raise ValueError(f"unknown speech output {choice!r}; choose one of {', '.join(CHOICES)}")
    makers = factories if factories is not None else backend_factories(
        rate, stream=stream, write=write, clock=clock
    )
    display = _DisplayStart(braille if choice not in ("print", "none") else None)
    chain = None if choice == "none" else _chain_for(choice, makers, prism_first, clock)
    speaker = display.beside(makers["none"]() if chain is None else chain)
    if chain is not None and chain.retry is not None and not (echo or prints(chain)):
        # Which output speaks, when it is not the one doctor found: printed as well as
        # said, so a player whose speech is not the one they expect can read it.
        PrintSpeaker(stream, write=write).event(chain.first_words)
    if echo and not prints(speaker):
        speaker = TeeSpeaker([speaker, PrintSpeaker(stream, write=write)])
    if log_path is not None:
        speaker = _logged(speaker, log_path, chain)
    return speaker


def _chain_for(
    choice: str,
    makers: dict[str, Callable[[], Speaker]],
    prism_first: bool | None,
    clock: Clock,
) -> FallbackSpeaker:
    """The outputs to try for ``choice``, started; one chosen by name that did not start
    says so first (auto's fallback is expected, so it says nothing)."""
    names = auto_chain(prism_first) if choice == "auto" else CHAIN[CHAIN.index(choice):]
    # auto starts its candidates side by side (see FallbackSpeaker._start_parallel).
    chain = FallbackSpeaker(
        [(name, makers[name]) for name in names], parallel=choice == "auto", clock=clock
    )
    if choice != "auto" and choice in chain.start_errors and not chain.first_words:
        chain.first_words = notices.output_unavailable(choice, chain.name)
    return chain


def _logged(speaker: Speaker, log_path: Path, chain: FallbackSpeaker | None) -> Speaker:
    """``speaker`` with everything it says, and the chain's notices, written to the log."""
    log_file = log_path.open("a", encoding="utf-8")
    # The log holds everything spoken, a shared table's code included: only its owner
    # may read it. (Opened first: nothing is written before this.)
    with contextlib.suppress(OSError):
        os.chmod(log_path, 0o600)
    recorder = RecorderSpeaker(speaker, log_file, owns_log=True)
    if chain is not None:
        chain.on_notice = lambda notice: recorder.note(Kind.NOTICE, notice)
        if chain.first_words:
            recorder.note(Kind.NOTICE, chain.first_words)
    return recorder


class _DisplayStart:
    """The braille display, started beside the speech outputs rather than after them, so
    a BRLTTY that hangs cannot add its 2 s to a speech server's before the greeting."""

    def __init__(self, braille: Callable[[], Speaker | None] | None) -> None:
        self._found: dict[str, Speaker | str] = {}
        self._thread: threading.Thread | None = None
        if braille is not None:
            opener = braille
            self._thread = threading.Thread(
                target=lambda: self._found.update(
                    start_all({"braille": opener}, START_SECONDS + 0.5)
                ),
                name="start braille", daemon=True,
            )
            self._thread.start()

    def beside(self, speaker: Speaker) -> Speaker:
        """`speaker` with the display added (when one started and something is spoken)."""
        if self._thread is None:
            return speaker
        self._thread.join(START_SECONDS + 1.0)
        display = self._found.get("braille")
        if isinstance(display, str):
            log.info("no braille display: %s", display)
            return speaker
        if display is None:
            return speaker
        if not voiced(speaker):
            display.close()  # nothing is spoken: the console shows the printed lines
            return speaker
        return TeeSpeaker([speaker, display])


def _outputs(speaker: Speaker) -> list[Speaker]:
    """The outputs ``speaker`` says things through, looking through the chain, recorders
    and tees."""
    if isinstance(speaker, FallbackSpeaker):
        return _outputs(speaker.current)
    if isinstance(speaker, RecorderSpeaker) and speaker.inner is not None:
        return _outputs(speaker.inner)  # a recorder with nothing inside is an output
    if isinstance(speaker, TeeSpeaker):
        return [out for s in speaker.speakers for out in _outputs(s)]
    return [speaker]


def prints(speaker: Speaker) -> bool:
    """Whether ``speaker``'s lines are written on the terminal as printed text."""
    return any(isinstance(out, PrintSpeaker) for out in _outputs(speaker))


def voiced(speaker: Speaker) -> bool:
    """Whether anything ``speaker`` says is heard (not printed text, not silence)."""
    return any(not isinstance(out, PrintSpeaker | NullSpeaker) for out in _outputs(speaker))


def _start_braille() -> Speaker | None:
    from spades_voice.speech.braille import start_braille

    return start_braille()
