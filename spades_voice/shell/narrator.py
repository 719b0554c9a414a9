"""How the shell speaks: a key's answer interrupts; a game event is queued in order and
kept in the history log, spoken or not as the player chose for its kind. Every line
passes here, so here is where a line that names cards (``narration.showing``) is noticed:
``on_shown`` hears which cards were just said."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from spades_voice.narration.language import line
from spades_voice.narration.showing import shown
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

    def answer(self, text: str) -> None:
        """A key's answer: interrupts whatever is being said. A waiting note or coda is
        said with it, in the same breath. A fixed sentence is said in the player's language."""
        cards = shown(self.note, text, self.coda)
        text = " ".join(line(part) for part in (self.note, text, self.coda) if part)
        self.note = self.coda = ""
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
