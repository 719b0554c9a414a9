"""How the shell speaks: a key's answer interrupts; a game event is queued in order and
kept in the history log, spoken or not as the player chose for its kind. Every line
passes here, so here is where a line that names cards (``narration.showing``) is noticed:
``on_shown`` hears which cards were just said; and where a long answer is said a breath
at a time (``narration.breaths``): its first part, and the same answer asked for again
right away says the next part (any other answer ends it)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from spades_voice.narration.breaths import breaths, more_cue, pieces_of
from spades_voice.narration.language import line
from spades_voice.narration.showing import Showing, shown
from spades_voice.options import DEFAULT_VOICES, EventKind, Voice
from spades_voice.rules import Card
from spades_voice.speech import Speaker

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
    #: Where this match's history begins (what the save-history key writes).
    history_start: int = 0
    last_spoken: str = ""
    #: Said before / after the next answer, once (blind nil withdrawn; the bid to place).
    note: str = ""
    coda: str = ""
    #: Everything said lately, oldest first (for a problem report).
    said: deque[str] = field(default_factory=lambda: deque(maxlen=RECENT_SPEECH))
    #: Told the cards a line just said named (the shell records a look at its own).
    on_shown: Callable[[frozenset[Card]], None] = lambda cards: None
    #: Whether answers are said a breath at a time (brief verbosity; full says them whole).
    in_breaths: Callable[[], bool] = lambda: True
    #: The key, as spoken, that asks for the answer being given again ("H"): the cue at
    #: the end of a part names it.
    again: str = ""
    #: The answer being said in parts, and its parts not yet said.
    _long: str = ""
    _rest: list[Showing] = field(default_factory=list)

    def answer(self, text: str) -> None:
        """A key's answer: interrupts whatever is being said. A waiting note or coda is
        said with it, in the same breath. A fixed sentence is said in the player's language.
        A long answer (brief verbosity) is said in parts: the same answer again says the
        next part."""
        if self._rest and text == self._long:
            self.note = self.coda = ""  # said with the first part
            self._say(self._rest.pop(0))
            return
        pieces = [*pieces_of(self.note), *pieces_of(text), *pieces_of(self.coda)]
        self.note = self.coda = ""
        if self.in_breaths() and self.again:
            parts = breaths(pieces, more_cue(self.again))
        else:
            parts = [Showing(" ".join(line(piece) for piece in pieces), shown(*pieces))]
        self._long, self._rest = text, list(parts[1:])
        self._say(parts[0] if parts else "")

    def _say(self, text: str) -> None:
        """Say one answer (or a part of one), noting the cards it names."""
        cards = shown(text)
        self.last_spoken = text
        self.said.append(text)
        self.speaker.query(text)
        if cards:
            self.on_shown(cards)

    def tell(self, text: str, kind: EventKind | None = EventKind.NOTICES) -> None:
        """A game event: queued in order, and kept in the history log; only kept there
        when the player chose "history only" for its kind (``None``: always spoken)."""
        cards = shown(text)
        text = line(text)
        self.history.append(str(text))  # read back later: it shows no card then
        self.history_kinds.append(kind)
        if kind is None or self.voices[kind].spoken:
            self.last_spoken = text
            self.said.append(text)
            self.speaker.event(text)
            if cards:
                self.on_shown(cards)

    def keep(self, text: str, kind: EventKind | None = EventKind.NOTICES) -> None:
        """Kept in the history log without being said: detail one key away (G), such as
        a file's full path, too long to speak, or a resumed match's story."""
        self.history.append(str(line(text)))  # read back later: it shows no card then
        self.history_kinds.append(kind)

    def begin_match(self) -> None:
        """A new match's history starts here."""
        self.history_start = len(self.history)
