"""What can open over the table: a list, a yes/no question, a chat line being typed; and
the mode each puts the keys in. (``state`` re-exports these; the shell's state holds one
at a time in ``Shell.overlay``.)
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass


class Mode(enum.Enum):
    """Which keys are live: the table's, a list's, a yes/no question's, or typing a line."""

    TABLE = "table"
    LIST = "list"
    CONFIRM = "confirm"
    INPUT = "input"


@dataclass
class ListView:
    """A list the player moves through: history, help, rules, trick review."""

    kind: str  # "history", "hands", "help", "rules", "review", "speech", "coach"
    title: str
    entries: list[str]  # oldest first for history (shown newest first), else in order
    pos: int = 0  # index into ``entries``
    filter: str = "all"  # the history's filter (``list_mode.HistoryFilter``)

    @property
    def newest_first(self) -> bool:
        return self.kind in ("history", "hands")

    @property
    def shown(self) -> int:
        """1-based position as the player meets it."""
        return len(self.entries) - self.pos if self.newest_first else self.pos + 1

    @property
    def entry(self) -> str:
        return self.entries[self.pos]


@dataclass
class Confirm:
    """A yes/no question; the table waits while it is open.

    Only the key the question names says yes: Y, or Enter where the question says Enter
    (the saved-match offer, the data folder in use). Enter is the key that plays a card,
    so a stray N, Q or F5 followed by a habitual Enter must not confirm: every key but
    the named one and Escape says the question again."""

    question: str
    on_yes: Callable[[], None]
    on_no: Callable[[], None] | None = None
    #: N answers no too (the saved-match offer says "N starts a new match").
    n_is_no: bool = False
    #: Enter says yes, not Y (the question says "Enter continues").
    enter_is_yes: bool = False


@dataclass
class Draft:
    """A chat line being typed; the table goes on meanwhile."""

    text: str = ""
