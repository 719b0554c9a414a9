"""Table: the one door the shell uses. Views out, intents in, events in order.

A ``Table`` shows one seat's view, accepts that seat's decisions, and reports what
happened as ``Event`` values the shell narrates. ``LocalTable`` runs the match in this
process with computers in the other seats; the networked table (net/) offers the same
methods, so the shell never knows which it has.

Computers decide only when the shell calls ``step`` (a local table) so the shell owns
pace and pause; a remote table's server paces its own computers.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from spades_voice.ai import REFERENCE_RATE, Hint, Level, Player, WorkRate, hint, make_player
from spades_voice.ai.coach import Finding, review
from spades_voice.narration.summaries import person_line
from spades_voice.rules import (
    SEATS,
    Bid,
    Card,
    Decision,
    HandOutcome,
    IllegalAction,
    Match,
    MatchState,
    Phase,
    Ruleset,
    Seat,
    SeatView,
    Suit,
    Team,
    Trick,
    view_of,
)
from spades_voice.rules.view import moments_of

# ---- events ----------------------------------------------------------------------


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


@dataclass(frozen=True, slots=True)
class TurnToAct:
    """It is ``seat``'s turn (sent for the table's own seat only)."""

    seat: Seat
    phase: Phase
    led: Suit | None  # the suit led, when following


@dataclass(frozen=True, slots=True)
class HandScored:
    outcome: HandOutcome


@dataclass(frozen=True, slots=True)
class MatchWon:
    team: Team
    totals: dict[Team, int]


@dataclass(frozen=True, slots=True)
class TakenBack:
    """Decisions were taken back (undo, or restart of the hand when ``restart``)."""

    count: int
    restart: bool


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the table wants said that is not a move (a seat joined, a timer)."""

    text: str


Event = (
    HandDealt
    | BidPlaced
    | CardPlayed
    | SpadesBroken
    | TrickWon
    | TurnToAct
    | HandScored
    | MatchWon
    | TakenBack
    | Notice
)

@dataclass(frozen=True, slots=True)
class Person:
    """Who sits at one seat: a person (connected or away) or a computer."""

    seat: Seat
    name: str
    person: bool  # False: a computer plays this seat
    connected: bool  # a person at this seat is connected now (False for computers)
    host: bool
    you: bool

    @property
    def summary(self) -> str:
        """One short spoken line: "North, Ann, host, away: the computer plays for now"."""
        return person_line(
            self.seat, self.name, you=self.you, host=self.host,
            computer=not self.person, connected=self.connected,
        )


@dataclass(frozen=True, slots=True)
class PlannedStep:
    """A computer's next decision, to be thought out by ``decide`` (see plan_step)."""

    token: tuple[int, int]  # (hand number, decisions so far) when planned
    seat: Seat
    view: SeatView
    player: Player

    def decide(self) -> Decision:
        return self.player.decide(self.view)


DEFAULT_NAMES: dict[Seat, str] = {Seat.S: "You", Seat.W: "Robin", Seat.N: "Alex", Seat.E: "Sam"}


class Table(Protocol):
    """What the shell may do at a table."""

    seat: Seat

    def names(self) -> dict[Seat, str]:
        """Display name of each seat (the table's own seat is "You")."""
        ...

    def view(self) -> SeatView: ...

    def submit(self, decision: Decision) -> None:
        """Bid or play for this seat; raises IllegalAction with the spoken reason."""
        ...

    def computer_to_act(self) -> bool:
        """A computer here decides next: the shell calls ``step`` when its pace allows."""
        ...

    def step(self) -> None: ...

    def plan_step(self) -> PlannedStep | None:
        """The next computer decision to think out off the shell's thread; None when no
        computer here is to act (always None at a remote table: its server decides)."""
        ...

    def commit_step(self, planned: PlannedStep, decision: Decision) -> bool: ...

    def drain(self) -> list[Event]:
        """Events since the last drain, oldest first."""
        ...

    def set_listener(self, callback: Callable[[], None] | None) -> None:
        """Called whenever new events wait in ``drain`` (remote tables need this)."""
        ...

    def hint(self) -> Hint: ...

    def coach(self) -> tuple[int, tuple[Finding, ...]] | None:
        """The coach's findings on this seat's last finished hand, with its number; None
        before any hand is finished. Raises IllegalAction where it is not available."""
        ...

    def people(self) -> list[Person]:
        """Who sits at each seat, S W N E, and who is connected."""
        ...

    def undo(self) -> int: ...

    def restart_hand(self) -> int: ...

    def reveal(self) -> None:
        """This seat has now seen its cards: blind nil is closed to it this hand."""
        ...

    def new_match(self) -> None: ...

    @property
    def match(self) -> Match | None:
        """The whole match so far, when this table holds it (saves, statistics); a table
        that cannot see every hand (a remote guest) answers None."""
        ...


