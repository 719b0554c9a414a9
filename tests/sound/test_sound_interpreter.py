"""Sound leaves the interpreter as it found it: cues start on time by the stream's clock
(``sound.mixer``), not by making CPython hand the GIL over more often for everyone."""

from __future__ import annotations

import sys

import pytest

from spades_voice.rules import Seat
from spades_voice.sound import Cue, SoundPlayer
from spades_voice.sound.device import BACKEND_ENV


def test_playing_cues_leaves_the_switch_interval_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BACKEND_ENV, "null")
    before = sys.getswitchinterval()
    player = SoundPlayer(Seat.S)
    player.start()
    try:
        assert player.status().works
        player.play(Cue.CARD, Seat.W)
        assert player.wait_idle(3.0)
        assert sys.getswitchinterval() == before
    finally:
        player.close()
    assert sys.getswitchinterval() == before
