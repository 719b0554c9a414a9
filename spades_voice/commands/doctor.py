"""``spades-voice doctor``: which outputs work, which one is in use, and a spoken test line."""

from __future__ import annotations

import argparse
from pathlib import Path

from spades_voice.commands.common import add_speech_arguments
from spades_voice.speech.chain import make_speaker
from spades_voice.speech.doctor import diagnose, speak_test_line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_speech_arguments(parser)
    parser.add_argument(
        "--no-test-line", action="store_true", help="Only list the outputs; say nothing."
    )


def run(args: argparse.Namespace) -> int:
    report = diagnose(args.rate)
    for line in report.lines():
        print(line)
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
