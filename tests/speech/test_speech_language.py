"""Each output is told the game's language, so a Spanish line is read by a Spanish voice:
Speech Dispatcher (a real private server, whose output module records the language each
line came with), espeak-ng (the real program, with its Latin American Spanish voice), and
the choice of a pyttsx3 voice."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from helpers import wait_until
from speech_helpers import SpeechdServer, wav_seconds

from spades_voice.narration.language import Language, speaking
from spades_voice.speech.speechd import SpeechdSpeaker
from spades_voice.speech.synth import EspeakSynth, espeak_program
from spades_voice.speech.voice_language import pick_voice

pytestmark = pytest.mark.filterwarnings(
    "ignore::pytest.PytestUnhandledThreadExceptionWarning",
    "ignore::ResourceWarning",
    "ignore::pytest.PytestUnraisableExceptionWarning",
)


def _languages(server: SpeechdServer, count: int) -> list[str]:
    return [
        (server.out / f"{n:04d}.lang").read_text(encoding="utf-8") for n in range(1, count + 1)
    ]


def test_speech_dispatcher_speaks_spanish_in_a_spanish_voice(
    speechd_server: SpeechdServer,
) -> None:
    with speaking(Language.ES):  # the language is asked for as the output starts
        speaker = SpeechdSpeaker()
    try:
        speaker.query("Robin, 9 de corazones.")
        assert wait_until(lambda: len(speechd_server.done()) == 1, 20.0)
    finally:
        speaker.close()
    assert speechd_server.texts() == ["Robin, 9 de corazones."]
    assert _languages(speechd_server, 1) == ["es"]
    assert wav_seconds(speechd_server.out / "0001.wav") > 0.3


def test_speech_dispatcher_keeps_its_own_voice_in_english(speechd_server: SpeechdServer) -> None:
    speaker = SpeechdSpeaker()
    try:
        speaker.query("Robin, 9 of hearts.")
        assert wait_until(lambda: len(speechd_server.done()) == 1, 20.0)
    finally:
        speaker.close()
    assert _languages(speechd_server, 1) == ["en"]


def test_espeak_ng_reads_spanish_with_a_spanish_voice(tmp_path: Path) -> None:
    program = espeak_program()
    if program is None:
        pytest.skip("espeak-ng not installed (apt install espeak-ng)")
    with speaking(Language.ES):
        synth = EspeakSynth(program, None)
    assert synth.stream_command()[-3:] == ["-v", "es-419", "--stdout"]
    wav = tmp_path / "es.wav"
    synth.make("La reina de corazones.", wav, lambda _proc: None)
    assert wav_seconds(wav) > 0.3
    # espeak-ng knows the voice: asked for it by name, it names it back.
    voices = subprocess.run(
        [program, "--voices=es"], capture_output=True, text=True, timeout=10, check=True
    ).stdout
    assert "es-419" in voices
    assert "-v" not in EspeakSynth(program, None).stream_command()  # English: its default


def test_a_pyttsx3_voice_is_picked_by_its_language() -> None:
    voices = [
        ("english", [b"\x05en-us"]),
        ("spanish-latin-am", [b"\x05es-419"]),
        ("HKEY\\Voices\\TTS_MS_ES-ES_HELENA_11.0", ["es-ES"]),
    ]
    assert pick_voice(voices, "es") == "spanish-latin-am"
    assert pick_voice(voices[2:], "es") == "HKEY\\Voices\\TTS_MS_ES-ES_HELENA_11.0"
    assert pick_voice(voices[:1], "es") is None
