"""``spades-voice doctor``: every output works or failed and why, a spoken test line,
whether sound cues work (with a chime), and the last lines of the log; always back
within 5 s."""

from __future__ import annotations

import argparse
import contextlib
import time
from pathlib import Path

from spades_voice.commands.common import add_speech_arguments, choose_language, saved_settings
from spades_voice.narration import sounds as sound_words
from spades_voice.narration.language import line
from spades_voice.options import Sound
from spades_voice.sound import SoundPlayer
from spades_voice.speech.base import Speaker
from spades_voice.speech.chain import CHAIN, auto_chain
from spades_voice.speech.doctor import all_makers, probe_all, report_from, speak_test_line
from spades_voice.speech.logfile import installed, log_path, tail
from spades_voice.speech.simple import RecorderSpeaker
from spades_voice.store.settings import Settings

#: doctor's whole run, start to exit.
TOTAL_SECONDS = 5.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_speech_arguments(parser)
    parser.add_argument(
        "--no-test-line", action="store_true", help="Only list the outputs; say nothing."
    )


def _data_dir() -> Path:
    from spades_voice.store.files import data_dir

    return data_dir()


def run(args: argparse.Namespace) -> int:
    began = time.monotonic()
    data = _data_dir()
    sound = _start_sound(args)  # the device opens while speech is probed
    print(language_line(args, saved_settings()[0]), flush=True)
    with installed(data):
        results = probe_all(all_makers(args.rate))
        for line in report_from(results).lines():
            print(line, flush=True)
        print(_sound_line(args, sound, TOTAL_SECONDS - 2.5 - (time.monotonic() - began)))
        chosen = _pick(args.speech or "auto", results)
        if chosen is not None and not args.no_test_line:
            _test_line(chosen, args.speech_log, TOTAL_SECONDS - (time.monotonic() - began))
        elif chosen is not None:
            with contextlib.suppress(Exception):
                chosen.close()
    print(f"Log: {log_path(data)}")
    for line in tail(log_path(data)):
        print(f"  {line}")
    return 0


def language_line(args: argparse.Namespace, settings: Settings) -> str:
    """Which language the game speaks and what chose it: "language: español (--language)."
    The outputs probed next are told it, so the test line is in it too."""
    lang = choose_language(args, settings)
    if args.language:
        why = "--language"
    elif settings.language:
        why = "saved setting"
    else:
        why = "from the system"
    return f"language: {lang.native_name} ({why})."


def _pick(choice: str, results: dict[str, Speaker | str]) -> Speaker | None:
    """The output `choice` would use among those started; every other one is closed."""
    names = auto_chain() if choice == "auto" else CHAIN[CHAIN.index(choice):] if (
        choice in CHAIN
    ) else ()
    chosen: Speaker | None = None
    for name in names:
        found = results.get(name)
        if found is not None and not isinstance(found, str):
            chosen = found
            break
    for found in results.values():
        if found is not chosen and not isinstance(found, str):
            with contextlib.suppress(Exception):
                found.close()
    return chosen


def _test_line(chosen: Speaker, speech_log: str | None, left: float) -> None:
    """Say the test line through `chosen`, wait for it (bounded by `left`), then close."""
    with contextlib.ExitStack() as stack:
        speaker: Speaker = chosen
        if speech_log:
            log_file = stack.enter_context(Path(speech_log).open("a", encoding="utf-8"))
            speaker = RecorderSpeaker(chosen, log_file)
        print(f"Speaking a test line through {chosen.name}.", flush=True)
        speak_test_line(speaker, wait=max(0.0, min(2.0, left - 1.0)))
        # Waited long enough: cut what is left so closing does not wait for it.
        with contextlib.suppress(Exception):
            speaker.silence()
            speaker.close()


def _start_sound(args: argparse.Namespace) -> SoundPlayer | None:
    if args.sound == Sound.OFF.value:
        return None
    player = SoundPlayer(volume=saved_settings()[0].volume)
    player.start()
    return player


def _sound_line(args: argparse.Namespace, sound: SoundPlayer | None, left: float) -> str:
    """Whether sound cues work and why not, within ``left`` seconds; unless told to say
    nothing, the turn chime is played, so the player hears the answer too."""
    if sound is None:
        return line(sound_words.SOUND_OFF_FOR_DOCTOR)
    try:
        status = sound.check(chime=not args.no_test_line, timeout=max(0.1, left))
    finally:
        sound.close()
    return sound_words.doctor_line(status.works, status.detail)
