"""In a list (history, help, rules, trick review): moving, Enter and Escape.

Opening a list is a table key; once open, the keys here take over moving, Enter and
Escape while every other table key still answers (the history keeps the table live).
"""

from __future__ import annotations

from spades_voice import narration as say
from spades_voice.narration import prompts, texts
from spades_voice.narration.keynames import spoken_key
from spades_voice.narration.lines import Line
from spades_voice.shell.binding import registry
from spades_voice.shell.history_keys import cycle_filter
from spades_voice.shell.state import ListView, Shell

LIST_ACTIONS, action = registry()


# ---- opening ---------------------------------------------------------------------------


def open_list(shell: Shell, view: ListView, intro: str) -> None:
    """Open ``view`` and say ``intro`` with its first entry (an empty list: only the intro)."""
    if not view.entries:
        shell.answer(intro)
        return
    shell.overlays.open(view)
    shell.clock_update()
    say_entry(shell, view.entry, intro)


def say_entry(shell: Shell, entry: str | Line, intro: str = "") -> None:
    """An entry of the open list, ``intro`` first. A long entry is said in parts, and
    the key that says the entry again (Enter) says the rest: moving goes to the next."""
    keys = shell.keymap.keys_for("select")
    if keys:
        shell.narrator.asked_by(spoken_key(keys[0]))
    shell.narrator.before_next(intro)
    shell.answer(entry)


def open_history(shell: Shell) -> None:
    n = len(shell.narrator.history)
    view = ListView("history", prompts.HISTORY_TITLE, shell.narrator.history, pos=n - 1)
    open_list(shell, view, prompts.history_intro(n))


def open_help(shell: Shell, lines: list[str]) -> None:
    open_list(shell, ListView("help", prompts.HELP_TITLE, lines), prompts.help_intro(len(lines)))


def open_rules(shell: Shell) -> None:
    lines = texts.rules_lines(shell.view().ruleset)
    open_list(shell, ListView("rules", prompts.RULES_TITLE, lines), prompts.RULES_INTRO)


def open_review(shell: Shell) -> None:
    lines = [
        say.trick_line(t, i, shell.chair.cast, brief=shell.narrator.brief)
        for i, t in enumerate(shell.hand_tricks, start=1)
    ]
    view = ListView("review", prompts.REVIEW_TITLE, lines)
    open_list(shell, view, prompts.review_intro(len(lines)))


# ---- inside ----------------------------------------------------------------------------


def _open(shell: Shell) -> ListView:
    shown = shell.shown_list
    assert shown is not None  # the bindings are live only while a list is open
    return shown


def _move(shell: Shell, where: str) -> None:
    """Move in the list: "up", "down", "first" (Home), "last" (End)."""
    view = _open(shell)
    n = len(view.entries)
    if view.newest_first:  # shown newest first: up is newer
        target = {"up": view.pos + 1, "down": view.pos - 1, "first": n - 1, "last": 0}[where]
    else:
        target = {"up": view.pos - 1, "down": view.pos + 1, "first": 0, "last": n - 1}[where]
    if target < 0 or target >= n:
        shell.answer(prompts.list_edge(newest_first=view.newest_first, past_start=target < 0))
        return
    view.pos = target
    say_entry(shell, view.entry)


@action("previous")
def previous(shell: Shell) -> None:
    """The entry before (newer, in the history)."""
    _move(shell, "up")


@action("up")
def up(shell: Shell) -> None:
    """The entry before (newer, in the history)."""
    _move(shell, "up")


@action("next")
def next_(shell: Shell) -> None:
    """The entry after (older, in the history)."""
    _move(shell, "down")


@action("down")
def down(shell: Shell) -> None:
    """The entry after (older, in the history)."""
    _move(shell, "down")


@action("first")
def first(shell: Shell) -> None:
    """The top of the list (the newest history entry)."""
    _move(shell, "first")


@action("last")
def last(shell: Shell) -> None:
    """The bottom of the list (the oldest history entry)."""
    _move(shell, "last")


@action("select")
def select(shell: Shell) -> None:
    """Say this entry again, or the rest of a long one."""
    say_entry(shell, _open(shell).entry)


@action("history_filter")
def history_filter(shell: Shell) -> None:
    """What the history shows: everything, the table, your turns, chat or notices."""
    view = _open(shell)
    if view.kind != "history":
        shell.answer(prompts.FILTER_IN_HISTORY)
        return
    cycle_filter(shell, view)


@action("back")
def back(shell: Shell) -> None:
    """Back to the table."""
    shell.overlays.close()
    shell.clock_update()
    shell.answer(prompts.BACK_TO_TABLE)
    shell.advance()