# ---- what a decision makes happen ------------------------------------------------


def apply_decision(state: MatchState, decision: Decision, seat: Seat) -> list[Event]:
    """Apply ``seat``'s decision; the public events it caused, oldest first.

    Every table (this process's, or the server's for four seats) narrates from this one
    function. Raises ``IllegalAction`` (with the spoken reason) and leaves ``state``
    unchanged when the decision is not allowed, including when it is not ``seat``'s turn.
    """
    hand = state.hand
    if hand is None or state.over:
        state.apply(decision, seat)  # raises with the reason
        return []  # pragma: no cover - apply always raises here
    number = state.hand_number
    broken = hand.spades_broken
    trick_no = hand.tricks_played + 1
    position = len(hand.current_trick.cards) + 1
    state.apply(decision, seat)
    events: list[Event] = []
    if isinstance(decision, Bid):
        events.append(BidPlaced(seat, decision))
    else:
        events.append(CardPlayed(seat, decision, trick_no, position))
        if not broken and decision.suit is Suit.SPADES:
            events.append(SpadesBroken(seat, decision))
        if position == 4:
            finished = hand.tricks[trick_no - 1]
            won_by = finished.winner
            assert won_by is not None
            events.append(TrickWon(won_by, finished, trick_no))
    if state.hand_number != number or state.over:
        events.append(HandScored(state.outcomes[-1]))
        if state.winner is not None:
            events.append(MatchWon(state.winner, dict(state.totals)))
        elif state.hand is not None:
            events.append(HandDealt(state.hand_number, state.hand.dealer))
    return events


def turn_event(state: MatchState, seat: Seat) -> TurnToAct | None:
    """``TurnToAct`` for ``seat`` when it is that seat's turn (told to that seat only)."""
    hand = state.hand
    if hand is None or state.over or hand.to_act is not seat:
        return None
    led = hand.current_trick.led_suit if hand.phase is Phase.PLAYING else None
    return TurnToAct(seat, hand.phase, led)


# ---- the local table -------------------------------------------------------------


