"""How fast speech reaches the player: key -> first audio sample (TTS), key -> Speech
Dispatcher acknowledgement (screen reader), and what each call costs the caller.

    nice -n 15 python bench/bench_speech.py [-n 60] [--gap 0.15]

* **TTS, key -> first sample** (target p95 <= 150 ms): the default path, exactly as the
  game runs it: `query()` is called (what a key handler does first), espeak-ng writes the
  line to a WAV, and a player process is started on it. The sample ends when that player
  process is running with the complete file, taken from inside it: the player on PATH
  here is a small program that reads the WAV's header and first frames and records the
  monotonic time it got them. A real paplay/aplay adds its device buffer on top (about
  20-40 ms at their defaults); there is no sound device on the benchmark machine, which is
  why a stand-in player is used. Each query cuts the one before, as keys do.
* **Screen reader, key -> acknowledgement**: `query()` on the Speech Dispatcher output
  returns when the server has acknowledged the message over its socket. A private
  speech-dispatcher runs in a temporary folder with a module that discards the text.
  Calls are spaced by --gap, like key presses.
* **Call cost**: how long `query()`/`event()` hold the caller (print, recorder, TTS).

It prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
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

from spades_voice.speech import PrintSpeaker, RecorderSpeaker, SpeechError
from spades_voice.speech.speechd import SpeechdSpeaker
from spades_voice.speech.synth import espeak_program
from spades_voice.speech.tts import TtsSpeaker

LINES = [
    "Robin, 9 of hearts.", "Alex takes the trick.", "Your lead.", "West bids 3.",
    "Spades: queen, 9. Hearts: king, 10, 9, 5, 2. Diamonds: king, 10, 6, 3.",
    "Us 142, 3 bags. Them 98, 1 bag. Target 500.",
]

# A stand-in for paplay: reads the WAV (a file, or its standard input) until it has the
# header and the first frames, notes the monotonic time it had them, then reads the rest
# like a player would. The probe's silence is just read. Written in C when a compiler is
# here, because a real player is a C program and Python's own start-up (30-80 ms on a
# loaded machine) would be counted against the game; otherwise in Python (-S), and then
# the figure is pessimistic.
STAND_IN_C = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[argc - 1] : "-";
    FILE *in = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    char buf[44 + 512];
    size_t got = 0, n;
    if (!in) return 1;
    while (got < sizeof buf && (n = fread(buf + got, 1, sizeof buf - got, in)) > 0) got += n;
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    if (!strstr(path, "probe")) {
        FILE *log = fopen(getenv("BENCH_PLAYER_LOG"), "a");
        fprintf(log, "%ld.%09ld\n", (long)t.tv_sec, t.tv_nsec);
        fclose(log);
    }
    while (fread(buf, 1, sizeof buf, in) > 0) {}
    return 0;
}
"""
STAND_IN_PY = r"""
import os, sys, time
path = sys.argv[-1] if len(sys.argv) > 1 else "-"
f = sys.stdin.buffer if path == "-" else open(path, "rb")
f.read(44 + 512)
got = time.monotonic()
if "probe" not in path:
    with open(os.environ["BENCH_PLAYER_LOG"], "a") as log:
        log.write(f"{got}\n")
while f.read(65536):
    pass
"""


def stand_in_player(root: Path) -> tuple[Path, str]:
    """Write the stand-in `paplay` into root/bin; returns it and what it is written in."""
    bin_dir = root / "bin"
    bin_dir.mkdir()
    player = bin_dir / "paplay"
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is not None:
        source = root / "player.c"
        source.write_text(STAND_IN_C)
        built = subprocess.run([compiler, "-O2", "-o", str(player), str(source)],
                               capture_output=True, check=False, timeout=60)
        if built.returncode == 0:
            return player, "C"
    script = root / "player.py"
    script.write_text(STAND_IN_PY)
    player.write_text(f'#!/bin/sh\nexec "{sys.executable}" -S "{script}" "$@"\n')
    player.chmod(0o755)
    return player, "Python"


