"""``spades-voice export FILE``: write the current or last match as ``spades-record/1``.

The current match is the saved one when it has any decision, otherwise the match before
it. ``spades-voice score FILE`` reads what this writes. Exit 0 written, 1 when there is
no match to export or FILE cannot be written, 2 when the saved files cannot be used.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from spades_voice.commands.common import add_data_dir_argument
from spades_voice.rules import Seat, view_at
from spades_voice.rules.record import write_record
from spades_voice.store import files
from spades_voice.store.files import StoreError
from spades_voice.store.save import LAST_FILE, SAVE_FILE, SavedMatch, load_saved


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="Where to write the record (- for standard output).")
    add_data_dir_argument(parser)


def match_to_export(directory: Path) -> tuple[str, SavedMatch] | None:
    """("current" or "last", the match), or None. Raises ``StoreError``."""
    for which, name in (("current", SAVE_FILE), ("last", LAST_FILE)):
        saved = load_saved(directory / name)
        if saved is not None and saved.started:
            return which, saved
    return None


def run(args: argparse.Namespace) -> int:
    directory = files.data_dir(args.data_dir)
    try:
        found = match_to_export(directory)
    except StoreError as e:
        print(f"The saved match in {directory} cannot be used because {e}.", file=sys.stderr)
        return 2
    if found is None:
        print("There is no match to export yet: play at least one move.", file=sys.stderr)
        return 1
    which, saved = found
    text = io.StringIO()
    write_record(saved.match, text)
    if args.file == "-":
        sys.stdout.write(text.getvalue())
        return 0
    target = Path(args.file)
    try:
        files.write_atomic(target, text.getvalue().encode("utf-8"))
    except OSError as e:
        print(f"Could not write {target}: {e.strerror or e}.", file=sys.stderr)
        return 1
    end = view_at(saved.match, Seat.S)
    status = "finished" if end.winner is not None else f"in hand {end.hand_number}"
    print(f"Wrote the {which} match ({status}, {saved.match.moves} moves) to {target}.")
    return 0
