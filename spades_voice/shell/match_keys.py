"""Keys about the match as a whole: taking back, restarting the hand, the hands played,
and reporting a problem. Live at the table and in a list, like the table's keys.

Undo and restart reach back into the hand that has just ended until N deals the next
one: its result is taken back and the hand is played on. Never across a deal, never
after the match ended.
"""

from __future__ import annotations

from spades_voice import narration as say
from spades_voice.narration import prompts, stored, texts
from spades_voice.narration.reasons import say_reason
from spades_voice.rules import IllegalAction
from spades_voice.shell.binding import registry
from spades_voice.shell.list_mode import open_list
from spades_voice.shell.state import ListView, Shell
from spades_voice.table import Reviewable

MATCH_ACTIONS, action = registry()


def _taken_back(shell: Shell, reopen: bool) -> None:
    if reopen:
        shell.reopened()
    shell.pump()
    shell.advance()


@action("undo")
def undo(shell: Shell) -> None:
    """Take back your last bid or card, and everything after it; between hands, the
    hand's result too."""
    if shell.over:
        shell.answer(prompts.NOTHING_TO_UNDO)
        return
    table = shell.table
    if not isinstance(table, Reviewable):
        shell.answer(prompts.UNDO_NOT_HERE)
        return
    reopen = shell.between is not None
    try:
        table.undo(reopen=reopen)
    except IllegalAction as exc:
        shell.answer(say_reason(exc.reason))
        return
    _taken_back(shell, reopen)


@action("restart_hand")
def restart_hand(shell: Shell) -> None:
    """Start this hand again with the same cards (asks first); between hands, the hand
    just ended."""
    if shell.over:
        shell.answer(prompts.NOTHING_TO_RESTART)
        return
    table = shell.table
    if not isinstance(table, Reviewable):
        shell.answer(prompts.RESTART_NOT_HERE)
        return
    reopen = shell.between is not None

    def restart() -> None:
        try:
            table.restart_hand(reopen=reopen)
        except IllegalAction as exc:
            shell.answer(say_reason(exc.reason))
            return
        _taken_back(shell, reopen)

    shell.ask(texts.CONFIRM_RESTART, restart)


@action("hands_played")
def hands_played(shell: Shell) -> None:
    """The hands played, newest first: bids, tricks, points, bags and totals of each."""
    outcomes = shell.view().outcomes
    entries = [say.hand_entry(o, shell.chair.cast) for o in outcomes]
    view = ListView("hands", prompts.HANDS_TITLE, entries, pos=len(entries) - 1)
    open_list(shell, view, prompts.hands_intro(len(entries)))


@action("report_problem")
def report_problem(shell: Shell) -> None:
    """Report a problem: writes this match, the recent speech and your settings to one
    file in your data folder, and says where it is."""
    said = list(shell.narrator.said)
    path, trouble = shell.hooks.report_problem(shell.table.match, shell.view(), said)
    if path is None:
        assert trouble is not None
        shell.answer(stored.report_not_written(trouble))
        return
    shell.answer(stored.report_written(path.name))
    shell.keep(stored.full_path(path))
