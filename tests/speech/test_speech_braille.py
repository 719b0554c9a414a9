"""Braille through BrlAPI: every spoken line reaches the display.

* A real BRLTTY runs with its TTY braille driver, which draws the 40-cell display (text
  and dots) on a pseudo-terminal the test reads: what the player's fingers would get.
* A recorded client, a `brlapi` module that logs each call, loaded exactly as the
  system's python3-brlapi is (from SPADES_VOICE_BRLAPI_PATH), shows the calls made.
* The system's real module with no BRLTTY running fails within the bound.
"""

from __future__ import annotations

import io
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import HandClock, wait_until, without_waiting
from speech_helpers import Brltty, brlapi_calls, make_fake_brlapi

from spades_voice.speech import SpeechError, make_speaker
from spades_voice.speech.braille import BrailleSpeaker, load_brlapi, plain, start_braille, windows
from spades_voice.speech.simple import RecorderSpeaker


@pytest.fixture
def fresh_brlapi() -> Iterator[None]:
    """Each test loads BrlAPI anew (the loader registers it in sys.modules)."""
    sys.modules.pop("brlapi", None)
    yield
    sys.modules.pop("brlapi", None)


@pytest.fixture
def recorded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_brlapi: None) -> Path:
    folder, log = make_fake_brlapi(tmp_path)
    monkeypatch.setenv("SPADES_VOICE_BRLAPI_PATH", str(folder))
    monkeypatch.setenv("FAKE_BRLAPI_LOG", str(log))
    return log


def test_every_line_is_written_to_the_display_and_keys_stay_brlttys(recorded: Path) -> None:
    display = BrailleSpeaker()
    display.event("Robin, 9 of hearts.")
    display.query("Your lead.")
    display.silence()
    display.close()
    assert brlapi_calls(recorded) == [
        ["connect"], ["enterTtyMode"], ["ignoreAllKeys"], ["acceptKeys", 2, [23, 24]],
        ["writeText", "Robin, 9 of hearts."], ["writeText", "Your lead."],
        ["leaveTtyMode"], ["closeConnection"],
    ]
    assert display.driver == "FakeDisplay"


