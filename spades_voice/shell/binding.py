"""Binding a mode's actions to the player's keys.

Each mode (``table_mode``, ``list_mode``, ``confirm_mode``) has a table of actions by
name, each a small documented handler; ``bind_actions`` gives them the keys the keymap
names, live only while the mode's ``Condition`` holds, as prompt_toolkit builds its own
bindings. Where two modes bind the same key, the one merged last wins while its filter
holds (``app.load_key_bindings`` merges the list and question modes after the table's).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from prompt_toolkit.filters import FilterOrBool
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

from spades_voice.narration import notices, refusals
from spades_voice.narration.keynames import spoken_key
from spades_voice.shell.keymap import Keymap
from spades_voice.shell.state import Mode, Shell

Handler = Callable[[Shell], None]

#: At the table, the keys that act or need a hand of one's own, and what a watcher hears
#: instead (``Cast.watching``): someone listening without a seat is told why not. (The
#: hint key answers for itself: watching computers, it says what the one to act weighs.)
WATCHER_ANSWERS = {
    "hand": notices.NO_HAND_WATCHING,
    **dict.fromkeys(
        ("coach", "undo", "restart_hand", "select", "previous", "next", "up", "down",
         "first", "last", "next_playable", "previous_playable", "since_my_turn",
         "what_we_need", "move_on", "hand_order"),
        refusals.WATCHERS_DO_NOT_PLAY,
    ),
}


def watcher_answer(shell: Shell, name: str) -> str | None:
    """What a watcher hears instead of action ``name`` at the table (None: the action
    runs): every front end asks here before it acts."""
    if not shell.chair.cast.watching or shell.mode is not Mode.TABLE:
        return None
    return WATCHER_ANSWERS.get(name)


def registry() -> tuple[dict[str, Handler], Callable[[str], Callable[[Handler], Handler]]]:
    """A fresh table of actions and the decorator that fills it: ``@action("hand")``."""
    table: dict[str, Handler] = {}

    def action(name: str) -> Callable[[Handler], Handler]:
        def register(handler: Handler) -> Handler:
            table[name] = handler
            return handler

        return register

    return table, action


def bind_actions(
    shell: Shell, keymap: Keymap, actions: Mapping[str, Handler], filter: FilterOrBool
) -> KeyBindings:
    """Each of ``actions`` on the keys ``keymap`` gives it, live while ``filter`` holds."""
    kb = KeyBindings()
    for name in keymap.actions:
        handler = actions.get(name)
        if handler is None:
            continue
        for key in keymap.keys_for(name):
            for pt_key in keymap.pt_keys(key):
                kb.add(pt_key, filter=filter)(_runner(shell, handler, key, name))
    return kb


def _runner(
    shell: Shell, handler: Handler, key: str, name: str
) -> Callable[[KeyPressEvent], None]:
    def run(event: KeyPressEvent) -> None:
        # A long answer's cue names the key that asks for it again ("H again for the rest.").
        shell.narrator.asked_by(spoken_key(key))
        why_not = watcher_answer(shell, name)
        if why_not is not None:
            shell.answer(why_not)
            return
        handler(shell)

    run.__doc__ = handler.__doc__
    return run


def doc(handler: Handler) -> str:
    """A handler's docstring on one line: its spoken help."""
    return " ".join((handler.__doc__ or "").split())
