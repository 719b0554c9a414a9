"""What the player has seen of their own cards: at a blind-nil table, a look is a decision
in the match (it closes blind nil for the hand), recorded here from facts, never from a
card's name.

A line shows the player their cards when it names, as theirs, a card of the hand in play
(a ``narration.lines.Line`` carries the cards it names as the player's). The events are
told a step behind the table: the hand that just ended is told (and, between hands,
asked about) while the table has dealt the next one already. So a line counts only when
the hand whose story is being told (``told``, moved on by each deal told) is the hand in
play: the last trick of hand 1 names no card of hand 2, whatever names they share.
"""

from __future__ import annotations

from dataclasses import dataclass

from spades_voice.rules import Card
from spades_voice.store.base import ShellHooks
from spades_voice.table import Table


@dataclass
class Sight:
    table: Table
    hooks: ShellHooks
    #: The number of the hand whose events are being told.
    told: int

    def telling(self, hand_number: int) -> None:
        """The story told from now on is hand ``hand_number``'s (a deal told, moves taken
        back)."""
        self.told = hand_number

    def saw(self, cards: frozenset[Card]) -> None:
        """A line just said named ``cards`` as the player's: if they are of the hand in
        play and blind nil was still theirs to give up, they have seen their cards."""
        view = self.table.view()
        if view.hand_seen or self.told != view.hand_number:
            return
        if cards & {*view.hand, *view.dealt}:
            self.reveal()

    def reveal(self) -> None:
        """The player sees their cards: a decision in the match (it closes blind nil for
        good, undo or not), so it is saved like one."""
        self.table.reveal()
        match = self.table.match
        if match is not None:
            self.hooks.decision_made(match)
