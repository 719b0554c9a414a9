"""Helpers for the real speech tests: a private Speech Dispatcher and a silent player.

The speech-dispatcher server runs headless inside the test's tmp dir with its own config
(`-C`), socket (`-S`), pid file and logs, so it never meets a user's or another test's
server. Its only output module is sd_generic running `capture.sh`, which for each
utterance writes the text (NNNN.txt) and a WAV made by `espeak-ng -w` (NNNN.wav), then
"plays" it silently by sleeping for the WAV's real duration (soxi), then writes NNNN.done.
A cancelled utterance therefore has a .txt and no .done. A test can hold every line after
the Nth (`hold_after`): it plays until the server is killed, so a kill lands mid-line
however loaded the machine is.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import wave
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from spades_voice.speech._speechd import load_speechd

CAPTURE_SH = r"""#!/bin/sh
# capture.sh OUTDIR RATE [LANGUAGE], text on stdin: save text, language and WAV, then play
# silently.
out="$1"; rate="$2"; lang="${3:-en}"
# Work files end in .part, so the tests' *.txt and *.wav never see one half written.
tmp="$out/.cur.$$"
cat > "$tmp.txt.part"
n=$(ls "$out" | grep -c '\.txt$')
n=$(printf %04d $((n + 1)))
printf %s "$lang" > "$out/$n.lang"
mv "$tmp.txt.part" "$out/$n.txt"
espeak-ng -v "$lang" -s "$rate" -f "$out/$n.txt" -w "$tmp.wav.part" 2>>"$out/espeak.err"
mv "$tmp.wav.part" "$out/$n.wav"
# Held (SpeechdServer.hold_after): this line "plays" until the server is killed.
if [ -e "$out/.hold" ] && [ "$n" -gt "$(cat "$out/.hold")" ]; then
  while :; do sleep 1; done
fi
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
GenericExecuteSynth "printf %s \\'$DATA\\' | {script} {out} $RATE $LANGUAGE"
GenericLanguage "en" "en" "utf-8"
GenericLanguage "es" "es" "utf-8"
AddVoice "en" "MALE1" "en"
AddVoice "es" "MALE1" "es"
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


def speechd_command(conf: Path, out: Path, log: Path, run: Path,
                    script: str = CAPTURE_SH) -> list[str]:
    """A private speech-dispatcher: writes its configuration in ``conf`` (its one output
    module runs ``script``, capture.sh by default, which keeps what it says in ``out``;
    its logs go to ``log``) and returns the command that starts it, with its socket and
    pid file in ``run`` (``run / "speechd.sock"``). Skips where the stack is missing."""
    modules = require_speechd_stack()
    for folder in (conf / "modules", out, log, run):
        folder.mkdir(parents=True, exist_ok=True)
    capture = conf / "capture.sh"
    capture.write_text(script, encoding="utf-8")
    capture.chmod(0o755)
    (conf / "speechd.conf").write_text(SPEECHD_CONF.format(log=log), encoding="utf-8")
    (conf / "modules" / "capture.conf").write_text(
        CAPTURE_CONF.format(script=capture, out=out), encoding="utf-8"
    )
    return [
        "speech-dispatcher", "--run-single", "--timeout", "0",
        "--config-dir", str(conf), "--module-dir", str(modules),
        "--communication-method", "unix_socket", "--socket-path", str(run / "speechd.sock"),
        "--pid-file", str(run / "speechd.pid"), "--log-dir", str(log),
    ]


def wav_seconds(path: Path) -> float:
    """Duration of a WAV file, read with the standard library."""
    with wave.open(str(path), "rb") as wav:
        return wav.getnframes() / wav.getframerate()


@dataclass
class SpeechdServer:
    """A running private speech-dispatcher and the folder its utterances land in."""

    out: Path
    log: Path
    address: str
    kill: Callable[[], None]
    restart: Callable[[], None]

    def texts(self) -> list[str]:
        """Utterances received so far, in order."""
        return [p.read_text(encoding="utf-8") for p in sorted(self.out.glob("*.txt"))]

    def done(self) -> list[str]:
        """Utterances that played to the end."""
        return [
            p.with_suffix(".txt").read_text(encoding="utf-8")
            for p in sorted(self.out.glob("*.done"))
        ]

    def hold_after(self, count: int) -> None:
        """Let the first `count` utterances finish; every later one plays until killed."""
        (self.out / ".hold").write_text(str(count), encoding="utf-8")


