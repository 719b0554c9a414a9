"""The history kept with a saved match: the entries its decisions cannot tell again.

A resumed match's table lines (deals, bids, cards, tricks, results) are told again from
its decisions (``rules.told``), in the player's language of the day. Everything else the
history held is kept here as it was said: notices, the player's turns, the lines of moves
later taken back, a file's full path, chat. Each note has its place, ``at``: how many of
the match's told events came before it, so it goes back between the right table lines.

Notes are kept as the text said, not as a sentence's key and its values: many were made
with values no catalog can make again (a path, the reason a disk refused a write, what
someone typed), and the history is the player's memory of what was said. So after a
change of language the table lines are told in the new one and the notes stay as heard.

The block is optional in a save (``"history"``: older saves have none and resume as they
did) and carries its own ``version``; a block that cannot be used is refused whole
(``Unreadable``), and the match resumes without it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spades_voice.options import EventKind
from spades_voice.rules import Match, told
from spades_voice.store import files
from spades_voice.store.files import Unreadable

#: The layout of the ``history`` block.
VERSION = 1
#: The most notes a save keeps (the newest); a match to 500 points makes about 400
#: (your turns, notices, moves taken back), and a flood of notices or chat stops here.
MAX_NOTES = 1000
#: The longest note kept whole; a longer one is cut (a full path deep in a folder).
NOTE_TEXT_LIMIT = 500
#: The notes' text in all, in UTF-8 bytes: with the rest of a save, well inside the
#: save's cap (``files.SAVE_CAP``), whatever script the notes are written in.
NOTES_BUDGET = 256 << 10


@dataclass(frozen=True, slots=True)
class Note:
    """One history entry the decisions do not hold: said after ``at`` told events."""

    at: int
    #: The entry's kind (None: the player's own bid or card).
    kind: EventKind | None
    text: str


@dataclass(frozen=True, slots=True)
class History:
    """What a match's history holds beyond its decisions. ``told``: how many of the
    match's told events the history had said (the rest were still to be said, such as a
    deal held back until N)."""

    told: int
    notes: tuple[Note, ...] = ()

    def bounded(self) -> History:
        """The newest notes that fit: at most ``MAX_NOTES``, each one line of at most
        ``NOTE_TEXT_LIMIT`` characters, ``NOTES_BUDGET`` bytes of text in all."""
        kept: list[Note] = []
        room = NOTES_BUDGET
        for note in reversed(self.notes[-MAX_NOTES:]):
            text = files.clip(_one_line(note.text), NOTE_TEXT_LIMIT)
            room -= len(text.encode("utf-8"))
            if room < 0:
                break
            kept.append(Note(note.at, note.kind, text))
        return History(self.told, tuple(reversed(kept)))


_CONTROL = re.compile(r"[\x00-\x1f]")


def _one_line(text: str) -> str:
    return _CONTROL.sub(" ", text)


def history_to_json(history: History) -> dict[str, object]:
    """The ``history`` block of a save (bounded).

    >>> history_to_json(History(2, (Note(1, EventKind.NOTICES, "Hi."),)))
    {'version': 1, 'told': 2, 'notes': [{'at': 1, 'kind': 'notices', 'text': 'Hi.'}]}
    """
    kept = history.bounded()
    return {
        "version": VERSION,
        "told": kept.told,
        "notes": [
            {"at": n.at, "kind": n.kind.value if n.kind else None, "text": n.text}
            for n in kept.notes
        ],
    }


def history_from_json(obj: object, match: Match) -> History:
    """The ``history`` block of a save of ``match``; ``Unreadable`` (and nothing else)
    when it is not one this version can use."""
    if not isinstance(obj, dict):
        raise Unreadable("its history is not an object")
    version = obj.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise Unreadable("its history has no version")
    if version > VERSION:
        raise Unreadable(f"its history was written by a newer version (layout {version})")
    said = files.get_int(obj, "told")
    if said > len(told(match)):
        raise Unreadable("its history tells more than the match holds")
    raw = files.get_list(obj, "notes")
    if len(raw) > MAX_NOTES:
        raise Unreadable(f"its history holds more than {MAX_NOTES} notes")
    notes: list[Note] = []
    room = NOTES_BUDGET
    for item in raw:
        note = _note_from_json(item)
        if note.at > said or (notes and note.at < notes[-1].at):
            raise Unreadable("a history note is out of place")
        room -= len(note.text.encode("utf-8"))
        if room < 0:
            raise Unreadable("its history is too long")
        notes.append(note)
    return History(said, tuple(notes))


def _note_from_json(item: object) -> Note:
    if not isinstance(item, dict):
        raise Unreadable("a history note is not an object")
    at = files.get_int(item, "at")
    text = files.get_str(item, "text")
    if len(text) > NOTE_TEXT_LIMIT or _CONTROL.search(text):
        raise Unreadable("a history note is too long or not one line")
    kind = item.get("kind")
    if kind is None:
        return Note(at, None, text)
    if not isinstance(kind, str) or kind not in {k.value for k in EventKind}:
        raise Unreadable("a history note's kind is unknown")
    return Note(at, EventKind(kind), text)
