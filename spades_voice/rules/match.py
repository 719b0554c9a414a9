"""A match: ruleset + seed + the ordered list of decisions.

Every state is a replay of that list, so undo, restart hand, saves and records all fall
out of it. Deals are a chance step drawn from the seed (``deal_for``); a match read from a
record carries its deals instead.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from spades_voice.rules.bids import Bid
from spades_voice.rules.cards import Card, Suit
from spades_voice.rules.errors import IllegalAction, IllegalBid, IllegalPlay, NothingToUndo
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
from spades_voice.rules.hand import Deal, HandState, Phase
from spades_voice.rules.ruleset import Ruleset
from spades_voice.rules.scoring import score_hand
from spades_voice.rules.seats import SEATS, TEAMS, Seat, Team

Decision = Bid | Card

#: Every finished hand is 4 bids and 52 cards.
DECISIONS_PER_HAND = 56


@dataclass(frozen=True, slots=True)
class DealtHand:
    """Who dealt a hand and what each seat was dealt."""

    dealer: Seat
    deal: Deal


def deal_for(seed: int | str, number: int) -> DealtHand:
    """The dealer and cards of hand ``number`` (0-based) of a match with ``seed``.

    Each hand draws from its own generator, so replaying hand 5 never depends on how many
    random numbers earlier hands used. The first dealer is random; then the deal moves
    clockwise.
    """
    first = SEATS[random.Random(f"spades-voice/{seed}/dealer").randrange(4)]
    cards = Deal.random(random.Random(f"spades-voice/{seed}/{number}"))
    return DealtHand(first.after(number), cards)


@dataclass(frozen=True, slots=True)
class Match:
    """The whole story of a match as a value: what a save stores."""

    ruleset: Ruleset = field(default_factory=Ruleset)
    seed: int | str | None = None
    decisions: tuple[Decision, ...] = ()
    #: Deals fixed in advance (read from a record); hands beyond them come from ``seed``.
    deals: tuple[DealtHand, ...] = ()


class MatchState:
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
        self._hand_start = 0
        self.outcomes: list[HandOutcome] = []
        self.totals: dict[Team, int] = {Team.NS: 0, Team.EW: 0}
        self.bags: dict[Team, int] = {Team.NS: 0, Team.EW: 0}
        self.winner: Team | None = None
        self.hand: HandState | None = None
        self._start_hand()
        for decision in match.decisions:
            self._decide(decision)

    @classmethod
    def replay(cls, match: Match) -> MatchState:
        return cls(match)

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
        return self.winner is not None

    @property
    def to_act(self) -> Seat | None:
        return None if self.hand is None else self.hand.to_act

    def hand_decisions(self) -> tuple[Decision, ...]:
        """Decisions made in the current hand."""
        return tuple(self._decisions[self._hand_start :])

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
            self.hand = None
            return
        self._dealt.append(nxt)
        self._hand_start = len(self._decisions)
        self.hand = HandState(self.ruleset, nxt.dealer, nxt.deal)

    def apply(self, decision: Decision, seat: Seat | None = None) -> list[GameEvent]:
        """Place a bid or play a card for the seat to act (checked against ``seat``).

        Returns what happened, oldest first: the bid or card; spades broken; the trick
        won; the hand scored, then the match won or the next hand dealt. Raises
        ``IllegalAction`` with the spoken reason, and changes nothing, when the decision
        is not allowed.
        """
        hand = self.hand
        if hand is None or self.winner is not None:
            raise IllegalAction("The match is over." if self.winner else "No hand is dealt.")
        actor = hand.to_act
        assert actor is not None
        # Four bids open every hand, then the cards: where a card falls is counted from
        # the decisions this hand.
        played = len(self._decisions) - self._hand_start - 4
        broken = hand.spades_broken
        self._decide(decision, seat)
        events: list[GameEvent] = []
        if isinstance(decision, Bid):
            events.append(BidPlaced(actor, decision))
        else:
            number, position = played // 4 + 1, played % 4 + 1
            events.append(CardPlayed(actor, decision, number, position))
            if not broken and decision.suit is Suit.SPADES:
                events.append(SpadesBroken(actor, decision))
            if position == 4:
                trick = hand.tricks[number - 1]
                assert trick.winner is not None
                events.append(TrickWon(trick.winner, trick, number))
        if hand.phase is Phase.DONE:
            events.append(HandScored(self.outcomes[-1]))
            if self.winner is not None:
                events.append(MatchWon(self.winner, dict(self.totals)))
            elif self.hand is not None:
                events.append(HandDealt(self.hand_number, self.hand.dealer))
        return events

    def _decide(self, decision: Decision, seat: Seat | None = None) -> None:
        """``apply`` without the report: replays (a saved match, undo) take this path, as
        working out what happened would double their cost."""
        hand = self.hand
        if hand is None or self.winner is not None:
            raise IllegalAction("The match is over." if self.winner else "No hand is dealt.")
        actor = hand.to_act
        assert actor is not None
        if isinstance(decision, Bid):
            if hand.phase is not Phase.BIDDING:
                raise IllegalBid("Bidding is over.")
            hand.place_bid(decision, seat)
        elif isinstance(decision, Card):
            hand.play(decision, seat)
        else:
            raise TypeError(f"Not a decision: {decision!r}")
        self._decisions.append(decision)
        self._actors.append(actor)
        if hand.phase is Phase.DONE:
            self._finish_hand(hand)

    def dealt_event(self) -> HandDealt | None:
        """``HandDealt`` for the hand in play (a table opening a match says it first)."""
        if self.hand is None or self.over:
            return None
        return HandDealt(self.hand_number, self.hand.dealer)

    def turn_of(self, seat: Seat) -> TurnToAct | None:
        """``TurnToAct`` when it is ``seat``'s turn, else None."""
        hand = self.hand
        if hand is None or self.over or hand.to_act is not seat:
            return None
        led = hand.current_trick.led_suit if hand.phase is Phase.PLAYING else None
        return TurnToAct(seat, hand.phase, led)

    def _finish_hand(self, hand: HandState) -> None:
        tricks = hand.tricks_by_seat
        bids = {seat: b for seat, b in hand.bids}
        scores = score_hand(self.ruleset, bids, tricks, self.bags)
        for team in TEAMS:
            self.totals[team] += scores[team].points
            self.bags[team] = scores[team].bags_after
        boston_seat = hand.boston
        winner = self._decide_winner()
        self.outcomes.append(
            HandOutcome(
                number=len(self._dealt),
                dealer=hand.dealer,
                bids=hand.bids,
                tricks=tricks,
                scores=scores,
                totals=dict(self.totals),
                boston=boston_seat.team if boston_seat else None,
                final=winner is not None,
            )
        )
        self.winner = winner
        if self.winner is None:
            self._start_hand()

    def _decide_winner(self) -> Team | None:
        ns, ew = self.totals[Team.NS], self.totals[Team.EW]
        target = self.ruleset.target
        if ns == ew:
            return None  # ties continue, at or over the target alike
        if target is None or max(ns, ew) >= target:
            return Team.NS if ns > ew else Team.EW
        return None

    # ---- taking back ---------------------------------------------------------------

    def _rebuild_hand(self, keep: int) -> None:
        """Replay the current hand's first ``keep`` decisions, keeping who has seen cards."""
        assert self.hand is not None
        seen = [seat for seat in SEATS if self.hand.seen(seat)]
        dealt = self._dealt[-1]
        self.hand = HandState(self.ruleset, dealt.dealer, dealt.deal)
        redo = self._decisions[self._hand_start : self._hand_start + keep]
        del self._decisions[self._hand_start :]
        del self._actors[self._hand_start :]
        for d in redo:
            self._decide(d)
        # Revealed after the replay: a blind nil bid before the cards were seen must
        # replay, yet blind nil stays closed to whoever has seen their cards since.
        for seat in seen:
            self.reveal(seat)

    def _reopenable(self) -> int | None:
        """Where the last finished hand's decisions start, if it can be taken up again:
        the match goes on and nobody has decided anything in the hand dealt after it."""
        if self.winner is not None or not self.outcomes:
            return None
        if self.hand is None:  # no further deal (a record ran out): the hand is current
            return self._hand_start
        if self._hand_start != len(self._decisions):
            return None
        return self._hand_start - DECISIONS_PER_HAND

    def _reopen(self, start: int) -> None:
        """Take back the scoring of the last finished hand and make it current again, with
        every card played (the caller then replays part of it)."""
        last = self.outcomes.pop()
        for team in TEAMS:
            self.totals[team] -= last.scores[team].points
            self.bags[team] = last.scores[team].bags_before
        if self.hand is not None:  # the next hand was dealt; nobody has acted in it
            self._dealt.pop()
        self._hand_start = start
        dealt = self._dealt[-1]
        hand = HandState(self.ruleset, dealt.dealer, dealt.deal)
        for seat in SEATS:  # every card of a finished hand was seen by its holder
            hand.reveal(seat)
        self.hand = hand

    def can_undo(self, seat: Seat, *, reopen: bool = False) -> bool:
        """``seat`` has a decision to take back; with ``reopen``, also in the hand that
        just ended (see ``undo``)."""
        if self.winner is not None:
            return False
        if self.hand is not None and seat in self._actors[self._hand_start :]:
            return True
        start = self._reopenable() if reopen else None
        return start is not None and seat in self._actors[start : start + DECISIONS_PER_HAND]

    def undo(self, seat: Seat, *, reopen: bool = False) -> int:
        """Take back ``seat``'s last decision in this hand and everything after it.

        Never after the match ended. With ``reopen`` (the table has not moved on to the
        next hand yet), a hand that has just ended is taken up again, its scoring taken
        back, as long as nobody has acted in the next one; otherwise never reaches into an
        earlier hand. Returns how many decisions were taken back.
        """
        if self.winner is not None:
            raise NothingToUndo("The match is over.")
        if not self.can_undo(seat, reopen=reopen):
            raise NothingToUndo("Nothing to undo in this hand.")
        start = self._reopenable()
        if self.hand is None or seat not in self._actors[self._hand_start :]:
            assert start is not None  # can_undo said so
            self._reopen(start)
        actors = self._actors[self._hand_start :]
        keep = len(actors) - 1 - actors[::-1].index(seat)
        self._rebuild_hand(keep)
        return len(actors) - keep

    def restart_hand(self, *, reopen: bool = False) -> int:
        """Start the current hand again with the same cards. Returns decisions taken back.

        With ``reopen``, a hand that has just ended (nobody has acted in the next) is the
        one restarted, its scoring taken back.
        """
        if self.winner is not None:
            raise NothingToUndo("The match is over.")
        start = self._reopenable() if reopen else None
        if start is not None:
            self._reopen(start)
        if self.hand is None:
            raise NothingToUndo("No hand is dealt.")
        taken = len(self._decisions) - self._hand_start
        self._rebuild_hand(0)
        return taken

    def reveal(self, seat: Seat) -> None:
        """``seat`` has seen its cards in the current hand (closes blind nil for it)."""
        if self.hand is not None:
            self.hand.reveal(seat)

    def clone(self) -> MatchState:
        other = MatchState.__new__(MatchState)
        other.ruleset = self.ruleset
        other.seed = self.seed
        other._fixed = self._fixed
        other._dealt = self._dealt[:]
        other._decisions = self._decisions[:]
        other._actors = self._actors[:]
        other._hand_start = self._hand_start
        other.outcomes = self.outcomes[:]
        other.totals = dict(self.totals)
        other.bags = dict(self.bags)
        other.winner = self.winner
        other.hand = self.hand.clone() if self.hand is not None else None
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MatchState):
            return NotImplemented
        return (
            self.match == other.match
            and self.totals == other.totals
            and self.bags == other.bags
            and self.winner == other.winner
            and self.hand == other.hand
        )

    __hash__ = None  # type: ignore[assignment]


__all__ = [
    "DealtHand",
    "Decision",
    "HandOutcome",
    "IllegalAction",
    "IllegalBid",
    "IllegalPlay",
    "Match",
    "MatchState",
    "deal_for",
]
