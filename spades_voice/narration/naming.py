"""Card, suit, rank, bid and seat names in the current language.

A name with its article is its own sentence piece in the catalog ("the queen of {suit}"),
because the article agrees with the rank in Spanish ("la reina de corazones", "el as de
picas", "el 10 de tréboles"); code never glues an article to a name. ``the_card`` is for
sentences that say "the" before a card; ``card_name`` for lists and the brief lines.

>>> from spades_voice.rules import Card
>>> card_name(Card.from_code("QH")), the_card(Card.from_code("TS"))
('queen of hearts', 'the 10 of spades')
"""

from __future__ import annotations

from spades_voice.narration.language import N_, _
from spades_voice.rules import Bid, Card, Rank, Seat, Suit

#: Names as catalog templates; each says one thing, so no context is needed.
SUIT_NAMES = {
    Suit.SPADES: N_("spades"),
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.CLUBS: N_("clubs"),
}
HONOUR_NAMES = {
    Rank.ACE: N_("ace"), Rank.KING: N_("king"), Rank.QUEEN: N_("queen"), Rank.JACK: N_("jack")
}
SEAT_NAMES = {Seat.S: N_("South"), Seat.W: N_("West"), Seat.N: N_("North"), Seat.E: N_("East")}
NIL, BLIND_NIL = N_("nil"), N_("blind nil")


def suit_name(suit: Suit) -> str:
    """The suit's name as a player says it: "hearts" ("corazones")."""
    return _(SUIT_NAMES[suit])


def rank_name(rank: Rank) -> str:
    """ "ace", "queen", "10" (a card following the lead, named by its rank alone)."""
    return _(HONOUR_NAMES[rank]) if rank in HONOUR_NAMES else str(rank.value)


#: Each honour's forms as catalog templates: the card bare, the card with its article, the
#: rank with its article. The article is part of each template, so it agrees in every
#: language; every other rank takes the ``{rank}`` forms.
_HONOURS = {
    Rank.ACE: (N_("ace of {suit}"), N_("the ace of {suit}"), N_("the ace")),
    Rank.KING: (N_("king of {suit}"), N_("the king of {suit}"), N_("the king")),
    Rank.QUEEN: (N_("queen of {suit}"), N_("the queen of {suit}"), N_("the queen")),
    Rank.JACK: (N_("jack of {suit}"), N_("the jack of {suit}"), N_("the jack")),
}
_PIPS = (N_("{rank} of {suit}"), N_("the {rank} of {suit}"), N_("the {rank}"))
BARE, WITH_ARTICLE, RANK_WITH_ARTICLE = range(3)


def _form(rank: Rank, which: int) -> str:
    return _(_HONOURS.get(rank, _PIPS)[which])


def the_rank(rank: Rank) -> str:
    """A rank with its article: "the ace" ("el as"), "the queen" ("la reina")."""
    return _form(rank, RANK_WITH_ARTICLE).format(rank=rank.value)


def card_name(card: Card) -> str:
    """ "queen of hearts" ("reina de corazones"), "10 of spades"."""
    return _form(card.rank, BARE).format(rank=card.rank.value, suit=suit_name(card.suit))


def the_card(card: Card) -> str:
    """ "the queen of hearts" ("la reina de corazones"), "the 10 of spades" ("el 10 de
    picas")."""
    return _form(card.rank, WITH_ARTICLE).format(rank=card.rank.value, suit=suit_name(card.suit))


def bid_name(bid: Bid) -> str:
    """ "nil", "blind nil" ("nulo", "nulo a ciegas"), "4"."""
    if bid.blind:
        return _(BLIND_NIL)
    return _(NIL) if bid.tricks == 0 else str(bid.tricks)


def seat_name(seat: Seat) -> str:
    """ "South" ("Sur")."""
    return _(SEAT_NAMES[seat])
