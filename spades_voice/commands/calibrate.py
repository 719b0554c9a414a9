"""``spades-voice calibrate``: measure this machine's work rate for Hard again, and keep it.

The game measures once, at its first start, and stores the rate with the settings; run this
after changing machines or when Hard seems slow or quick to answer. Exit 0 when the rate
was measured (and saved, unless the settings file could not be written: then it says so).
"""

from __future__ import annotations

import argparse
import time

from spades_voice.ai.calibrate import measure
from spades_voice.store import files


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir",
        default=None,
        metavar="DIR",
        help=f"Where the game keeps its files (default: ${files.DATA_DIR_ENV}, "
        "else your user data folder).",
    )


def run(args: argparse.Namespace) -> int:
    from spades_voice.store.hooks import StoreHooks

    hooks = StoreHooks(args.data_dir)
    rate = measure(time.process_time)
    hooks.save_settings(hooks.settings.with_work_rate(rate))
    notices = hooks.notices()
    print(
        f"Hard's work rate on this machine: {rate.plays_per_ms:g} card plays and "
        f"{rate.solves_per_ms:g} endgame solves per millisecond."
        + ("" if notices else " Saved.")
    )
    for notice in notices:
        print(notice)
    return 0
