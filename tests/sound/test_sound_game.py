"""The installed ``spades-voice`` in a pseudo-terminal with sound on: the cues it played,
read from its sound log, are the ones its speech log says they should be.

The sound goes through the real library to miniaudio's null device (a device on a real
clock that discards samples; this machine has no sound card), so every cue in the log
was handed to a device by the audio callback. A second run has no device at all.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest
from sound_helpers import MISSING_DEVICE, needs_alsa, wait_until

from spades_voice.narration import sounds as words
from spades_voice.sound.device import BACKEND_ENV

HOME_KEY = "\x1b[H"
SEATS = {"You": "S", "Robin": "W", "Alex": "N", "Sam": "E"}
CARD = re.compile(r"^(You|Robin|Alex|Sam), [^.]+\.$")
TRICK = re.compile(r"^(You|Robin|Alex|Sam) takes? it\.$")
BID = re.compile(r"^(?:(Robin|Alex|Sam) bids (.+)|Bid (.+) placed)\.$")
REFUSALS = ("You must follow", "Spades are not broken", "Spades have not been broken")

Log = list[dict[str, object]]


def script() -> str:
    exe = Path(sys.executable).parent / "spades-voice"
    found = str(exe) if exe.exists() else shutil.which("spades-voice")
    if found is None:
        pytest.skip("spades-voice is not installed")
    return found


def read(path: Path) -> Log:
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.endswith("}")]


def expected_cues(speech: Log) -> list[tuple[str, str | None]]:
    """The cues a player should hear, worked out from the spoken lines alone."""
    out: list[tuple[str, str | None]] = []
    nil: set[str] = set()
    broken: set[str] = set()
    last_card: str | None = None
    outcome: list[str] = []
    for entry in speech:
        text = str(entry["text"])
        if entry["kind"] == "query":
            if text.startswith(REFUSALS):
                out.append(("refused", None))
            continue
        if m := CARD.match(text):
            last_card = SEATS[m[1]]
            out.append(("card", last_card))
        elif text == "Spades broken.":
            out.append(("spades_broken", last_card))
        elif m := TRICK.match(text):
            seat = SEATS[m[1]]
            out.append(("trick_us" if seat in "SN" else "trick_them", seat))
            if seat in nil and seat not in broken:
                broken.add(seat)
                out.append(("nil_broken", seat))
        elif m := BID.match(text):
            bid = m[2] or m[3]
            if bid.endswith("nil"):
                nil.add(SEATS[m[1]] if m[1] else "S")
        elif text.startswith("Hand "):  # "Hand 2. Sam deals.": a new hand, no nil yet
            nil.clear()
            broken.clear()
        elif text.startswith(("Your bid", "Your lead", "Your turn")):
            out.append(("your_turn", None))
        elif text.startswith("Score: "):  # the last line of a hand's result
            if any(": set, " in line for line in outcome):
                out.append(("set", None))
            if any("Bag penalty" in line for line in outcome):
                out.append(("bag_penalty", None))
            outcome = []
        elif "win the match" in text:
            out.append(("match_won" if text.startswith("You and") else "match_lost", None))
        else:
            outcome.append(text)
    return out


def environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != BACKEND_ENV}
    env.update(
        XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_STATE_HOME=str(tmp_path / "state"), SPADES_VOICE_DATA_DIR=str(tmp_path / "data"),
        TERM="xterm", PULSE_SERVER=f"unix:{tmp_path / 'no-pulse'}",
    )
    env.update(extra)
    return env


class Game:
    """The game in a pseudo-terminal, its speech log, and keys sent to it. The terminal is
    read all the while: the game prints every line, and a terminal nobody reads fills up
    and stops the game mid-write."""

    def __init__(self, tmp_path: Path, env: dict[str, str], target: str) -> None:
        self.speech, self.sound = tmp_path / "speech.jsonl", tmp_path / "sound.jsonl"
        self.screen = io.StringIO()
        self.child = pexpect.spawn(
            script(),
            ["--speech", "print", "--speech-log", str(self.speech), "--sound", "on",
             "--sound-log", str(self.sound), "--pace", "instant", "--seed", "13",
             "--level", "easy", "--target", target],
            env=env, encoding="utf-8", dimensions=(24, 100), timeout=30,
        )
        self.child.logfile_read = self.screen

    def wait(self, pred: Callable[[Log], bool], timeout: float = 20.0) -> Log:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            log = read(self.speech)
            if pred(log):
                return log
            self.child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=0.02)
        tail = [e["text"] for e in read(self.speech)[-6:]]
        raise AssertionError(
            f"timed out; the speech log ends {tail}; the terminal ends "
            f"{self.screen.getvalue()[-800:]!r}"
        )

    def press(self, key: str) -> Log:
        """Send ``key``; the speech log once it has grown."""
        seen = len(read(self.speech))
        self.child.send(key)
        return self.wait(lambda lg: len(lg) > seen)


def turn_or_pause(log: Log) -> bool:
    return bool(log) and log[-1]["kind"] == "event" and str(log[-1]["text"]).startswith(
        ("Your bid", "Your lead", "Your turn", "Press N")
    )


def play_match(tmp_path: Path, env: dict[str, str], target: str) -> tuple[Log, Log]:
    """Play a whole match by keys: at each turn try the first card (it may be refused),
    then take the hint. Returns the speech log and the sound log."""
    game = Game(tmp_path, env, target)
    try:
        while True:
            last = str(game.wait(turn_or_pause)[-1]["text"])
            if last.startswith("Press N for a new match"):
                # A player hears the match end before quitting: so does the log.
                wait_until(lambda: any(str(e["cue"]).startswith("match_") for e in
                                       read(game.sound)), 10.0)
                break
            if last.startswith("Press N"):
                game.press("n")
            elif last.startswith("Your bid"):
                game.press("i")
                game.press("\r")
            else:
                game.press(HOME_KEY)
                if str(game.press("\r")[-1]["text"]).startswith(REFUSALS):
                    game.press("i")
                    game.press("\r")
        game.press("q")
        game.child.send("y")
        game.child.expect(pexpect.EOF)
    finally:
        game.child.close()
    assert game.child.exitstatus == 0
    return read(game.speech), read(game.sound)


def test_a_match_sounds_as_its_speech_says(tmp_path: Path) -> None:
    speech, sound = play_match(tmp_path, environment(tmp_path, **{BACKEND_ENV: "null"}), "single")
    # In the order the game asked for them (a refusal jumps the queue, as its spoken
    # reason cuts into the speech, so it may start before cues asked for earlier).
    sound.sort(key=lambda e: float(str(e["mono"])))
    heard = [(str(e["cue"]), e["seat"]) for e in sound]
    assert heard == expected_cues(speech)
    cues = {c for c, _ in heard}
    assert {"card", "trick_us", "trick_them", "your_turn", "refused"} <= cues
    assert cues & {"match_won", "match_lost"}
    # Only a card may be skipped when cues pile up; everything else was played.
    assert all(e["status"] == "played" for e in sound if e["cue"] != "card")
    assert any(e["status"] == "played" for e in sound if e["cue"] == "card")
    assert words.NO_DEVICE not in [e["text"] for e in speech]


@needs_alsa
def test_no_sound_device_says_so_once_and_the_match_plays_on(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / ".asoundrc").write_text(MISSING_DEVICE, encoding="utf-8")
    speech, sound = play_match(tmp_path, environment(tmp_path, HOME=str(home)), "single")
    texts = [str(e["text"]) for e in speech]
    assert texts.count(words.NO_DEVICE) == 1
    assert any("win the match" in t for t in texts)
    assert {e["status"] for e in sound} == {"silent"}
