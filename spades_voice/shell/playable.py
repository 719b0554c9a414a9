"""Jumping among the cards that may be played: the practised player's Left and Right.

Each handler's docstring is its spoken help. ``hand_bound`` is the guard every hand key
shares: between hands and after the match they say so instead of answering.
"""

from __future__ import annotations

from spades_voice import narration as say
from spades_voice.narration import prompts, texts
from spades_voice.shell.binding import registry
from spades_voice.shell.state import Shell

PLAYABLE_ACTIONS, action = registry()


def hand_bound(shell: Shell) -> bool:
    """Between hands or after the match, hand keys say so instead of answering."""
    if shell.over:
        shell.answer(texts.NEW_MATCH)
        return False
    if shell.between is not None:
        shell.answer(say.between_hands(shell.between))
        return False
    return True


def _jump(shell: Shell, step: int) -> None:
    """To the next (``step`` 1) or previous (-1) playable card in the hand's order; at
    the end, the last one there with which end it is."""
    view = shell.view()
    if shell.bidding_now(view):
        shell.answer(prompts.BID_BEFORE_PLAY)
        return
    if not (view.my_turn and view.legal_cards):
        shell.answer(prompts.NOT_YOUR_CARD_TURN)
        return
    cards, i = shell.focus.focused(view)
    playable = [j for j, card in enumerate(cards) if card in view.legal_cards]
    ahead = [j for j in playable if (j - i) * step > 0]
    edge = None
    if ahead:
        target = min(ahead, key=lambda j: abs(j - i))
    else:
        target = playable[-1] if step > 0 else playable[0]
        edge = prompts.LAST_PLAYABLE if step > 0 else prompts.FIRST_PLAYABLE
    shell.focus.put(cards, target)
    shell.answer(prompts.playable_jump(cards[target], edge=edge))


@action("next_playable")
def next_playable(shell: Shell) -> None:
    """On your turn to play: the next card you can play."""
    if hand_bound(shell):
        _jump(shell, 1)


@action("previous_playable")
def previous_playable(shell: Shell) -> None:
    """On your turn to play: the previous card you can play."""
    if hand_bound(shell):
        _jump(shell, -1)
