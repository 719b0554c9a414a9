"""Table: the one door the shell uses. Views out, intents in, events in order.

A ``Table`` shows one seat's view, accepts that seat's decisions, and reports what
happened as ``Event`` values (made by the model, ``rules.events``, plus notices) that
the shell has narrated. ``LocalTable`` runs the match in this
process with computers in the other seats, and ``ComputersTable`` with computers in all
four, heard as a watcher hears a table (``spades-voice watch --computers`` and the page's
Watch the computers); the networked table (net/) offers the same methods, so the shell
never knows which it has.

Computers decide only when the shell calls ``step`` (a local table) so the shell owns
pace and pause; a remote table's server paces its own computers.

Long because the door, its capabilities and the one table that offers all of them are
read together: splitting the local table off would only send a reader between two files.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol, TypeVar, runtime_checkable

from spades_voice.ai import REFERENCE_RATE, Hint, Level, Player, WorkRate, hint, make_player
from spades_voice.ai.coach import Finding, review
from spades_voice.ai.hints import hint_rng
from spades_voice.narration.chat import Chat
from spades_voice.narration.events import Notice
from spades_voice.narration.refusals import Refusal
from spades_voice.narration.summaries import person_line
from spades_voice.rules import (
    SEATS,
    Decision,
    IllegalAction,
    Look,
    Match,
    MatchState,
    Move,
    Reason,
    Ruleset,
    Seat,
    SeatView,
    rng_for,
    seed_text,
    view_of,
)
from spades_voice.rules.events import (
    BidPlaced,
    CardPlayed,
    GameEvent,
    HandDealt,
    HandScored,
    MatchWon,
    SpadesBroken,
    TakenBack,
    TrickWon,
    TurnToAct,
)
from spades_voice.rules.view import moments_of

#: What a table reports: the model's events, notices (a seat joined, a timer), and what
#: people at a shared table say.
Event = GameEvent | Notice | Chat


@dataclass(frozen=True, slots=True)
class Person:
    """Who sits at one seat: a person (connected or away) or a computer."""

    seat: Seat
    name: str
    person: bool  # False: a computer plays this seat
    connected: bool  # a person at this seat is connected now (False for computers)
    host: bool
    you: bool
    waiting: str = ""  # a person who sits here from the next deal (joined mid-hand)

    @property
    def summary(self) -> str:
        """One short spoken line: "North, Ann, host, away: the computer plays for now"."""
        return person_line(
            self.seat, self.name, you=self.you, host=self.host,
            computer=not self.person, connected=self.connected, waiting=self.waiting,
        )


@dataclass(frozen=True, slots=True)
class PlannedStep:
    """A computer's next decision, to be thought out by ``decide`` (see plan_step)."""

    token: tuple[int, int]  # (hand number, decisions so far) when planned
    seat: Seat
    view: SeatView
    player: Player
    #: The player's level and what its generator is seeded with, when it is one made
    #: for this decision (``make_player(level, Random(seed))``: another process may make
    #: it again and decide the same); None for a fixed player (tests, replays).
    level: Level | None = None
    seed: str = ""
    #: The decision this seat already made in this very position (before an undo or a
    #: restart): made again without thinking, so the player hears the same card.
    known: Decision | None = None

    def decide(self) -> Decision:
        return self.known if self.known is not None else self.player.decide(self.view)


_T = TypeVar("_T")
#: A hand's number, who decides, and the hand's decisions so far (``LocalTable._position``).
Position = tuple[int, Seat, tuple[Decision, ...]]


@dataclass(frozen=True, slots=True)
class CoachWork:
    """The coach's review of one hand, as values only: ``review`` may run anywhere (a
    worker thread, another process) and finds the same as here."""

    number: int
    moments: tuple[tuple[SeatView, Move], ...]
    seed: int | str | None
    rate: WorkRate

    @property
    def key(self) -> tuple[object, ...]:
        """The hand and its decisions: a hand once reviewed is answered from memory."""
        return (self.seed, self.number, tuple(d for _, d in self.moments))

    def review(self) -> tuple[Finding, ...]:
        rate, seed = self.rate, self.seed
        return review(
            self.moments, rng_for(seed, "coach", self.number), rate,
            advise=lambda view: hint(view, hint_rng(seed, view), rate=rate),
        )