def test_a_long_line_is_read_window_by_window_with_the_displays_keys(
    recorded: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = tmp_path / "keys"
    monkeypatch.setenv("FAKE_BRLAPI_KEYS", str(keys))
    hand = "Spades: queen, 9. Hearts: king, 10, 9, 5, 2. Diamonds: king, 10, 6, 3. Clubs: queen."
    display = BrailleSpeaker()
    try:
        display.query(hand)

        def press(*commands: int) -> None:
            keys.write_text("\n".join(str(c) for c in commands))
            assert wait_until(lambda: keys.read_text() == "", 2.0)
            time.sleep(0.1)

        press(24)  # window right
        press(24)
        press(24)  # past the end: nothing changes
        press(23)  # window left
    finally:
        display.close()
    shown = [c[1] for c in brlapi_calls(recorded) if c[0] == "writeText"]
    assert shown == [
        "Spades: queen, 9. Hearts: king, 10, 9,",
        "5, 2. Diamonds: king, 10, 6, 3. Clubs:",
        "queen.",
        "5, 2. Diamonds: king, 10, 6, 3. Clubs:",
    ]
    assert " ".join(shown[:3]) == hand


def test_windows_never_cut_a_word_that_fits() -> None:
    text = "Robin takes the trick with the queen of spades; spades are broken."
    pieces = windows(text, 20)
    assert all(len(p) <= 20 for p in pieces)
    assert " ".join(pieces) == text
    assert windows("", 40) == [""]
    assert windows("x" * 50, 20) == ["x" * 20, "x" * 20, "x" * 10]


def test_make_speaker_adds_braille_beside_the_speaking_output(recorded: Path) -> None:
    inner = RecorderSpeaker()
    speaker = make_speaker(
        "tts",
        factories={"prism": _refuse, "screenreader": _refuse, "tts": lambda: _named(inner),
                   "print": _refuse, "none": _refuse},
        braille=start_braille,
    )
    speaker.event("West bids 3.")
    speaker.query("Your hand.")
    speaker.close()
    assert [c for c in brlapi_calls(recorded) if c[0] == "writeText"] == [
        ["writeText", "West bids 3."], ["writeText", "Your hand."]
    ]
    assert inner.texts() == ["West bids 3.", "Your hand."]


def test_no_brltty_means_no_braille_output_and_speech_goes_on(
    recorded: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_BRLAPI_DOWN", "1")
    with pytest.raises(SpeechError, match="BRLTTY not reachable: couldn't connect"):
        BrailleSpeaker()
    assert start_braille() is None
    out = io.StringIO()
    make_speaker("print", stream=out).event("Your lead.")
    assert out.getvalue() == "Your lead.\n"


def test_the_systems_brlapi_loads_and_fails_in_time_without_brltty(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_brlapi: None
) -> None:
    monkeypatch.delenv("SPADES_VOICE_BRLAPI_PATH", raising=False)
    # Nowhere to connect: a private, empty BrlAPI address.
    monkeypatch.setenv("BRLAPI_HOST", str(tmp_path / "no-brltty"))
    module, where = load_brlapi()
    if module is None:
        pytest.skip(f"{where} (CI installs python3-brlapi)")
    assert "system package" in where or "brlapi" in where
    # Refused at once, not failed by the bound: the clock never moves.
    with pytest.raises(SpeechError, match="BRLTTY not reachable"):
        without_waiting(lambda: BrailleSpeaker(clock=HandClock()))


def _refuse() -> RecorderSpeaker:
    raise SpeechError("not here")


def _named(inner: RecorderSpeaker) -> RecorderSpeaker:
    inner.name = "tts"
    return inner


class TestRealBrltty:
    """A real BRLTTY, its TTY braille driver drawing the display on a pseudo-terminal."""

    def test_each_line_reaches_the_display(self, brltty: Brltty) -> None:
        display = BrailleSpeaker()
        try:
            assert display.driver == "TTY"
            assert display.size == (40, 1)
            display.event("Robin, 9 of hearts.")
            assert "Robin, 9 of hearts." in brltty.shown()
            display.query("Your lead.")
            assert "Your lead." in brltty.shown()
            # Longer than its 40 cells: the first window, cut at a space.
            display.event("Spades: queen, 9. Hearts: king, 10, 9, 5, 2. Diamonds: king.")
            assert "Spades: queen, 9. Hearts: king, 10, 9,\r" in brltty.shown()
        finally:
            display.close()

    def test_a_speaking_output_brailles_every_line(self, brltty: Brltty) -> None:
        inner = RecorderSpeaker()
        speaker = make_speaker(
            "tts",
            factories={"prism": _refuse, "screenreader": _refuse, "tts": lambda: _named(inner),
                       "print": _refuse, "none": _refuse},
            braille=start_braille,
        )
        shown = ""
        try:
            for line in ("West bids 3.", "Alex takes the trick.", "Your lead."):
                speaker.event(line)
                shown += brltty.shown()
        finally:
            speaker.close()
        assert shown.index("West bids 3.") < shown.index("Alex takes the trick.")
        assert shown.index("Alex takes the trick.") < shown.index("Your lead.")


def test_brlapis_bytes_are_said_in_plain_words() -> None:
    """doctor printed "couldn't connect to b':0' with key b'keyfile:...'" (issue 32)."""
    said = plain("couldn't connect to b':0' with key b'keyfile:/etc/brlapi.key': refused")
    assert said == "couldn't connect to :0 with key file /etc/brlapi.key: refused"
    assert plain("no bytes here") == "no bytes here"
def test_a_spanish_line_reaches_the_display_as_utf8_text(recorded: Path) -> None:
    """Braille gets the same words as speech, accents and ñ included."""
    display = BrailleSpeaker()
    display.event("Sam se la lleva.")
    display.query("¿Empezar otra? Año, tréboles.")
    display.close()
    written = [call[1] for call in brlapi_calls(recorded) if call[0] == "writeText"]
    assert written == ["Sam se la lleva.", "¿Empezar otra? Año, tréboles."]
