"""Saved match, statistics, settings and the match clock, kept on disk.

``StoreHooks`` is what the shell uses; the modules beside it hold the file formats
(each a versioned JSON object written atomically) and the values they carry.
"""

from __future__ import annotations

from spades_voice.store.clock import MatchClock
from spades_voice.store.files import (
    DATA_DIR_ENV,
    NewerVersion,
    OlderVersion,
    StoreError,
    Unreadable,
    data_dir,
    write_atomic,
)
from spades_voice.store.hooks import StoreHooks
from spades_voice.store.save import SavedMatch, load_saved
from spades_voice.store.settings import Settings, load_settings
from spades_voice.store.stats import Statistics, load_stats

__all__ = [
    "DATA_DIR_ENV",
    "MatchClock",
    "NewerVersion",
    "OlderVersion",
    "SavedMatch",
    "Settings",
    "Statistics",
    "StoreError",
    "StoreHooks",
    "Unreadable",
    "data_dir",
    "load_saved",
    "load_settings",
    "load_stats",
    "write_atomic",
]
