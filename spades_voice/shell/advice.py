"""The computer's advice at the table: the hint (I) and the coach (D).

Both are Hard's search, thought out where ``Driver.thinking`` says: at a terminal, the
hint at once and the coach in a worker thread; for a page playing alone, in the server's
worker processes (``spades_voice.alone``), whose answer comes once it is ready, so other
keys are answered meanwhile.
"""

from __future__ import annotations

import asyncio

from spades_voice import narration as say
from spades_voice.ai import Hint, sure_tricks
from spades_voice.ai.hints import position_of
from spades_voice.narration import prompts, refusals, texts
from spades_voice.narration.coach import (
    COACH_LATER,
    COACH_TITLE,
    COACHING,
    coach_intro,
    coach_line,
    coach_none,
    coach_waiting,
)
from spades_voice.narration.keynames import spoken_key
from spades_voice.narration.reasons import say_reason
from spades_voice.rules import IllegalAction, SeatView
from spades_voice.shell.binding import registry
from spades_voice.shell.list_mode import open_list
from spades_voice.shell.state import ListView, Shell
from spades_voice.table import ComputersTable, Reviewable

#: Bound with the table's keys (``table_mode``).
ADVICE_ACTIONS, action = registry()


@action("hint")
def hint(shell: Shell) -> None:
    """A hint on your turn: what the computer would do, and why."""
    if shell.chair.cast.watching:
        _thinking(shell)
        return
    view = shell.view()
    if not view.my_turn or shell.between is not None or shell.over:
        shell.answer(texts.HINT_LATER)
        return
    if shell.hand_hidden(view):
        shell.answer(prompts.HINT_NEEDS_CARDS)
        return
    shell.driver.thinking.hint(shell.table, view, lambda found: _hinted(shell, view, found))


def _thinking(shell: Shell) -> None:
    """Watching: computers that play here say what the one to act weighs, in one breath
    (thought out where the hint is: a page's in the server's workers); at a shared table
    only the players act."""
    table = shell.table
    if not isinstance(table, ComputersTable):
        shell.answer(refusals.WATCHERS_DO_NOT_PLAY)
        return
    try:
        view = table.thinking_view()
    except IllegalAction as exc:
        shell.answer(say_reason(exc.reason))
        return
    name = shell.chair.cast.name(view.seat)

    def thought(found: Hint | str) -> None:
        shell.answer(found if isinstance(found, str) else say.thinking_line(name, found))

    shell.driver.thinking.hint(table, view, thought)


def _hinted(shell: Shell, view: SeatView, found: Hint | str) -> None:
    """The hint for ``view`` is ready (or the sentence saying why there is none)."""
    if isinstance(found, str):
        shell.answer(found)
        return
    if position_of(shell.view()) != position_of(view):
        return  # thought out elsewhere, and the game moved on: it no longer applies
    # Focus moves to the suggestion, so Enter takes it and Left/Right start from it.
    shell.focus.take(found.decision)
    shell.answer(say.hint_line(found, sure_tricks(view.hand) if view.legal_bids else None))


@action("coach")
def coach(shell: Shell) -> None:
    """The coach: your one to three costliest decisions in the last finished hand, and why,
    one by one: Up and Down move."""
    table = shell.table
    if not isinstance(table, Reviewable):
        shell.answer(prompts.COACH_NOT_HERE)
        return
    if not shell.view().outcomes:
        shell.answer(COACH_LATER)
        return
    shell.answer(COACHING)

    async def review() -> None:
        # Hard weighs every decision of the hand: about a second, so away from the keys,
        # like a computer's move (``Driver.thinking``); keys meanwhile are answered.
        try:
            result = await shell.driver.thinking.coach(table)
        except IllegalAction as exc:
            shell.answer(say_reason(exc.reason))
            return
        if result is None:
            shell.answer(COACH_LATER)
            return
        number, findings = result
        if not findings:
            shell.answer(coach_none(number))
            return
        if shell.question is not None:
            # The question stays open: a count now, the list when the coach key is pressed
            # again (the review is kept, so it comes at once).
            key = spoken_key(shell.keymap.keys_for("coach")[0])
            shell.answer(coach_waiting(number, len(findings), key))
            return
        # A short list, costliest first, the first said at once: one finding a breath.
        lines = [coach_line(f) for f in findings]
        open_list(shell, ListView("coach", COACH_TITLE, lines), coach_intro(number, len(lines)))

    asyncio.get_running_loop().create_task(review())
