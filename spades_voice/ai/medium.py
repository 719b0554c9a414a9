"""Medium: counts sure winners to bid, and plays by the rules of thumb in ``fastplay.choose``.

Second hand low, third hand high, win as cheaply as possible, fight for a set once the
contract is made (and duck once both sides' contracts are made, or the next bag is the
tenth), cover a partner's nil, attack an opponent's nil; played cards and shown voids are
tracked through the unseen-card mask.
"""

from __future__ import annotations

import random

from spades_voice.ai.counting import medium_bid
from spades_voice.ai.fastplay import choose
from spades_voice.ai.knowledge import NO_BID, Known, bags_once_made, known_of
from spades_voice.rules import BID_CHOICES, Bid, Card, Move, SeatView
from spades_voice.rules.kernel import trick_winner
from spades_voice.rules.scoring import BAG_LIMIT


def bid_of_code(code: int) -> Bid:
    return BID_CHOICES[max(0, code)]


def legal_of(view: SeatView) -> int:
    m = 0
    for c in view.legal_cards:
        m |= 1 << c.index
    return m


def policy_card(known: Known, legal: int) -> int:
    """The policy's card for the seat of ``known`` (see ``fastplay.choose``)."""
    trick = list(known.trick)
    if trick:
        win_i, win_seat = trick_winner(trick, known.leader)
    else:
        win_i, win_seat = -1, -1
    return choose(
        known.me,
        known.hand,
        legal,
        known.unseen,
        trick,
        win_i,
        win_seat,
        list(known.won),
        list(known.bids),
        list(known.voids),
        known.partner_rule,
        fight=not _tenth_bag_next(known),
    )


def _tenth_bag_next(known: Known) -> bool:
    """Our contract is made and one more trick would be the bag that costs 100."""
    bags = bags_once_made(known)
    return bags is not None and bags >= BAG_LIMIT - 1


class MediumPlayer:
    """Sensible club player: plans nothing, but keeps track and follows good habits."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def decide(self, view: SeatView) -> Move:
        known = known_of(view)
        if view.legal_bids:
            partner = known.bids[known.me ^ 2]
            return bid_of_code(medium_bid(known.hand, None if partner == NO_BID else partner))
        return Card.from_index(policy_card(known, legal_of(view)))
