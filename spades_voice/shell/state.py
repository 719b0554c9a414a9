"""The shell's state: what it remembers, how it speaks, and the events it narrates.

``Shell`` decides when to speak; it talks only to a ``Table`` and a ``Speaker`` and
takes every word from ``narration``. What each key does lives with its mode
(``table_mode``, ``list_mode``, ``confirm_mode``), each with its own key bindings, and
``screen`` draws the one line; the prompt_toolkit application (``app.py``) puts them
together. Tests may drive it either way.

Speaking: a key's answer is a query (it interrupts); table events are queued in order and
also added to the history log. Computers move only when ``advance`` or the pace driver
says so, and never while paused, between hands, or while the player is in a
confirmation, help, the rules or trick review.

Long because start-up belongs here with the rest of the state: the saved-match offer, the
question when another game holds the data folder, and resuming between hands.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from spades_voice.ai import sure_tricks
from spades_voice.narration import Cast, hand_order, prompts, stored, texts
from spades_voice.options import DEFAULT_VOICES, EventKind, HandOrder, Pace, Voice
from spades_voice.rules import (
    BID_CHOICES,
    Bid,
    Card,
    Decision,
    HandOutcome,
    Match,
    MatchState,
    Phase,
    SeatView,
    Trick,
)
from spades_voice.shell.keymap import Keymap
from spades_voice.shell.overlays import Confirm as Confirm
from spades_voice.shell.overlays import Draft as Draft
from spades_voice.shell.overlays import ListView as ListView
from spades_voice.shell.overlays import Mode as Mode
from spades_voice.shell.voices import only_card, play_only_card, say_event
from spades_voice.sound import SoundPlayer
from spades_voice.sound.table_cues import CuePlayer
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
    LocalTable,
    MatchWon,
    Notice,
    PlannedStep,
    Table,
    TakenBack,
    TrickWon,
    TurnToAct,
)

#: Where the bid list starts until the player's cards are known: 3 is a common bid, and
#: never nil by accident. Once they are, it starts on the player's sure tricks.
BID_START = 3
#: How much recent speech a problem report keeps.
RECENT_SPEECH = 300


@dataclass
class Shell:
    table: Table
    speaker: Speaker
    hooks: ShellHooks
    keymap: Keymap
    pace: Pace = Pace.RELAXED
    #: Cards and tricks said briefly (the verbosity key); applied to ``voices`` at start.
    brief: bool = True
    hold_between_hands: bool = True
    #: The greeting was already spoken (``spades-voice`` says it before loading the rest).
    greeted: bool = False
    #: Saved choices to start from where the hooks keep none (a shared table's guest).
    start_settings: Settings | None = None
    #: Called when the player confirms quitting (the app exits).
    on_quit: Callable[[], None] = lambda: None
    #: Called when the computers may have something to do (the pace driver wakes).
    on_wake: Callable[[], None] = lambda: None
    #: Sound cues (None: the game has no sound at all, as in most shell tests).
    sound: SoundPlayer | None = None

    cast: Cast = field(init=False)
    cues: CuePlayer = field(init=False)
    #: How each kind of event reaches the player (the speech menu), the hand's order, and
    #: whether a turn with one legal card plays it by itself. Read from the saved settings.
    voices: dict[EventKind, Voice] = field(default_factory=lambda: dict(DEFAULT_VOICES))
    order: HandOrder = HandOrder.SUIT
    only_card: bool = False
    #: The card played by itself this turn, so its line says so.
    auto_played: Card | None = None
    history: list[str] = field(default_factory=list)
    #: The kind of each history entry (None: the player's own bid or card).
    history_kinds: list[EventKind | None] = field(default_factory=list)
    #: Where this match's history begins (what the save-history key writes).
    history_start: int = 0
    last_spoken: str = ""
    overlay: ListView | Confirm | Draft | None = None
    paused: bool = False
    between: HandOutcome | None = None  # the finished hand while waiting for N
    over: bool = False
    pending: list[Event] = field(default_factory=list)
    hand_tricks: list[Trick] = field(default_factory=list)
    #: The focused card, and its place in the hand for when that card has gone.
    focus: int = 0
    focus_card: Card | None = None
    bid_focus: int = BID_START
    #: The focused bid has been said since it last changed: Enter places only what was
    #: heard ("nothing placed that was not spoken").
    bid_heard: bool = False
    #: The card last named as the focus (moving, a jump, a hint, a first Enter): Enter
    #: plays at once only the card the player heard; any other it names first.
    heard_card: Card | None = None
    #: Said before / after the next answer, once (blind nil withdrawn; the bid to place).
    note: str = ""
    coda: str = ""
    #: Everything said lately, oldest first (for a problem report).
    said: deque[str] = field(default_factory=lambda: deque(maxlen=RECENT_SPEECH))
    next_step_at: float = 0.0
    #: Set while the pace driver waits to be woken because no computer may move: until
    #: something wakes it, nothing happens at the table on its own.
    computers_idle: threading.Event = field(default_factory=threading.Event)
    quitting: bool = False
    _clock: bool | None = None
    _started: bool = False

    def __post_init__(self) -> None:
        self.cast = Cast(self.table.seat, self.table.names())
        self.cues = CuePlayer(self.table.seat, self.sound)
        settings = self.hooks.settings or self.start_settings
        if settings is not None:
            self.voices.update(settings.event_voices())
            self.order = HandOrder(settings.hand_order)
            self.only_card = settings.only_card
        if not self.brief:
            for kind in (EventKind.CARDS, EventKind.TRICKS):
                if self.voices[kind].spoken:
                    self.voices[kind] = Voice.FULL

    @property
    def mode(self) -> Mode:
        if self.question is not None:
            return Mode.CONFIRM
        if isinstance(self.overlay, Draft):
            return Mode.INPUT
        return Mode.TABLE if self.shown_list is None else Mode.LIST

    @property
    def question(self) -> Confirm | None:
        """The yes/no question open now, if any."""
        return self.overlay if isinstance(self.overlay, Confirm) else None

    @property
    def shown_list(self) -> ListView | None:
        """The list open now, if any."""
        return self.overlay if isinstance(self.overlay, ListView) else None

    # ---- speaking ---------------------------------------------------------------

    def answer(self, text: str) -> None:
        """A key's answer: interrupts whatever is being said. A waiting note or coda is
        said with it, in the same breath."""
        text = " ".join(part for part in (self.note, text, self.coda) if part)
        self.note = self.coda = ""
        self.last_spoken = text
        self.said.append(text)
        self.speaker.query(text)

    def tell(self, text: str, kind: EventKind | None = EventKind.NOTICES) -> None:
        """A game event: queued in order, and kept in the history log; only kept there
        when the player chose "history only" for its kind (``None``: always spoken)."""
        self.history.append(text)
        self.history_kinds.append(kind)
        if kind is None or self.voices[kind].spoken:
            self.last_spoken = text
            self.said.append(text)
            self.speaker.event(text)

    # ---- the bid list --------------------------------------------------------------

    def bid_from_hand(self, view: SeatView) -> Bid:
        """Focus the bid list on the player's sure tricks; the value to say."""
        self.bid_focus = BID_CHOICES.index(Bid(sure_tricks(view.hand))) if view.hand else 0
        return BID_CHOICES[self.bid_focus]

    def bid_prompt(self, view: SeatView) -> str:
        """ "Your bid. 3 selected." with the list focused on the sure tricks: heard from now on."""
        self.bid_heard = True
        return prompts.your_bid(self.bid_from_hand(view))

    # ---- start -------------------------------------------------------------------

    def start(self) -> None:
        """Greet, report keymap problems and notices, offer a saved match, then play."""
        if self._started:
            return
        self._started = True
        self.cues.sync(self.table.view())  # a rejoined table may be mid-hand
        self.cues.settle()
        if not self.greeted:
            self.answer(texts.GREETING)
        # The store's notices first: a match result never heard comes before anything.
        self._notices()
        for problem in self.keymap.problems:
            self.tell(problem)
        if self.hooks.in_use_elsewhere():  # another game holds the folder: ask first
            self.overlay = Confirm(
                stored.FOLDER_IN_USE, self._begin, self.goodbye, enter_is_yes=True
            )
            self.tell(stored.FOLDER_IN_USE)
            self.clock_update()
            return
        self._begin()

    def goodbye(self) -> None:
        """Leave the game: the clock stops, "Goodbye." is said, and the app exits."""
        self.quitting = True
        self.clock_update()
        self.answer(prompts.GOODBYE)
        self.on_quit()

    def _begin(self) -> None:
        """Offer the saved match, or start one."""
        saved = self.hooks.saved_match()
        if saved is not None and isinstance(self.table, LocalTable):
            self._offer(saved, spoken=self.tell)
            return
        self.hooks.start_new(None)
        self.pump()
        self.advance()

    def _resume(self, saved: Match) -> None:
        assert isinstance(self.table, LocalTable)
        self.table.drain()
        self.table.load(saved)
        self._reset_match()
        state = MatchState(saved)
        if self.hold_between_hands and state.outcomes and not state.hand_decisions():
            # Saved between hands: it resumes there, and N deals the next hand.
            self.between = state.outcomes[-1]
            self.pump()
            self.tell(texts.NEXT_HAND)
            return
        self.pump()
        self.advance()

    def _offer(self, saved: Match, spoken: Callable[[str], None]) -> None:
        """The saved match waits: Enter continues it; N or Escape starts a new one, asking
        first when that counts the saved one as a loss."""
        offer = Confirm(
            texts.saved_offer(saved),
            on_yes=lambda: self._resume(saved),
            on_no=lambda: self._abandon(saved),
            n_is_no=True,
            enter_is_yes=True,
        )
        self.overlay = offer
        spoken(offer.question)
        self.clock_update()

    def _abandon(self, saved: Match) -> None:
        if not saved.decisions:  # nothing was played: nothing is lost
            self._fresh(saved)
            return
        self.overlay = Confirm(
            texts.CONFIRM_ABANDON_SAVED,
            on_yes=lambda: self._fresh(saved),
            on_no=lambda: self._offer(saved, spoken=self.answer),
        )
        self.clock_update()
        self.answer(texts.CONFIRM_ABANDON_SAVED)

    def _fresh(self, saved: Match) -> None:
        abandoned = saved if saved.decisions else None
        self.hooks.start_new(abandoned)
        self.pump()
        self.advance()

    def _reset_match(self) -> None:
        self.history_start = len(self.history)
        self.between = None
        self.over = False
        self.pending.clear()
        self.hand_tricks.clear()
        self.cues.sync(self.table.view())

    def new_match(self, *, abandoned: bool) -> None:
        """Start a new match; ``abandoned``: the one it replaces was left unfinished."""
        old = self.table.match
        self.hooks.start_new(old if abandoned and old is not None and old.decisions else None)
        self.table.drain()
        self.table.new_match()
        self._reset_match()
        self.answer(prompts.NEW_MATCH_STARTED)
        self.pump()
        self.advance()

    # ---- events ------------------------------------------------------------------

    def pump(self) -> None:
        """Speak every event waiting at the table, in order (held back between hands)."""
        events = self.table.drain()
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
            self._notices()
        if self.between is not None and not was_between and not self.over:
            self.tell(texts.NEXT_HAND, EventKind.RESULTS)
        self.clock_update()
        play_only_card(self)

    def deal_next(self) -> None:
        """N between hands: the events held back since the hand ended are said now."""
        self.between = None
        held, self.pending = self.pending, []
        for event in held:
            self.handle(event)
        self.clock_update()
        play_only_card(self)
        self.advance()

    def reopened(self) -> None:
        """Undo or restart took back the hand that had just ended: its result no longer
        stands, and what was held back for the next hand goes (that hand is dealt again
        when this one ends)."""
        self.between = None
        self.pending.clear()

    def handle(self, event: Event) -> None:
        """Speak one event, and keep what the shell remembers of it."""
        now = time.monotonic()
        self.next_step_at = now + self.pace.computer_delay
        if isinstance(event, TrickWon):
            self.hand_tricks.append(event.trick)
            self.next_step_at += self.pace.trick_delay
        elif isinstance(event, HandDealt):
            self.hand_tricks.clear()
            self.focus, self.focus_card, self.bid_focus = 0, None, BID_START
            self.heard_card = None  # the same card may come again in this deal
            if not self.table.view().ruleset.blind_nil:
                self.table.reveal()
        elif isinstance(event, TakenBack):
            self.hand_tricks[:] = list(self.table.view().tricks)
            self.heard_card = None
            self.cues.sync(self.table.view())
        elif isinstance(event, TurnToAct) and event.seat is not self.table.seat:
            return
        elif isinstance(event, TurnToAct) and only_card(self, event) is not None:
            self.auto_played = only_card(self, event)
            return
        if not isinstance(event, Notice | Chat):  # sound as the line is queued, in order
            self.cues.event(event, self.pace)
        say_event(self, event)
        if isinstance(event, TurnToAct):
            self._turn_begins(event)
        elif isinstance(event, HandScored):
            if self.hold_between_hands:
                self.between = event.outcome
        elif isinstance(event, MatchWon):
            self.over = True
            self.between = None
            match = self.table.match
            if match is not None:
                self.hooks.match_finished(MatchState(match))
            self.tell(texts.NEW_MATCH, EventKind.RESULTS)

    def _turn_begins(self, event: TurnToAct) -> None:
        view = self.table.view()
        if event.phase is Phase.BIDDING and self.blind_open(view):
            self.tell(texts.BLIND_OFFER, None)
        elif (
            event.phase is Phase.PLAYING
            and view.legal_cards
            and self.focus_card not in view.legal_cards
        ):
            # Start the turn on a card that can be played: on the focused card if it
            # can, else the first that can, so Left/Right begin among real choices.
            self.focus_card = self.ordered(view.legal_cards, view)[0]

    def _notices(self) -> None:
        for text in self.hooks.notices():
            self.tell(text)
        for text in self.cues.notices():
            self.tell(text)

    # ---- the computers -------------------------------------------------------------

    @property
    def live(self) -> bool:
        """The table runs: not paused, not in a confirmation, help, rules or review."""
        if self.paused or self.quitting:
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
            and self.table.computer_to_act()
        )

    def advance(self) -> None:
        """Let the computers move: at once when the pace is instant, else wake the driver."""
        self.clock_update()
        if self.pace is Pace.INSTANT:
            while self.computers_may_act():
                self.table.step()
                self.pump()
        else:
            self.on_wake()

    def plan_step(self) -> PlannedStep | None:
        """The next computer decision to think out in a worker thread, if one may move."""
        return self.table.plan_step() if self.computers_may_act() else None

    def commit_step(self, planned: PlannedStep, decision: Decision) -> None:
        """Apply a thought-out decision, unless the player paused or moved on meanwhile."""
        if self.computers_may_act() and self.table.commit_step(planned, decision):
            self.pump()

    def clock_update(self) -> None:
        running = self.live and not self.over
        if running != self._clock:
            self._clock = running
            self.hooks.clock_running(running)

    # ---- what the player is looking at ------------------------------------------------

    def view(self) -> SeatView:
        return self.table.view()

    def blind_open(self, view: SeatView) -> bool:
        """Blind nil is still open to the player this hand (they have not seen their cards)."""
        return (
            view.ruleset.blind_nil
            and view.phase is Phase.BIDDING
            and not view.hand_seen
            and view.bid_of(view.seat) is None
        )

    def hand_hidden(self, view: SeatView) -> bool:
        return self.blind_open(view) and self.between is None

    def bidding_now(self, view: SeatView) -> bool:
        return view.phase is Phase.BIDDING and view.my_turn and self.between is None

    def focused(self, view: SeatView) -> tuple[list[Card], int]:
        """The hand in order and the focused place in it (-1 when empty). Reads only: the
        focused card if still held, else the same place, kept within the hand."""
        cards = self.ordered(view.hand, view)
        if not cards:
            return cards, -1
        if self.focus_card in cards:
            assert self.focus_card is not None
            return cards, cards.index(self.focus_card)
        return cards, max(0, min(self.focus, len(cards) - 1))

    def ordered(self, cards: tuple[Card, ...], view: SeatView) -> list[Card]:
        """``cards`` in the hand order the player chose."""
        return hand_order(cards, self.order, view.dealt)

    def set_focus(self, cards: list[Card], index: int) -> None:
        """Focus ``cards[index]``; the caller names it, so it counts as heard."""
        self.focus, self.focus_card = index, cards[index]
        self.heard_card = cards[index]

    def playable(self, view: SeatView, card: Card) -> bool | None:
        """Whether ``card`` can be played now; None when it is not the player's card turn."""
        if view.phase is Phase.PLAYING and view.my_turn:
            return card in view.legal_cards
        return None

    # ---- questions -----------------------------------------------------------------------

    def ask(self, question: str, on_yes: Callable[[], None]) -> None:
        """Open a yes/no question; the table waits until it is answered."""
        self.overlay = Confirm(question, on_yes)
        self.clock_update()
        self.answer(question)

    def look(self, then: Callable[[], None]) -> None:
        """Seeing the cards gives up blind nil: ask first while it is open."""
        view = self.view()
        if not self.hand_hidden(view):
            then()
            return
        if view.my_turn:
            # Said once, with the answer: the offer is gone, and the bid to place now.
            self.table.reveal()
            self.clock_update()
            self.note = texts.BLIND_WITHDRAWN
            self.coda = self.bid_prompt(self.view())
            then()
            return

        def yes() -> None:
            self.table.reveal()
            then()

        self.ask(prompts.LOOK_AT_CARDS, yes)
