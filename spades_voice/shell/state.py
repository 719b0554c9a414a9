"""The shell's state: what is open over the table, the hand in play, and the events it
narrates, put together from small parts.

``Shell`` decides when to speak; it talks only to a ``Table`` and a ``Speaker`` and
takes every word from ``narration``. Its parts each keep one thing: ``focus`` (the hand
and the bid list, and what of them was heard), ``narrator`` (answers, events, the
history), ``driver`` (the pace and when the computers may move), ``chair`` (who is
"you", and where the sounds are placed from), ``way_out`` (leaving). Start-up (the saved
match, the data folder in use) is ``startup``; what each key does lives with its mode
(``table_mode``, ``list_mode``, ``confirm_mode``), and ``screen`` draws the one line.

Speaking: a key's answer is a query (it interrupts); table events are queued in order and
also added to the history log. Computers move only when ``advance`` or the pace driver
says so, and never while paused, between hands, or while the player is in a
confirmation, help, the rules or trick review.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import InitVar, dataclass, field
from typing import assert_never

from spades_voice.narration import event_kind, prompts, resumed, texts
from spades_voice.narration.lines import Line
from spades_voice.options import EventKind, Pace
from spades_voice.rules import (
    Decision,
    HandOutcome,
    IllegalAction,
    Phase,
    SeatView,
    Trick,
)
from spades_voice.shell.chair import Chair
from spades_voice.shell.driver import Driver
from spades_voice.shell.focus import Focus, blind_open
from spades_voice.shell.keymap import Keymap
from spades_voice.shell.narrator import Narrator
from spades_voice.shell.only_card import OnlyCard
from spades_voice.shell.overlays import Confirm as Confirm
from spades_voice.shell.overlays import Draft as Draft
from spades_voice.shell.overlays import ListView as ListView
from spades_voice.shell.overlays import Mode as Mode
from spades_voice.shell.overlays import Overlays
from spades_voice.shell.sight import Sight
from spades_voice.shell.voices import lines_for
from spades_voice.shell.way_out import WayOut
from spades_voice.sound import SoundPlayer
from spades_voice.speech import Speaker
from spades_voice.store.base import ShellHooks
from spades_voice.store.settings import Settings
from spades_voice.table import (
    BidPlaced,
    CardPlayed,
    Chat,
    Event,
    HandDealt,
    HandScored,
    MatchWon,
    Notice,
    PlannedStep,
    SpadesBroken,
    Steppable,
    Table,
    TakenBack,
    TrickWon,
    TurnToAct,
)


@dataclass
class Shell:
    table: Table
    speaker: Speaker
    hooks: ShellHooks
    keymap: Keymap
    pace: InitVar[Pace] = Pace.RELAXED
    #: Cards and tricks said briefly (the verbosity key); applied to the voices at start.
    brief: InitVar[bool] = True
    hold_between_hands: bool = True
    #: The greeting was already spoken (``spades-voice`` says it before loading the rest).
    greeted: bool = False
    #: Saved choices to start from where the hooks keep none (a shared table's guest).
    start_settings: Settings | None = None
    #: Sound cues (None: the game has no sound at all, as in most shell tests).
    sound: InitVar[SoundPlayer | None] = None

    #: Who is "you" at the table and where the sounds are placed from.
    chair: Chair = field(init=False)
    narrator: Narrator = field(init=False)
    #: What the player has seen of their cards (a look closes blind nil).
    sight: Sight = field(init=False)
    driver: Driver = field(init=False)
    focus: Focus = field(default_factory=Focus)
    #: Whether a turn with one legal card plays it by itself, and the card set aside.
    only: OnlyCard = field(default_factory=OnlyCard)
    #: What is open over the table (a list, a question, a line being typed).
    overlays: Overlays = field(default_factory=Overlays)
    between: HandOutcome | None = None  # the finished hand while waiting for N
    over: bool = False
    pending: list[Event] = field(default_factory=list)
    hand_tricks: list[Trick] = field(default_factory=list)
    #: Whether the player is leaving, and what leaving does.
    way_out: WayOut = field(default_factory=WayOut)
    _started: bool = False
    _clock: bool | None = None

    def __post_init__(self, pace: Pace, brief: bool, sound: SoundPlayer | None) -> None:
        self.chair = Chair(self.table, sound)
        # A table joined mid-hand tells no deal: the hand in play is the one told.
        self.sight = Sight(self.table, self.hooks, told=self.table.view().hand_number)
        self.narrator = Narrator(self.speaker, on_shown=self.sight.saw, brief=brief)
        self.driver = Driver(pace)
        voices = self.narrator.voices
        settings = self.hooks.settings or self.start_settings
        if settings is not None:
            voices.update(settings.voices)
            self.focus = Focus(order=settings.hand_order)
            self.only.choose(settings.only_card)
        if not brief:
            self.narrator.cards_briefly(False)

    @property
    def overlay(self) -> ListView | Confirm | Draft | None:
        """What is open over the table now, if anything."""
        return self.overlays.now

    @property
    def mode(self) -> Mode:
        return Mode.of(self.overlay)

    @property
    def question(self) -> Confirm | None:
        """The yes/no question open now, if any."""
        return self.overlay if isinstance(self.overlay, Confirm) else None

    @property
    def shown_list(self) -> ListView | None:
        """The list open now, if any."""
        return self.overlay if isinstance(self.overlay, ListView) else None

    # ---- speaking -----------------------------------------------------------------

    def answer(self, text: str | Line) -> None:
        """A key's answer: interrupts whatever is being said."""
        self.narrator.answer(text)

    def tell(self, text: str | Line, kind: EventKind | None = EventKind.NOTICES) -> None:
        """A game event: queued in order, and kept in the history log."""
        self.narrator.tell(text, kind)

    def keep(self, text: str) -> None:
        """Kept in the history log without being said (a file's full path)."""
        self.narrator.keep(text)

    def notices(self) -> None:
        """What the store and the sound player have to say, as events."""
        for text in self.hooks.notices():
            self.tell(text)
        for text in self.chair.cues.notices():
            self.tell(text)

    # ---- the match ------------------------------------------------------------------

    def first_start(self) -> bool:
        """Whether the shell starts now for the first time (start-up runs once)."""
        first, self._started = not self._started, True
        return first

    def goodbye(self) -> None:
        """Leave the game: the clock stops, "Goodbye." is said, and the app exits."""
        self.way_out.stop()
        self.clock_update()
        self.answer(prompts.GOODBYE)
        self.way_out.leave()

    def reset_match(self) -> None:
        """Another match is at the table: its history, hand and cues start here."""
        self.narrator.begin_match()
        self.between = None
        self.over = False
        self.pending.clear()
        self.hand_tricks.clear()
        self.chair.cues.sync(self.table.view())

    def new_match(self, *, abandoned: bool) -> None:
        """Start a new match; ``abandoned``: the one it replaces was left unfinished."""
        old = self.table.match
        self.hooks.start_new(old if abandoned and old is not None and old.decisions else None)
        self.table.drain()
        self.table.new_match()
        self.reset_match()
        self.answer(prompts.NEW_MATCH_STARTED)
        self.pump()
        self.advance()

    # ---- events ---------------------------------------------------------------------

    def pump(self) -> None:
        """Speak every event waiting at the table, in order (held back between hands)."""
        seated = not self.table.view().watching  # read first: its events came before it
        events = self.table.drain()
        if seated and not any(isinstance(event, HandDealt) for event in events):
            self.chair.sit()  # seated mid-hand by the host, not by a deal: from now on
        if not events:
            return
        decided = False
        was_between = self.between is not None
        for event in events:
            if self.between is not None and not isinstance(event, MatchWon | Notice | Chat):
                self.pending.append(event)
                continue
            decided |= isinstance(event, BidPlaced | CardPlayed | TakenBack)
            self.handle(event)
        if decided:
            match = self.table.match
            if match is not None:
                self.hooks.decision_made(match)
            self.notices()
        if self.between is not None and not was_between and not self.over:
            self.tell(texts.NEXT_HAND, EventKind.RESULTS)
        self.clock_update()
        self._play_only_card()

    def deal_next(self) -> None:
        """N between hands: the events held back since the hand ended are said now."""
        self.between = None
        held, self.pending = self.pending, []
        for event in held:
            self.handle(event)
        self.clock_update()
        self._play_only_card()
        self.advance()

    def hold(self, outcome: HandOutcome) -> None:
        """The hand ended with ``outcome``: where hands are held, the next waits for N."""
        if self.hold_between_hands:
            self.between = outcome

    def reopened(self) -> None:
        """Undo or restart took back the hand that had just ended: its result no longer
        stands, and what was held back for the next hand goes (that hand is dealt again
        when this one ends)."""
        self.between = None
        self.pending.clear()

    def handle(self, event: Event) -> None:
        """Speak one event, and keep what the shell remembers of it."""
        self.driver.after_event(trick=isinstance(event, TrickWon))
        match event:
            case TurnToAct():
                self._turn(event)
            case TrickWon():
                self.hand_tricks.append(event.trick)
                self._say(event)
            case HandDealt():
                # A watcher let in sits at the deal that brings its cards: what came
                # before it is told as a watcher heard it, with names.
                self.chair.sit()
                self.sight.telling(event.number)
                # A resumed hand's deal, said again: its tricks so far stay (L, K).
                retold = self.narrator.deal_retold
                self.hand_tricks[:] = list(self.table.view().tricks) if retold else []
                self.focus.new_deal()
                if not self.table.view().ruleset.blind_nil:
                    self.table.reveal()
                self._say(event)
            case TakenBack():
                self.narrator.taken_back(self.table.match)
                self.sight.telling(self.table.view().hand_number)
                self.hand_tricks[:] = list(self.table.view().tricks)
                self.focus.hear(None)
                self.chair.cues.sync(self.table.view())
                self._say(event)
            case HandScored():
                self._say(event)
                self.hold(event.outcome)
            case MatchWon():
                self._say(event)
                self._match_won()
            case BidPlaced() | CardPlayed() | SpadesBroken() | Notice() | Chat():
                self._say(event)
            case _:
                assert_never(event)

    def _say(self, event: Event) -> None:
        """Tell ``event``'s lines as its kind's voice says (each is kept in the history),
        a game event's sound cue queued with them, in order."""
        if not isinstance(event, Notice | Chat):
            self.chair.cues.event(event, self.driver.pace)
        kind = event_kind(event, self.chair.seat)
        number = self.narrator.number(event)
        if kind is None and isinstance(event, CardPlayed) and self.only.played(event.card):
            self.narrator.tell(prompts.only_card(event.card), None, number)
            return
        # The player's own bid and card take the cards' form; "history only" keeps the
        # full form, since reading it back costs nothing.
        voice = self.narrator.voices[kind if kind is not None else EventKind.CARDS]
        instead = None
        if isinstance(event, TurnToAct) and event.phase is Phase.BIDDING:
            view = self.view()
            if not blind_open(view):  # the bid is due: with the value Enter places
                instead = self.focus.bid_prompt(view)
        elif isinstance(event, HandDealt) and number is None and (view := self.view()).bids:
            instead = resumed(view, self.chair.cast)  # mid-hand: where it stands, no new deal
        mine = self.view() if isinstance(event, Notice) else None
        for line in lines_for(event, self.chair.cast, voice, self.keymap, instead, mine):
            self.narrator.tell(line, kind, number)

    def _turn(self, event: TurnToAct) -> None:
        if event.seat is not self.chair.seat:
            return
        legal = self.table.view().legal_cards
        if self.only.turn(event.phase, legal, asking=self.question is not None):
            return  # played by itself once the events before it are said
        self._say(event)
        view = self.table.view()
        if event.phase is Phase.BIDDING and blind_open(view):
            self.tell(texts.BLIND_OFFER, None)
        elif event.phase is Phase.PLAYING:
            self.focus.turn_begins(view)

    def _play_only_card(self) -> None:
        """Play the card ``handle`` set aside (after the events before it were said)."""
        card = self.only.set_aside
        if card is None or self.between is not None:
            return
        try:
            self.table.submit(card)
        except IllegalAction:
            self.only.refused()
            return
        self.pump()

    def _match_won(self) -> None:
        self.over = True
        self.between = None
        match = self.table.match
        if match is not None:
            self.hooks.match_finished(match, self.table.view())
        self.tell(texts.over_prompt(self.chair.cast.watching), EventKind.RESULTS)

    # ---- the computers -------------------------------------------------------------

    @property
    def live(self) -> bool:
        """The table runs: not paused, not in a confirmation, help, rules or review."""
        if self.driver.paused or self.way_out.quitting:
            return False
        shown = self.shown_list
        if isinstance(self.overlay, Draft):
            return True
        return self.overlay is None or (shown is not None and shown.kind == "history")

    def computers_may_act(self) -> bool:
        return (
            self.live
            and self.between is None
            and not self.over
            and isinstance(self.table, Steppable)  # else its server paces its computers
            and self.table.computer_to_act()
        )

    def advance(self) -> None:
        """Let the computers move: at once when the pace is instant, else wake the driver."""
        self.clock_update()
        table = self.table
        if self.driver.pace is Pace.INSTANT and self.driver.thinking.at_once:
            while isinstance(table, Steppable) and self.computers_may_act():
                table.step()
                self.pump()
        else:
            self.driver.on_wake()

    def plan_step(self) -> PlannedStep | None:
        """The next computer decision to think out in a worker thread, if one may move."""
        table = self.table
        if isinstance(table, Steppable) and self.computers_may_act():
            return table.plan_step()
        return None

    def commit_step(self, planned: PlannedStep, decision: Decision) -> None:
        """Apply a thought-out decision, unless the player paused or moved on meanwhile."""
        table = self.table
        if (
            isinstance(table, Steppable)
            and self.computers_may_act()
            and table.commit_step(planned, decision)
        ):
            self.pump()

    def clock_update(self) -> None:
        running = self.live and not self.over
        if running != self._clock:
            self._clock = running
            self.hooks.clock_running(running)

    # ---- what the player is looking at ------------------------------------------------

    def view(self) -> SeatView:
        return self.table.view()

    def hand_hidden(self, view: SeatView) -> bool:
        return blind_open(view) and self.between is None

    def bidding_now(self, view: SeatView) -> bool:
        return view.phase is Phase.BIDDING and view.my_turn and self.between is None

    # ---- questions -----------------------------------------------------------------------

    def ask(self, question: str, on_yes: Callable[[], None],
            on_no: Callable[[], None] | None = None) -> None:
        """Open a yes/no question; the table waits until it is answered."""
        self.overlays.open(Confirm(question, on_yes, on_no))
        self.clock_update()
        self.answer(question)

