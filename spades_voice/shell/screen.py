"""The one line on screen, with the cursor on whatever has focus.

Drawing only reads: it never moves the focus or changes anything else, so prompt_toolkit
may draw as often as it likes.
"""

from __future__ import annotations

from dataclasses import dataclass

from spades_voice import narration as say
from spades_voice.narration import prompts, texts
from spades_voice.narration.chat import SAY_PROMPT
from spades_voice.narration.language import line as tr
from spades_voice.narration.lines import text_of
from spades_voice.narration.naming import bid_name
from spades_voice.rules import BID_CHOICES
from spades_voice.shell.state import Draft, Shell


@dataclass(frozen=True, slots=True)
class Screen:
    """What the one-line screen shows, and where the cursor sits in it."""

    text: str
    cursor: int = 0


def screen(shell: Shell) -> Screen:
    """The line for the mode the shell is in."""
    prefix = tr(prompts.SCREEN_PAUSED) if shell.driver.paused else ""
    question, shown = shell.question, shell.shown_list
    if question is not None:
        return Screen(prefix + tr(question.question), len(prefix))
    if isinstance(shell.overlay, Draft):
        line = prefix + tr(SAY_PROMPT) + shell.overlay.text
        return Screen(line, len(line))
    if shown is not None:
        head = prefix + prompts.screen_list(shown.title, shown.shown, len(shown.entries))
        return Screen(head + text_of(shown.entry), len(head))
    return _table_line(shell, prefix)


def _table_line(shell: Shell, prefix: str) -> Screen:
    if shell.over:
        over = texts.over_prompt(shell.chair.cast.watching)
        return Screen(prefix + tr(prompts.SCREEN_OVER) + tr(over), len(prefix))
    if shell.between is not None:
        return Screen(prefix + say.between_hands(shell.between), len(prefix))
    view = shell.view()
    if shell.hand_hidden(view):
        text = texts.BLIND_OFFER if view.my_turn else texts.HIDDEN
        return Screen(prefix + tr(text), len(prefix))
    if shell.bidding_now(view):
        head = prefix + tr(prompts.SCREEN_BID)
        return Screen(head + bid_name(BID_CHOICES[shell.focus.bid]), len(head))
    cards, i = shell.focus.focused(view)
    if i < 0:
        return Screen(prefix + tr(prompts.SCREEN_NO_CARDS), len(prefix))
    turn = tr(prompts.SCREEN_YOUR_TURN) if view.my_turn else ""
    head = prefix + turn + tr(prompts.SCREEN_HAND)
    focused = say.focus_line(cards[i], shell.focus.playable(view, cards[i]))
    return Screen(head + focused.text, len(head))
