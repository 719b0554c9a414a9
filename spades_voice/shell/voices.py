"""How each event reaches the player: spoken (brief or full) or kept in the history only,
by its kind (the speech menu); and the only legal card, played by itself when the player
asked for that. The shell's ``handle`` calls these for every event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades_voice.narration import event_kind, event_lines, notices, prompts
from spades_voice.options import EventKind
from spades_voice.rules import Card, IllegalAction, Phase
from spades_voice.shell.keymap import spoken_keys
from spades_voice.table import CardPlayed, Event, Notice, TurnToAct

if TYPE_CHECKING:  # the shell's state imports this module
    from spades_voice.shell.state import Shell


def say_event(shell: Shell, event: Event) -> None:
    """Tell ``event``'s lines as its kind's setting says (each is kept in the history)."""
    kind = event_kind(event, shell.table.seat)
    if kind is None and isinstance(event, CardPlayed) and event.card == shell.auto_played:
        shell.auto_played = None
        shell.tell(prompts.only_card(event.card), None)
        return
    # The player's own bid and card take the cards' form; "history only" keeps the
    # full form, since reading it back costs nothing.
    voice = shell.voices[kind if kind is not None else EventKind.CARDS]
    brief = voice.brief
    lines = event_lines(event, shell.cast, brief=brief, short_results=brief)
    if isinstance(event, TurnToAct) and event.phase is Phase.BIDDING:
        view = shell.view()
        if not shell.blind_open(view):  # the bid is due: with the value Enter places
            lines = [shell.bid_prompt(view)]
    if isinstance(event, Notice) and event.action is not None:
        bound = shell.keymap.keys_for(event.action)
        keys = spoken_keys(bound) if bound else ""
        lines = [notices.with_offer(line, event.action, keys) for line in lines]
    for line in lines:
        shell.tell(line, kind)


def only_card(shell: Shell, event: TurnToAct) -> Card | None:
    """The one legal card, when the player asked for it to play by itself."""
    if not shell.only_card or event.phase is not Phase.PLAYING or shell.question is not None:
        return None
    legal = shell.table.view().legal_cards
    return legal[0] if len(legal) == 1 else None


def play_only_card(shell: Shell) -> None:
    """Play the card ``handle`` set aside (after the events before it were said)."""
    card = shell.auto_played
    if card is None or shell.between is not None:
        return
    try:
        shell.table.submit(card)
    except IllegalAction:
        shell.auto_played = None
        return
    shell.pump()
