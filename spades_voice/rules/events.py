"""What happened: the values ``MatchState.apply`` returns, oldest first.

The model reports its own events, so no table works them out by comparing states before
and after, and every table (this process's, or the server's for four seats) tells the
same story. Narration turns each into words; the shell decides when to say them.
"""

from __future__ import annotations

from dataclasses import dataclass

from spades_voice.rules.bids import Bid
from spades_voice.rules.cards import Card, Suit
from spades_voice.rules.hand import Phase, Trick
from spades_voice.rules.scoring import TeamScore
from spades_voice.rules.seats import Seat, Team


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """A finished hand: who bid what, who took what, and the score."""

    number: int  # 1-based
    dealer: Seat
    bids: tuple[tuple[Seat, Bid], ...]
    tricks: dict[Seat, int]
    scores: dict[Team, TeamScore]
    totals: dict[Team, int]  # after this hand
    boston: Team | None
    #: This hand decided the match (nothing said about the next hand, bags included).
    final: bool = False


@dataclass(frozen=True, slots=True)
class HandDealt:
    number: int  # 1-based
    dealer: Seat


@dataclass(frozen=True, slots=True)
class BidPlaced:
    seat: Seat
    bid: Bid


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: Seat
    card: Card
    trick_number: int  # 1-based
    position: int  # 1 = led the trick


@dataclass(frozen=True, slots=True)
class SpadesBroken:
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class TrickWon:
    seat: Seat
    trick: Trick
    number: int  # 1-based
    #: The nil (or blind nil) ``seat`` bid, when this is its first trick: broken now.
    nil_broken: Bid | None = None


@dataclass(frozen=True, slots=True)
class HandScored:
    outcome: HandOutcome


@dataclass(frozen=True, slots=True)
class MatchWon:
    team: Team
    totals: dict[Team, int]


@dataclass(frozen=True, slots=True)
class TurnToAct:
    """It is ``seat``'s turn (a table tells each seat only of its own turn)."""

    seat: Seat
    phase: Phase
    led: Suit | None  # the suit led, when following


@dataclass(frozen=True, slots=True)
class TakenBack:
    """Decisions were taken back (undo, or restart of the hand when ``restart``)."""

    count: int
    restart: bool
    #: The hand that had just ended was taken up again, its result taken back.
    reopened: bool = False
    #: The taker's own bid or card that went first (an undo), so it can be named.
    yours: Bid | Card | None = None


GameEvent = (
    HandDealt
    | BidPlaced
    | CardPlayed
    | SpadesBroken
    | TrickWon
    | TurnToAct
    | HandScored
    | MatchWon
    | TakenBack
)
