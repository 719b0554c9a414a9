"""The play rules on plain ints: which cards may be played and which card wins a trick.

One module that ``HandState``, the computers' playouts and their exact endgame solver all
call, so a rule is written once. A holding is a 52-bit mask over ``Card.index``: suit × 13 +
rank, with spades as indexes 0..12, so a spade beats any other suit by being below 13.
Seats are indexes S=0, W=1, N=2, E=3 (clockwise), and a team is ``seat & 1``.

>>> trick_winner([13 + 12, 13 + 2, 0, 13 + 11], leader=1)  # AH led, 3H, 2S ruffs, KH
(0, 3)
>>> legal_mask(SPADES | 1 << 13, 0, False, False) == 1 << 13  # spades not broken
True
>>> legal_mask(SPADES | 1 << 13, 0, False, True) == SPADES | 1 << 13  # the house rule
True

The rule switches a card's legality depends on come from the match's ``Ruleset`` as
arguments (``spades_any_time``): every caller passes them, so no path plays by other rules.

``Position`` is the card play at one moment and ``Position.play`` the one step a card
takes it through (the trick grows, or is taken and its winner leads). ``HandState.play``
keeps its own incremental form of that step and the computers' playouts inline it, both
for speed; ``tests/rules/test_rules_step.py`` checks them against this one.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Each suit's 13 bits, in ``Suit`` order: spades, hearts, diamonds, clubs.
SUIT_MASKS: tuple[int, int, int, int] = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
SPADES = SUIT_MASKS[0]
DECK = (1 << 52) - 1
NON_SPADES = DECK & ~SPADES


def _beaters_of(win: int) -> int:
    above = SUIT_MASKS[win // 13] & ~((2 << win) - 1)
    return above if win < 13 else above | SPADES


#: ``BEATERS[w]``: the cards that take a trick from card ``w`` if ``w`` is winning it — a
#: higher card of its suit, or any spade when ``w`` is not a spade. The trick-winner rule.
BEATERS: tuple[int, ...] = tuple(_beaters_of(i) for i in range(52))


def legal_mask(held: int, led: int, broken: bool, spades_any_time: bool) -> int:
    """The cards of ``held`` that may be played: follow the led suit if able (``led`` is its
    mask, 0 when leading); lead a spade only once spades are broken or only spades are left,
    unless the ruleset's ``spades_any_time`` lets spades be led at any time.
    """
    if led:
        return (held & led) or held
    if not broken and not spades_any_time and held & NON_SPADES:
        return held & NON_SPADES
    return held


def trick_winner(trick: tuple[int, ...] | list[int], leader: int) -> tuple[int, int]:
    """(winning card index, winning seat) of a non-empty trick led by seat ``leader``."""
    win_i = trick[0]
    win_pos = 0
    for k in range(1, len(trick)):
        c = trick[k]
        if BEATERS[win_i] >> c & 1:
            win_i = c
            win_pos = k
    return win_i, (leader + win_pos) & 3


@dataclass(frozen=True, slots=True)
class Position:
    """The card play at one moment, on plain ints: the cards each seat still has in hand
    (``hands``, a mask by seat index), the cards of the trick in progress (``trick``, empty
    between tricks) and the seat that led it, tricks taken by seat, whether a spade has
    been played, and the ruleset's switch that lets spades be led at any time.

    >>> p = Position((1 << 25, 1 << 15, 1 << 0, 1 << 24), (), 0, (0, 0, 0, 0), False, False)
    >>> p = p.play(25).play(15).play(0)  # AH led, 4H, 2S ruffs
    >>> p.trick, p.to_act, p.broken
    ((25, 15, 0), 3, True)
    >>> p = p.play(24)  # KH: the trick is complete and North, who ruffed, leads
    >>> p.trick, p.leader, p.won, p.to_act
    ((), 2, (0, 0, 1, 0), 2)
    """

    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    leader: int
    won: tuple[int, int, int, int]
    broken: bool
    spades_any_time: bool

    @property
    def to_act(self) -> int:
        """The seat whose card is next (the leader, between tricks)."""
        return (self.leader + len(self.trick)) & 3

    @property
    def led(self) -> int:
        """The led suit's mask while a trick is in progress, else 0 (``legal_mask``'s)."""
        return SUIT_MASKS[self.trick[0] // 13] if self.trick else 0

    def legal(self) -> int:
        """The cards the seat to act may play."""
        return legal_mask(self.hands[self.to_act], self.led, self.broken, self.spades_any_time)

    def play(self, idx: int) -> Position:
        """The position once the seat to act plays card ``idx``; the caller has checked
        that it is legal (``legal``). The fourth card of a trick hands the trick to its
        winner, who leads the next."""
        actor = (self.leader + len(self.trick)) & 3
        bit = 1 << idx
        if not self.hands[actor] & bit:
            raise ValueError(actor, idx)  # a caller's mistake: the seat does not hold the card
        hands = _replaced(self.hands, actor, self.hands[actor] ^ bit)
        trick = (*self.trick, idx)
        broken = self.broken or idx < 13
        any_time = self.spades_any_time
        if len(trick) < 4:
            return Position(hands, trick, self.leader, self.won, broken, any_time)
        _, taker = trick_winner(trick, self.leader)
        won = _replaced(self.won, taker, self.won[taker] + 1)
        return Position(hands, (), taker, won, broken, any_time)


def _replaced(four: tuple[int, int, int, int], i: int, value: int) -> tuple[int, int, int, int]:
    out = list(four)
    out[i] = value
    return out[0], out[1], out[2], out[3]