DEFAULT_NAMES: dict[Seat, str] = {Seat.S: "You", Seat.W: "Robin", Seat.N: "Alex", Seat.E: "Sam"}


class Table(Protocol):
    """What the shell may do at any table, local or shared. What only some tables offer
    is a capability of its own below, which callers check with ``isinstance`` (mypy then
    knows the methods are there): ``Steppable``, ``Reviewable``, ``SharedSeat``,
    ``Resumable``. A capability a table lacks is simply not there, rather than a method
    that raises or does nothing."""

    seat: Seat

    def names(self) -> dict[Seat, str]:
        """Display name of each seat (the table's own seat is "You")."""
        ...

    def view(self) -> SeatView: ...

    def submit(self, decision: Decision) -> None:
        """Bid or play for this seat; raises IllegalAction with the spoken reason."""
        ...

    def drain(self) -> list[Event]:
        """Events since the last drain, oldest first."""
        ...

    def set_listener(self, callback: Callable[[], None] | None) -> None:
        """Called whenever new events wait in ``drain`` (remote tables need this)."""
        ...

    def hint(self) -> Hint: ...

    def people(self) -> list[Person]:
        """Who sits at each seat, S W N E, and who is connected."""
        ...

    def reveal(self) -> None:
        """This seat has now seen its cards: blind nil is closed to it this hand."""
        ...

    def new_match(self) -> None: ...

    @property
    def match(self) -> Match | None:
        """The whole match so far, when this table holds it (saves, statistics); a table
        that cannot see every hand (a remote guest) answers None."""
        ...


@runtime_checkable
class Steppable(Protocol):
    """Computers that decide in this process, at the shell's pace (a local table; a
    shared table's server paces its own)."""

    def computer_to_act(self) -> bool:
        """A computer here decides next: the shell calls ``step`` when its pace allows."""
        ...

    def step(self) -> None: ...

    def plan_step(self) -> PlannedStep | None:
        """The next computer decision to think out off the shell's thread; None when no
        computer is to act."""
        ...

    def commit_step(self, planned: PlannedStep, decision: Decision) -> bool: ...


@runtime_checkable
class Reviewable(Protocol):
    """Taking back and looking back: undo, restart the hand, the coach (a local table; at
    a shared table the others have heard every card, and a guest keeps no record)."""

    def undo(self, *, reopen: bool = False) -> int:
        """Take back this seat's last decision and all after it; with ``reopen`` (the
        next hand not yet dealt to the players) also into the hand that just ended."""
        ...

    def restart_hand(self, *, reopen: bool = False) -> int: ...

    def coach(self) -> tuple[int, tuple[Finding, ...]] | None:
        """The coach's findings on this seat's last finished hand, with its number; None
        before any hand is finished."""
        ...


@runtime_checkable
class SharedSeat(Protocol):
    """Among other people (a shared table): chat, muting, seating who waits, watchers."""

    def watchers(self) -> list[str]:
        """Who listens without a seat, by name (a watcher's view is marked ``watching``)."""
        ...

    def set_watching(self, allowed: bool | None = None, chat: bool | None = None) -> None:
        """The host lets people watch (``allowed``) and watchers chat (``chat``); None
        leaves that as it is. Raises IllegalAction with the spoken reason."""
        ...

    def say(self, text: str) -> None:
        """Say ``text`` to everyone; raises IllegalAction with the spoken reason when it
        cannot be sent (no one to hear it, too long, too fast, muted)."""
        ...

    def mute(self, name: str, on: bool) -> None:
        """The host stops (``on``) or allows the chat of the person called ``name``;
        raises IllegalAction with the spoken reason."""
        ...

    def admit(self, seat: Seat) -> None:
        """Seat now the person waiting for ``seat`` (host only); raises IllegalAction
        with the spoken reason."""
        ...


@runtime_checkable
class LetsIn(Protocol):
    """A shared table whose watchers may ask to play (a watcher's J), and whose host
    answers (the host's J)."""

    def asking(self) -> list[str]:
        """The watchers who asked to play, waiting for the host's answer."""
        ...

    def let_in(self, name: str, yes: bool = True) -> None:
        """The host's answer to the watcher called ``name`` who asked to play: ``yes``
        seats them (from the next deal mid-match), no leaves them watching (host only);
        raises IllegalAction with the spoken reason."""
        ...


