"""How long speech calls take, against the targets in issue 4 (all p95 ≤ 5 ms).

* print, recorder, screen reader: from `query()`/`event()` to the backend having the text
  (the stream's write; the recorder's inner speaker; Speech Dispatcher acknowledging the
  message over its socket, which is when `speak()` returns);
* TTS: from `query()`/`event()` until it returns to the caller.

The screen reader figure needs speech-dispatcher; a private one is started in a temporary
directory with a generic module that discards the text, so nothing is played. Its calls
are spaced by --gap (default 30 ms, fast key repeat): back to back, every query makes the
server kill and restart its module's command, and that churn, not our code, dominates.
Run: python bench/bench_speech.py [-n N]. It prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from spades_voice.speech import (
    PrintSpeaker,
    RecorderSpeaker,
    ScreenReaderSpeaker,
    Speaker,
    SpeechError,
    TtsSpeaker,
)

LINES = ["Robin, 9 of hearts.", "Alex takes the trick.", "Your lead.", "West bids 3."]
SILENT_PLAYER = "import sys, time, wave; w = wave.open(sys.argv[1]); time.sleep(0.05)"


def p95(samples: list[float]) -> float:
    """95th percentile in milliseconds."""
    return statistics.quantiles(samples, n=20)[-1] * 1000.0


def report(label: str, samples: list[float]) -> None:
    ms = [s * 1000.0 for s in samples]
    print(
        f"{label:<34} n={len(ms):4d}  median={statistics.median(ms):7.3f} ms  "
        f"p95={p95(samples):7.3f} ms  max={max(ms):7.3f} ms  "
        f"{'OK' if p95(samples) <= 5.0 else 'OVER 5 ms'}"
    )


class _Clock:
    """Remembers when the backend last received text."""

    def __init__(self) -> None:
        self.at = 0.0

    def mark(self, _text: str = "") -> None:
        self.at = time.perf_counter()


class _TimedStream(io.StringIO):
    def __init__(self, clock: _Clock) -> None:
        super().__init__()
        self.clock = clock

    def write(self, s: str) -> int:
        self.clock.mark()
        self.seek(0)  # keep memory flat over many lines
        return super().write(s)


class _TimedInner:
    name = "timed"

    def __init__(self, clock: _Clock) -> None:
        self.clock = clock

    def query(self, text: str) -> None:
        self.clock.mark(text)

    def event(self, text: str) -> None:
        self.clock.mark(text)

    def silence(self) -> None:
        """Nothing to stop."""

    def close(self) -> None:
        """Nothing to release."""


def until_received(speaker: Speaker, clock: _Clock, n: int, kind: str) -> list[float]:
    say = speaker.query if kind == "query" else speaker.event
    samples = []
    for i in range(n):
        began = time.perf_counter()
        say(LINES[i % len(LINES)])
        samples.append(clock.at - began)
    return samples


def until_return(speaker: Speaker, n: int, kind: str, gap: float = 0.0) -> list[float]:
    say = speaker.query if kind == "query" else speaker.event
    samples = []
    for i in range(n):
        began = time.perf_counter()
        say(LINES[i % len(LINES)])
        samples.append(time.perf_counter() - began)
        if gap:
            time.sleep(gap)
    return samples


@contextlib.contextmanager
def private_speechd() -> Iterator[bool]:
    """Run speech-dispatcher in a temp dir and point SPEECHD_ADDRESS at it."""
    modules = Path("/usr/lib/speech-dispatcher-modules")
    if shutil.which("speech-dispatcher") is None or not (modules / "sd_generic").exists():
        yield False
        return
    with tempfile.TemporaryDirectory(prefix="bench-speechd-") as tmp:
        root = Path(tmp)
        (root / "conf" / "modules").mkdir(parents=True)
        (root / "conf" / "speechd.conf").write_text(
            f'LogLevel 1\nLogDir "{root}"\nAudioOutputMethod "libao"\nDefaultModule discard\n'
            'AddModule "discard" "sd_generic" "discard.conf"\nDefaultLanguage "en"\n'
        )
        (root / "conf" / "modules" / "discard.conf").write_text(
            'GenericExecuteSynth "printf %s \\\'$DATA\\\' > /dev/null"\n'
            'GenericLanguage "en" "en" "utf-8"\nAddVoice "en" "MALE1" "en"\n'
        )
        sock = root / "speechd.sock"
        proc = subprocess.Popen(
            ["speech-dispatcher", "-s", "-t", "0", "-C", str(root / "conf"),
             "-m", str(modules), "-S", str(sock), "-P", str(root / "pid"), "-L", str(root)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        saved = {k: os.environ.get(k) for k in ("SPEECHD_ADDRESS", "SPEECHD_CMD")}
        try:
            deadline = time.monotonic() + 15
            while not sock.exists() and time.monotonic() < deadline:
                time.sleep(0.05)
            os.environ["SPEECHD_ADDRESS"] = f"unix_socket:{sock}"
            os.environ["SPEECHD_CMD"] = "/bin/false"
            yield sock.exists()
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)


def run(n: int, gap: float) -> None:
    clock = _Clock()
    for kind in ("event", "query"):
        report(f"print {kind} -> stream", until_received(PrintSpeaker(_TimedStream(clock)),
                                                         clock, n, kind))
    with tempfile.TemporaryDirectory() as tmp, open(Path(tmp) / "log.jsonl", "w") as log:
        recorder = RecorderSpeaker(_TimedInner(clock), log)
        for kind in ("event", "query"):
            report(f"recorder(+log) {kind} -> inner", until_received(recorder, clock, n, kind))

    with private_speechd() as ok:
        if ok:
            speaker = ScreenReaderSpeaker()
            try:
                for kind in ("event", "query"):
                    report(f"screenreader {kind} -> speechd ack",
                           until_return(speaker, n, kind, gap))
            finally:
                speaker.close()
        else:
            print("screenreader: skipped (speech-dispatcher not installed)")

    try:
        tts = TtsSpeaker(player=[sys.executable, "-c", SILENT_PLAYER])
    except SpeechError as exc:
        print(f"tts: skipped ({exc})")
        return
    try:
        for kind in ("event", "query"):
            report(f"tts {kind} -> return to caller", until_return(tts, n, kind))
            tts.silence()
    finally:
        tts.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=500, help="calls per measurement")
    parser.add_argument(
        "--gap", type=float, default=0.03,
        help="seconds between screen reader calls (0.03: key repeat at about 30 keys/s)",
    )
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus, screen reader gap {args.gap}s")
    run(args.n, args.gap)


if __name__ == "__main__":
    main()
