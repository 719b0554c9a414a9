"""Hints: Hard's choice for the player's seat, with one short reason a player can act on.

A reason only ever names cards the player holds or cards already played, so a hint can
never give away a hidden card. It is a value (``hint_why``: a kind and its facts), worded
by ``narration`` in the player's language.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from spades_voice.ai import counting
from spades_voice.ai.base import Hint
from spades_voice.ai.counting import count_tricks
from spades_voice.ai.fastplay import ABOVE, beaters
from spades_voice.ai.hard import (
    DEFAULT_BUDGET_MS,
    REFERENCE_RATE,
    WorkRate,
    judge_bid,
    judge_card,
    take_while_unmade,
)
from spades_voice.ai.hint_why import HintWhy
from spades_voice.ai.knowledge import Known, bags_once_made, known_of, live_nil
from spades_voice.ai.medium import bid_of_code, legal_of
from spades_voice.rules import CARDS, SUITS, Card, Rank, Reason, SeatView, seed_text
from spades_voice.rules.kernel import SPADES, SUIT_MASKS, trick_winner
from spades_voice.rules.scoring import BAG_LIMIT


def position_of(view: SeatView) -> tuple[int, int]:
    """Where the match stands, as any seat sees it: the hand's number, and how many bids
    and cards it has had."""
    return view.hand_number, len(view.bids) + 4 * len(view.tricks) + len(view.current.cards)


def hint_rng(seed: int | str | None, view: SeatView) -> random.Random:
    """The hint's own generator for the position ``view`` shows: asked again in the same
    position, the hint draws the same deals and so says the same thing."""
    return random.Random(hint_seed(seed, view))


def hint_seed(seed: int | str | None, view: SeatView) -> str:
    """What ``hint_rng`` is seeded with: a worker process given it draws the same."""
    return seed_text(seed, "hint", *position_of(view))


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


def _describe(reasons: tuple[counting.Reason, ...]) -> list[Reason]:
    aces = [r for r in reasons if r.kind == "ace"]
    parts: list[Reason] = []
    if len(aces) == 1:
        parts.append(Reason.of(HintWhy.PART_CARD, card=Card(SUITS[aces[0].suit], Rank.ACE)))
    elif aces:
        parts.append(Reason.of(HintWhy.PART_ACES, count=len(aces)))
    for r in reasons:
        if r.kind in ("king", "queen"):
            rank = Rank.KING if r.kind == "king" else Rank.QUEEN
            parts.append(Reason.of(HintWhy.PART_CARD, card=Card(SUITS[r.suit], rank)))
        elif r.kind == "length":
            parts.append(Reason.of(HintWhy.PART_SPADES, count=r.count))
        elif r.kind == "void":
            parts.append(Reason.of(HintWhy.PART_VOID, suit=SUITS[r.suit]))
        elif r.kind == "singleton":
            parts.append(Reason.of(HintWhy.PART_SINGLE, suit=SUITS[r.suit]))
    return parts[:3]


#: Side-suit ranks a nil calls high: cards that may take a trick.
NIL_HIGH = Rank.QUEEN


def _high_side_cards(hand: int) -> list[Card]:
    """The side-suit cards of ``hand`` at ``NIL_HIGH`` or above, highest first."""
    high = [CARDS[i] for i in range(13, 52) if hand >> i & 1 and CARDS[i].rank >= NIL_HIGH]
    return sorted(high, key=lambda c: -c.rank)


def bid_reason(known: Known, code: int) -> Reason:
    """Why this bid, from the player's own cards."""
    hand = known.hand
    if code <= 0:
        return _nil_reason(hand)
    parts = _describe(count_tricks(hand).reasons)
    if not parts:
        return Reason.of(HintWhy.BID_FEW_WINNERS, bid=code)
    # The goal first (how many tricks to take), then the cards that should take them.
    if code == 1:
        return Reason.of(HintWhy.BID_ONE_TRICK, bid=code, parts=tuple(parts))
    return Reason.of(HintWhy.BID_TRICKS, bid=code, parts=tuple(parts))


