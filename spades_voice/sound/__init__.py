"""Sound at the table: short synthesized cues, placed where each seat sits.

May import ``rules`` and ``narration`` only. ``SoundPlayer`` is the shell's handle;
``render`` makes any cue as PCM without a device (tests, the doctor).
"""

from __future__ import annotations

from spades_voice.sound.cues import Cue, CueRequest, Placement, placement, seat_voice
from spades_voice.sound.device import DeviceError, DeviceInfo, Output, open_output
from spades_voice.sound.player import SoundPlayer, SoundStatus
from spades_voice.sound.synth import Pcm, levels, render

__all__ = [
    "Cue",
    "CueRequest",
    "DeviceError",
    "DeviceInfo",
    "Output",
    "Pcm",
    "Placement",
    "SoundPlayer",
    "SoundStatus",
    "levels",
    "open_output",
    "placement",
    "render",
    "seat_voice",
]
