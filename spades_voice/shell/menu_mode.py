"""The speech menu: how each kind of event reaches the player, and the only card.

It is a list (``ListView`` kind "speech") so Up, Down, Home, End and Escape move and
close it as in every list; here Left and Right (and Enter) change the chosen row's value,
which is spoken and saved at once. The menu is a mode of its own (``Mode.MENU``): while it
is open only these keys work (with repeat, silence and the sound keys, live everywhere),
and any other key says what the menu does and how to leave it, as a question says itself
again. The table waits while the menu is open.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from spades_voice.narration import prompts
from spades_voice.options import EventKind
from spades_voice.shell.binding import registry
from spades_voice.shell.list_mode import open_list
from spades_voice.shell.overlays import MENU_KIND
from spades_voice.shell.state import ListView, Shell

MENU_ACTIONS, action = registry()
KIND = MENU_KIND
#: The list's keys the menu moves and closes with, as in every list.
MOVING = ("up", "down", "first", "last", "back")
#: The menu's rows in order: the only card, then each kind of event.
ROWS: tuple[str, ...] = ("only_card", *(kind.value for kind in EventKind))


def menu_help(shell: Shell) -> None:
    """A key the menu does not use: what the menu does and how to leave it."""
    shell.answer(prompts.SPEECH_MENU_INTRO)


def remember(shell: Shell, **changes: Any) -> None:
    """Keep changed settings for next time (the store decides whether it can)."""
    current = shell.hooks.settings
    if current is not None:
        shell.hooks.save_settings(replace(current, **changes))


def row_text(shell: Shell, row: str) -> str:
    if row == "only_card":
        return prompts.only_card_row(shell.only.on)
    kind = EventKind(row)
    return prompts.voice_row(row, shell.narrator.voices[kind].value, has_detail=kind.has_detail)


def open_speech_menu(shell: Shell) -> None:
    view = ListView(KIND, prompts.SPEECH_MENU_TITLE, [row_text(shell, r) for r in ROWS])
    open_list(shell, view, prompts.SPEECH_MENU_INTRO)


def _menu(shell: Shell) -> ListView | None:
    shown = shell.shown_list
    return shown if shown is not None and shown.kind == KIND and shell.question is None else None


def _change(shell: Shell, step: int) -> None:
    """The chosen row's next (``step`` 1) or previous (-1) value, spoken and saved."""
    view = _menu(shell)
    assert view is not None  # the bindings are live only while the menu is open
    row = ROWS[view.pos]
    if row == "only_card":
        remember(shell, only_card=shell.only.choose(not shell.only.on))
    else:
        shell.narrator.next_voice(EventKind(row), step)
        remember(shell, voices=dict(shell.narrator.voices))
    rows = list(view.entries)
    rows[view.pos] = row_text(shell, row)
    view.entries = rows
    shell.answer(view.entry)


@action("previous")
def previous(shell: Shell) -> None:
    """In the speech menu: the previous value of this row."""
    _change(shell, -1)


@action("next")
def next_(shell: Shell) -> None:
    """In the speech menu: the next value of this row."""
    _change(shell, 1)


@action("select")
def select(shell: Shell) -> None:
    """In the speech menu: the next value of this row."""
    _change(shell, 1)
