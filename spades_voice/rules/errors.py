"""Typed errors. Each message is the sentence the game speaks to the player."""

from __future__ import annotations

#: How much of a wrong value an error repeats: enough to recognise it, never a whole
#: 50 MB field pasted back at the player.
ECHO_LIMIT = 40


def echo(value: object) -> str:
    """``repr(value)`` cut to ``ECHO_LIMIT`` characters, for quoting a wrong value.

    >>> echo("QX")
    "'QX'"
    >>> len(echo("x" * 1000))
    40
    """
    try:
        text = repr(value)
    except ValueError:  # an int of more than 4,300 digits has no repr
        text = "a number too long to show"
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 1] + "…"


class IllegalAction(ValueError):
    """A decision the rules do not allow now; ``str(error)`` is the spoken reason."""


class IllegalBid(IllegalAction):
    """A bid that cannot be placed."""


class IllegalPlay(IllegalAction):
    """A card that cannot be played."""


class NothingToUndo(IllegalAction):
    """Undo or restart asked for where there is nothing to take back."""
