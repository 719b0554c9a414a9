"""What the player hears about their stored files: one plain sentence each.

Every file is named as the player knows it ("your saved match", "your statistics"),
never by a path they did not choose, except the name a set-aside file now has, so it
can be found. No error codes, no "because File exists".
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from spades_voice.narration.language import N_, _, ngettext, pgettext
from spades_voice.narration.words import Cast, signed
from spades_voice.rules import Team


@dataclass(frozen=True, slots=True)
class StoredKind:
    """How one kind of file is spoken of."""

    #: The file as a sentence begins with it: "Your saved match" ("Tu partida guardada").
    yours: str
    #: The name is plural ("Your statistics were"): the sentence's verbs agree with it.
    plural: bool
    #: What happens next, after a semicolon; empty when nothing needs saying.
    then: str = ""


SAVE = StoredKind(N_("Your saved match"), False, N_("your statistics are safe"))
LAST = StoredKind(N_("Your last finished match"), False)
STATS = StoredKind(N_("Your statistics"), True, N_("counting starts again from zero"))
PENDING = StoredKind(N_("Your results waiting to be counted"), True)
SETTINGS = StoredKind(N_("Your settings"), True, N_("the defaults are used"))
KEYMAP = StoredKind(N_("Your keymap"), False, N_("every action keeps its default keys"))
SEATS = StoredKind(
    N_("Your remembered seats"), True, N_("you can still join by the table's code")
)


def _yours(kind: StoredKind) -> str:
    return _(kind.yours)


def _then(kind: StoredKind) -> str:
    return f"; {_(kind.then)}" if kind.then else ""


class Why(enum.Enum):
    """Why a stored file cannot be used, as the player needs to know it (each reason's
    words are in the sentences of ``_FORMS``)."""

    UNREADABLE = "unreadable"
    NEWER = "newer"
    OLDER = "older"


def set_aside(kind: StoredKind, why: Why, new_name: str) -> str:
    """ "Your statistics could not be read, so they were set aside as stats.unreadable-
    20260101-120000.json; counting starts again from zero." """
    return _(_FORMS[why, kind.plural][0]).format(
        thing=_yours(kind), file=new_name, then=_then(kind)
    )


#: For each reason, one thing or many, the whole sentence (the verbs agree in Spanish):
#: set aside, then left in place.
_FORMS = {
    (Why.UNREADABLE, False): (
        N_("{thing} could not be read, so it was set aside as {file}{then}."),
        N_(
            "{thing} could not be read and could not be moved aside, so it is left as it is "
            "and nothing will be saved over it{then}."
        ),
    ),
    (Why.UNREADABLE, True): (
        N_("{thing} could not be read, so they were set aside as {file}{then}."),
        N_(
            "{thing} could not be read and could not be moved aside, so they are left as they "
            "are and nothing will be saved over them{then}."
        ),
    ),
    (Why.NEWER, False): (
        N_(
            "{thing} was written by a newer version of spades-voice, so it was set aside as "
            "{file}{then}."
        ),
        N_(
            "{thing} was written by a newer version of spades-voice and could not be moved "
            "aside, so it is left as it is and nothing will be saved over it{then}."
        ),
    ),
    (Why.NEWER, True): (
        N_(
            "{thing} was written by a newer version of spades-voice, so they were set aside "
            "as {file}{then}."
        ),
        N_(
            "{thing} was written by a newer version of spades-voice and could not be moved "
            "aside, so they are left as they are and nothing will be saved over them{then}."
        ),
    ),
    (Why.OLDER, False): (
        N_(
            "{thing} is from a version of spades-voice too old to bring up to date, so it was "
            "set aside as {file}{then}."
        ),
        N_(
            "{thing} is from a version of spades-voice too old to bring up to date and could "
            "not be moved aside, so it is left as it is and nothing will be saved over "
            "it{then}."
        ),
    ),
    (Why.OLDER, True): (
        N_(
            "{thing} is from a version of spades-voice too old to bring up to date, so they "
            "were set aside as {file}{then}."
        ),
        N_(
            "{thing} is from a version of spades-voice too old to bring up to date and could "
            "not be moved aside, so they are left as they are and nothing will be saved over "
            "them{then}."
        ),
    ),
}


