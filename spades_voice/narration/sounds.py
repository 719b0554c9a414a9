"""The words about sound: notices, the sound keys' answers, and what each cue means.

Narration owns every sentence; ``spades_voice.sound`` only makes the sounds.
"""

from __future__ import annotations

from spades_voice.narration.language import N_, _

#: Said once when sound is on but no device plays it.
NO_DEVICE = N_("No sound device, so the game plays without sound cues.")
#: Said once when the audio library is missing (no wheel for this machine).
NO_LIBRARY = (
    N_("Sound cues need the miniaudio package, which is not installed, "
    "so the game plays without them.")
)
#: Said once when the device stops mid-game (unplugged, server gone).
DEVICE_STOPPED = N_("The sound device stopped, so the game goes on without sound cues.")

SOUND_ON = N_("Sound on.")
SOUND_IS_OFF = N_("Sound is off.")
SOUND_OFF = N_("Sound off.")
#: The sound keys in a game that has no sound player at all.
NO_SOUND_HERE = N_("Sound is not available here.")


def volume_line(volume: int, *, edge: str | None = None, off: bool = False) -> str:
    """ "Sound volume 70 percent." (at an end: "Loudest: sound volume 100 percent.";
    while sound is off, it says so: "Sound volume 60 percent. Sound is off.")"""
    if edge == "Quietest":
        said = _("Quietest: sound volume {volume} percent.")
    elif edge == "Loudest":
        said = _("Loudest: sound volume {volume} percent.")
    else:
        said = _("Sound volume {volume} percent.")
    said = said.format(volume=volume)
    return f"{said} {_(SOUND_IS_OFF)}" if off else said


def doctor_line(works: bool, detail: str) -> str:
    """One line of ``spades-voice doctor``: "sound: works (PulseAudio)." or why not."""
    if not works:
        return _("sound: failed: {detail}.").format(detail=detail)
    if detail == "Null":  # miniaudio's silent device, only ever chosen by name
        return _("sound: works, but into the silent test device: nothing is heard.")
    return _("sound: works ({detail}).").format(detail=detail)


SOUND_OFF_FOR_DOCTOR = N_("sound: off (--sound off).")
