"""How the shell speaks: a key's answer interrupts; a game event is queued in order and
kept in the history log, spoken or not as the player chose for its kind. Every line
passes here, so here is where a line that names cards (``narration.lines``) is noticed:
``on_shown`` hears which cards were just said; and where a long answer is said a breath
at a time (``narration.breaths``): its first part, and the same answer asked for again
right away says the next part (any other answer ends it).

Each history entry also knows whether the match's decisions can tell it again: a line
of the match's ``n``-th told event (``rules.told``) is marked ``n``; anything else (a
notice, your turn, a line of a move later taken back) is a note, kept with the save
(``kept``) and put back in its place when the match resumes."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from spades_voice.narration.breaths import breaths, more_cue
from spades_voice.narration.language import line
from spades_voice.narration.lines import Line, as_line, cards_of, pieces_of
from spades_voice.options import DEFAULT_VOICES, EventKind, Voice
from spades_voice.rules import TOLD_EVENTS, Card, Match, told
from spades_voice.rules.events import HandDealt
from spades_voice.speech import Speaker
from spades_voice.store.notes import History, Note

#: How much recent speech a problem report keeps.
RECENT_SPEECH = 300


@dataclass
class Narrator:
    speaker: Speaker
    #: How each kind of event reaches the player (the speech menu).
    voices: dict[EventKind, Voice] = field(default_factory=lambda: dict(DEFAULT_VOICES))
    history: list[str] = field(default_factory=list)
    #: The kind of each history entry (None: the player's own bid or card).
    history_kinds: list[EventKind | None] = field(default_factory=list)
    #: Which of the match's told events each entry is a line of (None: a note).
    history_events: list[int | None] = field(default_factory=list)
    #: Where this match's history begins (what the save-history key writes).
    history_start: int = 0
    #: How many of the match's told events the history holds (the next one's number).
    events_told: int = 0
    #: The next deal the table reports is one the resumed history already holds (a
    #: loaded match says its hand again): a note, not the match's event.
    deal_retold: bool = False
    #: The notes gathered so far (``kept``): from the entries before ``_scanned``, the
    #: last of them after ``_at`` told events.
    _notes: list[Note] = field(default_factory=list)
    _scanned: int = 0
    _at: int = 0
    last_spoken: str = ""
    #: Said before / after the next answer, once (blind nil withdrawn; the bid to place):
    #: set by ``before_next`` and ``after_next``.
    _note: str = ""
    _coda: str = ""
    #: Everything said lately, oldest first (for a problem report).
    said: deque[str] = field(default_factory=lambda: deque(maxlen=RECENT_SPEECH))
    #: Told the cards a line just said named (the shell records a look at its own).
    on_shown: Callable[[frozenset[Card]], None] = lambda cards: None
    #: Brief verbosity: answers are said a breath at a time (full says them whole).
    brief: bool = True
    #: The key, as spoken, that asks for the answer being given again ("H"): the cue at
    #: the end of a part names it (``asked_by``).
    _again: str = ""
    #: The answer being said in parts, and its parts not yet said.
    _long: str | Line = ""
    _rest: list[Line] = field(default_factory=list)

    def next_voice(self, kind: EventKind, step: int) -> Voice:
        """How ``kind`` reaches the player: its next (``step`` 1) or previous (-1) choice
        (the speech menu)."""
        choices = Voice.choices(kind)
        now = self.voices[kind]
        here = choices.index(now) if now in choices else 0
        self.voices[kind] = choices[(here + step) % len(choices)]
        return self.voices[kind]

    def cards_briefly(self, brief: bool) -> None:
        """Cards and tricks, where they are spoken, are said briefly or in full, and
        answers a breath at a time or whole (the verbosity key)."""
        self.brief = brief
        for kind in (EventKind.CARDS, EventKind.TRICKS):
            if self.voices[kind].spoken:
                self.voices[kind] = Voice.BRIEF if brief else Voice.FULL

    def asked_by(self, key: str) -> None:
        """The answer that follows was asked for by ``key`` (as spoken, "" for none): a long
        answer's cue names it ("H for more.")."""
        self._again = key

    def before_next(self, note: str) -> None:
        """Say ``note`` first with the next answer, once ("Paused.", a list's intro)."""
        self._note = note

    def after_next(self, coda: str) -> None:
        """Say ``coda`` last with the next answer, once (the bid to place)."""
        self._coda = coda

    def answer(self, text: str | Line) -> None:
        """A key's answer: interrupts whatever is being said. A waiting note or coda is
        said with it, in the same breath. A fixed sentence is said in the player's language.
        A long answer (brief verbosity) is said in parts: the same answer again says the
        next part."""
        if self._rest and text == self._long:
            self._note = self._coda = ""  # said with the first part
            self._say(self._rest.pop(0))
            return
        pieces = [*pieces_of(self._note), *pieces_of(text), *pieces_of(self._coda)]
        self._note = self._coda = ""
        if self.brief and self._again:
            parts = breaths(pieces, more_cue(self._again))
        else:
            parts = [Line.join(as_line(piece) for piece in pieces)]
        self._long, self._rest = text, list(parts[1:])
        self._say(parts[0] if parts else Line(""))

    def _say(self, said: Line) -> None:
        """Say one answer (or a part of one), noting the cards it names."""
        self.last_spoken = said.text
        self.said.append(said.text)
        self.speaker.query(said.text)
        if said.cards:
            self.on_shown(said.cards)

    def tell(
        self,
        text: str | Line,
        kind: EventKind | None = EventKind.NOTICES,
        event: int | None = None,
    ) -> None:
        """A game event: queued in order, and kept in the history log; only kept there
        when the player chose "history only" for its kind (``None``: always spoken).
        ``event``: the number of the match's told event this is a line of."""
        cards = cards_of(text)
        words = as_line(text).text
        self.recall(words, kind, event)  # read back later: it shows no card then
        if kind is None or self.voices[kind].spoken:
            self.last_spoken = words
            self.said.append(words)
            self.speaker.event(words)
            if cards:
                self.on_shown(cards)

    def keep(self, text: str, kind: EventKind | None = EventKind.NOTICES) -> None:
        """Kept in the history log without being said: detail one key away (G), such as
        a file's full path, too long to speak."""
        self.recall(str(line(text)), kind)  # read back later: it shows no card then

    def recall(self, text: str, kind: EventKind | None, event: int | None = None) -> None:
        """An entry added to the history as it is (a resumed match's story)."""
        self.history.append(text)
        self.history_kinds.append(kind)
        self.history_events.append(event)

    def story_told(self, told: int, *, deal_retold: bool) -> None:
        """A resumed match's story is in the history up to its ``told``-th event; the
        next deal the table reports is one it holds already (``deal_retold``)."""
        self.events_told = told
        self.deal_retold = deal_retold

    def number(self, event: object) -> int | None:
        """The number of the match's told event ``event`` is (``rules.told``), or None for
        what the decisions do not tell (turns, notices, chat, a deal said again)."""
        if not isinstance(event, TOLD_EVENTS):
            return None
        if isinstance(event, HandDealt) and self.deal_retold:
            self.deal_retold = False
            return None
        self.events_told += 1
        return self.events_told - 1

    def taken_back(self, match: Match | None) -> None:
        """Moves were taken back, leaving ``match``: the lines of the events it no longer
        tells stay in the history as notes (None: a table whose match lives elsewhere)."""
        if match is None:
            return
        standing = len(told(match))
        events = self.history_events
        for i in range(self.history_start, len(events)):
            number = events[i]
            if number is not None and number >= standing:
                events[i] = None
        self.events_told = standing
        self._forget_notes()

    def set_aside_launch(self) -> list[tuple[str, EventKind | None]]:
        """Take out what this launch has said so far (its start-up notices, the saved
        match's offer), to be put back after a resumed match's story: it was said after
        that story, and the history reads in the order things happened."""
        start = self.history_start
        launch = list(zip(self.history[start:], self.history_kinds[start:], strict=True))
        del self.history[start:], self.history_kinds[start:], self.history_events[start:]
        return launch

    def begin_match(self) -> None:
        """A new match's history starts here."""
        self.history_start = len(self.history)
        self.events_told = 0
        self._forget_notes()

    def kept(self) -> History:
        """This match's history beyond its decisions: each note with its place (how many
        told events came before it), what a save keeps. Read after every decision, so
        only the entries added since the last call are looked at."""
        for i in range(self._scanned, len(self.history)):
            event = self.history_events[i]
            if event is None:
                self._notes.append(Note(self._at, self.history_kinds[i], self.history[i]))
            else:
                self._at = event + 1
        self._scanned = len(self.history)
        return History(self.events_told, tuple(self._notes))

    def _forget_notes(self) -> None:
        """The notes are gathered again from the match's start (a new match, or moves
        taken back)."""
        self._notes.clear()
        self._scanned = self.history_start
        self._at = 0
