"""``spades-voice keys``: every key and what it does (the same list the help key reads)."""

from __future__ import annotations

import argparse

from spades_voice.narration.keynames import spoken_keys
from spades_voice.shell.keymap import load_keymap, user_keymap_path
from spades_voice.shell.table_mode import help_texts


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--defaults", action="store_true", help="List the default keys, ignoring your keymap."
    )


def key_lines(*, use_user: bool = True) -> list[str]:
    """The lines ``spades-voice keys`` prints: problems first, then one line per action."""
    keymap = load_keymap(use_user=use_user)
    docs = help_texts()
    lines = list(keymap.problems)
    lines.extend(
        f"{spoken_keys(keymap.keys_for(action))}: {docs[action]}"
        for action in keymap.actions
        if action in docs
    )
    lines.append(f"Your own keymap: {user_keymap_path()}")
    return lines


def run(args: argparse.Namespace) -> int:
    for line in key_lines(use_user=not args.defaults):
        print(line)
    return 0
