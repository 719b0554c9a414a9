"""Where saves, statistics and the match clock plug into the shell.

The shell calls these at fixed points; ``ShellHooks`` itself does nothing, so a shell
without storage (tests, a shared table's guest) simply passes the default.
``store.hooks.StoreHooks`` is the real implementation. The interface lives here, in the
store, because the shell sits above the store and imports it, never the other way round.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from spades_voice.narration.stored import WriteTrouble
from spades_voice.rules import Match, SeatView

if TYPE_CHECKING:
    from spades_voice.store.notes import History
    from spades_voice.store.settings import Settings


@runtime_checkable
class Downloads(Protocol):
    """Hooks for a player who is not at this computer (a page playing alone on a server):
    a file they ask for is handed to them to download, never written here."""

    def download(self, name: str, text: str) -> None:
        """Hand ``text`` to the player as a file named ``name``."""


class ShellHooks:
    """No-op hooks. Subclass and override; every method is called on the shell's thread."""

    def saved_match(self) -> Match | None:
        """A match to offer to continue at start-up (Enter continues, N starts new)."""
        return None

    def saved_history(self) -> History | None:
        """What the offered match's history held beyond its decisions (notices, turns,
        moves taken back); None when none was kept (an older save) or it was unusable."""
        return None

    def follow_history(self, source: Callable[[], History]) -> None:
        """The match at the table is the shell's now: each save keeps what ``source``
        gives (until then, a save keeps the history it was read with)."""

    def start_new(self, abandoned: Match | None) -> None:
        """A new match starts. ``abandoned`` is the unfinished match it replaces, if that
        match had decisions (statistics count it as a loss)."""

    def decision_made(self, match: Match) -> None:
        """After every decision, undo or restart: ``match`` is the whole match so far."""

    def match_finished(self, match: Match, view: SeatView) -> None:
        """A match reached its result: ``match`` is the whole of it, ``view`` what the
        player saw at its end (the result, the scores). Called exactly once per match."""

    def clock_running(self, running: bool) -> None:
        """The match clock runs only while the table is live: not while paused, nor while
        the player is in a confirmation, help, the rules or trick review."""

    def elapsed_seconds(self) -> float | None:
        """Match time so far, spoken with the scores; None when there is no clock."""
        return None

    def stats_text(self) -> str | None:
        """The statistics key's answer; None when statistics are unavailable."""
        return None

    def in_use_elsewhere(self) -> bool:
        """Another game holds the data folder, so this one saves nothing; the shell asks
        the player first whether to play on like that."""
        return False

    def notices(self) -> list[str]:
        """Messages the player must hear once (a save moved aside, a full disk)."""
        return []

    @property
    def settings(self) -> Settings | None:
        """The player's saved choices (speech, pace, level, ...); None without storage."""
        return None

    def save_settings(self, settings: Settings) -> None:
        """Remember changed choices (the pace and verbosity keys, options given at start)."""

    def save_history(self, text: str) -> tuple[Path | None, WriteTrouble | None]:
        """Write ``text`` (a match's history) to a new file in the data folder. Returns the
        file and None, or None and why not."""
        return None, WriteTrouble.NO_STORAGE

    def report_problem(
        self, match: Match | None, view: SeatView, speech: Sequence[str]
    ) -> tuple[Path | None, WriteTrouble | None]:
        """Write a problem report (the match, or what this seat saw when ``match`` is None;
        the recent ``speech``). Returns the file and None, or None and why not."""
        return None, WriteTrouble.NO_STORAGE

    def close(self) -> None:
        """The shell is quitting."""
