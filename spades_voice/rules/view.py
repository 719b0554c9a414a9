"""SeatView: exactly what one seat may know. Computer players and narration read only this.

It holds the seat's own cards, everything public (bids, every card played, tricks, scores)
and what play has revealed (suits a seat has shown out of). It never holds another seat's
cards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from spades_voice.rules.bids import Bid
from spades_voice.rules.cards import Card, Suit, cards_of, mask_of
from spades_voice.rules.hand import Phase, Trick
from spades_voice.rules.kernel import DECK
from spades_voice.rules.match import HandOutcome, Look, Match, MatchState, Move
from spades_voice.rules.ruleset import Ruleset
from spades_voice.rules.seats import SEATS, Seat, Team


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's knowledge of the table at one moment."""

    seat: Seat
    ruleset: Ruleset
    hand_number: int
    dealer: Seat | None
    phase: Phase | None  # None when no hand is in progress (match over)
    to_act: Seat | None
    hand: tuple[Card, ...]  # this seat's cards still held
    hand_seen: bool  # False while a blind nil is still open to this seat
    bids: tuple[tuple[Seat, Bid], ...]  # in bidding order
    tricks: tuple[Trick, ...]  # completed, oldest first
    current: Trick  # the trick in progress (may be empty)
    tricks_won: dict[Seat, int]
    spades_broken: bool
    shown_out: dict[Seat, frozenset[Suit]]
    legal_cards: tuple[Card, ...]  # empty unless this seat is to play
    legal_bids: tuple[Bid, ...]  # empty unless this seat is to bid
    totals: dict[Team, int]
    bags: dict[Team, int]
    outcomes: tuple[HandOutcome, ...]  # finished hands, oldest first
    winner: Team | None
    #: This seat's cards of this hand in the order dealt (held or played); empty when the
    #: order is not known. Only for keeping the hand as dealt: not part of what the seat
    #: knows of the game, so two views that differ only here are equal.
    dealt: tuple[Card, ...] = field(default=(), compare=False)
    #: A watcher's view (the public one, in ``seat``'s chair only for order): it is
    #: never its turn.
    watching: bool = field(default=False, compare=False)

    @property
    def my_turn(self) -> bool:
        return self.to_act is self.seat and not self.watching

    def bid_of(self, seat: Seat) -> Bid | None:
        for s, b in self.bids:
            if s is seat:
                return b
        return None

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played this hand, in order."""
        out: list[Card] = []
        for t in self.tricks:
            out.extend(t.cards)
        out.extend(self.current.cards)
        return tuple(out)

    @property
    def unseen(self) -> tuple[Card, ...]:
        """Cards this seat has not seen: held by the other three, not yet played."""
        known = mask_of(self.hand) | mask_of(self.played)
        return cards_of(DECK & ~known)


def view_of(state: MatchState, seat: Seat) -> SeatView:
    """What ``seat`` may know of ``state``."""
    hand = state.hand
    if hand is None:
        last = state.outcomes[-1] if state.outcomes else None
        return SeatView(
            seat=seat,
            ruleset=state.ruleset,
            hand_number=state.hand_number,
            dealer=last.dealer if last else None,
            phase=None,
            to_act=None,
            hand=(),
            hand_seen=True,
            bids=last.bids if last else (),
            tricks=(),
            current=Trick(seat, ()),
            tricks_won=dict(last.tricks) if last else {s: 0 for s in SEATS},
            spades_broken=False,
            shown_out={s: frozenset() for s in SEATS},
            legal_cards=(),
            legal_bids=(),
            totals=dict(state.totals),
            bags=dict(state.bags),
            outcomes=tuple(state.outcomes),
            winner=state.winner,
        )
    mine = hand.to_act is seat
    return SeatView(
        seat=seat,
        ruleset=state.ruleset,
        hand_number=state.hand_number,
        dealer=hand.dealer,
        phase=hand.phase,
        to_act=hand.to_act,
        hand=hand.held(seat),
        # Without blind nil a look is not recorded: nothing is held back, so it is seen.
        hand_seen=hand.seen(seat) or not state.ruleset.blind_nil,
        bids=hand.bids,
        tricks=hand.tricks,
        current=hand.current_trick,
        tricks_won=hand.tricks_by_seat,
        spades_broken=hand.spades_broken,
        shown_out={s: hand.shown_out(s) for s in SEATS},
        legal_cards=hand.legal_cards() if mine else (),
        legal_bids=hand.legal_bids() if mine else (),
        totals=dict(state.totals),
        bags=dict(state.bags),
        outcomes=tuple(state.outcomes),
        winner=state.winner,
        dealt=hand.deal.as_dealt(seat),
    )


def view_at(match: Match, seat: Seat) -> SeatView:
    """What ``seat`` sees where ``match`` stands: for a match read back from a file (a save,
    a record), where no live state is at hand. Whoever holds the live state asks it."""
    return view_of(MatchState(match), seat)


def play_match(
    match: Match, decide: Callable[[SeatView], Move], max_hands: int
) -> MatchState:
    """``match`` played on by ``decide``, which sees only the acting seat's view, until it
    is won, no deal is left, or ``max_hands`` hands have finished (a computers' match)."""
    state = MatchState(match)
    while state.hand is not None and state.winner is None and len(state.outcomes) < max_hands:
        seat = state.to_act
        assert seat is not None
        state.apply(decide(view_of(state, seat)), seat)
    return state


def moments_of(match: Match, seat: Seat) -> list[tuple[int, list[tuple[SeatView, Move]]]]:
    """For each finished hand of ``match`` (by its 1-based number), ``seat``'s decisions,
    each with the view ``seat`` had when it made it: what the coach judges."""
    state = MatchState(Match(match.ruleset, match.seed, (), match.deals))
    out: list[tuple[int, list[tuple[SeatView, Move]]]] = []
    current: list[tuple[SeatView, Move]] = []
    for d in match.decisions:
        if state.to_act is seat and not isinstance(d, Look):  # a look is no choice to judge
            current.append((view_of(state, seat), d))
        finished = len(state.outcomes)
        state.apply(d)
        if len(state.outcomes) > finished:
            out.append((len(state.outcomes), current))
            current = []
    return out
