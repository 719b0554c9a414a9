"""Keys as a screen reader of the current language says them: the one table of key names.

The help list (?), ``spades-voice keys``, the keymap's troubles and "does nothing" all
name keys through ``spoken_key``; the questions and prompts that name a fixed key in
their sentence ("Y quits, Escape goes back.") use the same names in each catalog, and
``tests/narration/test_narration_keynames.py`` holds every translation to this table.

Each language's names are catalog entries, so a translator fills in one table: the named
keys below, the modifiers ("Shift {key}") and the letters, all 26 in one entry, because a
letter said alone is often a word: Spanish hears a bare "Y" as *y* ("and"), so its
screen readers say "i griega".

A key is written as keymap.toml writes it ("h", "Y" for Shift+Y, "f5", "c-s",
"pageup"), or as the shell names a press the keymap cannot bind: modifiers as prefixes in
the order Control, Alt, Shift ("a-f5", "c-a-s-f5").

>>> spoken_key("y"), spoken_key("Y"), spoken_key("s-f5"), spoken_key("a-f5")
('Y', 'Shift Y', 'Shift F5', 'Alt F5')
>>> spoken_keys(("h", "f1", "?"))
'H, F1 or question mark'
"""

from __future__ import annotations

import re
import string

from spades_voice.narration.language import N_, _, pgettext

NAMED = {
    "?": N_("question mark"),
    " ": N_("Space"),
    "space": N_("Space"),
    "enter": N_("Enter"),
    "escape": N_("Escape"),
    "left": N_("Left arrow"),
    "right": N_("Right arrow"),
    "up": N_("Up arrow"),
    "down": N_("Down arrow"),
    "home": N_("Home"),
    "end": N_("End"),
    "pageup": N_("Page Up"),
    "pagedown": N_("Page Down"),
    "tab": N_("Tab"),
    "backspace": N_("Backspace"),
    "delete": N_("Delete"),
    "insert": N_("Insert"),
    "+": N_("plus"),
    "-": N_("minus"),
    ".": N_("period"),
    ",": N_("comma"),
    "/": N_("slash"),
    # Speech engines drop a bare symbol ("[ does nothing" is heard as "does nothing").
    "[": N_("left bracket"),
    "]": N_("right bracket"),
    "{": N_("left brace"),
    "}": N_("right brace"),
    "(": N_("left parenthesis"),
    ")": N_("right parenthesis"),
    "<": N_("less than"),
    ">": N_("greater than"),
    ";": N_("semicolon"),
    ":": N_("colon"),
    "'": N_("apostrophe"),
    '"': N_("quote"),
    "`": N_("backtick"),
    "~": N_("tilde"),
    "^": N_("caret"),
    "!": N_("exclamation mark"),
    "@": N_("at sign"),
    "#": N_("number sign"),
    "$": N_("dollar"),
    "%": N_("percent"),
    "&": N_("ampersand"),
    "*": N_("star"),
    "=": N_("equals"),
    "_": N_("underscore"),
    "|": N_("vertical bar"),
    "\\": N_("backslash"),
}

#: The modifier prefixes of a key's name, outermost first, as the player says them.
_MODIFIERS = (("c-", N_("Control {key}")), ("a-", N_("Alt {key}")), ("s-", N_("Shift {key}")))


def letter_names() -> dict[str, str]:
    """The 26 letter keys' names in the current language, by lower-case letter."""
    # Translators: the names of the letter keys A to Z, in this order, separated by
    # commas, as a screen reader says a letter pressed alone ("i griega" for Y in Spanish).
    names = pgettext("letter keys", "A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, "
                     "T, U, V, W, X, Y, Z").split(",")
    if len(names) != len(string.ascii_lowercase):  # a broken translation: say the letters
        names = list(string.ascii_uppercase)
    return dict(zip(string.ascii_lowercase, (n.strip() for n in names), strict=True))


def spoken_key(key: str) -> str:
    """How a key is said: "H", "question mark", "Left arrow", "Control C", "F1", "Shift F5"
    ("hache", "signo de interrogación", "Flecha izquierda", "Control ce" in Spanish)."""
    if key in NAMED:
        return _(NAMED[key])
    if len(key) == 1 and key.isascii() and key.isalpha():
        name = letter_names()[key.lower()]
        return _("Shift {key}").format(key=name) if key.isupper() else name
    if len(key) == 1:
        capital = key.upper()
        # A letter with no one-letter capital (German ß) is said as it is, never "SS".
        return capital if len(capital) == 1 else key
    for prefix, template in _MODIFIERS:
        if key.startswith(prefix) and len(key) > len(prefix):
            return _(template).format(key=spoken_key(key[len(prefix):]))
    if re.fullmatch(r"f\d+", key):
        return key.upper()
    return key


def spoken_keys(keys: tuple[str, ...]) -> str:
    """Several keys for one action: "H, F1 or question mark"."""
    said = [spoken_key(k) for k in keys]
    if len(said) == 1:
        return said[0]
    return _("{keys} or {last}").format(keys=", ".join(said[:-1]), last=said[-1])