class LocalTable:
    """A match in this process: the player at ``seat``, computers everywhere else.

    The partner plays Hard; the opponents play ``level``. Every computer draws from its
    own generator derived from the seed, so a match replays the same way.
    """

    def __init__(
        self,
        ruleset: Ruleset | None = None,
        seed: int | str = 0,
        level: Level = Level.MEDIUM,
        seat: Seat = Seat.S,
        match: Match | None = None,
        names: dict[Seat, str] | None = None,
        players: dict[Seat, Player] | None = None,
        rate: WorkRate = REFERENCE_RATE,
    ) -> None:
        """``rate`` is this machine's measured speed for Hard (``ai.calibrate``)."""
        self.seat = seat
        self.rate = rate
        #: Fixed computer players by seat (tests, replays); others are made from ``level``.
        self._fixed_players = dict(players or {})
        self.level = level
        self._names = dict(names or DEFAULT_NAMES)
        self._events: list[Event] = []
        self._listener: Callable[[], None] | None = None
        if match is None:
            match = Match(ruleset=ruleset or Ruleset(), seed=seed)
        self._start(match)

    def _start(self, match: Match) -> None:
        self.state = MatchState(match)
        base = match.seed if match.seed is not None else "record"
        self._hint_rng = random.Random(f"{base}/hint/{len(match.decisions)}")
        self._players: dict[Seat, Player] = {}
        for s in SEATS:
            if s is self.seat:
                continue
            if s in self._fixed_players:
                self._players[s] = self._fixed_players[s]
                continue
            lvl = Level.HARD if s is self.seat.partner else self.level
            rng = random.Random(f"{base}/{s.value}/{len(match.decisions)}")
            self._players[s] = make_player(lvl, rng, rate=self.rate)
        if self.state.hand is not None and not self.state.over:
            self._emit(HandDealt(self.state.hand_number, self.state.hand.dealer))
            self._turn_check()

    # -- Table protocol --

    def names(self) -> dict[Seat, str]:
        return dict(self._names)

    @property
    def match(self) -> Match:
        """The replayable value of the match so far (what a save stores)."""
        return self.state.match

    def view(self) -> SeatView:
        return view_of(self.state, self.seat)

    def view_for(self, seat: Seat) -> SeatView:
        return view_of(self.state, seat)

    def submit(self, decision: Decision) -> None:
        if self.state.to_act is not self.seat:
            raise IllegalAction("It is not your turn.")
        self._apply(decision)

    def computer_to_act(self) -> bool:
        actor = self.state.to_act
        return actor is not None and actor in self._players and not self.state.over

    def step(self) -> None:
        planned = self.plan_step()
        if planned is not None:
            self.commit_step(planned, planned.decide())

    def plan_step(self) -> PlannedStep | None:
        """The next computer decision, ready to be thought out away from the shell's thread.

        ``PlannedStep.decide`` reads only its own snapshot (a SeatView) and its player, so
        it may run in a worker thread while the shell keeps answering keys; the result is
        applied by ``commit_step`` on the shell's thread.
        """
        actor = self.state.to_act
        if actor is None or actor not in self._players or self.state.over:
            return None
        self.state.reveal(actor)
        token = (self.state.hand_number, len(self.state.decisions))
        return PlannedStep(token, actor, view_of(self.state, actor), self._players[actor])

    def commit_step(self, planned: PlannedStep, decision: Decision) -> bool:
        """Apply a planned decision unless the table moved on meanwhile (undo, restart,
        a new match); returns whether it was applied."""
        token = (self.state.hand_number, len(self.state.decisions))
        if token != planned.token or self.state.to_act is not planned.seat:
            return False
        self._apply(decision)
        return True

    def drain(self) -> list[Event]:
        out, self._events = self._events, []
        return out

    def set_listener(self, callback: Callable[[], None] | None) -> None:
        self._listener = callback

    def hint(self) -> Hint:
        return hint(self.view(), self._hint_rng, rate=self.rate)

    def coach(self) -> tuple[int, tuple[Finding, ...]] | None:
        hands = moments_of(self.state.match, self.seat)
        if not hands:
            return None
        number, moments = hands[-1]
        base = self.state.seed if self.state.seed is not None else "record"
        return number, review(moments, random.Random(f"{base}/coach/{number}"), self.rate)

    def people(self) -> list[Person]:
        return [
            Person(s, self._names[s], person=s is self.seat, connected=s is self.seat,
                   host=False, you=s is self.seat)
            for s in SEATS
        ]

    def undo(self) -> int:
        count = self.state.undo(self.seat)
        self._emit(TakenBack(count, restart=False))
        self._turn_check()
        return count

    def restart_hand(self) -> int:
        count = self.state.restart_hand()
        self._emit(TakenBack(count, restart=True))
        self._turn_check()
        return count

    def reveal(self) -> None:
        self.state.reveal(self.seat)

    def load(self, match: Match) -> None:
        """Continue ``match`` (a saved one) in place of the match at this table."""
        self._start(match)

    def new_match(self) -> None:
        old = self.state.match
        seed = old.seed
        fresh = f"{seed}+" if seed is not None else "new"
        self._start(Match(ruleset=old.ruleset, seed=fresh))

    # -- events --

    def _emit(self, event: Event) -> None:
        self._events.append(event)
        if self._listener is not None:
            self._listener()

    def _turn_check(self) -> None:
        turn = turn_event(self.state, self.seat)
        if turn is not None:
            self._emit(turn)

    def _apply(self, decision: Decision) -> None:
        actor = self.state.to_act
        assert actor is not None
        for event in apply_decision(self.state, decision, actor):
            self._emit(event)
        self._turn_check()
