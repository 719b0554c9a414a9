"""``spades-voice doctor``: which outputs work, which one is in use, and a spoken test line;
whether sound cues work, and a chime."""

from __future__ import annotations

import argparse
from pathlib import Path

from spades_voice.commands.common import add_speech_arguments, saved_settings
from spades_voice.narration import sounds as sound_words
from spades_voice.options import Sound
from spades_voice.sound import SoundPlayer
from spades_voice.speech.chain import make_speaker
from spades_voice.speech.doctor import diagnose, speak_test_line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_speech_arguments(parser)
    parser.add_argument(
        "--no-test-line", action="store_true", help="Only list the outputs; say nothing."
    )


def run(args: argparse.Namespace) -> int:
    sound = _start_sound(args)  # opens while speech is checked
    try:
        report = diagnose(args.rate)
        for line in report.lines():
            print(line)
        print(_sound_line(args, sound))
    finally:
        if sound is not None:
            sound.close()
    if args.no_test_line:
        return 0
    choice = args.speech or "auto"
    log = Path(args.speech_log) if args.speech_log else None
    speaker = make_speaker(choice, args.rate, log, echo=args.echo)
    try:
        print(f"Speaking a test line through {speaker.name}.")
        speak_test_line(speaker)
    finally:
        speaker.close()
    return 0


def _start_sound(args: argparse.Namespace) -> SoundPlayer | None:
    if args.sound == Sound.OFF.value:
        return None
    player = SoundPlayer(volume=saved_settings()[0].volume)
    player.start()
    return player


def _sound_line(args: argparse.Namespace, sound: SoundPlayer | None) -> str:
    """Whether sound cues work and why not; unless told to say nothing, the turn chime
    is played, so the player hears the answer too."""
    if sound is None:
        return sound_words.SOUND_OFF_FOR_DOCTOR
    status = sound.check(chime=not args.no_test_line)
    return sound_words.doctor_line(status.works, status.detail)
