"""The player's choices by name: computer level, match target, pace, speech output,
verbosity and sound. One list of names for the command line, the settings file, the
server and the shell; everything may import this module, and it imports nothing of
the game's, so it sits below every layer (the enum values are the spelling on the
command line and in ``settings.json``).
"""

from __future__ import annotations

import enum


class Level(enum.Enum):
    """How well the computers play."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


class Target(enum.Enum):
    """Points to win the match, or a single hand."""

    T200 = "200"
    T300 = "300"
    T500 = "500"
    SINGLE = "single"

    @property
    def points(self) -> int | None:
        """The ruleset's target; None is a single-hand match."""
        return None if self is Target.SINGLE else int(self.value)

    @classmethod
    def of_points(cls, points: int | None) -> Target:
        """The choice whose ``points`` is ``points``. Raises ValueError for any other."""
        for target in cls:
            if target.points == points:
                return target
        raise ValueError(f"{points!r} is not one of the targets")


class Pace(enum.Enum):
    """How fast the computers move, and how long a finished trick stays on the table."""

    RELAXED = "relaxed"
    QUICK = "quick"
    INSTANT = "instant"

    @property
    def computer_delay(self) -> float:
        """Seconds before each computer decision."""
        return _DELAYS[self][0]

    @property
    def trick_delay(self) -> float:
        """Extra seconds a completed trick stays before the next lead."""
        return _DELAYS[self][1]

    @property
    def following(self) -> Pace:
        """The next pace when the pace key cycles."""
        order = list(Pace)
        return order[(order.index(self) + 1) % len(order)]


_DELAYS = {
    Pace.RELAXED: (1.4, 2.0),
    Pace.QUICK: (0.6, 0.9),
    Pace.INSTANT: (0.0, 0.0),
}


class Speech(enum.Enum):
    """Where speech goes; ``AUTO`` takes the first of the chain that starts."""

    AUTO = "auto"
    PRISM = "prism"
    SCREENREADER = "screenreader"
    TTS = "tts"
    PRINT = "print"
    NONE = "none"


class Verbosity(enum.Enum):
    """Brief or full descriptions (the verbosity key)."""

    BRIEF = "brief"
    FULL = "full"


class Sound(enum.Enum):
    """Sound effects on or off."""

    ON = "on"
    OFF = "off"


#: Sound volume in percent, in the ten steps the volume keys move through.
VOLUMES: tuple[int, ...] = tuple(range(10, 101, 10))
DEFAULT_VOLUME = 70


def names(choice: type[enum.Enum]) -> list[str]:
    """The spellings of ``choice``, for argparse ``choices`` and error messages."""
    return [member.value for member in choice]


class HandOrder(enum.Enum):
    """The order the player moves through a hand and hears it (the hand-order key)."""

    SUIT = "suit"
    RANK = "rank"
    DEALT = "dealt"

    def following(self, *, dealt_known: bool = True) -> HandOrder:
        """The next order when the key cycles; "as dealt" only where the deal's order is
        known (a deal read from a record or sent by a server is only a set of cards)."""
        order = [o for o in HandOrder if dealt_known or o is not HandOrder.DEALT]
        here = order.index(self) if self in order else -1
        return order[(here + 1) % len(order)]


class EventKind(enum.Enum):
    """The kinds of thing the table says on its own, each with its own speech setting."""

    CARDS = "cards"  # others' cards
    TRICKS = "tricks"  # who takes each trick, spades broken
    BIDS = "bids"  # others' bids
    TURNS = "turns"  # your turn
    RESULTS = "results"  # a hand dealt, scored, the match won
    CHAT = "chat"  # what people at a shared table say
    NOTICES = "notices"  # people coming and going, timers, saves, undo

    @property
    def has_detail(self) -> bool:
        """Whether this kind has a brief and a full form (the others have one form)."""
        return self in _DETAILED


_DETAILED = frozenset({EventKind.CARDS, EventKind.TRICKS, EventKind.RESULTS})


class Voice(enum.Enum):
    """How one kind of event reaches the player: spoken briefly, spoken in full, or only
    kept in the history (in full, since reading back costs nothing)."""

    BRIEF = "brief"
    FULL = "full"
    HISTORY = "history"

    @property
    def spoken(self) -> bool:
        return self is not Voice.HISTORY

    @property
    def brief(self) -> bool:
        return self is Voice.BRIEF

    @staticmethod
    def choices(kind: EventKind) -> tuple[Voice, ...]:
        """What the speech menu offers for ``kind``, in order."""
        if kind.has_detail:
            return (Voice.BRIEF, Voice.FULL, Voice.HISTORY)
        return (Voice.FULL, Voice.HISTORY)


#: Each kind as a new player finds it: cards and tricks brief (the verbosity key's old
#: default), everything else in full, everything spoken.
DEFAULT_VOICES: dict[EventKind, Voice] = {
    kind: Voice.BRIEF if kind in (EventKind.CARDS, EventKind.TRICKS) else Voice.FULL
    for kind in EventKind
}