@runtime_checkable
class Seatable(Protocol):
    """A watcher's table that may take a seat a computer holds (a shared table)."""

    def take_seat(self) -> None:
        """Ask the host for a seat a computer holds; raises IllegalAction with the spoken
        reason."""
        ...


@runtime_checkable
class Resumable(Protocol):
    """A table that takes up a saved match where it was left (a local table; a shared
    table's match lives on its server)."""

    def load(self, match: Match) -> None:
        """Replace the match with ``match``, as saved."""
        ...


# ---- the local table -------------------------------------------------------------


class LocalTable:
    """A match in this process: the player at ``seat``, computers everywhere else.

    The partner plays Hard; the opponents play ``level``. Each computer decision draws
    from a generator of its own for the match and the position (``rng_for(seed, seat,
    moves)``, as a shared table's computers do), so undo, restart and a resumed save
    replay exactly the bids and cards the player heard. Within this hand and the last,
    the table also remembers each decision and hint by position, so a replay holds even
    when Hard's clock safety net cut a search short the first time.
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
        #: The coach's findings by ``CoachWork.key``.
        self.coached: dict[tuple[object, ...], tuple[Finding, ...]] = {}
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
        #: What each computer decided, and what the hint said, in each position of this
        #: match's current hand and the last one (see ``_position``).
        self._decided: dict[Position, Decision] = {}
        self._hinted: dict[Position, Hint] = {}
        dealt = self.state.dealt_event()
        if dealt is not None:
            self._emit(dealt)
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
        # The rules check the turn, and their refusal says which ("...to bid.").
        self._apply(decision, self.seat)

    def computer_to_act(self) -> bool:
        actor = self.state.to_act
        return actor is not None and actor is not self.seat and not self.state.over

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
        if actor is None or actor is self.seat or self.state.over:
            return None
        self.state.reveal(actor)
        token = (self.state.hand_number, self.state.moves)
        known = self._decided.get(self._position(actor))
        view = view_of(self.state, actor)
        fixed = self._fixed_players.get(actor)
        if fixed is not None:
            return PlannedStep(token, actor, view, fixed, known=known)
        # One of its level drawing from the position's own generator: the same decision
        # every time (undo, restart and a resumed save replay what the player heard).
        level = Level.HARD if actor is self.seat.partner else self.level
        seed = seed_text(self.state.seed, actor.value, self.state.moves)
        player = make_player(level, random.Random(seed), rate=self.rate)
        return PlannedStep(token, actor, view, player, level, seed, known)

    def _position(self, seat: Seat, looks: bool = False) -> Position:
        """This hand's bids and cards so far (looks aside), and who decides: the key under
        which a decision is remembered. The generator a computer draws from already depends
        only on the position, but Hard's clock safety net (``ai.hard``) or a worker pool's
        time bound (a page alone) may cut its thinking short on a busy machine, and the
        player must still hear after an undo or a restart exactly what they heard before.
        With ``looks`` the looks count too (the hint: what it offers depends on whether
        the player has seen their cards)."""
        moves = tuple(d for d in self.state.hand_decisions() if looks or not isinstance(d, Look))
        return (self.state.hand_number, seat, moves)

    def _remember(self, store: dict[Position, _T], key: Position, value: _T) -> None:
        """Keep ``value``, and forget positions from before the last hand (undo reopens at
        most the hand that just ended)."""
        store[key] = value
        if len(store) > 64:
            hand = self.state.hand_number
            for old in [k for k in store if k[0] < hand - 1]:
                del store[old]

    def commit_step(self, planned: PlannedStep, decision: Decision) -> bool:
        """Apply a planned decision unless the table moved on meanwhile (undo, restart,
        a new match); returns whether it was applied."""
        token = (self.state.hand_number, self.state.moves)
        if token != planned.token or self.state.to_act is not planned.seat:
            return False
        self._remember(self._decided, self._position(planned.seat), decision)
        self._apply(decision)
        return True

    def drain(self) -> list[Event]:
        out, self._events = self._events, []
        return out

    def set_listener(self, callback: Callable[[], None] | None) -> None:
        self._listener = callback

    def hint(self) -> Hint:
        # Its own generator for the position, and remembered: the same hint every time it
        # is asked there, even if the clock cut a busy machine's search short once.
        key = self._position(self.seat, looks=True)
        found = self._hinted.get(key)
        if found is None:
            view = self.view()
            found = hint(view, hint_rng(self.state.seed, view), rate=self.rate)
            self._remember(self._hinted, key, found)
        return found

    def coach_work(self) -> CoachWork | None:
        """The review of this seat's last finished hand, to think out anywhere; None
        before any hand is finished."""
        match = self.state.match  # a value taken at once: the game may go on meanwhile
        hands = moments_of(match, self.seat)
        if not hands:
            return None
        number, moments = hands[-1]
        return CoachWork(number, tuple(moments), match.seed, self.rate)

    def coach(self) -> tuple[int, tuple[Finding, ...]] | None:
        # The shell may run this on a worker thread while the game goes on.
        work = self.coach_work()
        if work is None:
            return None
        found = self.coached.get(work.key)
        if found is None:
            found = self.coached[work.key] = work.review()
        return work.number, found

    def people(self) -> list[Person]:
        return [
            Person(s, self._names[s], person=s is self.seat, connected=s is self.seat,
                   host=False, you=s is self.seat)
            for s in SEATS
        ]

    def undo(self, *, reopen: bool = False) -> int:
        hands = len(self.state.outcomes)
        yours = self.state.undo_target(self.seat, reopen=reopen)
        count = self.state.undo(self.seat, reopen=reopen)
        reopened = len(self.state.outcomes) < hands
        self._emit(TakenBack(count, restart=False, reopened=reopened, yours=yours))
        self._turn_check()
        return count

    def restart_hand(self, *, reopen: bool = False) -> int:
        hands = len(self.state.outcomes)
        count = self.state.restart_hand(reopen=reopen)
        self._emit(TakenBack(count, restart=True, reopened=len(self.state.outcomes) < hands))
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
        turn = self.state.turn_of(self.seat)
        if turn is not None:
            self._emit(turn)

    def _apply(self, decision: Decision, seat: Seat | None = None) -> None:
        for event in self.state.apply(decision, seat):
            self._emit(event)
        self._turn_check()


#: The four computers' names, clockwise from South.
COMPUTERS_NAMES = {Seat.S: "Jo", Seat.W: "Robin", Seat.N: "Alex", Seat.E: "Sam"}


class ComputersTable(LocalTable):
    """Four computers of one ``level`` at a local table, heard as a watcher hears one."""

    def __init__(self, ruleset: Ruleset, seed: int | str, level: Level, *,
                 rate: WorkRate = REFERENCE_RATE) -> None:
        super().__init__(ruleset, seed, level, names=COMPUTERS_NAMES, rate=rate)

    def view(self) -> SeatView:
        """The public view, in South's chair only for the order of seats and teams."""
        view = view_of(self.state, self.seat)
        return replace(view, hand=(), hand_seen=True, legal_cards=(), legal_bids=(), dealt=(),
                       watching=True)

    def people(self) -> list[Person]:
        return [Person(s, COMPUTERS_NAMES[s], person=False, connected=False, host=False,
                       you=False) for s in SEATS]

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

    def thinking_view(self) -> SeatView:
        """What the computer to act sees now: the position its reasons are about. Raises
        IllegalAction when nobody is to act (between hands, the match over)."""
        actor = self.state.to_act
        if actor is None or self.state.over:
            raise IllegalAction(Reason(Refusal.NOBODY_THINKING))
        self.state.reveal(actor)
        return view_of(self.state, actor)

    def hint(self) -> Hint:
        """What the computer to act weighs now (the coach's reasons for its position)."""
        view = self.thinking_view()
        return hint(view, hint_rng(self.state.seed, view), rate=self.rate)

    def _turn_check(self) -> None:
        """Nobody here is told it is their turn: the computers just play."""


def _local_table_offers(table: LocalTable) -> tuple[Table, Steppable, Reviewable, Resumable]:
    return table, table, table, table  # mypy checks here what a local table offers


__all__ = [
    "COMPUTERS_NAMES",
    "DEFAULT_NAMES",
    "BidPlaced",
    "CardPlayed",
    "Chat",
    "CoachWork",
    "ComputersTable",
    "Event",
    "HandDealt",
    "HandScored",
    "LetsIn",
    "LocalTable",
    "MatchWon",
    "Notice",
    "Person",
    "PlannedStep",
    "Resumable",
    "Reviewable",
    "Seatable",
    "SharedSeat",
    "SpadesBroken",
    "Steppable",
    "Table",
    "TakenBack",
    "TrickWon",
    "TurnToAct",
]
