"""Speech and braille output backends (see base.Speaker)."""

from __future__ import annotations

from spades_voice.speech.base import Kind, Speaker, SpeechError

__all__ = ["Kind", "Speaker", "SpeechError"]
