"""Helpers for the real speech tests: a private Speech Dispatcher and a silent player.

The speech-dispatcher server runs headless inside the test's tmp dir with its own config
(`-C`), socket (`-S`), pid file and logs, so it never meets a user's or another test's
server. Its only output module is sd_generic running `capture.sh`, which for each
utterance writes the text (NNNN.txt) and a WAV made by `espeak-ng -w` (NNNN.wav), then
"plays" it silently by sleeping for the WAV's real duration (soxi), then writes NNNN.done.
A cancelled utterance therefore has a .txt and no .done.
"""

from __future__ import annotations

import glob
import shutil
import sys
import time
import wave
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from spades_voice.speech._speechd import load_speechd

CAPTURE_SH = r"""#!/bin/sh
# capture.sh OUTDIR RATE, text on stdin: save text and WAV, then play silently.
out="$1"; rate="$2"
tmp="$out/.cur.$$"
cat > "$tmp.txt"
n=$(ls "$out" | grep -c '\.txt$')
n=$(printf %04d $((n + 1)))
mv "$tmp.txt" "$out/$n.txt"
espeak-ng -s "$rate" -f "$out/$n.txt" -w "$tmp.wav" 2>>"$out/espeak.err"
mv "$tmp.wav" "$out/$n.wav"
sleep "$(soxi -D "$out/$n.wav")"
touch "$out/$n.done"
"""

SPEECHD_CONF = """\
LogLevel 3
LogDir "{log}"
AudioOutputMethod "libao"
DefaultLanguage "en"
DefaultModule capture
AddModule "capture" "sd_generic" "capture.conf"
"""

CAPTURE_CONF = """\
Debug 0
GenericExecuteSynth "printf %s \\'$DATA\\' | {script} {out} $RATE"
GenericLanguage "en" "en" "utf-8"
AddVoice "en" "MALE1" "en"
DefaultVoice "en"
GenericRateAdd 175
GenericRateMultiply 1
GenericRateForceInteger 1
"""


def module_dir() -> Path | None:
    """Where this system keeps speech-dispatcher's output modules."""
    for pattern in (
        "/usr/lib/speech-dispatcher-modules",
        "/usr/lib/*/speech-dispatcher-modules",
        "/usr/libexec/speech-dispatcher-modules",
        "/usr/lib64/speech-dispatcher-modules",
    ):
        for found in glob.glob(pattern):
            if (Path(found) / "sd_generic").exists():
                return Path(found)
    return None


def require_speechd_stack() -> Path:
    """Skip with the missing piece named, else return the module directory."""
    for tool, package in (
        ("speech-dispatcher", "speech-dispatcher"),
        ("espeak-ng", "espeak-ng"),
        ("soxi", "sox"),
    ):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} not installed (apt install {package})")
    modules = module_dir()
    if modules is None:
        pytest.skip("speech-dispatcher's sd_generic module not found")
    if load_speechd()[0] is None:
        pytest.skip("Python speechd client not found (apt install python3-speechd)")
    return modules


def wav_seconds(path: Path) -> float:
    """Duration of a WAV file, read with the standard library."""
    with wave.open(str(path), "rb") as wav:
        return wav.getnframes() / wav.getframerate()


def wait_until(predicate: Callable[[], bool], timeout: float) -> bool:
    """Poll `predicate` until true or `timeout` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


@dataclass
class SpeechdServer:
    """A running private speech-dispatcher and the folder its utterances land in."""

    out: Path
    log: Path
    address: str

    def texts(self) -> list[str]:
        """Utterances received so far, in order."""
        return [p.read_text(encoding="utf-8") for p in sorted(self.out.glob("*.txt"))]

    def done(self) -> list[str]:
        """Utterances that played to the end."""
        return [
            p.with_suffix(".txt").read_text(encoding="utf-8")
            for p in sorted(self.out.glob("*.done"))
        ]


SILENT_PLAYER = """\
import sys, time, wave
with wave.open(sys.argv[1], "rb") as w:
    time.sleep(w.getnframes() / w.getframerate())
"""


def require_espeak() -> None:
    """Skip unless pyttsx3 can reach espeak-ng."""
    import ctypes.util

    if sys.platform.startswith("linux") and ctypes.util.find_library("espeak-ng") is None:
        pytest.skip("libespeak-ng not installed (apt install espeak-ng)")
