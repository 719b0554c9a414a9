"""A private desktop with a real screen reader, for the tests that listen through Orca.

Everything runs on this machine only and belongs to the test: Xvfb on a display it picks
itself (``-displayfd``); a session D-Bus of its own (a socket in the test's folder); the
AT-SPI bus (``at-spi-bus-launcher --launch-immediately``) with ``org.a11y.Status``
``IsEnabled`` and ``ScreenReaderEnabled`` set true before any application starts, then
``at-spi2-registryd``; a speech-dispatcher with its own socket, pid file and configuration
whose one output module writes each utterance to a file and "plays" it silently for as long
as espeak-ng would take to say it (the capture module of the speech tests); and Orca, with
its own preferences and home, pointed at that speech-dispatcher by ``SPEECHD_ADDRESS`` and
writing its debug log. Keys go through X (``xdotool`` after ``windowfocus``), so Orca hears
them as a user's.

Every process is started in a session of its own and ended, with everything it started,
in ``close()``; every wait has a generous bound that only a hang reaches.
"""

from __future__ import annotations

import contextlib
import os
import pty
import re
import select
import shutil
import subprocess
import threading
import time
import tty
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import end_session, wait_until
from speech_helpers import require_speechd_stack, speechd_command

#: The programs the desktop needs, and the Debian package of each.
PROGRAMS = {
    "Xvfb": "xvfb", "dbus-daemon": "dbus-x11", "dbus-send": "dbus-x11",
    "orca": "orca", "xdotool": "xdotool",
}
#: Orca's look for other Orcas, kept to this desktop's display.
PGREP_SHIM = """#!/bin/sh
for pid in $({pgrep} "$@"); do
    tr '\\0' '\\n' < /proc/$pid/environ 2>/dev/null | grep -qx "DISPLAY=$DISPLAY" && echo $pid
done
exit 0
"""

#: Where Debian and others keep the AT-SPI bus launcher and registry.
LIBEXEC = ("/usr/libexec", "/usr/lib/at-spi2-core", "/usr/lib/at-spi2")


def _libexec(name: str) -> str | None:
    for folder in LIBEXEC:
        if os.access(Path(folder) / name, os.X_OK):
            return str(Path(folder) / name)
    return None


def require_desktop() -> None:
    """Skip, naming what to install, unless every program the desktop needs is here."""
    for program, package in PROGRAMS.items():
        if shutil.which(program) is None:
            pytest.skip(f"{program} is not installed (apt-get install {package}): no Orca desktop")
    for program in ("at-spi-bus-launcher", "at-spi2-registryd"):
        if _libexec(program) is None:
            pytest.skip(f"{program} is not installed (apt-get install at-spi2-core)")
    found = subprocess.run(
        ["/usr/bin/python3", "-c", "import pyatspi"], capture_output=True, timeout=60
    ) if os.path.exists("/usr/bin/python3") else None
    if found is None or found.returncode != 0:
        pytest.skip("pyatspi is not installed for the system Python (apt-get install "
                    "python3-pyatspi): Orca cannot run")
    require_speechd_stack()


@dataclass
class Utterance:
    """One thing that reached speech (a sentence, as the module says it): its text, and
    whether it played to its end."""

    number: int
    text: str
    done: bool


def normal(text: str) -> str:
    """Text as compared: spaces folded, ends trimmed, case and the last full stop kept."""
    return " ".join(text.split())


def sentences(text: str) -> list[str]:
    """``text``'s sentences: speech-dispatcher's generic output module says a message a
    sentence at a time ("Hand 1." then "Alex deals."), so lines and what reached speech
    are compared sentence by sentence."""
    return [s for s in re.split(r"(?<=[.!?])\s+", normal(text)) if s]


def lines_in_speech(spoken: list[str], lines: list[str]) -> list[str]:
    """The page's ``lines`` found in ``spoken``, in the order spoken: a line counts where
    its sentences were spoken one after another; everything else Orca said (key echo,
    role words, the focused control) is passed over."""
    shapes = sorted({tuple(sentences(x)) for x in lines}, key=len, reverse=True)
    said = [s for u in spoken for s in sentences(u)]
    found, i = [], 0
    while i < len(said):
        for shape in shapes:
            if shape and tuple(said[i:i + len(shape)]) == shape:
                found.append(" ".join(shape))
                i += len(shape)
                break
        else:
            i += 1
    return found


