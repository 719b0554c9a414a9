"""Typed errors. Each message is the sentence the game speaks to the player."""

from __future__ import annotations


class IllegalAction(ValueError):
    """A decision the rules do not allow now; ``str(error)`` is the spoken reason."""


class IllegalBid(IllegalAction):
    """A bid that cannot be placed."""


class IllegalPlay(IllegalAction):
    """A card that cannot be played."""


class NothingToUndo(IllegalAction):
    """Undo or restart asked for where there is nothing to take back."""
