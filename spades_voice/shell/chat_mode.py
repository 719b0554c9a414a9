"""Typing a chat line ("Say:"): every printable key is part of the line.

The chat key opens a one-line input at a shared table; Enter sends, Escape cancels,
Backspace takes back a character. While it is open the table's keys are off (the letters
are the line) and the table goes on. A line that starts with ``/mute NAME`` or ``/unmute
NAME`` is the host muting someone instead of a line to say.
"""

from __future__ import annotations

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys

from spades_voice.narration import chat
from spades_voice.narration.reasons import say_reason
from spades_voice.rules import IllegalAction
from spades_voice.shell.binding import registry
from spades_voice.shell.state import Draft, Mode, Shell
from spades_voice.table import SharedSeat

CHAT_ACTIONS, action = registry()


def load_chat_bindings(shell: Shell) -> KeyBindings:
    """The line's own keys while it is being typed (not from the keymap: every key types)."""
    kb = KeyBindings()
    typing = Condition(lambda: shell.mode is Mode.INPUT)

    @kb.add(Keys.Any, filter=typing)
    def _(event: KeyPressEvent) -> None:
        """Type the character (keys with names, such as arrows, type nothing)."""
        if not isinstance(event.key_sequence[0].key, Keys):
            _type(shell, event.data)

    @kb.add(Keys.BracketedPaste, filter=typing)
    def _paste(event: KeyPressEvent) -> None:
        """Paste into the line."""
        _type(shell, event.data)

    @kb.add("backspace", filter=typing)
    def _back(event: KeyPressEvent) -> None:
        """Take back the last character."""
        draft = _draft(shell)
        draft.text = draft.text[:-1]

    @kb.add("enter", filter=typing)
    def _send(event: KeyPressEvent) -> None:
        """Send the line."""
        send(shell)

    @kb.add("escape", filter=typing)
    def _cancel(event: KeyPressEvent) -> None:
        """Close the line without sending it."""
        shell.overlays.close()
        shell.answer(chat.NOT_SENT)

    return kb


def _draft(shell: Shell) -> Draft:
    draft = shell.overlay
    assert isinstance(draft, Draft)  # the bindings are live only while a line is typed
    return draft


def _type(shell: Shell, text: str) -> None:
    draft = _draft(shell)
    # A lone space is kept (cleaning trims a line's ends); longer text is cleaned whole.
    cleaned = chat.clean_chat(text, None) if text.strip() else " " * bool(text)
    room = chat.MAX_CHAT - len(draft.text)
    if len(cleaned) > room:
        shell.answer(chat.TOO_LONG)
    draft.text += cleaned[:room]


def send(shell: Shell) -> None:
    """Enter: the line goes to the table (or is the host's /mute or /watchers), and the
    input closes."""
    text = chat.clean_chat(_draft(shell).text)
    if not text:
        shell.answer(chat.NOTHING_TO_SEND)
        return
    shell.overlays.close()
    table = shell.table
    if not isinstance(table, SharedSeat):  # no one else is at this table
        shell.answer(chat.NO_ONE_TO_CHAT)
        return
    try:
        answer = chat_line(table, text)
    except IllegalAction as exc:
        shell.answer(say_reason(exc.reason))
        return
    if answer:
        shell.answer(answer)
        return
    shell.pump()


def chat_line(table: SharedSeat, text: str) -> str:
    """A chat line to the table, or the host's "/mute Bo" or "/watchers ...": what to
    answer the one who typed it ("" for nothing). A refusal is raised (``IllegalAction``).
    The shell's chat and a page's lobby (``alone.guest``) both send by it."""
    word, _, rest = text.partition(" ")
    if word in ("/mute", "/unmute") and rest:
        table.mute(rest.strip(), word == "/mute")
        return chat.muted(rest.strip(), word == "/mute")
    if word == "/watchers" and rest.strip() in chat.WATCHERS_COMMANDS:
        # The table tells everyone what changed (the host too).
        table.set_watching(**chat.WATCHERS_COMMANDS[rest.strip()])
        return ""
    table.say(text)
    return ""


@action("chat")
def chat_(shell: Shell) -> None:
    """At a shared table: say something to everyone. Enter sends, Escape cancels."""
    table = shell.table
    heard_by = any(p.person and not p.you for p in table.people()) or (
        isinstance(table, SharedSeat) and table.watchers()
    )
    if not heard_by:
        shell.answer(chat.NO_ONE_TO_CHAT)
        return
    shell.overlays.open(Draft())
    shell.answer(chat.SAY_OPEN)