def left_in_place(kind: StoredKind, why: Why) -> str:
    """A file that could not be moved aside: never written over this session."""
    return _(_FORMS[why, kind.plural][1]).format(thing=_yours(kind), then=_then(kind))


def unreadable_kept(kind: StoredKind, why: str) -> str:
    """A file the game reads but never writes (the keymap): left where it is.
    "Your keymap could not be read (it is nested too deeply), so every action keeps its
    default keys." """
    said = (
        pgettext("many", "{thing} could not be read ({why}), so {then}.") if kind.plural
        else _("{thing} could not be read ({why}), so {then}.")
    )
    return said.format(thing=_yours(kind), why=_(why), then=_(kind.then))


class WriteTrouble(enum.Enum):
    """Why a file could not be written, as the player needs to know it: the store finds
    which (from the error's number), these words say it."""

    FULL = N_("the disk is full")
    LOCKED = N_("the folder cannot be written to")
    #: The data folder is missing and cannot be made (a file stands where it would be).
    NO_FOLDER = N_("the data folder cannot be created")
    #: Any other refusal by the system (the system's own words are English, so they go
    #: to the problem log, never to the player).
    OTHER = N_("the system refused to write it")
    #: A server that keeps nothing (``serve --no-save``).
    NOTHING_KEPT = N_("this server keeps no files")
    #: A game without a data folder at all (a guest's seat, tests).
    NO_STORAGE = N_("this game keeps no files")


def write_reason(trouble: WriteTrouble) -> str:
    """Why a file was not written, as a clause: "the disk is full"."""
    return _(trouble.value)


def cannot_save(trouble: WriteTrouble) -> str:
    """Said once a session, the first time a write fails."""
    if trouble is WriteTrouble.FULL:
        return _("Your progress cannot be saved: the disk is full. Play goes on.")
    if trouble is WriteTrouble.LOCKED:
        return _("Your progress cannot be saved: the folder cannot be written to. Play goes on.")
    return _("Your progress cannot be saved right now; play goes on.")


def results_kept(results: int, file_name: str, trouble: WriteTrouble) -> str:
    """At exit, statistics still unwritten but kept in the pending file."""
    return ngettext(
        "Your statistics could not be saved{why}: {n} match result is kept in {file} and "
        "will be counted when you next play.",
        "Your statistics could not be saved{why}: {n} match results are kept in {file} and "
        "will be counted when you next play.",
        results,
    ).format(why=_why(trouble), n=results, file=file_name)


def _why(trouble: WriteTrouble) -> str:
    """ " (the disk is full)", or nothing for a trouble that would say little more."""
    plain = trouble in (WriteTrouble.FULL, WriteTrouble.LOCKED)
    return f" ({write_reason(trouble)})" if plain else ""


def results_lost(results: int, trouble: WriteTrouble) -> str:
    """At exit, statistics that could be kept nowhere."""
    return ngettext(
        "Your statistics could not be saved{why}, and {n} match result could not be kept.",
        "Your statistics could not be saved{why}, and {n} match results could not be kept.",
        results,
    ).format(why=_why(trouble), n=results)


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
#: A folder, a pipe or a device where the file would be.
KEYMAP_NOT_A_FILE = N_("it is not an ordinary file")
#: The system would not open or read it (its permissions, a failing disk).
KEYMAP_CANNOT_OPEN = N_("the system would not open it")
#: A file that cannot be used and could not be moved aside either (the remembered seats).
NOT_MOVED_ASIDE = N_("it could not be moved aside")
KEYMAP_KEYS_NOT_A_TABLE = N_("Keymap: keys must be a table. Every action keeps its default keys.")


