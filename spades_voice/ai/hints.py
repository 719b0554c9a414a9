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
    take_while_unmade,
)
from spades_voice.ai.knowledge import Known, bags_once_made, known_of, live_nil
from spades_voice.ai.medium import bid_of_code, legal_of
from spades_voice.rules import CARDS, SUITS, Rank, SeatView, rng_for
from spades_voice.rules.kernel import SPADES, SUIT_MASKS, trick_winner
from spades_voice.rules.scoring import BAG_LIMIT

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


def position_of(view: SeatView) -> tuple[int, int]:
    """Where the match stands, as any seat sees it: the hand's number, and how many bids
    and cards it has had."""
    return view.hand_number, len(view.bids) + 4 * len(view.tricks) + len(view.current.cards)


def hint_rng(seed: int | str | None, view: SeatView) -> random.Random:
    """The hint's own generator for the position ``view`` shows: asked again in the same
    position, the hint draws the same deals and so says the same thing."""
    return rng_for(seed, "hint", *position_of(view))


def hint(
    view: SeatView,
    rng: random.Random,
    budget_ms: float = DEFAULT_BUDGET_MS,
    rate: WorkRate = REFERENCE_RATE,
) -> Hint:
    """The suggested decision for ``view.seat`` with a short reason.

    The work is sized by counts at ``rate`` with no clock cut-off, so the same ``rng``
    (``hint_rng``) gives the same hint on a busy machine as on an idle one.
    """
    known = known_of(view)
    if view.legal_bids:
        j = judge_bid(known, rng, budget_ms, False, rate)
        bid = bid_of_code(j.choice)
        return Hint(bid, bid_reason(known, j.choice))
    legal = legal_of(view)
    allowed = take_while_unmade(known, legal)
    idx = judge_card(known, allowed, rng, budget_ms, False, rate).choice
    return Hint(CARDS[idx], play_reason(known, legal, idx))


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
    # The goal first (how many tricks to take), then the cards that should take them.
    tricks = "1 trick" if code == 1 else f"{code} tricks"
    return f"Bid {code}: about {tricks} from {_join(parts)}."


# ---- plays --------------------------------------------------------------------------


def _sure(known: Known, idx: int) -> bool:
    return not known.unseen & ABOVE[idx]


def _suit_word(idx: int, plural: bool = False) -> str:
    suit = CARDS[idx].suit
    return suit.spoken if plural else suit.singular


def _lowest_of_suit(legal: int, idx: int) -> bool:
    """``idx`` is the lowest card the player may play in its suit."""
    return not legal & SUIT_MASKS[idx // 13] & ((1 << idx) - 1)


def play_reason(known: Known, legal: int, idx: int) -> str:
    """Why this card, from what the player can see: the goal first, in the player's terms
    ("cash it", "duck", "stay under"), then the fact that makes it right."""
    c = CARDS[idx]
    me = known.me
    trick = list(known.trick)
    verb = "Lead" if not trick else "Play"
    head = f"{verb} the {c.spoken}"
    nil_opps = [s for s in ((me + 1) & 3, (me + 3) & 3) if live_nil(known, s)]
    if legal & (legal - 1) == 0:
        return f"{head}: it is your only legal card."
    if not trick:
        return _lead_reason(known, idx, head, bool(nil_opps))
    return _follow_reason(known, legal, idx, head, nil_opps)


def _lead_reason(known: Known, idx: int, head: str, nil_opp_alive: bool) -> str:
    """``play_reason`` for a lead: ``head`` is "Lead the ..."."""
    c = CARDS[idx]
    partner = known.me ^ 2
    if known.bids[known.me] <= 0:
        return f"{head}: a low lead keeps your nil safe."
    if _sure(known, idx):
        return f"{head}: cash it, no one else holds a higher {c.suit.singular}."
    if live_nil(known, partner):
        return f"{head}: a high lead helps protect your partner's nil."
    if nil_opp_alive:
        return f"{head}: try to make the nil bidder win a trick."
    if c.rank >= Rank.TEN:
        return f"{head}: drive out the higher {c.suit.spoken} while you have control."
    return f"{head}: keep your high cards for later."


def _follow_reason(known: Known, legal: int, idx: int, head: str, nil_opps: list[int]) -> str:
    """``play_reason`` once the trick is led: ``head`` is "Play the ...", ``nil_opps`` the
    opponents whose nil is still alive."""
    c = CARDS[idx]
    me = known.me
    partner = me ^ 2
    trick = list(known.trick)
    my_bid = known.bids[me]
    win_i, win_seat = trick_winner(trick, known.leader)
    winner_card = CARDS[win_i].spoken
    beats = bool(beaters(1 << idx, win_i))
    last = len(trick) == 3
    led = trick[0]
    if my_bid <= 0:
        return _nil_follow_reason(idx, head, led, winner_card, beats, last)
    if live_nil(known, partner) and beats:
        return f"{head}: win the trick so your partner's nil is safe."
    if win_seat in nil_opps and not beats:
        return f"{head}: duck, the nil bidder is winning this trick."
    # The rules' own count, so a failed nil's tricks count (or not) as the table says.
    bags = bags_once_made(known)
    if win_seat != partner and not beats and bags is not None and beaters(legal, win_i):
        if bags >= BAG_LIMIT - 1:
            return f"{head}: your contract is made, and a 10th bag costs 100 points."
        return f"{head}: your contract is made, so avoid a bag."
    if win_seat == partner and not beats:
        if _lowest_of_suit(legal, idx):
            return f"{head}: your partner is winning this trick, so play low."
        return f"{head}: your partner is winning this trick, a safe time to let it go."
    if beats:
        if idx < 13 and led >= 13:
            return f"{head}: you are out of {CARDS[led].suit.spoken}, so trump it."
        if last:
            if _lowest_of_suit(beaters(legal, win_i), idx):
                return f"{head}: the lowest {c.suit.singular} that takes the trick."
            return f"{head}: it takes the trick."
        if _sure(known, idx):
            return f"{head}: win it, no one else holds a higher {c.suit.singular}."
        return f"{head}: it beats the {winner_card}, so later players must go higher."
    if not beaters(legal, win_i):
        if _lowest_of_suit(legal, idx):
            return f"{head}: you cannot beat the {winner_card}, so give your lowest."
        return f"{head}: the {winner_card} wins anyway; you need this card least."
    if not beaters(legal, win_i) & ~SPADES and led >= 13:
        return f"{head}: save your spades for a better trick."
    return f"{head}: stay under the {winner_card}; keep higher cards for later."


def _nil_follow_reason(
    idx: int, head: str, led: int, winner_card: str, beats: bool, last: bool
) -> str:
    """``_follow_reason`` for a player bidding nil: ``led`` is the card led, ``beats``
    whether this card beats the ``winner_card`` so far, ``last`` whether it ends the trick."""
    if not beats:
        if idx // 13 != led // 13:
            return (
                f"{head}: no {_suit_word(led, plural=True)}, so it cannot win: "
                "shed a dangerous card now."
            )
        return f"{head}: it stays under the {winner_card}, so your nil stays safe."
    if last:
        return f"{head}: every card you have takes this trick; this one costs least."
    return f"{head}: all your cards beat the {winner_card}; later players may go higher."
