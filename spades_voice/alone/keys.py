"""The page's keys: the terminal's keymap, plus a page key for each key a browser keeps
for itself (F3 find, F5 reload, F6 the address bar, Control S save the page).

The terminal's keys still work where the browser lets them through; the page keys are
Shift with a letter, which no browser and no screen reader's focus mode takes, and each
is named first in the page's key help ("Shift R or F5"). The help says the page's words
for the keys whose file is the browser's (the history's download, the page's report).
"""

from __future__ import annotations

from spades_voice.narration.browser import PAGE_FILE_ACTIONS, PAGE_HELP
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
    """The default keymap (a page has no keymap file) with the page keys added, each
    first, and the page's words for its keys' help."""
    keys = dict(load_keymap(use_user=False).keys)
    for action, key in PAGE_KEYS.items():
        keys[action] = (key, *(k for k in keys.get(action, ()) if k != key))
    return Keymap(keys, help={action: PAGE_HELP[action] for action in PAGE_FILE_ACTIONS})
