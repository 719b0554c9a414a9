"""A match going forward: its position, what can be read of it, and ``apply``.

The position is a replay of the match's decisions; deals are a chance step drawn from the
seed (``deal_for``), or carried by a match read from a record. Taking decisions back is
``match.py``'s ``MatchState``, built on this.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from spades_voice.rules.bids import Bid
from spades_voice.rules.cards import Card, Suit
from spades_voice.rules.chance import DealtHand, deal_for
from spades_voice.rules.decisions import Decision, Look, Match
from spades_voice.rules.errors import IllegalAction, IllegalBid
from spades_voice.rules.events import (
    BidPlaced,
    CardPlayed,
    GameEvent,
    HandDealt,
    HandOutcome,
    HandScored,
    MatchWon,
    SpadesBroken,
    TrickWon,
    TurnToAct,
)
from spades_voice.rules.hand import HandState, Phase
from spades_voice.rules.reasons import Reason, Why
from spades_voice.rules.ruleset import Ruleset
from spades_voice.rules.scoring import score_hand
from spades_voice.rules.seats import TEAMS, Seat, Team


class MatchPosition:
    """A position in a match. Change it with ``apply``; ``match`` is its replayable value."""

    def __init__(self, match: Match | Ruleset | None = None, seed: int | str | None = None) -> None:
        if match is None or isinstance(match, Ruleset):
            match = Match(ruleset=match or Ruleset(), seed=seed)
        self.ruleset = match.ruleset
        self.seed = match.seed
        self._fixed = match.deals
        self._dealt: list[DealtHand] = []
        self._decisions: list[Decision] = []
        self._actors: list[Seat] = []
        #: Where each dealt hand's decisions start in ``_decisions``.
        self._starts: list[int] = []
        self._outcomes: list[HandOutcome] = []
        self._totals: dict[Team, int] = {Team.NS: 0, Team.EW: 0}
        self._bags: dict[Team, int] = {Team.NS: 0, Team.EW: 0}
        self._winner: Team | None = None
        self._hand: HandState | None = None
        self._start_hand()
        for decision in match.decisions:
            self._decide(decision)

    # ---- read-only outside the rules: change the match with ``apply`` ------------

    @property
    def hand(self) -> HandState | None:
        """The hand in play (None once the match is over, or when no deal is left)."""
        return self._hand

    @property
    def outcomes(self) -> tuple[HandOutcome, ...]:
        """Every finished hand's result, oldest first."""
        return tuple(self._outcomes)

    @property
    def totals(self) -> Mapping[Team, int]:
        return MappingProxyType(self._totals)

    @property
    def bags(self) -> Mapping[Team, int]:
        """Bags carried by each team (an explicit counter, never read off the score)."""
        return MappingProxyType(self._bags)

    @property
    def winner(self) -> Team | None:
        return self._winner

    # ---- the value -----------------------------------------------------------------

    @property
    def match(self) -> Match:
        return Match(self.ruleset, self.seed, tuple(self._decisions), self._fixed)

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(self._decisions)

    @property
    def dealt(self) -> tuple[DealtHand, ...]:
        """Every hand dealt so far, the current one last."""
        return tuple(self._dealt)

    @property
    def hand_number(self) -> int:
        """1-based number of the current (or last) hand."""
        return len(self._dealt)

    @property
    def over(self) -> bool:
        return self._winner is not None

    @property
    def to_act(self) -> Seat | None:
        return None if self._hand is None else self._hand.to_act

    @property
    def _hand_start(self) -> int:
        return self._starts[-1] if self._starts else 0

    def hand_decisions(self) -> tuple[Decision, ...]:
        """Decisions made in the current hand."""
        return tuple(self._decisions[self._hand_start :])

    def decisions_by_hand(self) -> tuple[tuple[Decision, ...], ...]:
        """Every dealt hand's decisions, oldest first (looks included)."""
        ends = [*self._starts[1:], len(self._decisions)]
        return tuple(tuple(self._decisions[a:b]) for a, b in zip(self._starts, ends, strict=True))

    @property
    def moves(self) -> int:
        """Bids and cards so far, looks aside: a computer's thinking stays current when
        someone only looks at their cards meanwhile."""
        return sum(not isinstance(d, Look) for d in self._decisions)

    def hand_actors(self) -> tuple[Seat, ...]:
        return tuple(self._actors[self._hand_start :])

    # ---- changing it ---------------------------------------------------------------

    def _next_deal(self) -> DealtHand | None:
        n = len(self._dealt)
        if n < len(self._fixed):
            return self._fixed[n]
        if self.seed is None:
            return None
        if self._fixed:
            nxt = deal_for(self.seed, n)
            return DealtHand(self._dealt[-1].dealer.next, nxt.deal)
        return deal_for(self.seed, n)

    def _start_hand(self) -> None:
        nxt = self._next_deal()
        if nxt is None:
            self._hand = None
            return
        self._dealt.append(nxt)
        self._starts.append(len(self._decisions))
        self._hand = HandState(self.ruleset, nxt.dealer, nxt.deal)

    def apply(self, decision: Decision, seat: Seat | None = None) -> list[GameEvent]:
        """Place a bid, play a card or look at the cards (checked against ``seat``).

        Returns what happened, oldest first: the bid or card; spades broken; the trick
        won; the hand scored, then the match won or the next hand dealt (a look tells
        nobody anything). Raises ``IllegalAction`` with the reason, and changes
        nothing, when the decision is not allowed.
        """
        hand = self._hand
        if hand is None or self._winner is not None:
            raise IllegalAction(self._no_hand())
        actor = hand.to_act
        assert actor is not None
        played = len(hand.plays)
        broken = hand.spades_broken
        self._decide(decision, seat)
        events: list[GameEvent] = []
        if isinstance(decision, Look):
            return events
        if isinstance(decision, Bid):
            events.append(BidPlaced(actor, decision))
        else:
            number, position = played // 4 + 1, played % 4 + 1
            events.append(CardPlayed(actor, decision, number, position))
            if not broken and decision.suit is Suit.SPADES:
                events.append(SpadesBroken(actor, decision))
            if position == 4:
                trick = hand.tricks[number - 1]
                winner = trick.winner
                assert winner is not None
                bid = hand.bid_of(winner)
                first = bid is not None and bid.is_nil and hand.tricks_won(winner) == 1
                events.append(TrickWon(winner, trick, number, bid if first else None))
        if hand.phase is Phase.DONE:
            events.append(HandScored(self._outcomes[-1]))
            if self._winner is not None:
                events.append(MatchWon(self._winner, dict(self._totals)))
            elif self._hand is not None:
                events.append(HandDealt(self.hand_number, self._hand.dealer))
        return events

    def _decide(self, decision: Decision, seat: Seat | None = None) -> None:
        """``apply`` without the report: replays (a saved match, undo) take this path, as
        working out what happened would double their cost."""
        hand = self._hand
        if hand is None or self._winner is not None:
            raise IllegalAction(self._no_hand())
        actor = hand.to_act
        assert actor is not None
        if isinstance(decision, Bid):
            if hand.phase is not Phase.BIDDING:
                raise IllegalBid(Reason(Why.BIDDING_OVER))
            hand.place_bid(decision, seat)
        elif isinstance(decision, Card):
            hand.play(decision, seat)
        elif isinstance(decision, Look):
            reason = self.look_refusal(decision.seat, seat)
            if reason is not None:
                raise IllegalAction(reason)
            hand.reveal(decision.seat)
            actor = decision.seat
        else:
            raise TypeError(decision)
        self._decisions.append(decision)
        self._actors.append(actor)
        if hand.phase is Phase.DONE:
            self._finish_hand(hand)

    def dealt_event(self) -> HandDealt | None:
        """``HandDealt`` for the hand in play (a table opening a match says it first)."""
        if self._hand is None or self.over:
            return None
        return HandDealt(self.hand_number, self._hand.dealer)

    def turn_of(self, seat: Seat) -> TurnToAct | None:
        """``TurnToAct`` when it is ``seat``'s turn, else None."""
        hand = self._hand
        if hand is None or self.over or hand.to_act is not seat:
            return None
        led = hand.current_trick.led_suit if hand.phase is Phase.PLAYING else None
        return TurnToAct(seat, hand.phase, led)

    def _finish_hand(self, hand: HandState) -> None:
        tricks = hand.tricks_by_seat
        bids = {seat: b for seat, b in hand.bids}
        scores = score_hand(self.ruleset, bids, tricks, self._bags)
        for team in TEAMS:
            self._totals[team] += scores[team].points
            self._bags[team] = scores[team].bags_after
        boston_seat = hand.boston
        winner = self._decide_winner()
        self._outcomes.append(
            HandOutcome(
                number=len(self._dealt),
                dealer=hand.dealer,
                bids=hand.bids,
                tricks=tricks,
                scores=scores,
                totals=dict(self._totals),
                boston=boston_seat.team if boston_seat else None,
                final=winner is not None,
            )
        )
        self._winner = winner
        if self._winner is None:
            self._start_hand()

    def _decide_winner(self) -> Team | None:
        ns, ew = self._totals[Team.NS], self._totals[Team.EW]
        target = self.ruleset.target
        if ns == ew:
            return None  # ties continue, at or over the target alike
        if target is None or max(ns, ew) >= target:
            return Team.NS if ns > ew else Team.EW
        return None

    def _no_hand(self) -> Reason:
        """Why nothing can be decided: the match is over, or no hand is dealt."""
        return Reason(Why.MATCH_OVER if self._winner else Why.NO_HAND)

    def look_refusal(self, seat: Seat, by: Seat | None = None) -> Reason | None:
        """Why ``Look(seat)`` cannot be recorded now (asked by ``by`` if given), or None."""
        hand = self._hand
        if hand is None or self._winner is not None:
            return self._no_hand()
        if by is not None and by is not seat:
            return Reason(Why.ONLY_YOU_LOOK)
        if not self.ruleset.blind_nil:
            return Reason(Why.LOOK_NOT_COUNTED)
        if hand.seen(seat):
            return Reason(Why.ALREADY_SEEN)
        return None

    def reveal(self, seat: Seat) -> bool:
        """``seat`` has seen its cards: applies ``Look(seat)`` when that is news (blind nil
        is played and the seat had not looked this hand). Returns whether it was."""
        if self.look_refusal(seat) is not None:
            return False
        self._decide(Look(seat))
        return True
