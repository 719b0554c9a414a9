"""The history by kind, and kept in a file: its filter and the save-history key.

In the history list the filter key cycles what the list shows (everything, the table,
your turns, chat, notices); at the table it says where it works. The save key writes this
match's whole history (never filtered) to a text file in the data folder, from anywhere;
a player at a page (``store.base.Downloads``) gets the same text as a download.
"""

from __future__ import annotations

import enum
import time

from spades_voice.narration import prompts, stored
from spades_voice.narration.lines import text_of
from spades_voice.options import EventKind
from spades_voice.shell.binding import registry
from spades_voice.shell.state import ListView, Shell
from spades_voice.store.base import Downloads
from spades_voice.store.hooks import history_name

HISTORY_ACTIONS, action = registry()

_TABLE = frozenset({EventKind.CARDS, EventKind.TRICKS, EventKind.BIDS, EventKind.RESULTS})


class HistoryFilter(enum.Enum):
    """What the history list shows."""

    ALL = "all"
    TABLE = "table"  # cards, tricks, bids, hands dealt and scored
    MINE = "mine"  # your turns, your own bids and cards
    CHAT = "chat"
    NOTICES = "notices"

    def keeps(self, kind: EventKind | None) -> bool:
        if self is HistoryFilter.ALL:
            return True
        if self is HistoryFilter.TABLE:
            return kind in _TABLE
        if self is HistoryFilter.MINE:
            return kind is None or kind is EventKind.TURNS
        return kind is (EventKind.CHAT if self is HistoryFilter.CHAT else EventKind.NOTICES)

    @property
    def following(self) -> HistoryFilter:
        order = list(HistoryFilter)
        return order[(order.index(self) + 1) % len(order)]


def cycle_filter(shell: Shell, view: ListView) -> None:
    """Show the next filter's entries, newest first, and say how many and the newest."""
    chosen = HistoryFilter(view.filter).following
    view.filter = chosen.value
    if chosen is HistoryFilter.ALL:
        entries = shell.narrator.history  # the live list: new events keep arriving in it
    else:
        kinds = shell.narrator.history_kinds
        entries = [t for t, k in zip(shell.narrator.history, kinds, strict=True) if chosen.keeps(k)]
    view.entries = entries or [prompts.NOTHING_OF_THIS_KIND]
    view.pos = len(view.entries) - 1
    newest = text_of(view.entry) if entries else ""  # history entries are words
    shell.answer(prompts.history_filtered(chosen.value, len(entries), newest))


@action("history_filter")
def history_filter(shell: Shell) -> None:
    """In the history: show everything, the table, your turns, chat or notices."""
    shell.answer(prompts.FILTER_IN_HISTORY)


@action("save_history")
def save_history(shell: Shell) -> None:
    """Save this match's whole history to a text file in your data folder."""
    lines = shell.narrator.history[shell.narrator.history_start :]
    if not lines:
        shell.answer(prompts.history_intro(0))
        return
    text = "\n".join(lines) + "\n"
    if isinstance(shell.hooks, Downloads):  # the player is at a page, not at this computer
        name = history_name(time.localtime())
        shell.hooks.download(name, text)
        shell.answer(prompts.history_downloaded(name, len(lines)))
        return
    path, trouble = shell.hooks.save_history(text)
    if path is None:
        assert trouble is not None
        shell.answer(stored.history_not_saved(trouble))
        return
    shell.answer(prompts.history_saved(path.name, len(lines)))
    shell.keep(stored.full_path(path))
