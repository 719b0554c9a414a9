"""The rules of partnership Spades: a pure, deterministic model.

Nothing here prints, sleeps, reads the clock, opens files or uses the module-level
``random``; a ``random.Random`` is passed in where chance is needed.
"""

from __future__ import annotations

from spades_voice.rules.bids import BID_CHOICES, BLIND_NIL, NIL, Bid
from spades_voice.rules.cards import CARDS, SUITS, Card, Rank, Suit, card, cards, cards_of
from spades_voice.rules.errors import (
    IllegalAction,
    IllegalBid,
    IllegalPlay,
    NotAValue,
    NothingToUndo,
    Refused,
)
from spades_voice.rules.events import HandOutcome
from spades_voice.rules.hand import Deal, HandState, Phase, Trick
from spades_voice.rules.match import (
    TOLD_EVENTS,
    DealtHand,
    Decision,
    Look,
    Match,
    MatchState,
    Move,
    check_match,
    deal_for,
    rng_for,
    seed_text,
    told,
)
from spades_voice.rules.reasons import Reason, Why
from spades_voice.rules.ruleset import FailedNilTricks, Ruleset
from spades_voice.rules.scoring import (
    NilOutcome,
    TeamProgress,
    TeamScore,
    score_hand,
    score_team,
    team_progress,
)
from spades_voice.rules.seats import SEATS, TEAMS, Seat, Team
from spades_voice.rules.view import SeatView, play_match, view_at, view_of

__all__ = [
    "BID_CHOICES",
    "BLIND_NIL",
    "CARDS",
    "NIL",
    "SEATS",
    "SUITS",
    "TEAMS",
    "TOLD_EVENTS",
    "Bid",
    "Card",
    "Deal",
    "DealtHand",
    "Decision",
    "FailedNilTricks",
    "HandOutcome",
    "HandState",
    "IllegalAction",
    "IllegalBid",
    "IllegalPlay",
    "Look",
    "Match",
    "MatchState",
    "Move",
    "NilOutcome",
    "NotAValue",
    "NothingToUndo",
    "Phase",
    "Rank",
    "Reason",
    "Refused",
    "Ruleset",
    "Seat",
    "SeatView",
    "Suit",
    "Team",
    "TeamProgress",
    "TeamScore",
    "Trick",
    "Why",
    "card",
    "cards",
    "cards_of",
    "check_match",
    "deal_for",
    "play_match",
    "rng_for",
    "score_hand",
    "score_team",
    "seed_text",
    "team_progress",
    "told",
    "view_at",
    "view_of",
]
