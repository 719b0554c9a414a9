"""Speech and braille output backends (see base.Speaker, and chain for the policy).

The shell builds one speaker with `make_speaker()` and calls only the four Speaker
methods. `doctor` uses `diagnose()` and `speak_test_line()`.
"""

from __future__ import annotations

from spades_voice.speech.base import Kind, Speaker, SpeechError
from spades_voice.speech.chain import CHOICES, FallbackSpeaker, make_speaker
from spades_voice.speech.doctor import SpeechReport, diagnose, speak_test_line
from spades_voice.speech.screenreader import ScreenReaderSpeaker
from spades_voice.speech.simple import (
    NullSpeaker,
    PrintSpeaker,
    RecorderSpeaker,
    TeeSpeaker,
    Utterance,
)
from spades_voice.speech.tts import TtsSpeaker, synthesize_wav

__all__ = [
    "CHOICES",
    "FallbackSpeaker",
    "Kind",
    "NullSpeaker",
    "PrintSpeaker",
    "RecorderSpeaker",
    "ScreenReaderSpeaker",
    "Speaker",
    "SpeechError",
    "SpeechReport",
    "TeeSpeaker",
    "TtsSpeaker",
    "Utterance",
    "diagnose",
    "make_speaker",
    "speak_test_line",
    "synthesize_wav",
]
