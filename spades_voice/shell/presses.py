"""Which key the player pressed, named as they pressed it.

A terminal sends a function or movement key with modifiers as one escape sequence
carrying a modifier number (xterm: ``ESC [ 15 ; 2 ~`` is Shift+F5, ``ESC [ 1 ; 3 Q`` is
Alt+F2). prompt_toolkit reads Shift+F5 as "F17" and does not know Alt+F5 at all: it
hands over Escape, ``[``, ``1``, ``5``, ``;``, ``3``, ``~`` as seven keys. Here one such
sequence is one key, named with its modifiers in the keynames' form ("s-f5", "a-f5",
"c-a-s-f5") so "does nothing" answers once, with the key the player pressed.

>>> press_name("\\x1b[15;2~"), press_name("\\x1b[1;3Q"), press_name("\\x1b[1;3D")
('s-f5', 'a-f2', 'a-left')
>>> press_name("\\x1b[15~") is None, press_name("\\x1b[25~") is None
(True, True)
"""

from __future__ import annotations

import re

#: ``ESC [ n ; m ~``: the key each ``n`` names.
_TILDE = {
    "1": "home", "2": "insert", "3": "delete", "4": "end", "5": "pageup", "6": "pagedown",
    "7": "home", "8": "end",
    "11": "f1", "12": "f2", "13": "f3", "14": "f4", "15": "f5", "17": "f6", "18": "f7",
    "19": "f8", "20": "f9", "21": "f10", "23": "f11", "24": "f12",
}
#: ``ESC [ 1 ; m X`` (or ``ESC O m X``): the key each final letter names.
_FINAL = {
    "A": "up", "B": "down", "C": "right", "D": "left", "H": "home", "F": "end",
    "P": "f1", "Q": "f2", "R": "f3", "S": "f4",
}
_SEQUENCE = re.compile(r"\x1b(?:\[(\d+);(\d+)(~)|\[1;(\d+)([A-Z])|O(\d)([A-Z]))")
#: The modifier number's bits (less one), as name prefixes in the order they are said.
_BITS = ((4, "c-"), (2, "a-"), (8, "a-"), (1, "s-"))  # Meta is said as Alt


def press_name(data: str) -> str | None:
    """The key a modified escape sequence means ("s-f5"), or None for anything else
    (a plain key, an unknown sequence): those keep prompt_toolkit's own name."""
    found = _SEQUENCE.fullmatch(data)
    if found is None:
        return None
    number, modifier, tilde, mod1, final1, mod2, final2 = found.groups()
    if tilde:
        key, mod = _TILDE.get(number), modifier
    else:
        key, mod = _FINAL.get(final1 or final2), mod1 or mod2
    bits = int(mod) - 1
    if key is None or bits <= 0:
        return None
    prefixes = []
    for bit, prefix in _BITS:
        if bits & bit and prefix not in prefixes:
            prefixes.append(prefix)
    return "".join(prefixes) + key


def sequence_length(chars: list[str]) -> int:
    """How many of ``chars`` (what followed an Escape prompt_toolkit could not read as
    part of a sequence, one character each) complete a modified key's sequence with it;
    0 if they do not (Alt with ``[`` is then just that)."""
    text = "\x1b"
    for n, char in enumerate(chars[:8], start=1):
        text += char
        if press_name(text) is not None:
            return n
        if n > 1 and not (char.isdigit() or char == ";"):
            return 0
    return 0
