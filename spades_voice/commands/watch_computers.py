"""``spades-voice watch --computers``: four computers play a match, and the listener
learns by ear. The terminal's Shell runs ``ComputersTable``: a local table with a
computer in every seat and the public view only (marked ``watching``: nobody is "you"),
so P pauses, A paces, and I says what the computer to act is thinking about.
"""

from __future__ import annotations

import random
from dataclasses import replace

from spades_voice.ai import Hint, Level, hint, make_player
from spades_voice.ai.hints import hint_rng
from spades_voice.narration.refusals import Refusal
from spades_voice.rules import (
    SEATS,
    Decision,
    IllegalAction,
    Reason,
    Ruleset,
    Seat,
    SeatView,
    seed_text,
    view_of,
)
from spades_voice.table import LocalTable, Person, PlannedStep

#: The four computers' names, clockwise from South.
NAMES = {Seat.S: "Jo", Seat.W: "Robin", Seat.N: "Alex", Seat.E: "Sam"}


class ComputersTable(LocalTable):
    """Four computers of one ``level`` at a local table, heard as a watcher hears one."""

    def __init__(self, ruleset: Ruleset, seed: int | str, level: Level, **options: object
                 ) -> None:
        super().__init__(ruleset, seed, level, names=NAMES, **options)  # type: ignore[arg-type]

    def view(self) -> SeatView:
        """The public view, in South's chair only for the order of seats and teams."""
        view = view_of(self.state, self.seat)
        return replace(view, hand=(), hand_seen=True, legal_cards=(), legal_bids=(), dealt=(),
                       watching=True)

    def people(self) -> list[Person]:
        return [Person(s, NAMES[s], person=False, connected=False, host=False, you=False)
                for s in SEATS]

    def submit(self, decision: Decision) -> None:
        raise IllegalAction(Reason(Refusal.WATCHERS_DO_NOT_PLAY))

    def reveal(self) -> None:
        """Nothing to look at: the listener holds no cards."""

    def computer_to_act(self) -> bool:
        return self.state.to_act is not None and not self.state.over

    def plan_step(self) -> PlannedStep | None:
        """The computer to act's next decision, South's too, each at the table's level
        from its position's own generator (as ``LocalTable.plan_step``)."""
        actor = self.state.to_act
        if actor is None or self.state.over:
            return None
        self.state.reveal(actor)
        token = (self.state.hand_number, self.state.moves)
        seed = seed_text(self.state.seed, actor.value, self.state.moves)
        player = make_player(self.level, random.Random(seed), rate=self.rate)
        view = view_of(self.state, actor)
        return PlannedStep(token, actor, view, player, self.level, seed)

    def hint(self) -> Hint:
        """What the computer to act weighs now (the coach's reasons for its position)."""
        actor = self.state.to_act
        if actor is None or self.state.over:
            raise IllegalAction(Reason(Refusal.NOBODY_THINKING))
        self.state.reveal(actor)
        view = view_of(self.state, actor)
        return hint(view, hint_rng(self.state.seed, view), rate=self.rate)

    def _turn_check(self) -> None:
        """Nobody here is told it is their turn: the computers just play."""
