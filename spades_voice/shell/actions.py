"""An action by name: the one door every front end takes into the shell.

Each mode keeps a table of actions (``table_mode``, ``list_mode``, ``confirm_mode`` ...);
``LAYERS`` says which tables are live in which mode, in the order their keys are merged
(a later one wins while live: a list's moving keys and a question's answers over the
table's). The terminal binds the player's keys to these layers (``app``); a page sends
its keys by name and its taps and clicks as actions, and ``Actions`` does each exactly
as the key bound to it would, in the mode the shell is in now.

A tap or a click names what it acts on (a card by its code, a bid by its value), never
where it was, under the keys' trust rule: nothing is played that the player did not hear
or see named. A card chosen by touch was named as the finger reached it (the screen
reader says the card's option) or seen under it, so it plays at once; a card clicked
with a mouse is named by the first click and played by a second on the same card, as a
card never named is named by the first Enter.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from spades_voice import narration as say
from spades_voice.narration import prompts
from spades_voice.narration.keynames import spoken_key
from spades_voice.rules import BID_CHOICES, Bid, Card
from spades_voice.shell.advice import ADVICE_ACTIONS
from spades_voice.shell.binding import Handler, watcher_answer
from spades_voice.shell.chat_mode import CHAT_ACTIONS
from spades_voice.shell.choices import CHOICE_ACTIONS
from spades_voice.shell.confirm_mode import CONFIRM_ACTIONS, N_ACTIONS, n_is_no
from spades_voice.shell.history_keys import HISTORY_ACTIONS
from spades_voice.shell.keymap import Keymap, normalize_key
from spades_voice.shell.list_mode import LIST_ACTIONS
from spades_voice.shell.match_keys import MATCH_ACTIONS
from spades_voice.shell.menu_mode import MENU_ACTIONS, MOVING, menu_help
from spades_voice.shell.playable import PLAYABLE_ACTIONS
from spades_voice.shell.sound_keys import SOUND_ACTIONS
from spades_voice.shell.state import Mode, Shell
from spades_voice.shell.table_mode import ALWAYS_ACTIONS, TABLE_ACTIONS, select

Live = Callable[[Shell], bool]


def _at_table(shell: Shell) -> bool:
    return shell.mode in (Mode.TABLE, Mode.LIST)


def _listing(shell: Shell) -> bool:
    return shell.mode is Mode.LIST


def _asking(shell: Shell) -> bool:
    return shell.mode is Mode.CONFIRM


def _n_means_no(shell: Shell) -> bool:
    return shell.mode is Mode.CONFIRM and n_is_no(shell)


def _in_menu(shell: Shell) -> bool:
    return shell.mode is Mode.MENU


def _not_typing(shell: Shell) -> bool:
    return shell.mode is not Mode.INPUT


def _always(shell: Shell) -> bool:
    return True


#: The table's keys: live unless a yes/no question is open or a line is being typed.
AT_TABLE_ACTIONS: dict[str, Handler] = {
    **TABLE_ACTIONS, **ADVICE_ACTIONS, **PLAYABLE_ACTIONS, **CHOICE_ACTIONS,
    **HISTORY_ACTIONS, **CHAT_ACTIONS,
}

#: Every action table and when it is live, in the order their keys are merged. The
#: line being typed (``chat_mode``) binds every key itself and goes between the last two.
LAYERS: tuple[tuple[Mapping[str, Handler], Live], ...] = (
    (AT_TABLE_ACTIONS, _at_table),
    (MATCH_ACTIONS, _at_table),
    (LIST_ACTIONS, _listing),
    # The speech menu's keys are its only ones while it is open: a list's moving keys and
    # its own (the table's are not live in Mode.MENU).
    ({**{name: LIST_ACTIONS[name] for name in MOVING}, **MENU_ACTIONS}, _in_menu),
    (CONFIRM_ACTIONS, _asking),
    (N_ACTIONS, _n_means_no),
    (ALWAYS_ACTIONS, _not_typing),
    (SOUND_ACTIONS, _always),
)


def run(shell: Shell, handler: Handler, key: str | None) -> None:
    """Do ``handler``'s action, pressed as ``key`` (a long answer's cue names the key that
    asks for it again: "H again for the rest.")."""
    shell.narrator.asked_by(spoken_key(key) if key is not None else "")
    handler(shell)


def unbound(shell: Shell, name: str | None) -> None:
    """A key no action uses: an open question again, else that the key does nothing."""
    question = shell.question
    if question is not None:
        shell.answer(question.question)
        return
    if shell.mode is Mode.MENU:
        menu_help(shell)
        return
    shell.answer(prompts.does_nothing(spoken_key(name) if name is not None else None))


class Actions:
    """The shell's actions by name, for a front end that is not prompt_toolkit's (a page)."""

    def __init__(self, shell: Shell, keymap: Keymap) -> None:
        self.shell = shell
        self.keymap = keymap

    def live(self, name: str) -> Handler | None:
        """What ``name`` does now: the last live layer's handler for it, if any."""
        for table, live in reversed(LAYERS):
            if name in table and live(self.shell):
                return table[name]
        return None

    def act(self, name: str, key: str | None = None) -> bool:
        """Take the action ``name`` as its key would now (``key``: the key pressed, else
        the action's first); False when nothing does ``name`` in this mode."""
        handler = self.live(name)
        if handler is None:
            return False
        why_not = watcher_answer(self.shell, name)
        if why_not is not None:
            self.shell.answer(why_not)
            return True
        keys = self.keymap.keys_for(name)
        run(self.shell, handler, key if key is not None else (keys[0] if keys else None))
        return True

    def key(self, name: str) -> None:
        """A key pressed, by its keymap name ("h", "R", "enter", "s-tab"): the action it
        names in this mode, or the answer a key nothing uses gets."""
        canonical = normalize_key(name)
        if canonical is None:
            unbound(self.shell, None)
            return
        for action, bound in self._actions_of(canonical):
            if self.act(action, bound):
                return
        unbound(self.shell, canonical)

    def _actions_of(self, key: str) -> list[tuple[str, str]]:
        """The actions ``key`` is bound to, each with the keymap's key for it, latest
        layer first (a capital not bound on its own is its lower-case letter, as
        ``Keymap.pt_keys`` binds it)."""
        keymap = self.keymap
        found = [(a, k) for a in keymap.actions for k in keymap.keys_for(a)
                 if key == k or key in keymap.pt_keys(k)]
        order = [name for table, _ in reversed(LAYERS) for name in table]
        return sorted(found, key=lambda f: order.index(f[0]) if f[0] in order else len(order))

    # ---- a tap or a click ---------------------------------------------------------------

    def card(self, card: Card, *, named: bool) -> None:
        """A card tapped or clicked: ``named`` (by touch: the screen reader said it as the
        finger reached it) plays it; otherwise (a mouse) the first click names it and a
        second on the same card plays it. Anything that cannot act says why."""
        shell = self.shell
        if shell.mode is Mode.CONFIRM:
            unbound(shell, None)  # the question again: it waits for its answer
            return
        view = shell.view()
        cards, _ = shell.focus.focused(view)
        if card not in cards or shell.hand_hidden(view):
            shell.answer(prompts.CARD_NOT_IN_HAND)
            return
        heard = shell.focus.heard
        shell.focus.put(cards, cards.index(card))
        playable = shell.focus.playable(view, card)
        if not named and card != heard:
            # The first click names it: what it is, and whether a second click plays it.
            shell.answer(prompts.card_to_click(card) if playable
                         else say.focus_line(card, playable))
            return
        run(shell, select, None)

    def bid(self, bid: Bid) -> None:
        """A bid tapped or clicked: the bid list's focus moves there and names it; the
        place button (``select``) then places it."""
        shell = self.shell
        view = shell.view()
        if shell.mode is Mode.CONFIRM:
            unbound(shell, None)
            return
        if not shell.bidding_now(view) or bid not in BID_CHOICES:
            shell.answer(prompts.NO_BID_DUE)
            return
        shell.focus.choose_bid(bid)
        shell.answer(prompts.bid_choice(bid))
