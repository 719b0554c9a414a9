"""Keys that change a remembered choice: pace, verbosity, the hand's order, the speech
menu.

Each handler's docstring is its spoken help. Every change is handed to the store at once
(``remember``), so it survives a restart.
"""

from __future__ import annotations

from spades_voice.narration import prompts
from spades_voice.options import Verbosity
from spades_voice.shell.binding import registry
from spades_voice.shell.menu_mode import open_speech_menu, remember
from spades_voice.shell.state import Shell

CHOICE_ACTIONS, action = registry()


@action("pace")
def pace(shell: Shell) -> None:
    """Change the pace of the computers: relaxed, quick or instant."""
    chosen = shell.driver.next_pace()
    shell.answer(prompts.pace_now(chosen.value))
    remember(shell, pace=chosen)
    shell.advance()


@action("verbosity")
def verbosity(shell: Shell) -> None:
    """Switch between brief and full descriptions of each card and trick."""
    brief = not shell.narrator.brief
    shell.narrator.cards_briefly(brief)
    chosen = Verbosity.BRIEF if brief else Verbosity.FULL
    shell.answer(prompts.verbosity_now(chosen.value))
    remember(shell, verbosity=chosen, voices=dict(shell.narrator.voices))


@action("hand_order")
def hand_order(shell: Shell) -> None:
    """Order of your hand: by suit, by rank, or as dealt. H and moving follow it."""
    order = shell.focus.next_order(dealt_known=bool(shell.view().dealt))
    shell.answer(prompts.hand_order_now(order.value))
    remember(shell, hand_order=order)


@action("speech_menu")
def speech_menu(shell: Shell) -> None:
    """Speech settings: spoken or history only, brief or full, for each kind of event."""
    open_speech_menu(shell)