def keymap_written(path: str) -> str:
    """``spades-voice keys --write``: the default keymap, with its comments, now in the
    player's config folder."""
    return _(
        "Wrote the default keys to {path}. Edit them there; actions you take out keep "
        "their default keys."
    ).format(path=path)


def keymap_there_already(path: str) -> str:
    """``keys --write`` never replaces a keymap the player has."""
    return _(
        "Your keymap is already at {path}, so nothing was written. To start again from the "
        "default keys, move it away and run this again."
    ).format(path=path)


def keymap_not_written(path: str) -> str:
    return _("The keymap could not be written to {path}.").format(path=path)


def keymap_not_toml(line: int | None, detail: str) -> str:
    """The TOML reader's own words in brackets: they say what it expected there."""
    if line is None:
        said = _("Keymap: this is not valid TOML ({detail}). Every action keeps its default keys.")
        return said.format(detail=detail)
    return _(
        "Keymap line {line}: this is not valid TOML ({detail}). Every action keeps its "
        "default keys."
    ).format(line=line, detail=detail)


def keymap_unknown_section(line: int, name: str) -> str:
    return _("Keymap line {line}: unknown section {name}; actions belong under [keys].").format(
        line=line, name=repr(name)
    )


def keymap_unknown_action(line: int, action: str) -> str:
    return _("Keymap line {line}: unknown action {action}; it is ignored.").format(
        line=line, action=repr(action)
    )


def keymap_not_a_list(line: int, action: str, defaults: str) -> str:
    """``defaults`` is the action's default keys as spoken ("H and F1")."""
    return _(
        "Keymap line {line}: {action} needs a list of key names; {action} keeps its default "
        "keys ({defaults})."
    ).format(line=line, action=action, defaults=defaults)


def keymap_not_a_key(line: int, bad: str, action: str, defaults: str) -> str:
    return _(
        "Keymap line {line}: {bad} is not a key name; {action} keeps its default keys "
        "({defaults})."
    ).format(line=line, bad=repr(bad), action=action, defaults=defaults)


def keymap_key_taken(line: int, key: str, owner: str, action: str, defaults: str) -> str:
    """``key`` (spoken) stays with ``owner``; ``action``, on ``line``, keeps its defaults."""
    return _(
        "Keymap line {line}: {key} is already the key for {owner}; {action} keeps its default "
        "keys ({defaults})."
    ).format(line=line, key=key, owner=owner, action=action, defaults=defaults)


# ---- the problem report (Shift+B) ------------------------------------------------------


def report_written(name: str) -> str:
    """Where the report is: the file's name and the folder, said briefly (the full path
    is kept in the history log, ``full_path``)."""
    return _("Problem report written in your data folder: {name}.").format(name=name)


def full_path(path: object) -> str:
    """The history log's entry for a file just written: the whole path, to read or copy
    (too long to speak)."""
    return _("Full path: {path}").format(path=path)


def report_not_written(trouble: WriteTrouble) -> str:
    """Shift+B when the report cannot be written: "… because the disk is full." """
    return _("The problem report could not be written because {reason}.").format(
        reason=write_reason(trouble)
    )


def history_not_saved(trouble: WriteTrouble) -> str:
    """Ctrl+S when the history cannot be written: "History not saved: the disk is full." """
    return _("History not saved: {reason}.").format(reason=write_reason(trouble))


# ---- the saved match's history -----------------------------------------------------------


def history_unreadable(copy_name: str | None) -> str:
    """The history kept with a saved match could not be used: the match resumes with its
    moves, the rest of its history is lost to this game, and where a copy is kept."""
    said = _("Part of your saved match's history could not be read; the match itself is safe.")
    if copy_name is None:
        return said
    kept = _("A copy is kept as {name}.").format(name=copy_name)
    return f"{said} {kept}"