def spy_finished(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts whose END event reached the game's speechd client, in order.

    The server sends END only after its module has finished a line, a few milliseconds
    later; a server killed in between never sends it, and the game rightly counts the
    line unheard. A test that kills "after a line finished" waits on this list, not on
    the module's .done file. It wraps the real client's callback and changes nothing.
    """
    speechd = load_speechd()[0]
    assert speechd is not None
    finished: list[str] = []
    speak = speechd.SSIPClient.speak

    def spying(self: object, text: str, callback: Callable[..., None] | None = None,
               event_types: object = None) -> object:
        if callback is None:
            return speak(self, text, event_types=event_types)

        def told(kind: object, **kwargs: object) -> None:
            if kind == speechd.CallbackType.END:
                finished.append(text)
            callback(kind, **kwargs)

        return speak(self, text, callback=told, event_types=event_types)

    monkeypatch.setattr(speechd.SSIPClient, "speak", spying)
    return finished


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


# -- the default TTS path: a fake player on PATH ------------------------------------------

FAKE_PLAYER = r'''
import hashlib, json, os, signal, struct, sys, time
log = os.environ["FAKE_PLAYER_LOG"]
# A file named on the command line, or (as `paplay` with no file) the WAV on stdin.
path = sys.argv[-1] if len(sys.argv) > 1 and sys.argv[-1] != "-" else "(stdin)"
began = time.monotonic()
if path == "(stdin)":
    data = sys.stdin.buffer.read()
else:
    with open(path, "rb") as f:
        data = f.read()
rate = struct.unpack("<I", data[24:28])[0]
frames = data[data.find(b"data") + 8:]
seconds = len(frames) / (2 * rate)
def write(event, **extra):
    record = {"event": event, "pid": os.getpid(), "file": os.path.basename(path),
              "mono": time.monotonic(), "seconds": seconds,
              "sha": hashlib.sha256(frames).hexdigest(), **extra}
    with open(log, "a", encoding="utf-8") as f:
        f.write(json.dumps(record) + "\n")
def on_term(signum, frame):
    write("stop", played=time.monotonic() - began)
    os._exit(143)
signal.signal(signal.SIGTERM, on_term)
write("start")
if os.environ.get("FAKE_PLAYER_FAIL") and "probe" not in path:
    write("fail")
    sys.exit(1)
# Held (FakePlayer.hold): no line ends while the hold file is there.
hold = os.environ.get("FAKE_PLAYER_HOLD", "")
while hold and os.path.exists(hold) and "probe" not in path:
    time.sleep(0.01)
time.sleep(max(0.0, seconds - (time.monotonic() - began)))
write("end")
'''


@dataclass
class FakePlayer:
    """A `paplay` on PATH that logs start, stop (when killed, with the time played), end,
    and the length and a hash of the audio it was given; it plays nothing, and ends no
    line while held."""

    bin_dir: Path
    log: Path

    @property
    def hold_file(self) -> Path:
        """While this file exists no line ends (FAKE_PLAYER_HOLD names it)."""
        return self.log.with_suffix(".hold")

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        """No line ends inside the block, however long it is: a line that ended was let
        go, one that was stopped was cut, whatever the machine's speed."""
        self.hold_file.touch()
        try:
            yield
        finally:
            self.hold_file.unlink(missing_ok=True)

    def records(self, *, probes: bool = False) -> list[dict[str, object]]:
        """What the player was asked to do, in order (probe silence left out)."""
        if not self.log.exists():
            return []
        found = [json.loads(x) for x in self.log.read_text(encoding="utf-8").splitlines() if x]
        return [r for r in found if probes or "probe" not in str(r["file"])]

    def played(self, event: str = "start") -> list[str]:
        """The hashes of the audio, one per `event` record."""
        return [str(r["sha"]) for r in self.records() if r["event"] == event]


def make_fake_player(tmp_path: Path, name: str = "paplay") -> FakePlayer:
    """Write the fake player as `name` into a fresh bin folder (not yet on PATH)."""
    bin_dir = tmp_path / "fake-bin"
    bin_dir.mkdir(exist_ok=True)
    script = tmp_path / "fake_player.py"
    script.write_text(FAKE_PLAYER, encoding="utf-8")
    player = bin_dir / name
    player.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{script}" "$@"\n', encoding="utf-8")
    player.chmod(0o755)
    return FakePlayer(bin_dir, tmp_path / "player.jsonl")


def clean_path(tmp_path: Path, *extra: Path) -> str:
    """A PATH with espeak-ng and the basic tools, and no real audio player."""
    tools = tmp_path / "tools-bin"
    tools.mkdir(exist_ok=True)
    for tool in ("espeak-ng", "sh", "cat", "sleep", "soxi", "ls", "grep", "mv", "printf",
                 "touch"):
        found = shutil.which(tool)
        if found is not None and not (tools / tool).exists():
            (tools / tool).symlink_to(found)
    return os.pathsep.join([*(str(p) for p in extra), str(tools)])


def audio_sha(text: str, rate: int | None = None) -> str:
    """The hash of the frames espeak-ng makes for `text` (it is deterministic)."""
    with tempfile.TemporaryDirectory() as tmp:
        wav_path = Path(tmp) / "x.wav"
        command = ["espeak-ng", "--stdin", "-w", str(wav_path)]
        if rate is not None:
            command += ["-s", str(rate)]
        subprocess.run(command, input=text.encode(), check=True, timeout=10)
        with wave.open(str(wav_path), "rb") as wav:
            return hashlib.sha256(wav.readframes(wav.getnframes())).hexdigest()


# -- fake Speech Dispatchers -----------------------------------------------------------------


class MuteSpeechd:
    """A Unix socket that accepts connections and never answers (a hung server)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._server.bind(str(path))
        self._server.listen(16)
        self._accepted: list[socket.socket] = []
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    @property
    def address(self) -> str:
        return f"unix_socket:{self.path}"

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = self._server.accept()
                self._accepted.append(conn)

    def close(self) -> None:
        for conn in self._accepted:
            conn.close()
        self._server.close()


class FakeSsip(MuteSpeechd):
    """An SSIP server that answers like Speech Dispatcher until `go_silent()`.

    It records the text of every SPEAK it accepted and never sends END, so every line is
    "accepted, not finished" as far as the client can tell.
    """

    def __init__(self, path: Path) -> None:
        self.spoken: list[str] = []
        self.silent = threading.Event()
        super().__init__(path)

    def go_silent(self) -> None:
        self.silent.set()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = self._server.accept()
                self._accepted.append(conn)
                threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        buffer = b""
        receiving = False
        msg_id = 0
        with contextlib.suppress(OSError):
            while True:
                data = conn.recv(4096)
                if not data:
                    return
                buffer += data
                while b"\r\n" in buffer:
                    if receiving:
                        end = buffer.find(b"\r\n.\r\n")
                        if end < 0:
                            break
                        text, buffer = buffer[:end], buffer[end + 5:]
                        receiving = False
                        if self.silent.is_set():
                            continue
                        self.spoken.append(text.decode())
                        msg_id += 1
                        conn.sendall(f"225-{msg_id}\r\n225 OK MESSAGE QUEUED\r\n".encode())
                        continue
                    line, buffer = buffer.split(b"\r\n", 1)
                    if self.silent.is_set():
                        continue
                    command = line.decode().upper()
                    if command.startswith("HISTORY GET CLIENT_ID"):
                        conn.sendall(b"240-7\r\n240 OK CLIENT ID SENT\r\n")
                    elif command == "SPEAK":
                        receiving = True
                        conn.sendall(b"230 OK RECEIVING DATA\r\n")
                    else:
                        conn.sendall(b"200 OK\r\n")


# -- a recorded BrlAPI client -----------------------------------------------------------------

FAKE_BRLAPI = r'''
"""A stand-in for BrlAPI's Python module that logs every call it gets (JSON lines)."""
import json, os
TTY_DEFAULT = -1
rangeType_command = 2
KEY_TYPE_CMD = 0x20000000
KEY_TYPE_MASK = 0xE0000000
KEY_CMD_FWINLT = 23
KEY_CMD_FWINRT = 24
class ConnectionError(Exception):
    pass
def expandKeyCode(code):
    return {"type": code & KEY_TYPE_MASK, "command": code & 0xFFFF, "argument": 0, "flags": 0}
def _log(call, *args):
    with open(os.environ["FAKE_BRLAPI_LOG"], "a", encoding="utf-8") as f:
        f.write(json.dumps([call, *args]) + "\n")
class Connection:
    def __init__(self, host=None, auth=None):
        if os.environ.get("FAKE_BRLAPI_DOWN"):
            raise ConnectionError("couldn't connect\nIs BRLTTY really running?")
        _log("connect")
        self.driverName = "FakeDisplay"
        self.displaySize = (40, 1)
    def enterTtyMode(self, tty=TTY_DEFAULT, driver=None):
        _log("enterTtyMode")
    def ignoreAllKeys(self):
        _log("ignoreAllKeys")
    def acceptKeys(self, key_type, keys):
        _log("acceptKeys", key_type, sorted(k & 0xFFFF for k in keys))
    def readKey(self, wait=True):
        # Keys "pressed" on the display: one command number a line in FAKE_BRLAPI_KEYS.
        path = os.environ.get("FAKE_BRLAPI_KEYS")
        if not path or not os.path.exists(path):
            return None
        with open(path) as f:
            lines = f.read().split()
        if not lines:
            return None
        with open(path, "w") as f:
            f.write("\n".join(lines[1:]))
        return KEY_TYPE_CMD | int(lines[0])
    def writeText(self, text, cursor=-1):
        _log("writeText", text)
    def leaveTtyMode(self):
        _log("leaveTtyMode")
    def closeConnection(self):
        _log("closeConnection")
'''


def make_fake_brlapi(tmp_path: Path) -> tuple[Path, Path]:
    """A folder holding the recording `brlapi` module, and the log it writes."""
    folder = tmp_path / "fake-brlapi"
    folder.mkdir(exist_ok=True)
    (folder / "brlapi.py").write_text(FAKE_BRLAPI, encoding="utf-8")
    return folder, tmp_path / "brlapi.jsonl"


def brlapi_calls(log: Path) -> list[list[str]]:
    """The calls the recording BrlAPI module received, in order."""
    if not log.exists():
        return []
    return [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines() if x]


# -- a real BRLTTY with its TTY braille driver ------------------------------------------------


@dataclass
class Brltty:
    """BRLTTY showing its 40-cell display on a pseudo-terminal we read; BrlAPI on TCP."""

    host: str
    master: int

    def shown(self, timeout: float = 0.3) -> str:
        """What the display showed since the last call (text, with the braille dots)."""
        import select

        data = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                with contextlib.suppress(OSError):
                    data += os.read(self.master, 65536)
        return data.decode("utf-8", "replace")
