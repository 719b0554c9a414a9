"""The play rules on plain ints: which cards may be played and which card wins a trick.

One module that ``HandState``, the computers' playouts and their exact endgame solver all
call, so a rule is written once. A holding is a 52-bit mask over ``Card.index``: suit × 13 +
rank, with spades as indexes 0..12, so a spade beats any other suit by being below 13.
Seats are indexes S=0, W=1, N=2, E=3 (clockwise), and a team is ``seat & 1``.

>>> trick_winner([13 + 12, 13 + 2, 0, 13 + 11], leader=1)  # AH led, 3H, 2S ruffs, KH
(0, 3)
>>> legal_mask(SPADES | 1 << 13, 0, broken=False) == 1 << 13  # spades not broken
True
"""

from __future__ import annotations

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


def legal_mask(held: int, led: int, broken: bool) -> int:
    """The cards of ``held`` that may be played: follow the led suit if able (``led`` is its
    mask, 0 when leading); lead a spade only once spades are broken or only spades are left.
    """
    if led:
        return (held & led) or held
    if not broken and held & NON_SPADES:
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
