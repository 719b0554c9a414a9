"""Table chat: people's own words, cleaned, and the sentences around them.

Chat is what people type to each other at a shared table. It is their words, not the
game's: it never carries a card the game hides, because the game puts nothing in it. The
server cleans every line with ``clean_chat`` (no control or formatting characters, which
could move a screen reader's cursor or reorder text, one line, at most ``MAX_CHAT``
characters) before anyone hears it; the client cleans what it sends and what it hears too.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from spades_voice.narration.language import N_, _
from spades_voice.rules import Seat

#: The longest line, in characters: a sentence or two, about 15 seconds of speech.
MAX_CHAT = 200
#: Lines one person may say in ``CHAT_WINDOW`` seconds before the server refuses more.
CHAT_BURST = 5
CHAT_WINDOW = 10.0

SAY_PROMPT = N_("Say: ")
SAY_OPEN = N_("Say: type a line, Enter sends, Escape cancels.")
NOT_SENT = N_("Not sent.")
NOTHING_TO_SEND = N_("Nothing to send. Type a line, or Escape cancels.")
TOO_LONG = N_("A chat line is at most 200 characters.")  # MAX_CHAT, checked by a test
TOO_FAST = N_("Too fast: wait a few seconds before the next line.")
NO_ONE_TO_CHAT = N_("Chat is for shared tables: no one else is here to read it.")
YOU_ARE_MUTED = N_("The host has muted you: your lines are not sent.")


@dataclass(frozen=True, slots=True)
class Chat:
    """A line someone at the table said (already cleaned)."""

    seat: Seat | None  # None: a watcher said it
    name: str
    text: str


#: Terminal escape sequences, whole, so no visible remains ("[31m") are left when their
#: control characters go: CSI (ESC [ or U+009B) with its parameters and final byte; OSC,
#: DCS, SOS, PM and APC strings up to BEL or ST; any other ESC with what follows it.
_ESCAPE = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
)
#: Combining marks kept on one letter (after NFC): enough for any script's writing, never
#: a tower of 150 that a screen reader reads out mark by mark.
MAX_MARKS = 3


def clean_chat(text: str, limit: int | None = MAX_CHAT) -> str:
    """One line of at most ``limit`` characters without control or format characters
    (categories C*: tabs and newlines become spaces, escape sequences go whole, and so do
    bidirectional overrides), at most ``MAX_MARKS`` combining marks on a letter, spaces
    collapsed.

    >>> clean_chat("nice\\tone\\x1b[2J\\u202e !")
    'nice one !'
    >>> clean_chat("\\x1b[31mred\\x1b[0m e" + "\\u0301" * 150) == "red \\u00e9" + "\\u0301" * 3
    True
    """
    kept = []
    marks = 0
    for ch in unicodedata.normalize("NFC", _ESCAPE.sub("", text)):
        kind = unicodedata.category(ch)
        if ch in "\t\n\r\v\f":
            kept.append(" ")
        elif kind.startswith("C"):
            continue
        elif kind in ("Mn", "Me"):
            marks += 1
            if marks <= MAX_MARKS:
                kept.append(ch)
            continue
        else:
            kept.append(ch)
        marks = 0
    line = " ".join("".join(kept).split())
    return line if limit is None else line[:limit]


def chat_line(chat: Chat, me: Seat | None) -> str:
    """ "Bo says: nice one" (your own line: "You say: nice one"); ``me`` None: a watcher,
    whose own lines come back by name."""
    if chat.seat is not None and chat.seat is me:
        return _("You say: {text}").format(text=chat.text)
    return _("{name} says: {text}").format(name=chat.name, text=chat.text)


#: The host's chat commands over watchers: ``/watchers off`` and the rest.
WATCHERS_COMMANDS: dict[str, dict[str, bool]] = {
    "on": {"allowed": True},
    "off": {"allowed": False},
    "chat": {"chat": True},
    "quiet": {"chat": False},
}


def muted(name: str, on: bool) -> str:
    """What the host hears after muting or unmuting someone."""
    return (_("{name} is muted.") if on else _("{name} may chat again.")).format(name=name)
