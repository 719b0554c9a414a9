"""Command-line entry points: ``spades-voice [play|score|arena|keys|doctor|stats|export|
serve|host|join]``. ``play`` is the default.

Each command lives with the layer that owns it and offers two functions,
``add_arguments(parser)`` and ``run(args) -> int``; only the chosen command's module is
imported, so starting the game stays quick.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

#: command -> (module, one-line help). The module provides add_arguments and run.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("spades_voice.shell.command", "Play a match against the computers (default)."),
    "keys": ("spades_voice.shell.keys_command", "List every key and what it does."),
    "score": ("spades_voice.score_command", "Replay a spades-record/1 file and print the score."),
    "review": ("spades_voice.review_command", "The coach: your costliest decisions in a record."),
    "calibrate": ("spades_voice.calibrate_command", "Measure this machine's speed for Hard."),
    "arena": ("spades_voice.ai.arena", "Play computer levels against each other."),
    "doctor": ("spades_voice.speech.command", "Check speech and braille output."),
    "stats": ("spades_voice.store.command_stats", "Print your statistics."),
    "export": ("spades_voice.store.command_export", "Write the current or last match as a record."),
    "serve": ("spades_voice.net.command_serve", "Run a server for shared tables."),
    "host": ("spades_voice.net.command_host", "Start a shared table and get its code."),
    "join": ("spades_voice.net.command_join", "Sit at a shared table by its code."),
}


def add_speech_arguments(parser: argparse.ArgumentParser) -> None:
    """Speech options shared by every command that talks."""
    group = parser.add_argument_group("speech")
    group.add_argument(
        "--speech",
        choices=("auto", "screenreader", "tts", "print", "none"),
        default=None,
        help="Where speech goes (default: the saved setting, else auto).",
    )
    group.add_argument("--rate", type=int, default=None, help="Synthetic speech rate, words/min.")
    group.add_argument("--speech-log", default=None, metavar="FILE", help="Log every utterance.")
    group.add_argument(
        "--echo", action="store_true", help="Also print every line that is spoken."
    )


def _split(argv: Sequence[str]) -> tuple[str, list[str]]:
    args = list(argv)
    if args and args[0] in COMMANDS:
        return args[0], args[1:]
    return "play", args


def build_parser(command: str) -> argparse.ArgumentParser:
    module_name, summary = COMMANDS[command]
    parser = argparse.ArgumentParser(
        prog=f"spades-voice {command}" if command != "play" else "spades-voice",
        description=summary,
        epilog="Commands: " + ", ".join(COMMANDS) if command == "play" else None,
    )
    module = importlib.import_module(module_name)
    module.add_arguments(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    command, rest = _split(sys.argv[1:] if argv is None else argv)
    if command == "arena":
        from spades_voice.ai import arena

        return arena.main(rest)
    parser = build_parser(command)
    args = parser.parse_args(rest)
    module = importlib.import_module(COMMANDS[command][0])
    try:
        result: int = module.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``| head``): nothing more to say, and no traceback.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return result


if __name__ == "__main__":
    sys.exit(main())
