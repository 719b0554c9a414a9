"""The page's keys: the terminal's keymap, plus a page key for each key a browser keeps
for itself (F3 find, F5 reload, F6 the address bar, Control S save the page).

The terminal's keys still work where the browser lets them through; the page keys are
Shift with a letter, which no browser and no screen reader's focus mode takes, and each
is listed with its action in the page's key help ("F5 or Shift R").
"""

from __future__ import annotations

from spades_voice.shell.keymap import Keymap, load_keymap

#: Action -> its page key: Shift R restarts the hand, Shift T tells the statistics,
#: Shift V opens the speech menu, Shift G saves the history.
PAGE_KEYS: dict[str, str] = {
    "restart_hand": "R",
    "statistics": "T",
    "speech_menu": "V",
    "save_history": "G",
}


def page_keymap() -> Keymap:
    """The default keymap (a page has no keymap file) with the page keys added."""
    keys = dict(load_keymap(use_user=False).keys)
    for action, key in PAGE_KEYS.items():
        if key not in keys.get(action, ()):
            keys[action] = (*keys.get(action, ()), key)
    return Keymap(keys)
