"""What a match is made of, as values: the decisions, and the match that records them.

A ``Match`` is ruleset + seed + the ordered list of decisions (``match.py`` replays it
into a ``MatchState``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from spades_voice.rules.bids import Bid
from spades_voice.rules.cards import Card
from spades_voice.rules.chance import DealtHand
from spades_voice.rules.ruleset import Ruleset
from spades_voice.rules.seats import Seat


@dataclass(frozen=True, slots=True)
class Look:
    """``seat`` has seen its cards in this hand: blind nil is closed to it from now on.

    A decision like a bid or a card, so undo, restart, saves and records all agree on who
    has looked; but cards once seen cannot be unseen, so undo and restart replay every
    look of the hand rather than take one back. Only recorded where blind nil is played
    (nothing else depends on it), and once per seat and hand.
    """

    seat: Seat

    def __repr__(self) -> str:
        return f"Look(Seat.{self.seat.name})"


#: What a seat chooses on its turn (what players return, hints suggest, the coach judges).
Move = Bid | Card
#: Everything the match records: moves, and looks, which any seat makes in its own time.
Decision = Bid | Card | Look


@dataclass(frozen=True, slots=True)
class Match:
    """The whole story of a match as a value: what a save stores."""

    ruleset: Ruleset = field(default_factory=Ruleset)
    seed: int | str | None = None
    decisions: tuple[Decision, ...] = ()
    #: Deals fixed in advance (read from a record); hands beyond them come from ``seed``.
    deals: tuple[DealtHand, ...] = ()

    @property
    def moves(self) -> int:
        """Bids and cards, looks aside."""
        return sum(not isinstance(d, Look) for d in self.decisions)
