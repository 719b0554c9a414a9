"""A match: ruleset + seed + the ordered list of decisions.

Every state is a replay of that list, so undo, restart hand, saves and records all fall
out of it. Deals are a chance step drawn from the seed (``deal_for``); a match read from a
record carries its deals instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from spades_voice.rules.bids import Bid
from spades_voice.rules.cards import Card, Suit
from spades_voice.rules.chance import DealtHand, deal_for, rng_for, seed_text
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
from spades_voice.rules.hand import HandState, Phase
from spades_voice.rules.ruleset import Ruleset
from spades_voice.rules.scoring import score_hand
from spades_voice.rules.seats import TEAMS, Seat, Team


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


def check_match(match: Match) -> None:
    """Replay ``match`` to prove the rules accept every decision in it (a file read back);
    raises ``IllegalAction`` with the reason at the first they refuse."""
    MatchState(match)


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
        nobody anything). Raises ``IllegalAction`` with the spoken reason, and changes
        nothing, when the decision is not allowed.
        """
        hand = self._hand
        if hand is None or self._winner is not None:
            raise IllegalAction("The match is over." if self._winner else "No hand is dealt.")
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
                assert trick.winner is not None
                events.append(TrickWon(trick.winner, trick, number))
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
            raise IllegalAction("The match is over." if self._winner else "No hand is dealt.")
        actor = hand.to_act
        assert actor is not None
        if isinstance(decision, Bid):
            if hand.phase is not Phase.BIDDING:
                raise IllegalBid("Bidding is over.")
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
            raise TypeError(f"Not a decision: {decision!r}")
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

    # ---- taking back ---------------------------------------------------------------

    def _rebuild_hand(self, keep: int) -> None:
        """Replay the current hand's first ``keep`` decisions, then every look after them:
        cards once seen stay seen, so blind nil stays closed to whoever has looked."""
        dealt = self._dealt[-1]
        self._hand = HandState(self.ruleset, dealt.dealer, dealt.deal)
        mine = self._decisions[self._hand_start :]
        redo = mine[:keep] + [d for d in mine[keep:] if isinstance(d, Look)]
        del self._decisions[self._hand_start :]
        del self._actors[self._hand_start :]
        for d in redo:
            self._decide(d)

    def _reopenable(self) -> int | None:
        """Which hand (an index into ``_starts``) can be taken up again: the last finished
        one, while the match goes on and nobody has decided anything (not even looked) in
        the hand dealt after it."""
        if self._winner is not None or not self._outcomes:
            return None
        if self._hand is None:  # no further deal (a record ran out): the hand is current
            return len(self._starts) - 1
        if self._hand_start != len(self._decisions):
            return None
        return len(self._starts) - 2

    def _reopen(self, index: int) -> None:
        """Take back the scoring of the last finished hand and make it current again, with
        every card played (the caller then replays part of it)."""
        last = self._outcomes.pop()
        for team in TEAMS:
            self._totals[team] -= last.scores[team].points
            self._bags[team] = last.scores[team].bags_before
        del self._dealt[index + 1 :]  # the next hand was dealt; nobody has acted in it
        del self._starts[index + 1 :]
        self._hand = None  # ``_rebuild_hand`` deals it again and replays what it keeps

    def _moves_of(self, seat: Seat, index: int) -> list[int]:
        """Where ``seat``'s bids and cards (looks aside) fall in hand ``index``."""
        a = self._starts[index]
        b = self._starts[index + 1] if index + 1 < len(self._starts) else len(self._decisions)
        return [
            i - a
            for i in range(a, b)
            if self._actors[i] is seat and not isinstance(self._decisions[i], Look)
        ]

    def can_undo(self, seat: Seat, *, reopen: bool = False) -> bool:
        """``seat`` has a decision to take back; with ``reopen``, also in the hand that
        just ended (see ``undo``). A look is never taken back."""
        if self._winner is not None:
            return False
        if self._hand is not None and self._moves_of(seat, len(self._starts) - 1):
            return True
        index = self._reopenable() if reopen else None
        return index is not None and bool(self._moves_of(seat, index))

    def undo(self, seat: Seat, *, reopen: bool = False) -> int:
        """Take back ``seat``'s last bid or card in this hand and every bid and card after
        it (looks stay).

        Never after the match ended. With ``reopen`` (the table has not moved on to the
        next hand yet), a hand that has just ended is taken up again, its scoring taken
        back, as long as nobody has acted in the next one; otherwise never reaches into an
        earlier hand. Returns how many bids and cards were taken back.
        """
        if self._winner is not None:
            raise NothingToUndo("The match is over.")
        if not self.can_undo(seat, reopen=reopen):
            raise NothingToUndo("Nothing to undo in this hand.")
        index = self._reopenable()
        if self._hand is None or not self._moves_of(seat, len(self._starts) - 1):
            assert index is not None  # can_undo said so
            self._reopen(index)
        keep = self._moves_of(seat, len(self._starts) - 1)[-1]
        return self._take_back(keep)

    def _take_back(self, keep: int) -> int:
        """Keep the current hand's first ``keep`` decisions (and its looks); returns how
        many bids and cards went."""
        gone = sum(not isinstance(d, Look) for d in self._decisions[self._hand_start + keep :])
        self._rebuild_hand(keep)
        return gone

    def restart_hand(self, *, reopen: bool = False) -> int:
        """Start the current hand again with the same cards (looks stay). Returns how many
        bids and cards were taken back.

        With ``reopen``, a hand that has just ended (nobody has acted in the next) is the
        one restarted, its scoring taken back.
        """
        if self._winner is not None:
            raise NothingToUndo("The match is over.")
        index = self._reopenable() if reopen else None
        if index is not None:
            self._reopen(index)
        elif self._hand is None:
            raise NothingToUndo("No hand is dealt.")
        return self._take_back(0)

    def look_refusal(self, seat: Seat, by: Seat | None = None) -> str | None:
        """Why ``Look(seat)`` cannot be recorded now (asked by ``by`` if given), or None."""
        hand = self._hand
        if hand is None or self._winner is not None:
            return "The match is over." if self._winner else "No hand is dealt."
        if by is not None and by is not seat:
            return "Only you can look at your cards."
        if not self.ruleset.blind_nil:
            return "Looking at the cards counts only where blind nil is played."
        if hand.seen(seat):
            return "You have already seen your cards."
        return None

    def reveal(self, seat: Seat) -> bool:
        """``seat`` has seen its cards: applies ``Look(seat)`` when that is news (blind nil
        is played and the seat had not looked this hand). Returns whether it was."""
        if self.look_refusal(seat) is not None:
            return False
        self._decide(Look(seat))
        return True

    def clone(self) -> MatchState:
        other = MatchState.__new__(MatchState)
        other.ruleset = self.ruleset
        other.seed = self.seed
        other._fixed = self._fixed
        other._dealt = self._dealt[:]
        other._decisions = self._decisions[:]
        other._actors = self._actors[:]
        other._starts = self._starts[:]
        other._outcomes = self._outcomes[:]
        other._totals = dict(self._totals)
        other._bags = dict(self._bags)
        other._winner = self._winner
        other._hand = self._hand.clone() if self._hand is not None else None
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MatchState):
            return NotImplemented
        return (
            self.match == other.match
            and self._totals == other._totals
            and self._bags == other._bags
            and self._winner == other._winner
            and self._hand == other._hand
        )

    __hash__ = None  # type: ignore[assignment]


__all__ = [
    "DealtHand",
    "Decision",
    "HandOutcome",
    "IllegalAction",
    "IllegalBid",
    "IllegalPlay",
    "Look",
    "Match",
    "MatchState",
    "Move",
    "check_match",
    "deal_for",
    "rng_for",
    "seed_text",
]
