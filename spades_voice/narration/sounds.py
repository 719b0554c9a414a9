"""The words about sound: notices, the sound keys' answers, and what each cue means.

Narration owns every sentence; ``spades_voice.sound`` only makes the sounds.
"""

from __future__ import annotations

#: Said once when sound is on but no device plays it.
NO_DEVICE = "No sound device, so the game plays without sound cues."
#: Said once when the audio library is missing (no wheel for this machine).
NO_LIBRARY = (
    "Sound cues need the miniaudio package, which is not installed, "
    "so the game plays without them."
)
#: Said once when the device stops mid-game (unplugged, server gone).
DEVICE_STOPPED = "The sound device stopped, so the game goes on without sound cues."

SOUND_ON = "Sound on."
SOUND_OFF = "Sound off."
#: The sound keys in a game that has no sound player at all.
NO_SOUND_HERE = "Sound is not available here."


def volume_line(volume: int, *, edge: str | None = None, off: bool = False) -> str:
    """ "Sound volume 70 percent." (at an end: "Loudest: sound volume 100 percent.";
    while sound is off, it says so: "Sound volume 60 percent. Sound is off.")"""
    head = f"{edge}: sound" if edge else "Sound"
    tail = " Sound is off." if off else ""
    return f"{head} volume {volume} percent.{tail}"


def doctor_line(works: bool, detail: str) -> str:
    """One line of ``spades-voice doctor``: "sound: works (PulseAudio)." or why not."""
    if not works:
        return f"sound: failed: {detail}."
    if detail == "Null":  # miniaudio's silent device, only ever chosen by name
        return "sound: works, but into the silent test device: nothing is heard."
    return f"sound: works ({detail})."


SOUND_OFF_FOR_DOCTOR = "sound: off (--sound off)."
