"""The shell's state and what each key does to it, without prompt_toolkit.

``Shell`` decides when to speak and what keys do; it talks only to a ``Table`` and a
``Speaker`` and reads words from ``narration``. The prompt_toolkit application
(``app.py``) feeds it keys and draws ``screen()``; tests may drive it either way.

Speaking: a key's answer is a query (it interrupts); table events are queued in order and
also added to the history log. Computers move only when ``advance`` or the pace driver
says so, and never while paused, between hands, or while the player is in a
confirmation, help, the rules or trick review.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from spades_voice import narration as say
from spades_voice.narration import Cast, hand_order, texts
from spades_voice.rules import (
    BID_CHOICES,
    BLIND_NIL,
    Bid,
    Card,
    Decision,
    HandOutcome,
    IllegalAction,
    Match,
    MatchState,
    Phase,
    SeatView,
    Trick,
)
from spades_voice.shell.hooks import ShellHooks
from spades_voice.shell.keymap import Keymap, normalize_key, spoken_key, spoken_keys
from spades_voice.shell.pace import Pace
from spades_voice.speech import Speaker
from spades_voice.table import (
    BidPlaced,
    CardPlayed,
    Event,
    HandDealt,
    HandScored,
    LocalTable,
    MatchWon,
    Notice,
    PlannedStep,
    SpadesBroken,
    Table,
    TakenBack,
    TrickWon,
    TurnToAct,
)

#: Where the bid list starts each hand: 3 is a common bid, and never nil by accident.
BID_START = 3


def event_lines(event: Event, cast: Cast, *, brief: bool = True) -> list[str]:
    """The words of one table event: each line is one queued utterance and one history
    entry. (Narration sits below ``table.py``, so the event types are unpacked here.)"""
    if isinstance(event, CardPlayed):
        return [say.card_played(cast, event.seat, event.card, event.position, brief=brief)]
    if isinstance(event, TrickWon):
        return [say.trick_won(cast, event.seat, event.trick, event.number, brief=brief)]
    if isinstance(event, BidPlaced):
        return [say.bid_placed(cast, event.seat, event.bid)]
    if isinstance(event, SpadesBroken):
        return [say.SPADES_BROKEN]
    if isinstance(event, TurnToAct):
        return [say.your_turn(event.phase, event.led)] if event.seat is cast.me else []
    if isinstance(event, HandDealt):
        return [say.hand_dealt(cast, event.number, event.dealer)]
    if isinstance(event, HandScored):
        return say.outcome_lines(event.outcome, cast)
    if isinstance(event, MatchWon):
        return [say.match_won(cast, event.team, event.totals)]
    if isinstance(event, TakenBack):
        return [say.taken_back(event.count, event.restart)]
    return [event.text]


@dataclass
class ListView:
    """A list the player moves through: history, help, rules, trick review."""

    kind: str  # "history", "help", "rules", "review"
    title: str
    entries: list[str]  # oldest first for history (shown newest first), else in order
    pos: int = 0  # index into ``entries``

    @property
    def newest_first(self) -> bool:
        return self.kind == "history"

    @property
    def shown(self) -> int:
        """1-based position as the player meets it."""
        return len(self.entries) - self.pos if self.newest_first else self.pos + 1


@dataclass
class Confirm:
    """A yes/no question; the table waits while it is open."""

    question: str
    on_yes: Callable[[], None]
    on_no: Callable[[], None] | None = None
    #: N answers no too (the saved-match offer says "N starts a new match").
    n_is_no: bool = False


@dataclass
class Screen:
    """What the one-line screen shows, and where the cursor sits in it."""

    text: str
    cursor: int = 0


@dataclass
class Shell:
    table: Table
    speaker: Speaker
    hooks: ShellHooks
    keymap: Keymap
    pace: Pace = Pace.RELAXED
    brief: bool = True
    hold_between_hands: bool = True
    #: The greeting was already spoken (``spades-voice`` says it before loading the rest).
    greeted: bool = False
    #: Called when the player confirms quitting (the app exits).
    on_quit: Callable[[], None] = lambda: None
    #: Called when the computers may have something to do (the pace driver wakes).
    on_wake: Callable[[], None] = lambda: None

    cast: Cast = field(init=False)
    history: list[str] = field(default_factory=list)
    last_spoken: str = ""
    overlay: ListView | Confirm | None = None
    paused: bool = False
    between: HandOutcome | None = None  # the finished hand while waiting for N
    over: bool = False
    pending: list[Event] = field(default_factory=list)
    hand_tricks: list[Trick] = field(default_factory=list)
    focus: int = 0
    focus_card: Card | None = None
    bid_focus: int = BID_START
    next_step_at: float = 0.0
    quitting: bool = False
    _clock: bool | None = None
    _started: bool = False

    def __post_init__(self) -> None:
        self.cast = Cast(self.table.seat, self.table.names())

    # ---- speaking ---------------------------------------------------------------

    def answer(self, text: str) -> None:
        """A key's answer: interrupts whatever is being said."""
        self.last_spoken = text
        self.speaker.query(text)

    def tell(self, text: str) -> None:
        """A game event: queued in order, and kept in the history log."""
        self.last_spoken = text
        self.history.append(text)
        self.speaker.event(text)

    # ---- start -------------------------------------------------------------------

    def start(self) -> None:
        """Greet, report keymap problems and notices, offer a saved match, then play."""
        if self._started:
            return
        self._started = True
        if not self.greeted:
            self.answer(texts.GREETING)
        for problem in self.keymap.problems:
            self.tell(problem)
        self._notices()
        saved = self.hooks.saved_match()
        if saved is not None and isinstance(self.table, LocalTable):
            self.overlay = Confirm(
                texts.saved_offer(saved),
                on_yes=lambda: self._resume(saved),
                on_no=lambda: self._fresh(saved),
                n_is_no=True,
            )
            self.tell(self.overlay.question)
            self._clock_update()
            return
        self.hooks.start_new(None)
        self.pump()
        self.advance()

    def _resume(self, saved: Match) -> None:
        assert isinstance(self.table, LocalTable)
        self.table.drain()
        self.table.load(saved)
        self._reset_match()
        self.pump()
        self.advance()

    def _fresh(self, saved: Match) -> None:
        abandoned = saved if saved.decisions else None
        self.hooks.start_new(abandoned)
        self.pump()
        self.advance()

    def _reset_match(self) -> None:
        self.between = None
        self.over = False
        self.pending.clear()
        self.hand_tricks.clear()

    # ---- events ------------------------------------------------------------------

    def pump(self) -> None:
        """Speak every event waiting at the table, in order (held back between hands)."""
        events = self.table.drain()
        if not events:
            return
        decided = False
        was_between = self.between is not None
        for event in events:
            if self.between is not None and not isinstance(event, MatchWon | Notice):
                self.pending.append(event)
                continue
            decided |= isinstance(event, BidPlaced | CardPlayed | TakenBack)
            self._handle(event)
        if decided:
            match = self.table.match
            if match is not None:
                self.hooks.decision_made(match)
            self._notices()
        if self.between is not None and not was_between and not self.over:
            self.tell(texts.NEXT_HAND)
        self._clock_update()

    def _handle(self, event: Event) -> None:
        """Speak one event, and keep what the shell remembers of it."""
        now = time.monotonic()
        self.next_step_at = now + self.pace.computer_delay
        if isinstance(event, TrickWon):
            self.hand_tricks.append(event.trick)
            self.next_step_at += self.pace.trick_delay
        elif isinstance(event, HandDealt):
            self.hand_tricks.clear()
            self.focus, self.focus_card, self.bid_focus = 0, None, BID_START
            if not self.table.view().ruleset.blind_nil:
                self.table.reveal()
        elif isinstance(event, TakenBack):
            self.hand_tricks[:] = list(self.table.view().tricks)
        elif isinstance(event, TurnToAct) and event.seat is not self.table.seat:
            return
        for line in event_lines(event, self.cast, brief=self.brief):
            self.tell(line)
        if isinstance(event, TurnToAct):
            view = self.table.view()
            if event.phase is Phase.BIDDING and self._blind_open(view):
                self.tell(texts.BLIND_OFFER)
            elif (
                event.phase is Phase.PLAYING
                and view.legal_cards
                and self.focus_card not in view.legal_cards
            ):
                # Start the turn on a card that can be played: on the focused card if it
                # can, else the first that can, so Left/Right begin among real choices.
                self.focus_card = hand_order(view.legal_cards)[0]
        elif isinstance(event, HandScored):
            if self.hold_between_hands:
                self.between = event.outcome
        elif isinstance(event, MatchWon):
            self.over = True
            self.between = None
            match = self.table.match
            if match is not None:
                self.hooks.match_finished(MatchState(match))
            self.tell(texts.NEW_MATCH)

    def _notices(self) -> None:
        for text in self.hooks.notices():
            self.tell(text)

    # ---- the computers -------------------------------------------------------------

    @property
    def live(self) -> bool:
        """The table runs: not paused, not in a confirmation, help, rules or review."""
        if self.paused or self.quitting:
            return False
        return self.overlay is None or (
            isinstance(self.overlay, ListView) and self.overlay.kind == "history"
        )

    def computers_may_act(self) -> bool:
        return (
            self.live
            and self.between is None
            and not self.over
            and self.table.computer_to_act()
        )

    def advance(self) -> None:
        """Let the computers move: at once when the pace is instant, else wake the driver."""
        self._clock_update()
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

    def _clock_update(self) -> None:
        running = self.live and not self.over
        if running != self._clock:
            self._clock = running
            self.hooks.clock_running(running)

    # ---- helpers ---------------------------------------------------------------------

    def view(self) -> SeatView:
        return self.table.view()

    def _blind_open(self, view: SeatView) -> bool:
        """Blind nil is still open to the player this hand (they have not seen their cards)."""
        return (
            view.ruleset.blind_nil
            and view.phase is Phase.BIDDING
            and not view.hand_seen
            and view.bid_of(view.seat) is None
        )

    def bidding_now(self, view: SeatView) -> bool:
        return view.phase is Phase.BIDDING and view.my_turn and self.between is None

    def _hand(self, view: SeatView) -> list[Card]:
        return hand_order(view.hand)

    def _focused(self, view: SeatView) -> tuple[list[Card], int]:
        cards = self._hand(view)
        if not cards:
            return cards, -1
        if self.focus_card in cards:
            assert self.focus_card is not None
            self.focus = cards.index(self.focus_card)
        self.focus = max(0, min(self.focus, len(cards) - 1))
        self.focus_card = cards[self.focus]
        return cards, self.focus

    def _playable(self, view: SeatView, card: Card) -> bool | None:
        if view.phase is Phase.PLAYING and view.my_turn:
            return card in view.legal_cards
        return None

    def _hand_hidden(self, view: SeatView) -> bool:
        return self._blind_open(view) and self.between is None

    def _look(self, then: Callable[[], None]) -> None:
        """Seeing the cards gives up blind nil: ask first while it is open."""
        view = self.view()
        if not self._hand_hidden(view):
            then()
            return
        if view.my_turn:
            self.table.reveal()
            self._clock_update()
            then()
            return

        def yes() -> None:
            self.table.reveal()
            then()

        self.ask("Look at your cards? That gives up blind nil. Y looks, Escape goes back.", yes)

    def unbound(self, key: str) -> None:
        """A key no action uses."""
        if isinstance(self.overlay, Confirm):
            self.answer(texts.CONFIRM_HELP)
            return
        name = spoken_key(key) if normalize_key(key) is not None else "That key"
        self.answer(f"{name} does nothing. Question mark lists the keys.")

    def ask(self, question: str, on_yes: Callable[[], None]) -> None:
        self.overlay = Confirm(question, on_yes)
        self._clock_update()
        self.answer(question)

    # ---- queries -----------------------------------------------------------------------

    def _hand_bound(self) -> bool:
        """Between hands or after the match, hand keys say so instead of answering."""
        if self.over:
            self.answer(texts.NEW_MATCH)
            return False
        if self.between is not None:
            self.answer(say.between_hands(self.between))
            return False
        return True

    def say_hand(self) -> None:
        if self._hand_bound():
            self._look(lambda: self.answer(say.hand_summary(self.view())))

    def say_bids(self) -> None:
        if self.between is not None:
            self.answer(say.outcome_bids(self.between, self.cast, brief=self.brief))
            return
        self.answer(say.bids_summary(self.view(), self.cast, brief=self.brief))

    def say_scores(self) -> None:
        self.answer(
            say.scores_summary(
                self.view(), self.cast, self.hooks.elapsed_seconds(), after=self.between
            )
        )

    def say_trick(self) -> None:
        if self._hand_bound():
            self.answer(say.trick_summary(self.view(), self.cast, brief=self.brief))

    def say_count(self) -> None:
        if self._hand_bound():
            self.answer(say.count_summary(self.view()))

    def say_seats(self) -> None:
        self.answer(say.seats_summary(self.view(), self.cast, brief=self.brief))

    def say_people(self) -> None:
        self.answer(say.people_summary([p.summary for p in self.table.people()]))

    def say_since(self) -> None:
        if self._hand_bound():
            self.answer(say.since_last_turn(self.view(), self.cast, brief=self.brief))

    def say_need(self) -> None:
        if self._hand_bound():
            self.answer(say.what_we_need(self.view(), self.cast))

    def say_last_trick(self) -> None:
        self.answer(say.last_trick_summary(tuple(self.hand_tricks), self.cast, brief=self.brief))

    def say_stats(self) -> None:
        self.answer(self.hooks.stats_text() or texts.NO_STATS)

    def repeat(self) -> None:
        self.speaker.query(self.last_spoken or "Nothing has been said yet.")

    def silence(self) -> None:
        self.speaker.silence()

    def hint(self) -> None:
        view = self.view()
        if not view.my_turn or self.between is not None or self.over:
            self.answer(texts.HINT_LATER)
            return
        if self._hand_hidden(view):
            self.answer("Hints need your cards: decide on blind nil first.")
            return
        suggestion = self.table.hint()
        # Focus moves to the suggestion, so Enter takes it and Left/Right start from it.
        if isinstance(suggestion.decision, Bid) and suggestion.decision in BID_CHOICES:
            self.bid_focus = BID_CHOICES.index(suggestion.decision)
        elif isinstance(suggestion.decision, Card):
            self.focus_card = suggestion.decision
        self.answer(say.hint_line(suggestion))

    # ---- lists: history, help, rules, review --------------------------------------------

    def open_list(self, view: ListView, intro: str) -> None:
        if not view.entries:
            self.answer(intro)
            return
        self.overlay = view
        self._clock_update()
        self.answer(f"{intro} {self._entry(view)}")

    def _entry(self, view: ListView) -> str:
        return view.entries[view.pos]

    def open_history(self) -> None:
        n = len(self.history)
        lv = ListView("history", "History", self.history, pos=n - 1)
        intro = "History is empty." if n == 0 else (
            f"History, {say.count(n, 'entry', 'entries')}, newest first. Escape goes back."
        )
        self.open_list(lv, intro)

    def open_help(self, lines: list[str]) -> None:
        self.open_list(
            ListView("help", "Help", lines),
            f"Help, {len(lines)} keys. Up and Down move; Escape goes back.",
        )

    def open_rules(self) -> None:
        lines = texts.rules_lines(self.view().ruleset)
        self.open_list(ListView("rules", "Rules", lines), "Rules. Up and Down move.")

    def open_review(self) -> None:
        tricks = self.hand_tricks
        lines = [
            say.trick_line(t, i, self.cast, brief=self.brief) for i, t in enumerate(tricks, start=1)
        ]
        intro = "No tricks played yet this hand." if not lines else (
            f"Trick review, {say.count(len(lines), 'trick')}. Up and Down move."
        )
        self.open_list(ListView("review", "Tricks", lines), intro)

    def list_move(self, lv: ListView, where: str) -> None:
        """Move in a list: "up", "down", "first" (Home), "last" (End)."""
        n = len(lv.entries)
        if lv.newest_first:  # display order is reversed: up is newer
            target = {"up": lv.pos + 1, "down": lv.pos - 1, "first": n - 1, "last": 0}[where]
        else:
            target = {"up": lv.pos - 1, "down": lv.pos + 1, "first": 0, "last": n - 1}[where]
        if target < 0 or target >= n:
            edge = "Newest." if (lv.newest_first == (target >= n)) else "Oldest."
            if not lv.newest_first:
                edge = "Top." if target < 0 else "Bottom."
            self.answer(f"{edge} {self._entry(lv)}")
            return
        lv.pos = target
        self.answer(self._entry(lv))

    def close_overlay(self) -> None:
        self.overlay = None
        self._clock_update()
        self.answer("Back to the table.")
        self.advance()

    # ---- moving and choosing -------------------------------------------------------------

    def move(self, where: str) -> None:
        """Left/Right/Home/End/Up/Down: along a list, the bids, or the hand."""
        if isinstance(self.overlay, ListView):
            direction = {"previous": "up", "next": "down"}.get(where, where)
            self.list_move(self.overlay, direction)
            return
        if isinstance(self.overlay, Confirm):
            self.answer(texts.CONFIRM_HELP)
            return
        view = self.view()
        if self._hand_hidden(view) and view.my_turn:
            self.answer(texts.BLIND_OFFER)
        elif self.bidding_now(view):
            self._move_bid(where)
        elif self._hand_bound():
            self._look(lambda: self._move_card(where))

    def _move_bid(self, where: str) -> None:
        last = len(BID_CHOICES) - 1
        step = {"previous": -1, "up": -1, "next": 1, "down": 1}
        if where == "first":
            self.bid_focus = 0
        elif where == "last":
            self.bid_focus = last
        else:
            target = self.bid_focus + step[where]
            if not 0 <= target <= last:
                self.answer(f"{'Lowest' if target < 0 else 'Highest'}: "
                            f"{BID_CHOICES[self.bid_focus].spoken}.")
                return
            self.bid_focus = target
        self.answer(f"{say.cap(BID_CHOICES[self.bid_focus].spoken)}.")

    def _move_card(self, where: str) -> None:
        view = self.view()
        cards, i = self._focused(view)
        if not cards:
            self.answer("Your hand is empty.")
            return
        if where in ("up", "down"):
            # Up and Down jump to the first card of the previous or next suit.
            starts = [j for j in range(len(cards)) if j == 0 or cards[j].suit != cards[j - 1].suit]
            here = max(j for j in starts if j <= i)
            if where == "down":
                target = next((j for j in starts if j > i), here)
            else:
                target = max((j for j in starts if j < here), default=here)
        else:
            target = {
                "previous": max(0, i - 1),
                "next": min(len(cards) - 1, i + 1),
                "first": 0,
                "last": len(cards) - 1,
            }[where]
        edge = ""
        if target == i and where in ("previous", "next"):
            edge = "First card. " if where == "previous" else "Last card. "
        self.focus, self.focus_card = target, cards[target]
        self.answer(edge + say.focus_line(cards[target], self._playable(view, cards[target])))

    def select(self) -> None:
        """Enter/Space: confirm, place the focused bid, or play the focused card."""
        if isinstance(self.overlay, Confirm):
            self.yes()
            return
        if isinstance(self.overlay, ListView):
            self.answer(self._entry(self.overlay))
            return
        view = self.view()
        if self._hand_hidden(view) and view.my_turn:
            self.answer(texts.BLIND_OFFER)
            return
        if self.bidding_now(view):
            self._submit(BID_CHOICES[self.bid_focus])
            return
        if not self._hand_bound():
            return
        if view.phase is not Phase.PLAYING or not view.my_turn:
            self.answer(texts.NOT_YOUR_TURN)
            return
        cards, i = self._focused(view)
        if i < 0:
            self.answer("Your hand is empty.")
            return
        self._submit(cards[i])

    def _submit(self, decision: Decision) -> None:
        try:
            self.table.submit(decision)
        except IllegalAction as exc:
            self.answer(str(exc))
            return
        self.pump()
        self.advance()

    def yes(self) -> None:
        """Y: yes to a question; blind nil when it is offered."""
        overlay = self.overlay
        if isinstance(overlay, Confirm):
            self.overlay = None
            self._clock_update()
            overlay.on_yes()
            return
        view = self.view()
        if self._hand_hidden(view) and view.my_turn:
            self._submit(BLIND_NIL)
            return
        self.answer("Nothing to say yes to.")

    def back(self) -> None:
        """Escape: no to a question, out of a list, or look at your cards (blind nil)."""
        overlay = self.overlay
        if isinstance(overlay, Confirm):
            self.overlay = None
            self._clock_update()
            if overlay.on_no is not None:
                overlay.on_no()
            else:
                self.answer("Back to the table.")
            self.advance()
            return
        if isinstance(overlay, ListView):
            self.close_overlay()
            return
        view = self.view()
        if self._hand_hidden(view) and view.my_turn:
            self.table.reveal()
            self.answer("Your bid. " + say.hand_summary(self.view()))
            return
        self.answer("Already at the table.")

    # ---- the game ---------------------------------------------------------------------------

    def move_on(self) -> None:
        """N: deal the next hand, or start a new match (asking first if this one is unfinished)."""
        if isinstance(self.overlay, Confirm) and self.overlay.n_is_no:
            self.back()
            return
        if self.between is not None:
            self.between = None
            held, self.pending = self.pending, []
            for event in held:
                self._handle(event)
            self._clock_update()
            self.advance()
            return
        if self.over:
            self._new_match(abandoned=False)
            return
        match = self.table.match
        if match is not None and not match.decisions:
            self.answer("The match has just begun: nothing to move on from.")
            return
        self.ask(texts.CONFIRM_NEW, lambda: self._new_match(abandoned=True))

    def _new_match(self, *, abandoned: bool) -> None:
        old = self.table.match
        self.hooks.start_new(old if abandoned and old is not None and old.decisions else None)
        self.table.drain()
        self.table.new_match()
        self._reset_match()
        self.answer("New match.")
        self.pump()
        self.advance()

    def undo(self) -> None:
        if self.between is not None or self.over:
            self.answer("Nothing to undo: the hand is over.")
            return
        try:
            self.table.undo()
        except IllegalAction as exc:
            self.answer(str(exc))
            return
        self.pump()
        self.advance()

    def restart_hand(self) -> None:
        if self.between is not None or self.over:
            self.answer("The hand is over: nothing to restart.")
            return

        def yes() -> None:
            try:
                self.table.restart_hand()
            except IllegalAction as exc:
                self.answer(str(exc))
                return
            self.pump()
            self.advance()

        self.ask(texts.CONFIRM_RESTART, yes)

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self._clock_update()
        if self.paused:
            self.answer(texts.PAUSED)
        else:
            self.next_step_at = time.monotonic() + self.pace.computer_delay
            self.answer(texts.RESUMED)
            self.advance()

    def cycle_pace(self) -> None:
        self.pace = self.pace.following
        self.answer(f"Pace {self.pace.value}.")
        self._remember(pace=self.pace.value)
        self.advance()

    def toggle_verbosity(self) -> None:
        self.brief = not self.brief
        self.answer(f"Verbosity {'brief' if self.brief else 'full'}.")
        self._remember(verbosity="brief" if self.brief else "full")

    def _remember(self, *, pace: str | None = None, verbosity: str | None = None) -> None:
        """Keep a changed choice for next time (the store decides whether it can)."""
        current = self.hooks.settings
        if current is not None:
            self.hooks.save_settings(
                replace(
                    current,
                    pace=pace or current.pace,
                    verbosity=verbosity or current.verbosity,
                )
            )

    def quit(self) -> None:
        def yes() -> None:
            self.quitting = True
            self._clock_update()
            self.answer("Goodbye.")
            self.on_quit()

        self.ask(texts.CONFIRM_QUIT, yes)

    # ---- the screen ---------------------------------------------------------------------------

    def screen(self) -> Screen:
        """The one line on screen, with the cursor on whatever has focus."""
        prefix = "Paused. " if self.paused else ""
        overlay = self.overlay
        if isinstance(overlay, Confirm):
            return Screen(prefix + overlay.question, len(prefix))
        if isinstance(overlay, ListView):
            head = f"{prefix}{overlay.title} {overlay.shown} of {len(overlay.entries)}: "
            return Screen(head + self._entry(overlay), len(head))
        if self.over:
            return Screen(prefix + "Match over. " + texts.NEW_MATCH, len(prefix))
        if self.between is not None:
            return Screen(prefix + say.between_hands(self.between), len(prefix))
        view = self.view()
        if self._hand_hidden(view):
            text = texts.BLIND_OFFER if view.my_turn else texts.HIDDEN
            return Screen(prefix + text, len(prefix))
        if self.bidding_now(view):
            head = f"{prefix}Your bid: "
            return Screen(head + BID_CHOICES[self.bid_focus].spoken, len(head))
        cards, i = self._focused(view)
        if i < 0:
            return Screen(prefix + "No cards.", len(prefix))
        playable = self._playable(view, cards[i])
        head = f"{prefix}{'Your turn. ' if view.my_turn else ''}Hand: "
        return Screen(head + say.focus_line(cards[i], playable), len(head))

    # ---- help ------------------------------------------------------------------------------

    def help_lines(self, docs: dict[str, str]) -> list[str]:
        """One entry per action: its keys, then what it does."""
        return [
            f"{spoken_keys(self.keymap.keys_for(action))}: {docs[action]}"
            for action in self.keymap.actions
            if action in docs and self.keymap.keys_for(action)
        ]
