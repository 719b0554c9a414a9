"""``spades-voice stats [--json]``: print the player's statistics.

Reads the statistics file and never changes it: a file that cannot be used is reported
(exit 2) and left for the game to set aside when it next starts.
"""

from __future__ import annotations

import argparse
import json
import sys

from spades_voice.commands.common import (
    add_data_dir_argument,
    add_language_argument,
    choose_language,
    saved_settings,
)
from spades_voice.store import files
from spades_voice.store.files import StoreError
from spades_voice.store.stats import STATS_FILE, Statistics, load_stats


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="Print the figures as JSON.")
    add_language_argument(parser)
    add_data_dir_argument(parser)


def run(args: argparse.Namespace) -> int:
    path = files.data_dir(args.data_dir) / STATS_FILE
    try:
        stats = load_stats(path) or Statistics()
    except StoreError as e:
        print(f"Your statistics in {path} cannot be used because {e}.", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(stats.to_json(), indent=1))
    else:
        choose_language(args, saved_settings()[0])
        print(stats.text())
    return 0
