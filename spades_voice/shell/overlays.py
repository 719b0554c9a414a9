"""What can open over the table: a list, a yes/no question, a chat line being typed; and
the mode each puts the keys in. (``state`` re-exports these.) One at a time is open, held
by ``Overlays``, the shell's part that alone opens and closes them (``Shell.overlay`` reads
what is open).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from spades_voice.narration.lines import Line


class Mode(enum.Enum):
    """Which keys are live: the table's, a list's, the speech menu's, a yes/no question's,
    or typing a line."""

    TABLE = "table"
    LIST = "list"
    #: The speech menu (F6): modal, only its own keys (a list's moving ones among them).
    MENU = "menu"
    CONFIRM = "confirm"
    INPUT = "input"

    @classmethod
    def of(cls, overlay: ListView | Confirm | Draft | None) -> Mode:
        """The mode ``overlay`` puts the keys in (None: the table's)."""
        if isinstance(overlay, Confirm):
            return cls.CONFIRM
        if isinstance(overlay, Draft):
            return cls.INPUT
        if overlay is None:
            return cls.TABLE
        return cls.MENU if overlay.is_menu else cls.LIST


#: The speech menu's kind of list: the one list that is a mode of its own (``Mode.MENU``).
MENU_KIND = "speech"


@dataclass
class ListView:
    """A list the player moves through: history, help, rules, trick review."""

    kind: str  # "history", "hands", "help", "rules", "review", "speech", "coach"
    title: str
    entries: Sequence[str | Line]  # oldest first for history (shown newest first), else in order
    pos: int = 0  # index into ``entries``
    filter: str = "all"  # the history's filter (``list_mode.HistoryFilter``)

    @property
    def is_menu(self) -> bool:
        """The speech menu: modal, its keys its own (the table's wait until it closes)."""
        return self.kind == MENU_KIND

    @property
    def newest_first(self) -> bool:
        return self.kind in ("history", "hands")

    @property
    def shown(self) -> int:
        """1-based position as the player meets it."""
        return len(self.entries) - self.pos if self.newest_first else self.pos + 1

    @property
    def entry(self) -> str | Line:
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


@dataclass
class Overlays:
    """What is open over the table now (None: the table itself), one at a time; a key
    opens or closes it by asking here."""

    _open: ListView | Confirm | Draft | None = None

    @property
    def now(self) -> ListView | Confirm | Draft | None:
        return self._open

    def open(self, overlay: ListView | Confirm | Draft) -> None:
        """``overlay`` is open now, in place of whatever was."""
        self._open = overlay

    def close(self) -> None:
        """Back to the table."""
        self._open = None