@dataclass
class Hearing:
    """How ``lines`` (what the page announced) came through speech."""

    announced: list[str]
    heard: int  # spoken in the order announced
    lost: list[str]  # not spoken in that order (never, or out of order)
    twice: list[str]  # spoken more often than announced
    missing: list[str]  # never spoken (as often as announced), whatever the order

    def __str__(self) -> str:
        return (f"{self.heard} of {len(self.announced)} lines spoken in order; "
                f"lost: {self.lost}; never spoken: {self.missing}; "
                f"spoken twice: {self.twice}")


def hearing(lines: list[str], spoken: list[str]) -> Hearing:
    """Which announced ``lines`` were spoken in order (the longest common subsequence
    of the lines and the lines found in speech), which were lost, which said twice."""
    lines = [" ".join(sentences(x)) for x in lines]
    got = lines_in_speech(spoken, lines)
    n, m = len(lines), len(got)
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            best[i][j] = (best[i + 1][j + 1] + 1 if lines[i] == got[j]
                          else max(best[i + 1][j], best[i][j + 1]))
    lost, i, j = [], 0, 0
    while i < n and j < m:
        if lines[i] == got[j]:
            i, j = i + 1, j + 1
        elif best[i + 1][j] >= best[i][j + 1]:
            lost.append(lines[i])
            i += 1
        else:
            j += 1
    lost += lines[i:]
    extra = Counter(got) - Counter(lines)
    short = Counter(lines) - Counter(got)
    missing = [x for x in lines if short[x] and not short.subtract([x])]
    return Hearing(lines, best[0][0], lost, sorted(extra.elements()), missing)


