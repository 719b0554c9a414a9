"""The sound keys: cues on or off, quieter, louder. Live in every mode, like repeat and
silence, and remembered with the settings.

Each handler's docstring is its spoken help (the help key and ``spades-voice keys``).
"""

from __future__ import annotations

from dataclasses import replace

from spades_voice.narration import sounds as words
from spades_voice.options import Sound
from spades_voice.shell.binding import registry
from spades_voice.shell.state import Shell
from spades_voice.sound import Cue

SOUND_ACTIONS, sound_action = registry()


@sound_action("sound")
def sound(shell: Shell) -> None:
    """Sound cues on or off."""
    player = shell.chair.sound
    if player is None:
        shell.answer(words.NO_SOUND_HERE)
        return
    on = not player.enabled
    player.set_enabled(on)
    shell.answer(words.SOUND_ON if on else words.SOUND_OFF)
    if on:
        player.play(Cue.YOUR_TURN, at_once=True)  # heard at once, if it works
    _remember(shell, sound=Sound.ON if on else Sound.OFF)


@sound_action("volume_down")
def volume_down(shell: Shell) -> None:
    """Sound cues quieter."""
    _step(shell, -1)


@sound_action("volume_up")
def volume_up(shell: Shell) -> None:
    """Sound cues louder."""
    _step(shell, 1)


def _step(shell: Shell, steps: int) -> None:
    player = shell.chair.sound
    if player is None:
        shell.answer(words.NO_SOUND_HERE)
        return
    volume, at_end = player.step_volume(steps)
    edge = None if not at_end else ("Quietest" if steps < 0 else "Loudest")
    shell.answer(words.volume_line(volume, edge=edge, off=not player.enabled))
    # A card's knock at the new level, from the centre: what most cues sound like.
    player.play(Cue.CARD, shell.table.seat, at_once=True)
    _remember(shell, volume=volume)


def _remember(shell: Shell, *, sound: Sound | None = None, volume: int | None = None) -> None:
    """Keep a changed choice for next time (the store decides whether it can)."""
    current = shell.hooks.settings
    if current is not None:
        shell.hooks.save_settings(
            replace(
                current,
                sound=sound or current.sound,
                volume=volume if volume is not None else current.volume,
            )
        )
