"""The cues: which sounds the table makes, and where each one sits in the stereo field.

A cue is named for what happened, never for how it sounds, so the shell asks for
``Cue.CARD`` and synthesis decides the sound. Placement is relative to the player's own
seat, as players hear a real table: the opponent on the left (Robin, for South) is on
the left, the partner straight ahead and a little quieter, the opponent on the right on
the right, and the player's own sounds in the centre. At a shared table a player at
North hears East on their left, and so on.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from spades_voice.rules import Seat


class Cue(enum.Enum):
    """Every sound the game makes. The value is the name in the sound log."""

    CARD = "card"
    TRICK_US = "trick_us"
    TRICK_THEM = "trick_them"
    YOUR_TURN = "your_turn"
    SPADES_BROKEN = "spades_broken"
    NIL_BROKEN = "nil_broken"
    SET = "set"
    BAG_PENALTY = "bag_penalty"
    MATCH_WON = "match_won"
    MATCH_LOST = "match_lost"
    REFUSED = "refused"

    @property
    def rare(self) -> bool:
        """Rare cues may run past 150 ms: they mark the few moments a hand turns on."""
        return self in _RARE

    @property
    def droppable(self) -> bool:
        """When cues pile up (instant pace), a card sound may be skipped; the moments that
        matter (your turn, a set, the match) never are."""
        return self is Cue.CARD


_RARE = frozenset({Cue.NIL_BROKEN, Cue.SET, Cue.BAG_PENALTY, Cue.MATCH_WON, Cue.MATCH_LOST})


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a sound sits: ``pan`` from -1 (left) to 1 (right), ``gain`` as a factor."""

    pan: float = 0.0
    gain: float = 1.0


#: Far enough off centre that left and right are never confused, yet not hard-panned:
#: a sound only in one ear is tiring on headphones and lost by a one-eared listener.
SIDE_PAN = 0.8
#: The partner sits across the table: centred, about 3 dB quieter than the player.
PARTNER_GAIN = 0.7

CENTRE = Placement()


def placement(seat: Seat | None, me: Seat) -> Placement:
    """Where ``seat``'s sounds come from for the player at ``me`` (None: the table itself).

    >>> placement(Seat.W, Seat.S)
    Placement(pan=-0.8, gain=1.0)
    >>> placement(Seat.E, Seat.S).pan, placement(Seat.N, Seat.S).gain
    (0.8, 0.7)
    """
    if seat is None or seat is me:
        return CENTRE
    if seat is me.next:  # clockwise next sits on the player's left
        return Placement(-SIDE_PAN, 1.0)
    if seat is me.partner:
        return Placement(0.0, PARTNER_GAIN)
    return Placement(SIDE_PAN, 1.0)


def seat_voice(seat: Seat | None, me: Seat) -> int:
    """Which of four card sounds a seat uses, counted clockwise from the player (0-3).

    Each seat's card has its own pitch as well as its own side, so a player listening on
    one speaker or with one ear still tells the seats apart.
    """
    if seat is None:
        return 0
    return (seat.index - me.index) % 4


@dataclass(frozen=True, slots=True)
class CueRequest:
    """One cue to play: what, and for which seat (None: the table, e.g. a set)."""

    cue: Cue
    seat: Seat | None = None