class Desktop:
    """Xvfb, a session bus, AT-SPI, a private speech-dispatcher and Orca; ``close()`` ends
    them all. ``env`` is what an application started on this desktop needs."""

    def __init__(self, root: Path) -> None:
        require_desktop()
        self.root = root
        self.procs: list[subprocess.Popen[bytes]] = []
        self.out = root / "speech"
        self.orca_log = root / "orca-debug.out"
        self._debug_copy: threading.Thread | None = None
        self._debug_fds = (-1, -1)
        self.env: dict[str, str] = {}
        try:
            self._start()
        except BaseException:
            self.close()
            raise

    # -- starting -------------------------------------------------------------------------

    def _spawn(self, name: str, args: list[str], **kwargs: object) -> subprocess.Popen[bytes]:
        log = (self.root / "logs" / f"{name}.out").open("ab")
        try:
            proc = subprocess.Popen(
                args, env=kwargs.pop("env", self.env), stdin=subprocess.DEVNULL,
                stdout=kwargs.pop("stdout", log), stderr=log, start_new_session=True,
                **kwargs,  # type: ignore[call-overload]
            )
        finally:
            log.close()
        self.procs.append(proc)
        return proc

    def _read_line(self, fd: int, what: str, timeout: float = 30.0) -> str:
        """One line a starting program writes on ``fd`` (closed here after)."""
        data = b""
        deadline = time.monotonic() + timeout
        try:
            while b"\n" not in data:
                left = deadline - time.monotonic()
                ready, _, _ = select.select([fd], [], [], max(left, 0))
                if not ready:
                    raise AssertionError(f"{what} did not start in {timeout:g} s: "
                                         f"{self.logs()}")
                chunk = os.read(fd, 4096)
                if not chunk:
                    raise AssertionError(f"{what} ended as it started: {self.logs()}")
                data += chunk
        finally:
            os.close(fd)
        return data.decode().strip()

    def _start(self) -> None:
        for folder in ("logs", "home", "config", "data", "cache", "run", "orca"):
            (self.root / folder).mkdir(parents=True, exist_ok=True)
        (self.root / "run").chmod(0o700)
        keep = {k: v for k, v in os.environ.items()
                if k in ("PATH", "LANG", "LC_ALL", "TZ", "VIRTUAL_ENV")}
        self.env = {
            **keep, "HOME": str(self.root / "home"),
            "XDG_CONFIG_HOME": str(self.root / "config"),
            "XDG_DATA_HOME": str(self.root / "data"),
            "XDG_CACHE_HOME": str(self.root / "cache"),
            "XDG_RUNTIME_DIR": str(self.root / "run"),
            "LANG": keep.get("LANG", "C.UTF-8"),
            # Never a real speech-dispatcher spawned behind the test's back.
            "SPEECHD_CMD": "/bin/false",
            "NO_AT_BRIDGE": "0", "GTK_MODULES": "gail:atk-bridge",
        }
        self._xvfb()
        self._session_bus()
        self._accessibility_bus()
        self._speechd()
        self._orca()

    def _xvfb(self) -> None:
        read, write = os.pipe()
        self._spawn("xvfb", ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                             "-nolisten", "tcp", "-noreset"], pass_fds=(write,))
        os.close(write)
        self.env["DISPLAY"] = ":" + self._read_line(read, "Xvfb")

    def _session_bus(self) -> None:
        read, write = os.pipe()
        bus = self.root / "run" / "bus"
        self._spawn("dbus", ["dbus-daemon", "--session", "--nofork", "--nosyslog",
                             f"--address=unix:path={bus}", f"--print-address={write}"],
                    pass_fds=(write,))
        os.close(write)
        self.env["DBUS_SESSION_BUS_ADDRESS"] = self._read_line(read, "dbus-daemon")

    def _dbus(self, *args: str, bus: str | None = None) -> str:
        where = [f"--bus={bus}"] if bus else ["--session"]
        done = subprocess.run(["dbus-send", *where, "--print-reply", *args], env=self.env,
                              capture_output=True, text=True, timeout=30)
        return done.stdout if done.returncode == 0 else ""

    def _owned(self, name: str, bus: str | None = None) -> bool:
        reply = self._dbus("--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                           "org.freedesktop.DBus.NameHasOwner", f"string:{name}", bus=bus)
        return "boolean true" in reply

    def _accessibility_bus(self) -> None:
        launcher, registry = _libexec("at-spi-bus-launcher"), _libexec("at-spi2-registryd")
        assert launcher and registry
        self._spawn("at-spi-bus", [launcher, "--launch-immediately"])
        if not wait_until(lambda: self._owned("org.a11y.Bus"), 30.0):
            raise AssertionError(f"the AT-SPI bus did not start: {self.logs()}")
        # Before any application starts: chromium and GTK read these once, at start.
        for prop in ("IsEnabled", "ScreenReaderEnabled"):
            self._dbus("--dest=org.a11y.Bus", "/org/a11y/bus",
                       "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status",
                       f"string:{prop}", "variant:boolean:true")
        address = ""

        def bus_address() -> bool:
            nonlocal address
            reply = self._dbus("--dest=org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress")
            found = re.search(r'string "([^"]+)"', reply)
            address = found.group(1) if found else ""
            return bool(address)

        if not wait_until(bus_address, 30.0):
            raise AssertionError(f"the AT-SPI bus has no address: {self.logs()}")
        self.env["AT_SPI_BUS_ADDRESS"] = address
        self._spawn("registryd", [registry])
        if not wait_until(lambda: self._owned("org.a11y.atspi.Registry", address), 30.0):
            raise AssertionError(f"at-spi2-registryd did not start: {self.logs()}")

    def _speechd(self) -> None:
        run = self.root / "run"
        self._spawn("speechd", speechd_command(self.root / "speechd", self.out,
                                               self.root / "speechd-log", run))
        sock = run / "speechd.sock"
        if not wait_until(sock.exists, 30.0):
            raise AssertionError(f"speech-dispatcher did not start: {self.logs()}")
        self.env["SPEECHD_ADDRESS"] = f"unix_socket:{sock}"

    def _orca(self) -> None:
        # Orca 43 will not start while any Orca of this user runs anywhere on the machine
        # (``pgrep -u UID -x orca``), though it would serve another display: the pgrep on
        # its PATH counts only the Orcas of this desktop's display.
        shim = self.root / "bin" / "pgrep"
        shim.parent.mkdir(exist_ok=True)
        shim.write_text(PGREP_SHIM.format(pgrep=shutil.which("pgrep") or "/usr/bin/pgrep"),
                        encoding="utf-8")
        shim.chmod(0o755)
        env = {**self.env, "PATH": f"{shim.parent}{os.pathsep}{self.env['PATH']}"}
        self._spawn("orca", ["/usr/bin/python3", shutil.which("orca") or "orca",
                             "--user-prefs", str(self.root / "orca"),
                             "--debug-file", self._debug_terminal()], env=env)
        # Orca says it is on once its speech works: the whole path, heard.
        if not wait_until(lambda: any("Screen reader on" in u.text for u in self.spoken()),
                          90.0):
            raise AssertionError(f"Orca said nothing: {self.spoken()} {self.logs()}")

    def _debug_terminal(self) -> str:
        """Where Orca writes its debug log: a pseudo-terminal, copied into ``orca_log``.
        Orca opens a plain file with Python's 8 KB buffer, so the last few hundred lines
        (what was said last) would reach the file only when the buffer fills or Orca
        exits; to a terminal Python writes every line as it ends."""
        master, slave = pty.openpty()
        tty.setraw(slave)  # the lines as written: no carriage returns added
        self._debug_fds = (master, slave)  # the slave kept open until close(): see there

        def copy() -> None:
            with self.orca_log.open("ab") as out:
                while True:
                    try:
                        chunk = os.read(master, 65536)
                    except OSError:  # EIO: every writer has gone
                        return
                    if not chunk:
                        return
                    out.write(chunk)
                    out.flush()

        self._debug_copy = threading.Thread(target=copy, name="orca-debug", daemon=True)
        self._debug_copy.start()
        return os.ttyname(slave)

    # -- using it -------------------------------------------------------------------------

    def spoken(self) -> list[Utterance]:
        """What reached speech so far, in order."""
        found = []
        for path in sorted(self.out.glob("*.txt")):
            with contextlib.suppress(OSError):
                found.append(Utterance(int(path.stem), normal(path.read_text("utf-8")),
                                       path.with_suffix(".done").exists()))
        return found

    def quiet(self, timeout: float = 60.0) -> None:
        """Until speech is idle: every utterance so far played or cut off, none for a
        moment (Orca's live-region queue speaks a line 0.1 s after it arrives)."""

        def idle() -> bool:
            said = self.spoken()
            if said and not said[-1].done:
                return False
            count = len(said)
            time.sleep(0.6)
            return len(self.spoken()) == count

        assert wait_until(idle, timeout), "speech never went quiet"

    def xdotool(self, *args: str) -> str:
        done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True,
                              text=True, timeout=30)
        return done.stdout.strip()

    def window_of(self, pid: int, timeout: float = 60.0) -> str:
        """The visible X window of process ``pid`` (or a process it started)."""
        found = ""

        def look() -> bool:
            nonlocal found
            ids = self.xdotool("search", "--onlyvisible", "--pid", str(pid), "--name", ".")
            found = ids.splitlines()[-1] if ids else ""
            return bool(found)

        assert wait_until(look, timeout), f"no window for process {pid}"
        return found

    def focus(self, window: str) -> None:
        self.xdotool("windowfocus", "--sync", window)

    def keys(self, *names: str, window: str | None = None) -> None:
        """Press keys through X as a person would (xdotool's names: Return, Tab, h)."""
        if window is not None:
            self.focus(window)
        self.xdotool("key", "--clearmodifiers", *names)

    def type(self, text: str) -> None:
        self.xdotool("type", "--delay", "40", text)

    def orca_lines(self) -> list[str]:
        """Orca's debug log: what it sent to speech, by its own account."""
        if not self.orca_log.exists():
            return []
        text = self.orca_log.read_text("utf-8", "replace")
        return [m.group(1) for m in re.finditer(r"SPEECH OUTPUT: '(.*)'\{", text)]

    def orca_live(self) -> list[str]:
        """What Orca said as live-region messages, by its debug log (each between its
        PRESENT LIVE REGION MESSAGE marks): a line said twice as a live line shows here,
        apart from Orca reading the focused control in the same words."""
        if not self.orca_log.exists():
            return []
        found, inside = [], False
        for row in self.orca_log.read_text("utf-8", "replace").splitlines():
            if "PRESENT LIVE REGION MESSAGE" in row:
                inside = row.startswith("vvvvv")
            elif inside and (said := re.search(r"SPEECH OUTPUT: '(.*)'\{", row)):
                found.append(said.group(1))
        return found

    def logs(self) -> str:
        parts = []
        for path in sorted((self.root / "logs").glob("*.out")):
            text = path.read_text("utf-8", "replace").strip()
            if text:
                parts.append(f"[{path.stem}] {text[-800:]}")
        return "\n".join(parts)

    # -- ending ---------------------------------------------------------------------------

    def close(self) -> None:
        """End every process started here, the last first, each with what it started."""
        for proc in reversed(self.procs):
            end_session(proc, timeout=10.0)
        self.procs.clear()
        # Orca has gone: with our end of its terminal closed too, the copy reads what is
        # left and then EIO.
        if self._debug_copy is not None:
            master, slave = self._debug_fds
            os.close(slave)
            self._debug_copy.join(10.0)
            os.close(master)
            self._debug_copy = None


@contextlib.contextmanager
def desktop(root: Path) -> Iterator[Desktop]:
    found = Desktop(root)
    try:
        yield found
    finally:
        found.close()
