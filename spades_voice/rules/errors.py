"""Typed errors. Each carries its reason as a value (``Reason``: a kind and its facts);
``narration`` words it in the listener's language, English for logs included."""

from __future__ import annotations

from spades_voice.rules.reasons import Reason

#: How much of a wrong value an error repeats: enough to recognise it, never a whole
#: 50 MB field pasted back at the player.
ECHO_LIMIT = 40


def echo(value: object) -> str:
    """``repr(value)`` cut to ``ECHO_LIMIT`` characters, for quoting a wrong value.

    >>> echo("QX")
    "'QX'"
    >>> len(echo("x" * 1000))
    40
    >>> echo(10**5000)
    'int…'
    """
    try:
        text = repr(value)
    except ValueError:  # an int of more than 4,300 digits has no repr
        text = type(value).__name__ + "…"
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 1] + "…"


class Refused(ValueError):
    """Something the rules refuse, with ``reason`` saying why as a value.

    ``str(error)`` is the reason's short form for a log (``must_follow(suit=H)``); what a
    person reads or hears is ``narration.reasons.say(error.reason)``.
    """

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return str(self.reason)


class NotAValue(Refused):
    """A text or JSON form that is not a rules value (a card code, a bid, a ruleset)."""


class IllegalAction(Refused):
    """A decision the rules do not allow now."""


class IllegalBid(IllegalAction):
    """A bid that cannot be placed."""


class IllegalPlay(IllegalAction):
    """A card that cannot be played."""


class NothingToUndo(IllegalAction):
    """Undo or restart asked for where there is nothing to take back."""