def _nil_reason(hand: int) -> Reason:
    """Why nil: how low the spades are, and the two highest side cards that are its danger
    (the cards are called low only when there are none)."""
    spades = hand & SPADES
    high = tuple(Reason.of(HintWhy.PART_CARD, card=c) for c in _high_side_cards(hand)[:2])
    if spades:
        top = CARDS[spades.bit_length() - 1]
        if high:
            return Reason.of(HintWhy.NIL_SHED_HIGH, rank=top.rank, parts=high)
        return Reason.of(HintWhy.NIL_LOW_SPADES, rank=top.rank)
    if high:
        return Reason.of(HintWhy.NIL_NO_SPADES_SHED, parts=high)
    return Reason.of(HintWhy.NIL_NO_SPADES_LOW)


# ---- plays --------------------------------------------------------------------------


def _sure(known: Known, idx: int) -> bool:
    """No one else holds a higher card of ``idx``'s suit."""
    return not known.unseen & ABOVE[idx]


def may_be_trumped(known: Known, idx: int, seats: Iterable[int]) -> bool:
    """One of ``seats`` may trump ``idx``: a side card, and the seat is out of its suit
    (shown out, or no other card of the suit is left unseen) and may still hold a spade."""
    suit = idx // 13
    if suit == 0 or not known.unseen & SPADES:
        return False
    suit_gone = not known.unseen & SUIT_MASKS[suit]
    return any(
        (suit_gone or known.voids[s] >> suit & 1) and not known.voids[s] & 1 and known.counts[s]
        for s in seats
    )


def _opponents_after(known: Known) -> list[int]:
    """The opponents still to play to the trick in progress (all of them on a lead)."""
    me = known.me
    later = [(me + k) & 3 for k in range(1, 4 - len(known.trick))]
    return [s for s in later if (s ^ me) & 1]


