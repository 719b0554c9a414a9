"""prismatoid (`--speech prism`) for real: its Speech Dispatcher backend against the
private speech-dispatcher, judged by what reached the server."""

from __future__ import annotations

import os
import subprocess
import threading
from pathlib import Path

import pytest
from helpers import HandClock, bounds_hold, game_program, wait_until
from speech_helpers import SpeechdServer

from spades_voice.speech import SpeechError, make_speaker
from spades_voice.speech.prism import PrismSpeaker

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")


def _prism() -> None:
    pytest.importorskip("prism", reason="prismatoid not installed (pip install '.[prism]')")


def test_lines_reach_the_server_in_order(speechd_server: SpeechdServer) -> None:
    _prism()
    speaker = make_speaker("prism", braille=lambda: None)
    try:
        assert speaker.name == "prism"
        speaker.event("Robin, 9 of hearts.")
        speaker.event("Your lead.")
        assert wait_until(lambda: len(speechd_server.done()) == 2, 20.0)
    finally:
        speaker.close()
    assert speechd_server.texts() == ["Robin, 9 of hearts.", "Your lead."]


def test_prefers_orca_and_falls_back_to_the_best_backend(speechd_server: SpeechdServer) -> None:
    _prism()
    # Orca is not running here, so its backend refuses and the best one is used.
    speaker = PrismSpeaker(prefer_orca=True)
    try:
        assert speaker.output_name == "Speech Dispatcher"
    finally:
        speaker.close()


class _HangingPrism:
    """A prism module whose context never comes back (a wedged screen reader IPC)."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def Context(self) -> object:  # the library spells it so
        self.release.wait()
        raise AssertionError("unreachable")


def test_a_library_that_hangs_is_failed_within_the_bound() -> None:
    hanging = _HangingPrism()
    clock = HandClock()
    with pytest.raises(SpeechError, match="prism did not answer within 2 s"):
        bounds_hold(clock, lambda: PrismSpeaker(module=hanging, clock=clock), 2.0)
    hanging.release.set()


def test_prism_missing_moves_the_chain_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "prism", None)  # as if not installed
    with pytest.raises(SpeechError, match="-m pip install prismatoid"):
        PrismSpeaker()


def test_doctor_names_the_command_that_adds_prismatoid(tmp_path: Path) -> None:
    """The game is not on the package index, so ``pip install 'spades-voice[prism]'``
    fails there: doctor names the command that adds prismatoid to the game's own Python.
    Here prismatoid is made unimportable for one run, as where it is not installed."""
    absent = tmp_path / "absent" / "prism"
    absent.mkdir(parents=True)
    (absent / "__init__.py").write_text('raise ImportError("No module named \'prism\'")\n')
    env = {**os.environ, "PYTHONPATH": str(absent.parent),
           "SPADES_VOICE_DATA_DIR": str(tmp_path / "data")}
    game = game_program()
    done = subprocess.run([game, "doctor"], env=env, capture_output=True, text=True,
                          timeout=60)
    python = Path(game).parent / "python"
    assert (
        f"prism: failed: prismatoid is not installed (to add it: {python} -m pip install"
        " prismatoid)"
    ) in done.stdout.splitlines(), done.stdout
    assert "spades-voice[prism]" not in done.stdout
