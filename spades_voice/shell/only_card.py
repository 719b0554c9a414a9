"""A turn with one legal card plays it by itself, when the player asked for that (the
speech menu): this part owns whether they did and the card it set aside, played once the
events before it are said. The shell asks it; nothing sets its state from outside."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from spades_voice.rules import Card, Phase


@dataclass
class OnlyCard:
    _on: bool = False
    #: The card set aside to play by itself (its line then says so).
    _set_aside: Card | None = None

    @property
    def on(self) -> bool:
        """Whether the player asked for the only card to play by itself."""
        return self._on

    def choose(self, on: bool) -> bool:
        """The player's choice (the speech menu, saved settings); the choice now."""
        self._on = on
        return on

    @property
    def set_aside(self) -> Card | None:
        """The card waiting to be played by itself, if any."""
        return self._set_aside

    def turn(self, phase: Phase, legal: Sequence[Card], *, asking: bool) -> bool:
        """The player's turn to ``phase`` began with the ``legal`` cards: when asked for,
        and no question is open (``asking``), set the one legal card aside to play by
        itself; whether it did."""
        if not self._on or phase is not Phase.PLAYING or asking or len(legal) != 1:
            return False
        self._set_aside = legal[0]
        return True

    def played(self, card: Card) -> bool:
        """``card`` was played: whether it was the one set aside (its line says so)."""
        if card != self._set_aside:
            return False
        self._set_aside = None
        return True

    def refused(self) -> None:
        """The table refused the card set aside: it is no longer waiting."""
        self._set_aside = None
