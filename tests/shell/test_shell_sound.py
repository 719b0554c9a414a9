"""Sound in the shell: the keys, what is remembered, a refused card, no device.

The sound player here is the real one, playing into miniaudio's null device (a real
device on a real clock that discards the samples), with its sound log read back.
"""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest
from shell_harness import easy_table, harness

from spades_voice.commands.play import _choices, add_arguments
from spades_voice.narration import hand_order
from spades_voice.narration import sounds as words
from spades_voice.options import Sound
from spades_voice.rules import Phase
from spades_voice.shell.table_mode import help_lines
from spades_voice.sound import DeviceError, Output, SoundPlayer
from spades_voice.sound.device import BACKEND_ENV
from spades_voice.speech import Kind
from spades_voice.store.files import Unreadable
from spades_voice.store.hooks import StoreHooks
from spades_voice.store.settings import Settings


@pytest.fixture
def player(monkeypatch: pytest.MonkeyPatch) -> SoundPlayer:
    monkeypatch.setenv(BACKEND_ENV, "null")
    return SoundPlayer(log=io.StringIO())


def cues(player: SoundPlayer) -> list[dict[str, object]]:
    log = player._log
    assert isinstance(log, io.StringIO)
    return [json.loads(line) for line in log.getvalue().splitlines()]


def test_sound_keys_answer_and_are_remembered(tmp_path: Path, player: SoundPlayer) -> None:
    player.start()
    with harness(easy_table(), hooks=StoreHooks(tmp_path), sound=player) as h:
        assert h.said("f4") == words.SOUND_OFF
        assert not player.enabled
        assert h.said("-") == "Sound volume 60 percent. Sound is off."
        assert h.said("f4") == words.SOUND_ON
        assert h.said("pageup") == "Sound volume 70 percent."
        for _ in range(3):
            h.press("+")
        assert h.said("+") == "Loudest: sound volume 100 percent."
        assert h.said("pagedown") == "Sound volume 90 percent."
        assert h.shell is not None
        assert any(line.startswith("F4: Sound cues on or off") for line in help_lines(h.shell))
    assert player.wait_idle(3.0)
    player.close()
    saved = StoreHooks(tmp_path).settings
    assert saved is not None
    assert (saved.sound, saved.volume) == (Sound.ON, 90)
    # Each volume key let the player hear the new level at once.
    previews = [c for c in cues(player) if c["cue"] == "card" and c["status"] == "played"]
    assert len(previews) == 6  # 70, 80, 90, 100, 100 (the end), 90
    assert any(c["cue"] == "your_turn" for c in cues(player))  # sound back on


def test_sound_option_is_remembered(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    first = _choices(parser.parse_args(["--sound", "off"]), StoreHooks(tmp_path))
    assert first.sound is Sound.OFF
    assert _choices(parser.parse_args([]), StoreHooks(tmp_path)).sound is Sound.OFF


def test_a_bad_sound_setting_is_unreadable_not_half_used() -> None:
    with pytest.raises(ValueError):
        Settings(volume=55)
    with pytest.raises(Unreadable):
        Settings.from_json({"sound": "loud"})
    assert Settings.from_json({}).volume == 70


def test_a_refused_card_buzzes_at_once(player: SoundPlayer) -> None:
    player.start()
    assert player.status().works
    with harness(easy_table(seed=3), sound=player) as h:
        view = h.table.view()
        while not (view.phase is Phase.PLAYING and view.my_turn
                   and len(view.legal_cards) < len(view.hand)):
            h.play_my_turn()
            view = h.table.view()
        order = hand_order(view.hand)
        wrong = next(i for i, c in enumerate(order) if c not in view.legal_cards)
        h.press("home", *["right"] * wrong)
        reason = h.said("enter")
        assert reason.startswith(("You must follow", "Spades are not broken"))
        assert player.wait_idle(2.0)
    player.close()
    refused = [c for c in cues(player) if c["cue"] == "refused"]
    assert len(refused) == 1
    assert refused[0]["status"] == "played"


class NoDevice:
    """Stands in for the device open that fails (the real failure is driven end to end
    in tests/sound/test_sound_game.py and test_sound_device.py)."""

    def __call__(self, timeout: float) -> Output:
        raise DeviceError("no sound device was found")


def test_no_device_is_told_once_as_an_event_and_play_goes_on() -> None:
    player = SoundPlayer(opener=NoDevice())
    player.start()
    player.status()
    with harness(easy_table(), sound=player) as h:
        for _ in range(6):
            h.play_my_turn()
        events = h.texts(Kind.EVENT)
    player.close()
    assert events.count(words.NO_DEVICE) == 1
    assert sum(t.startswith("You, ") for t in events) >= 5