def p95(samples: list[float]) -> float:
    """95th percentile, in the samples' unit."""
    return statistics.quantiles(samples, n=20)[-1]


def report(label: str, ms: list[float], target: float | None = None) -> None:
    verdict = ""
    if target is not None:
        verdict = "OK" if p95(ms) <= target else f"OVER {target:g} ms"
    print(
        f"{label:<40} n={len(ms):4d}  median={statistics.median(ms):7.2f} ms  "
        f"p95={p95(ms):7.2f} ms  max={max(ms):7.2f} ms  {verdict}"
    )


def call_cost(n: int) -> None:
    out = io.StringIO()
    for name, speaker in (("print", PrintSpeaker(out)), ("recorder", RecorderSpeaker())):
        for kind in ("event", "query"):
            say = getattr(speaker, kind)
            ms = []
            for i in range(n):
                began = time.perf_counter()
                say(LINES[i % len(LINES)])
                ms.append((time.perf_counter() - began) * 1000)
                out.seek(0)
                out.truncate()
            report(f"{name} {kind}: call returns", ms, 5.0)


def tts_first_sample(n: int, gap: float) -> None:
    if espeak_program() is None:
        print("tts: skipped (espeak-ng not installed)")
        return
    with tempfile.TemporaryDirectory(prefix="bench-tts-") as tmp:
        root = Path(tmp)
        player, written_in = stand_in_player(root)
        bin_dir = player.parent
        log = root / "player.log"
        saved = {k: os.environ.get(k) for k in ("PATH", "BENCH_PLAYER_LOG")}
        os.environ["PATH"] = f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"
        os.environ["BENCH_PLAYER_LOG"] = str(log)
        try:
            speaker = TtsSpeaker()
        except SpeechError as exc:
            print(f"tts: skipped ({exc})")
            return
        ms, cost = [], []
        try:
            for i in range(n):
                before = log.read_text().count("\n") if log.exists() else 0
                began = time.monotonic()
                speaker.query(LINES[i % len(LINES)])
                cost.append((time.monotonic() - began) * 1000)
                deadline = began + 5.0
                while time.monotonic() < deadline:
                    lines = log.read_text().splitlines() if log.exists() else []
                    if len(lines) > before:
                        ms.append((float(lines[before]) - began) * 1000)
                        break
                    time.sleep(0.002)
                time.sleep(gap)
        finally:
            speaker.silence()
            speaker.close()
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
        report("tts query: call returns", cost, 5.0)
        report(f"tts key -> first audio sample ({written_in} player)", ms, 150.0)


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


def screenreader_ack(n: int, gap: float) -> None:
    with private_speechd() as ok:
        if not ok:
            print("screenreader: skipped (speech-dispatcher not installed)")
            return
        try:
            speaker = SpeechdSpeaker()
        except SpeechError as exc:
            print(f"screenreader: skipped ({exc})")
            return
        try:
            for kind in ("event", "query"):
                say = getattr(speaker, kind)
                ms = []
                for i in range(n):
                    began = time.monotonic()
                    say(LINES[i % len(LINES)])
                    ms.append((time.monotonic() - began) * 1000)
                    time.sleep(gap)
                report(f"screenreader {kind}: key -> speechd ack", ms, 5.0)
        finally:
            speaker.silence()
            speaker.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=60, help="samples per figure")
    parser.add_argument("--gap", type=float, default=0.15, help="seconds between keys")
    args = parser.parse_args()
    print(json.dumps({"python": sys.version.split()[0], "cpus": os.cpu_count(),
                      "load": os.getloadavg()[0] if hasattr(os, "getloadavg") else None}))
    call_cost(max(args.n, 200))
    tts_first_sample(args.n, args.gap)
    screenreader_ack(args.n, args.gap)


if __name__ == "__main__":
    main()
