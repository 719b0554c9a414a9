"""``spades-voice calibrate``: measure this machine's work rate for Hard again, and keep it.

The game measures once, at its first start, and stores the rate with the settings; run this
after changing machines or when Hard seems slow or quick to answer. Exit 0 when the rate
was measured (and saved, unless the settings file could not be written: then it says so).
"""

from __future__ import annotations

import argparse
import time

from spades_voice.ai.calibrate import measure
from spades_voice.commands.common import add_data_dir_argument


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_data_dir_argument(parser)


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