def _lowest_of_suit(legal: int, idx: int) -> bool:
    """``idx`` is the lowest card the player may play in its suit."""
    return not legal & SUIT_MASKS[idx // 13] & ((1 << idx) - 1)


def play_reason(known: Known, legal: int, idx: int) -> Reason:
    """Why this card, from what the player can see: the goal first, in the player's terms
    ("cash it", "duck", "stay under"), then the fact that makes it right."""
    c = CARDS[idx]
    me = known.me
    trick = list(known.trick)
    nil_opps = [s for s in ((me + 1) & 3, (me + 3) & 3) if live_nil(known, s)]
    if legal & (legal - 1) == 0:
        if not trick:
            return Reason.of(HintWhy.LEAD_ONLY, card=c)
        return Reason.of(HintWhy.PLAY_ONLY, card=c)
    if not trick:
        return _lead_reason(known, idx, bool(nil_opps))
    return _follow_reason(known, legal, idx, nil_opps)


def _lead_reason(known: Known, idx: int, nil_opp_alive: bool) -> Reason:
    """``play_reason`` for a lead."""
    c = CARDS[idx]
    partner = known.me ^ 2
    if live_nil(known, known.me):
        # Low only where it is: a card others can still go over. A failed nil's lead is
        # any other player's (the reasons below).
        if c.rank <= Rank.NINE and not _sure(known, idx):
            return Reason.of(HintWhy.LEAD_LOW_FOR_NIL, card=c)
        return Reason.of(HintWhy.LEAD_LEAST_FOR_NIL, card=c)
    if _sure(known, idx):
        if may_be_trumped(known, idx, _opponents_after(known)):
            return Reason.of(HintWhy.LEAD_SURE_MAY_BE_TRUMPED, card=c, suit=c.suit)
        return Reason.of(HintWhy.LEAD_CASH, card=c, suit=c.suit)
    if live_nil(known, partner) and c.rank >= Rank.TEN:
        return Reason.of(HintWhy.LEAD_PROTECT_NIL, card=c)
    if nil_opp_alive:
        return Reason.of(HintWhy.LEAD_SET_NIL, card=c)
    if c.rank >= Rank.TEN:
        return Reason.of(HintWhy.LEAD_DRIVE_OUT, card=c, suit=c.suit)
    return Reason.of(HintWhy.LEAD_KEEP_HIGH, card=c)


def _follow_reason(known: Known, legal: int, idx: int, nil_opps: list[int]) -> Reason:
    """``play_reason`` once the trick is led: ``nil_opps`` the opponents whose nil is
    still alive."""
    c = CARDS[idx]
    me = known.me
    partner = me ^ 2
    trick = list(known.trick)
    win_i, win_seat = trick_winner(trick, known.leader)
    winner = CARDS[win_i]
    beats = bool(beaters(1 << idx, win_i))
    last = len(trick) == 3
    led = trick[0]
    if live_nil(known, me):  # a failed nil plays as anyone else: no nil to keep safe
        return _nil_follow_reason(idx, led, winner, beats, last)
    # The nil is at stake only while it is winning the trick or has still to play to it.
    nil_at_stake = win_seat == partner or len(trick) == 1
    if live_nil(known, partner) and beats and nil_at_stake:
        return Reason.of(HintWhy.PLAY_WIN_FOR_NIL, card=c)
    if win_seat in nil_opps and not beats:
        return Reason.of(HintWhy.PLAY_DUCK_NIL, card=c)
    # The rules' own count, so a failed nil's tricks count (or not) as the table says.
    bags = bags_once_made(known)
    if win_seat != partner and not beats and bags is not None and beaters(legal, win_i):
        if bags >= BAG_LIMIT - 1:
            return Reason.of(HintWhy.PLAY_TENTH_BAG, card=c)
        return Reason.of(HintWhy.PLAY_AVOID_BAG, card=c)
    if win_seat == partner and not beats:
        if _lowest_of_suit(legal, idx) and c.rank <= Rank.TEN:
            return Reason.of(HintWhy.PLAY_PARTNER_LOW, card=c)
        return Reason.of(HintWhy.PLAY_PARTNER_LET_GO, card=c)
    if beats:
        return _beating_reason(known, legal, idx, winner, led, last)
    if not beaters(legal, win_i):
        if _lowest_of_suit(legal, idx):
            return Reason.of(HintWhy.PLAY_GIVE_LOWEST, card=c, winner=winner)
        return Reason.of(HintWhy.PLAY_WINS_ANYWAY, card=c, winner=winner)
    if not beaters(legal, win_i) & ~SPADES and led >= 13:
        return Reason.of(HintWhy.PLAY_SAVE_SPADES, card=c)
    return Reason.of(HintWhy.PLAY_STAY_UNDER, card=c, winner=winner)


def _beating_reason(
    known: Known, legal: int, idx: int, winner: Card, led: int, last: bool
) -> Reason:
    """``_follow_reason`` for a card that beats the ``winner`` so far."""
    c = CARDS[idx]
    if idx < 13 and led >= 13:
        return Reason.of(HintWhy.PLAY_TRUMP, card=c, suit=CARDS[led].suit)
    if last:
        if _lowest_of_suit(beaters(legal, winner.index), idx):
            return Reason.of(HintWhy.PLAY_LOWEST_TAKES, card=c, suit=c.suit)
        return Reason.of(HintWhy.PLAY_TAKES, card=c)
    if _sure(known, idx):
        if may_be_trumped(known, idx, _opponents_after(known)):
            return Reason.of(HintWhy.PLAY_SURE_MAY_BE_TRUMPED, card=c, suit=c.suit)
        return Reason.of(HintWhy.PLAY_WIN_SURE, card=c, suit=c.suit)
    return Reason.of(HintWhy.PLAY_BEATS, card=c, winner=winner)


def _nil_follow_reason(idx: int, led: int, winner: Card, beats: bool, last: bool) -> Reason:
    """``_follow_reason`` for a player bidding nil: ``led`` is the card led, ``beats``
    whether this card beats the ``winner`` so far, ``last`` whether it ends the trick."""
    c = CARDS[idx]
    if not beats:
        if idx // 13 != led // 13:
            return Reason.of(HintWhy.NIL_SHED_DANGER, card=c, suit=CARDS[led].suit)
        return Reason.of(HintWhy.NIL_STAYS_UNDER, card=c, winner=winner)
    if last:
        return Reason.of(HintWhy.NIL_COSTS_LEAST, card=c)
    return Reason.of(HintWhy.NIL_ALL_BEAT, card=c, winner=winner)
