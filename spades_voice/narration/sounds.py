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


#: What each cue means, in the order a hand meets them (README's table, the help list).
#: Keys are ``Cue`` values; narration sits beside sound, so it names cues by value.
CUE_MEANINGS: dict[str, tuple[str, str]] = {
    "your_turn": ("Your turn to bid or play", "two bright rising chimes, centre"),
    "card": (
        "A card is played",
        "a soft knock from the player's side; each seat has its own pitch, "
        "yours lowest, then left, partner, right",
    ),
    "trick_us": ("Your side takes the trick", "two high notes going up, from the winner's side"),
    "trick_them": (
        "The opponents take the trick", "two low notes going down, from the winner's side"
    ),
    "spades_broken": ("Spades are broken", "a bright upward swoop, from the player's side"),
    "refused": ("That card cannot be played", "a low double buzz, centre"),
    "nil_broken": ("A nil bidder takes a trick", "a long falling whistle, from that seat"),
    "set": ("A team is set", "three low falling notes"),
    "bag_penalty": ("A bag penalty, minus 100", "a spill of falling clinks"),
    "match_won": ("Your side wins the match", "four notes rising"),
    "match_lost": ("The opponents win the match", "three notes falling"),
}
