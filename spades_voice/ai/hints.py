"""Hints: Hard's choice for the player's seat, with one short reason a player can act on.

A reason only ever names cards the player holds or cards already played, so a hint can
never give away a hidden card. Numbers are digits, cards are named as they are spoken.
"""

from __future__ import annotations

import random

from spades_voice.ai.base import Hint
from spades_voice.ai.counting import Reason, count_tricks
from spades_voice.ai.fastplay import ABOVE, beaters
from spades_voice.ai.hard import (
    DEFAULT_BUDGET_MS,
    REFERENCE_RATE,
    WorkRate,
    judge_bid,
    judge_card,
)
from spades_voice.ai.knowledge import Known, known_of
from spades_voice.ai.medium import bid_of_code, legal_of
from spades_voice.rules import CARDS, SUITS, Rank, SeatView
from spades_voice.rules.kernel import SPADES, trick_winner
from spades_voice.rules.scoring import contract_counts

_NUMBERS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
)


def hint(
    view: SeatView,
    rng: random.Random,
    budget_ms: float = DEFAULT_BUDGET_MS,
    rate: WorkRate = REFERENCE_RATE,
) -> Hint:
    """The suggested decision for ``view.seat`` with a short reason."""
    known = known_of(view)
    if view.legal_bids:
        j = judge_bid(known, rng, budget_ms, rate=rate)
        bid = bid_of_code(j.choice)
        return Hint(bid, bid_reason(known, j.choice))
    idx = judge_card(known, legal_of(view), rng, budget_ms, rate=rate).choice
    return Hint(CARDS[idx], play_reason(known, legal_of(view), idx))


# ---- bids ---------------------------------------------------------------------------


def _join(parts: list[str]) -> str:
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _describe(reasons: tuple[Reason, ...]) -> list[str]:
    aces = [r for r in reasons if r.kind == "ace"]
    parts: list[str] = []
    if len(aces) == 1:
        parts.append(f"the ace of {SUITS[aces[0].suit].spoken}")
    elif aces:
        parts.append(f"{_NUMBERS[len(aces)]} aces")
    for r in reasons:
        if r.kind in ("king", "queen"):
            parts.append(f"the {r.kind} of {SUITS[r.suit].spoken}")
        elif r.kind == "length":
            parts.append(f"{_NUMBERS[r.count]} spades")
        elif r.kind == "void":
            parts.append(f"no {SUITS[r.suit].spoken}")
        elif r.kind == "singleton":
            parts.append(f"a single {SUITS[r.suit].singular}")
    return parts[:3]


def bid_reason(known: Known, code: int) -> str:
    """Why this bid, from the player's own cards."""
    hand = known.hand
    if code <= 0:
        spades = hand & SPADES
        if spades:
            top = CARDS[spades.bit_length() - 1]
            return f"Bid nil: your highest spade is the {top.rank.spoken} and your cards are low."
        return "Bid nil: you hold no spades and your cards are low."
    parts = _describe(count_tricks(hand).reasons)
    if not parts:
        return f"Bid {code}: your hand has few sure winners."
    return f"Bid {code}: {_join(parts)}."


# ---- plays --------------------------------------------------------------------------


def _sure(known: Known, idx: int) -> bool:
    return not known.unseen & ABOVE[idx]


def _gone_above(known: Known, idx: int) -> str | None:
    """'the ace is gone' when the cards above ``idx`` in its suit have all been played
    or are the player's own, naming the top one that was played."""
    above = ABOVE[idx]
    played = above & ~known.hand & ~known.unseen
    if not played:
        return None
    top = CARDS[played.bit_length() - 1]
    rank = top.rank.spoken
    return f"the {rank} is gone" if top.rank >= Rank.JACK else f"the {rank} has been played"


def play_reason(known: Known, legal: int, idx: int) -> str:
    """Why this card, from what the player can see."""
    c = CARDS[idx]
    me = known.me
    partner = me ^ 2
    trick = list(known.trick)
    verb = "Lead" if not trick else "Play"
    head = f"{verb} the {c.spoken}"
    my_bid = known.bids[me]
    p_bid = known.bids[partner]
    nil_opps = [s for s in ((me + 1) & 3, (me + 3) & 3) if known.bids[s] <= 0 and known.won[s] == 0]
    if legal & (legal - 1) == 0:
        return f"{head}: it is your only legal card."
    if not trick:
        if my_bid <= 0:
            return f"{head}: a low lead keeps your nil safe."
        if _sure(known, idx):
            gone = _gone_above(known, idx)
            if gone:
                return f"{head}: {gone}."
            return f"{head}: it is the highest {c.suit.singular} left."
        if p_bid <= 0 and known.won[partner] == 0:
            return f"{head}: a high lead helps protect your partner's nil."
        if nil_opps:
            return f"{head}: make the nil bidder play over it."
        if c.rank >= Rank.TEN:
            return f"{head}: drive out the higher {c.suit.spoken} while you have control."
        return f"{head}: keep your high cards for later."
    win_i, win_seat = trick_winner(trick, known.leader)
    winner_card = CARDS[win_i].spoken
    beats = bool(beaters(1 << idx, win_i))
    if my_bid <= 0:
        if not beats:
            return f"{head}: it stays under the {winner_card} and keeps your nil safe."
        return f"{head}: every card you can play wins, so win with the least harm."
    if p_bid <= 0 and known.won[partner] == 0 and beats:
        return f"{head}: win the trick so your partner's nil is safe."
    if win_seat in nil_opps and not beats:
        return f"{head}: leave the trick to the nil bidder."
    # The rules' own count, so a failed nil's tricks count (or not) as the table says.
    contract, counted, nil_bags = contract_counts(
        my_bid, p_bid, known.won[me], known.won[partner], known.partner_rule
    )
    if (
        win_seat != partner
        and not beats
        and contract
        and counted >= contract
        and beaters(legal, win_i)
    ):
        bags = known.stakes.bags[me & 1] + nil_bags
        if bags + counted - contract >= 9:
            return f"{head}: your contract is made, and a 10th bag costs 100 points."
        return f"{head}: your contract is made, so avoid a bag."
    if win_seat == partner and not beats:
        return f"{head}: your partner is winning this trick."
    if beats:
        if idx < 13 and trick[0] >= 13:
            return f"{head}: you are out of {CARDS[trick[0]].suit.spoken}, so trump it."
        if _sure(known, idx):
            gone = _gone_above(known, idx)
            if gone:
                return f"{head}: {gone}."
            return f"{head}: it wins the trick."
        return f"{head}: it beats the {winner_card} and forces out higher cards."
    if not beaters(legal, win_i):
        return f"{head}: you cannot win this trick, so keep your better cards."
    if not beaters(legal, win_i) & ~SPADES:
        return f"{head}: save your spades for a better trick."
    return f"{head}: hold back your higher cards for a better trick."
