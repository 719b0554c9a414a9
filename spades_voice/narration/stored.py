"""What the player hears about their stored files: one plain sentence each.

Every file is named as the player knows it ("your saved match", "your statistics"),
never by a path they did not choose, except the name a set-aside file now has, so it
can be found. No error codes, no "because File exists".
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from spades_voice.narration.language import N_, _, ngettext
from spades_voice.narration.words import Cast, count, signed
from spades_voice.rules import Team


@dataclass(frozen=True, slots=True)
class StoredKind:
    """How one kind of file is spoken of."""

    #: "saved match", "statistics": after "Your".
    name: str
    #: The name is plural ("statistics were", "settings were").
    plural: bool
    #: What happens next, after a semicolon; empty when nothing needs saying.
    then: str = ""

    @property
    def pronoun(self) -> str:
        return "they were" if self.plural else "it was"


SAVE = StoredKind("saved match", False, "your statistics are safe")
LAST = StoredKind("last finished match", False)
STATS = StoredKind("statistics", True, "counting starts again from zero")
PENDING = StoredKind("results waiting to be counted", True)
SETTINGS = StoredKind("settings", True, "the defaults are used")
KEYMAP = StoredKind("keymap", False, "every action keeps its default keys")
SEATS = StoredKind("remembered seats", True, "you can still join by the table's code")


class Why(enum.Enum):
    """Why a stored file cannot be used, as the player needs to know it."""

    UNREADABLE = "could not be read"
    NEWER = "was written by a newer version of spades-voice"
    OLDER = "is from a version of spades-voice too old to bring up to date"


def set_aside(kind: StoredKind, why: Why, new_name: str) -> str:
    """ "Your statistics could not be read, so they were set aside as stats.unreadable-
    20260101-120000.json; counting starts again from zero." """
    then = f"; {kind.then}" if kind.then else ""
    return f"Your {kind.name} {why.value}, so {kind.pronoun} set aside as {new_name}{then}."


def left_in_place(kind: StoredKind, why: Why) -> str:
    """A file that could not be moved aside: never written over this session."""
    then = f"; {kind.then}" if kind.then else ""
    state, obj = ("they are", "them") if kind.plural else ("it is", "it")
    return (
        f"Your {kind.name} {why.value} and could not be moved aside, so {state} left as "
        f"{state.split()[0]} {'are' if kind.plural else 'is'} and nothing will be saved "
        f"over {obj}{then}."
    )


def unreadable_kept(kind: StoredKind, why: str) -> str:
    """A file the game reads but never writes (the keymap): left where it is.
    "Your keymap could not be read (it is nested too deeply), so every action keeps its
    default keys." """
    return f"Your {kind.name} could not be read ({why}), so {kind.then}."


class WriteTrouble(enum.Enum):
    FULL = "the disk is full"
    LOCKED = "the folder cannot be written to"
    OTHER = ""


def cannot_save(trouble: WriteTrouble) -> str:
    """Said once a session, the first time a write fails."""
    if trouble is WriteTrouble.OTHER:
        return _("Your progress cannot be saved right now; play goes on.")
    if trouble is WriteTrouble.FULL:
        return _("Your progress cannot be saved: the disk is full. Play goes on.")
    return _("Your progress cannot be saved: the folder cannot be written to. Play goes on.")


def results_kept(results: int, file_name: str, trouble: WriteTrouble) -> str:
    """At exit, statistics still unwritten but kept in the pending file."""
    why = f" ({trouble.value})" if trouble is not WriteTrouble.OTHER else ""
    return (
        f"Your statistics could not be saved{why}: "
        f"{count(results, 'match result')} {'is' if results == 1 else 'are'} kept in "
        f"{file_name} and will be counted when you next play."
    )


def results_lost(results: int, trouble: WriteTrouble) -> str:
    """At exit, statistics that could be kept nowhere."""
    why = f" ({trouble.value})" if trouble is not WriteTrouble.OTHER else ""
    return (
        f"Your statistics could not be saved{why}, and "
        f"{count(results, 'match result')} could not be kept."
    )


def results_counted(results: int) -> str:
    """At start, results kept from a session whose statistics could not be written."""
    return ngettext(
        "{n} match result from last time was added to your statistics.",
        "{n} match results from last time were added to your statistics.",
        results,
    ).format(n=results)


def last_match(cast: Cast, team: Team, totals: dict[Team, int]) -> str:
    """The result of a match that ended before its result was heard."""
    win, lose = totals[team], totals[team.other]
    return _("Your last match is over: {team} won, {win} to {lose}.").format(
        team=cast.team_obj(team), win=signed(win), lose=signed(lose)
    )


#: Asked at start when another game holds the data folder.
FOLDER_IN_USE = (
    N_("Another spades-voice game is open with the same data folder, so this one cannot "
    "save: Enter plays without saving, Escape quits.")
)


# ---- the keymap's problems: each names its line, then what happens instead ---------------

#: Why a keymap cannot be used at all (after "Your keymap could not be read: ...").
KEYMAP_NOT_UTF8 = N_("it is not UTF-8 text")
KEYMAP_TOO_DEEP = N_("it is nested too deeply")
KEYMAP_TOO_LARGE = N_("it is too large to read")
KEYMAP_LONG_NUMBER = N_("it holds a number too long to read")
KEYMAP_NOT_TOML = N_("it is not valid TOML")
KEYMAP_KEYS_NOT_A_TABLE = N_("Keymap: keys must be a table. Every action keeps its default keys.")


def keymap_not_toml(line: int | None, detail: str) -> str:
    """The TOML reader's own words in brackets: they say what it expected there."""
    where = f"Keymap line {line}" if line is not None else "Keymap"
    return f"{where}: this is not valid TOML ({detail}). Every action keeps its default keys."


def keymap_unknown_section(line: int, name: str) -> str:
    return f"Keymap line {line}: unknown section {name!r}; actions belong under [keys]."


def keymap_unknown_action(line: int, action: str) -> str:
    return f"Keymap line {line}: unknown action {action!r}; it is ignored."


def _keeps(action: str, defaults: str) -> str:
    return f"{action} keeps its default keys ({defaults})"


def keymap_not_a_list(line: int, action: str, defaults: str) -> str:
    """``defaults`` is the action's default keys as spoken ("H and F1")."""
    return f"Keymap line {line}: {action} needs a list of key names; {_keeps(action, defaults)}."


def keymap_not_a_key(line: int, bad: str, action: str, defaults: str) -> str:
    return f"Keymap line {line}: {bad!r} is not a key name; {_keeps(action, defaults)}."


def keymap_key_taken(line: int, key: str, owner: str, action: str, defaults: str) -> str:
    """``key`` (spoken) stays with ``owner``; ``action``, on ``line``, keeps its defaults."""
    return (
        f"Keymap line {line}: {key} is already the key for {owner}; {_keeps(action, defaults)}."
    )


# ---- the problem report (Shift+B) ------------------------------------------------------


def report_written(path: object) -> str:
    """Where the report is, in full: the player sends it by hand, so they must find it."""
    return _("Problem report written: {path}").format(path=path)


def report_not_written(reason: str) -> str:
    """``reason`` as ``store.files.write_failure_reason`` words it ("the disk is full")."""
    return _("The problem report could not be written because {reason}.").format(reason=reason)
