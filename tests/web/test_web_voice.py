"""The page's own voice, heard through a real engine: chromium's speechSynthesis on Linux
speaks through speech-dispatcher (``--enable-speech-dispatcher``), here a private one whose
one output module writes down each utterance and plays it silently for as long as
espeak-ng would take (tests/speech's capture module). A phone with no screen reader turns
the page's voice on by a tap and plays alone: every line the page says is heard, in
order; a key's answer cuts off what is being said."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from helpers import end_session, wait_until
from phone import Phone, control, phone_tab
from web_helpers import RECORDER, base_url, need_chromium

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "alone"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "speech"))
from alone_helpers import alone_server
from cdp import Browser
from speech_helpers import speechd_command

from spades_voice.narration.browser import PAGE_WORDS

SEED = 11
SAID = "window.__heard.map((h) => h.text)"


def sentences(text: str) -> list[str]:
    """speech-dispatcher's generic module says a message a sentence at a time."""
    return [s for s in re.split(r"(?<=[.!?])\s+", " ".join(text.split())) if s]


class Heard:
    """What reached the capture module: each utterance's text, and whether it played to
    its end (a cut-off one has no ``.done``)."""

    def __init__(self, out: Path) -> None:
        self.out = out

    def texts(self) -> list[str]:
        found = []
        for path in sorted(self.out.glob("*.txt")):
            with contextlib.suppress(OSError):
                found.append(" ".join(path.read_text("utf-8").split()))
        return found

    def done(self, index: int) -> bool:
        return (self.out / f"{index + 1:04d}.done").exists()

    def hold_after(self, count: int) -> None:
        """Every utterance after the first ``count`` plays until it is cut off."""
        (self.out / ".hold").write_text(str(count), encoding="utf-8")


@contextlib.contextmanager
def speaking_browser(root: Path) -> Iterator[tuple[Browser, Heard]]:
    """Chromium with speech through a private speech-dispatcher."""
    conf, out, log, run = (root / n for n in ("conf", "out", "log", "run"))
    command = speechd_command(conf, out, log, run)
    sock = run / "speechd.sock"
    env = {**os.environ, "XDG_RUNTIME_DIR": str(run), "HOME": str(root),
           "SPEECHD_CMD": "/bin/false"}  # never a real server spawned behind our back
    with (log / "server.out").open("ab") as server_log:
        server = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=server_log,
                                  stderr=server_log, env=env, start_new_session=True)
    try:
        assert wait_until(sock.exists, 15.0), (log / "server.out").read_text()
        env["SPEECHD_ADDRESS"] = f"unix_socket:{sock}"
        b = Browser(need_chromium(), extra=("--enable-speech-dispatcher",), env=env)
        try:
            yield b, Heard(out)
        finally:
            b.close()
    finally:
        end_session(server)


def voice_on(phone: Phone) -> None:
    """The setting, turned on by a double tap (the tap lets the page speak)."""
    phone.tap(control("checkbox", PAGE_WORDS["voice_label"]))
    phone.page.wait("document.getElementById('voice').checked")


def test_the_page_speaks_every_line_in_order_and_an_answer_cuts_in(tmp_path: Path) -> None:
    with alone_server(tmp_path / "players", SEED) as server, \
            speaking_browser(tmp_path / "speech") as (b, heard):
        phone = phone_tab(b, base_url(server), RECORDER)
        voice_on(phone)
        phone.tap(control("button", PAGE_WORDS["play_alone"]))
        phone.page.wait("window.__heard.some((h) => h.text.startsWith('Your bid'))", 60)
        lines = phone.page.js(SAID)
        expected = [s for text in lines for s in sentences(text)]
        # Events queue: every sentence said so far is heard, once, in the order said.
        assert wait_until(lambda: len(heard.texts()) >= len(expected), 120), heard.texts()
        assert heard.texts()[:len(expected)] == expected
        # A key's answer interrupts: the hand's long answer is cut off by the score's.
        count = len(heard.texts())
        heard.hold_after(count)  # the next utterance plays until it is cut off
        phone.tap(control("button", PAGE_WORDS["act_hand"]))
        assert wait_until(lambda: len(heard.texts()) > count, 60)
        hand = phone.page.js(SAID)[-1]
        phone.tap(control("button", PAGE_WORDS["act_scores"]))
        phone.page.wait(f"{SAID}.length > {len(lines) + 1}")
        score = sentences(phone.page.js(SAID)[-1])
        assert wait_until(lambda: score[0] in heard.texts()[count + 1:], 60), heard.texts()[count:]
        # The hand's answer began and was cut off; the score's began at once after it.
        assert heard.texts()[count] == sentences(hand)[0]
        assert not heard.done(count), "the hand's answer was not cut off"
        assert heard.texts()[count + 1] == score[0]


def test_the_voice_is_silent_until_turned_on(tmp_path: Path) -> None:
    """Off by default: a screen reader's player hears every line once, from it alone."""
    with alone_server(tmp_path / "players", SEED) as server, \
            speaking_browser(tmp_path / "speech") as (b, heard):
        phone = phone_tab(b, base_url(server), RECORDER)
        phone.tap(control("button", PAGE_WORDS["play_alone"]))
        phone.page.wait("window.__heard.some((h) => h.text.startsWith('Your bid'))", 60)
        # Turned on now, it speaks the next line: nothing before it was spoken.
        voice_on(phone)
        before = len(phone.page.js(SAID))
        phone.tap(control("button", PAGE_WORDS["act_scores"]))
        phone.page.wait(f"{SAID}.length > {before}")
        score = sentences(phone.page.js(SAID)[-1])
        assert wait_until(lambda: bool(heard.texts()), 60)
        assert heard.texts()[0] == score[0], heard.texts()
