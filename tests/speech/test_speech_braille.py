"""Braille through BrlAPI: every spoken line reaches the display's client library.

BRLTTY itself cannot run here without a display, so the client is recorded: a `brlapi`
module that logs each call, loaded exactly as the system's python3-brlapi is (from the
folder in SPADES_VOICE_BRLAPI_PATH). The system's real module, where installed, is also
loaded and shown to fail within the bound with no BRLTTY running.
"""

from __future__ import annotations

import io
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from speech_helpers import brlapi_calls, make_fake_brlapi

from spades_voice.speech import SpeechError, make_speaker
from spades_voice.speech.braille import BrailleSpeaker, load_brlapi, start_braille
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
        ["connect"], ["enterTtyMode"], ["ignoreAllKeys"],
        ["writeText", "Robin, 9 of hearts."], ["writeText", "Your lead."],
        ["leaveTtyMode"], ["closeConnection"],
    ]
    assert display.driver == "FakeDisplay"


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
    began = time.monotonic()
    with pytest.raises(SpeechError, match="BRLTTY not reachable"):
        BrailleSpeaker()
    assert time.monotonic() - began < 2.5


def _refuse() -> RecorderSpeaker:
    raise SpeechError("not here")


def _named(inner: RecorderSpeaker) -> RecorderSpeaker:
    inner.name = "tts"
    return inner
