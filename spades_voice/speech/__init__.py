"""Speech and braille output backends (see base.Speaker, and chain for the policy).

The shell builds one speaker with `make_speaker()` and calls only the four Speaker
methods. `doctor` uses `diagnose()` and `speak_test_line()`.

Outputs: `speechd.SpeechdSpeaker` (Linux's screen reader output), `screenreader` (through
accessible_output2 on Windows and macOS), `prism` (prismatoid, optional), `tts` (espeak-ng
or pyttsx3 played by an owned player process, `audio`), `simple` (print, recorder, tee,
none), `braille` (BrlAPI beside any of them). Every call out of the process is bounded
(`bounded`); warnings go to a log file (`logfile`).
"""

from __future__ import annotations

from spades_voice.speech.base import Kind, Rewinding, SelfReporting, Speaker, SpeechError
from spades_voice.speech.braille import BrailleSpeaker
from spades_voice.speech.chain import CHOICES, FallbackSpeaker, make_speaker, prints, voiced
from spades_voice.speech.doctor import SpeechReport, diagnose, speak_test_line
from spades_voice.speech.prism import PrismSpeaker
from spades_voice.speech.screenreader import ScreenReaderSpeaker
from spades_voice.speech.simple import (
    NullSpeaker,
    PrintSpeaker,
    RecorderSpeaker,
    TeeSpeaker,
    Utterance,
)
from spades_voice.speech.speechd import SpeechdSpeaker
from spades_voice.speech.synth import synthesize_wav
from spades_voice.speech.tts import TtsSpeaker

__all__ = [
    "CHOICES",
    "BrailleSpeaker",
    "FallbackSpeaker",
    "Kind",
    "NullSpeaker",
    "PrintSpeaker",
    "PrismSpeaker",
    "RecorderSpeaker",
    "Rewinding",
    "ScreenReaderSpeaker",
    "SelfReporting",
    "Speaker",
    "SpeechError",
    "SpeechReport",
    "SpeechdSpeaker",
    "TeeSpeaker",
    "TtsSpeaker",
    "Utterance",
    "diagnose",
    "make_speaker",
    "prints",
    "speak_test_line",
    "synthesize_wav",
    "voiced",
]
