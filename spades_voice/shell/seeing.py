"""Seeing the cards: at a blind-nil table, hearing them gives up blind nil for the hand,
so the shell asks first while the offer is open, and records the look as a decision."""

from __future__ import annotations

from collections.abc import Callable

from spades_voice.narration import prompts, texts
from spades_voice.shell.state import Shell


def look(shell: Shell, then: Callable[[], None]) -> None:
    """Seeing the cards gives up blind nil: ask first while it is open."""
    view = shell.view()
    if not shell.hand_hidden(view):
        if not view.hand_seen:  # after a blind nil bid: heard now, so seen for good
            shell.sight.reveal()
        then()
        return
    if view.my_turn:
        # Said once, with the answer: the offer is gone, and the bid to place now.
        shell.sight.reveal()
        shell.clock_update()
        shell.narrator.before_next(texts.BLIND_WITHDRAWN)
        shell.narrator.after_next(shell.focus.bid_prompt(shell.view()))
        then()
        return

    def yes() -> None:
        shell.sight.reveal()
        then()

    shell.ask(prompts.LOOK_AT_CARDS, yes)
