"""``spades-voice [play|score|arena|keys|doctor|stats|export|serve|host|join|watch]``: picks
the command (``play`` is the default) and hands over to its module in
``spades_voice/commands/``.

Each command module offers ``add_arguments(parser)`` and ``run(args) -> int``; only the
chosen one is imported, so starting the game stays quick.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from spades_voice import __version__

#: command -> one-line help; the command's module is ``spades_voice.commands.<command>``.
COMMANDS: dict[str, str] = {
    "play": "Play a match against the computers (default).",
    "keys": "List every key and what it does.",
    "score": "Replay a spades-record/1 file and print the score.",
    "review": "The coach: a seat's costliest decisions in each hand of a record.",
    "calibrate": "Measure this machine's speed for Hard again, and keep it.",
    "arena": "Play computer levels against each other.",
    "doctor": "Check speech and braille output.",
    "stats": "Print your statistics.",
    "export": "Write the current or last match as a record.",
    "serve": "Run a server for shared tables.",
    "host": "Start a shared table and get its code.",
    "join": "Sit at a shared table by its code.",
    "watch": "Listen to a shared table without a seat, or to four computers.",
}


#: Commands that run the live prompt: while they run, warnings and errors go to the log
#: file in the data folder, never under the prompt where a screen reader would read them.
LIVE = frozenset({"play", "host", "join", "watch"})


def _log_for(command: str) -> contextlib.AbstractContextManager[object]:
    if command not in LIVE:
        return contextlib.nullcontext()
    from spades_voice.speech.logfile import installed
    from spades_voice.store.files import data_dir

    return installed(data_dir())


def _held(command: str) -> contextlib.AbstractContextManager[None]:
    """The game's terminal is held from the first moment, before anything is imported or
    said: keys typed while it starts are neither echoed nor signals (shell/terminal.py)."""
    if command != "play":
        return contextlib.nullcontext()
    from spades_voice.shell.terminal import hold_terminal

    return hold_terminal()


def _module(command: str) -> ModuleType:
    return importlib.import_module(f"spades_voice.commands.{command}")


def _split(argv: Sequence[str]) -> tuple[str, list[str]]:
    args = list(argv)
    if args and args[0] in COMMANDS:
        return args[0], args[1:]
    return "play", args


def commands_help() -> str:
    """The commands, one a line with what each does (``--help``'s closing words)."""
    width = max(map(len, COMMANDS))
    return "commands:\n" + "\n".join(
        f"  {name:<{width}}  {what}" for name, what in COMMANDS.items()
    )


def build_parser(command: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"spades-voice {command}" if command != "play" else "spades-voice",
        description=COMMANDS[command],
        epilog=commands_help() if command == "play" else None,
        # The command list keeps its lines: one command, and what it does, a line.
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"spades-voice {__version__}")
    _module(command).add_arguments(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    command, rest = _split(sys.argv[1:] if argv is None else argv)
    try:
        with _held(command):
            args = build_parser(command).parse_args(rest)
            module = _module(command)
            with _log_for(command):
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
