"""``spades-voice keys``: every key and what it does (the same list the help key reads)."""

from __future__ import annotations

import argparse
from importlib import resources

from spades_voice.narration import stored
from spades_voice.narration.keynames import spoken_keys
from spades_voice.narration.language import line
from spades_voice.shell.keymap import FILE_NAME, load_keymap, user_keymap_path
from spades_voice.shell.table_mode import help_texts


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--defaults", action="store_true", help="List the default keys, ignoring your keymap."
    )
    parser.add_argument(
        "--write",
        action="store_true",
        help="Write the default keymap, with its comments, to your config folder to edit "
        "(never over one you have).",
    )


def write_keymap() -> tuple[int, str]:
    """Copy the game's commented keymap.toml to the player's config folder, unless one is
    there: the exit status and the sentence to print."""
    path = user_keymap_path()
    text = resources.files("spades_voice").joinpath(FILE_NAME).read_bytes()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("xb") as f:  # never over the player's own
            f.write(text)
    except FileExistsError:
        # Nothing went wrong: the player's keymap is there, as they wanted one to be.
        return 0, stored.keymap_there_already(str(path))
    except OSError:
        return 1, stored.keymap_not_written(str(path))
    return 0, stored.keymap_written(str(path))


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
    if args.write:
        status, said = write_keymap()
        print(line(said))
        return status
    for text in key_lines(use_user=not args.defaults):
        print(text)
    return 0
