"""The computers' engine room: a card policy, playouts and an exact endgame on bitmasks.

Everything here works on plain ints so that Hard can play thousands of hands per decision:
a holding is a 52-bit mask over ``Card.index`` (spades are indexes 0..12, so a spade beats
any other suit by being below 13), seats are indexes S=0, W=1, N=2, E=3, and a team is
``seat & 1`` (0 = NS, 1 = EW). A bid is an int, ``Bid.code``: 1..13, ``NIL_CODE`` (0) or
``BLIND_NIL_CODE``.

The rules themselves are not here: legality and the trick winner come from
``rules.kernel`` and the arithmetic of a hand's score from ``rules.scoring``, the same
functions ``HandState`` and ``score_team`` use, so the computers cannot drift from the game.

Nothing here knows about other seats' hands by itself: callers hand it holdings, which for
a computer player are deals *sampled* from what its ``SeatView`` shows.

The policy (``choose``) is the Medium player's judgement and the rollout policy of Hard's
playouts: one set of rules, so a better rule helps both.
"""

from __future__ import annotations

from dataclasses import dataclass

from spades_voice.ai.equity import EQUITY_SCALE, race_equity, settled
from spades_voice.rules.kernel import (
    BEATERS,
    NON_SPADES,
    SPADES,
    SUIT_MASKS,
    legal_mask,
    trick_winner,
)
from spades_voice.rules.scoring import contract_counts, hand_points

#: Points a carried bag is reckoned to cost in the future. Ten bags cost 100, but most
#: bags never reach the tenth before the match ends (Hard takes about half a bag a hand),
#: and the tenth itself is scored as it happens. Against ISMCTS in duplicate matches #4-7,
#: 10, 5 and 2 a bag (10 at the start, as a chance of reaching ten in the hands left)
#: had Hard set in 16 of 91, 12 of 84 and 8 of 82 hands, for 48, 50 and 51 points a hand.
BAG_COST = 2
#: Points more that our side's carried bags cost, by how many it carries out of the hand:
#: the price of its next hands at the edge. Against ISMCTS (#58-107, before
#: ``hard.EDGE_BAGS``) it scored 42-50 a hand with 0-7 bags carried, 30.6 with 8, -6.4 with
#: 9. At 2 a bag alone the tenth bag cost 82, and Hard risked sets by one to dodge it; now
#: 46. Ours only: it prices Hard's own play at the edge, not the rules.
EDGE_COST = (0, 0, 0, 0, 0, 0, 0, 0, 12, 36)


def _above(idx: int) -> int:
    return SUIT_MASKS[idx // 13] & ~((2 << idx) - 1)


def _below(idx: int) -> int:
    return SUIT_MASKS[idx // 13] & ((1 << idx) - 1)


#: Cards of the same suit above / below each card index.
ABOVE: tuple[int, ...] = tuple(_above(i) for i in range(52))
BELOW: tuple[int, ...] = tuple(_below(i) for i in range(52))


def beaters(mask: int, win: int) -> int:
    """The cards of ``mask`` that beat ``win``, the card winning the trick so far."""
    return mask & BEATERS[win]


def low(mask: int) -> int:
    """The lowest-ranked card of a non-empty mask: hearts, diamonds, clubs, then spades on
    equal rank. (The suits' ranks are or-ed together: one look finds the lowest rank.)"""
    c1 = mask >> 13 & 0x1FFF
    c2 = mask >> 26 & 0x1FFF
    c3 = mask >> 39
    ranks = (mask & 0x1FFF) | c1 | c2 | c3
    r = (ranks & -ranks).bit_length() - 1
    if c1 >> r & 1:
        return 13 + r
    if c2 >> r & 1:
        return 26 + r
    if c3 >> r & 1:
        return 39 + r
    return r


def high(mask: int) -> int:
    """The highest-ranked card of a non-empty mask: spades, hearts, diamonds, then clubs
    on equal rank."""
    c0 = mask & 0x1FFF
    c1 = mask >> 13 & 0x1FFF
    c2 = mask >> 26 & 0x1FFF
    r = (c0 | c1 | c2 | mask >> 39).bit_length() - 1
    if c0 >> r & 1:
        return r
    if c1 >> r & 1:
        return 13 + r
    if c2 >> r & 1:
        return 26 + r
    return 39 + r


def lowest_index(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


# ---- scoring --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stakes:
    """What a finished hand is worth to one team, given the match situation."""

    team: int  # 0 = NS, 1 = EW
    bags: tuple[int, int]  # carried bags before this hand, by team
    totals: tuple[int, int]  # match totals before this hand, by team
    target: int | None
    partner_rule: bool  # failed_nil_tricks == "partner"
    set_cost: int = 0  # in a match, points more that our contract set costs (hard.SET_COST)

    def utility(self, bids: list[int], won: list[int]) -> float:
        """Our points minus theirs in a single hand; in a match, the chance of winning it
        from the totals the hand leaves (``equity``: a point at 0-0 of a match to 500 is
        worth one), carried bags off each total at ``BAG_COST``, ours plus ``EDGE_COST``,
        and ``set_cost`` off ours when our contract is set."""
        t, o, pr = self.team, 1 - self.team, self.partner_rule
        mine, mbags = hand_points(bids[t], bids[t + 2], won[t], won[t + 2], self.bags[t], pr)
        theirs, obags = hand_points(bids[o], bids[o + 2], won[o], won[o + 2], self.bags[o], pr)
        target = self.target
        if target is None:
            # A single-hand match: carried bags have no future to cost anything in.
            return float(mine - theirs)
        a = self.totals[t] + mine
        b = self.totals[o] + theirs
        done = settled(a, b, target)
        if done is not None:
            return EQUITY_SCALE * done  # decided: bags carry into no future
        # Carried bags are points a side will lose later: off its total, weighed like any
        # point there. (A flat cost beside the equity made a bag dearer than a set far
        # ahead, where points are worth little, and Hard ducked its contracts away.)
        mine_cost = BAG_COST * mbags + EDGE_COST[mbags]
        if self.set_cost:
            need, got, _ = contract_counts(bids[t], bids[t + 2], won[t], won[t + 2], pr)
            mine_cost += self.set_cost if got < need else 0
        return EQUITY_SCALE * race_equity(a - mine_cost, b - BAG_COST * obags, target)


# ---- the policy -----------------------------------------------------------------------


def choose(
    s: int,
    mine: int,
    legal: int,
    others: int,
    trick: list[int],
    win_idx: int,
    win_seat: int,
    won: list[int],
    bids: list[int],
    voids: list[int],
    partner_rule: bool,
    fight: bool = True,
) -> int:
    """The policy's card for seat ``s``.

    ``mine`` is what ``s`` holds, ``legal`` what it may play, ``others`` every card the
    other three still hold (as far as ``s`` can tell: the unseen cards), ``trick`` the
    cards played to this trick, ``voids`` per seat a 4-bit mask of suits shown out of.
    ``fight=False``: once our contract is made, duck rather than fight for a set (Medium,
    when the next bag is the tenth).

    Long because it runs for every card of every playout that has a choice, so it is kept
    flat: moving the follow half into its own function (as ``_lead`` is) was measured at
    about 2% fewer playouts per second (the figure ``bench/bench_rules.py`` prints).
    """
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1  # the only legal card
    p = s ^ 2
    pos = len(trick)
    my_bid = bids[s]
    p_bid = bids[p]
    o1 = (s + 1) & 3
    o2 = (s + 3) & 3
    # A nil still alive at the table.
    nil_opp = -1
    if bids[o1] <= 0 and won[o1] == 0:
        nil_opp = o1
    elif bids[o2] <= 0 and won[o2] == 0:
        nil_opp = o2
    cover = p_bid <= 0 and won[p] == 0 and my_bid > 0

    if my_bid <= 0:
        take = False
    else:
        contract, counted, _ = contract_counts(my_bid, p_bid, won[s], won[p], partner_rule)
        need = contract - counted
        if need > 0:
            take = True
        else:
            # Contract made: go on taking tricks while the opponents' contract is unmade.
            # A set is worth far more than the bags it risks, and real defenders (people,
            # and search bots) fight for it to the end; a policy that expected them to
            # stop once their own contract was made let Hard duck its way into sets.
            ocontract, ocounted, _ = contract_counts(
                bids[o1], bids[o2], won[o1], won[o2], partner_rule
            )
            take = fight and ocontract > ocounted

    if pos == 0:
        return _lead(s, mine, legal, others, take, cover, nil_opp, voids, my_bid <= 0)

    beat = legal & BEATERS[win_idx]
    lose = legal & ~beat

    if my_bid <= 0 or (not take and not cover):
        # Nil, or avoiding bags: stay under, shedding the highest card that loses.
        if nil_opp >= 0 and my_bid > 0 and win_seat == nil_opp and lose:
            return high(lose)
        if lose:
            return high(lose)
        return high(beat) if pos == 3 else low(beat)

    if cover and pos <= 1:
        # Partner's nil plays after us: win high so they can duck.
        if beat:
            sure = _sure(beat, others)
            return low(sure) if sure else high(beat)
        return low(legal)
    if cover and win_seat == p:
        # Partner (nil) is winning: overtake.
        if beat:
            sure = _sure(beat, others)
            return low(sure) if sure else (low(beat) if pos == 3 else high(beat))
        return low(legal)

    if nil_opp >= 0 and win_seat == nil_opp:
        # Leave the trick to the nil bidder.
        return high(lose) if lose else low(beat)

    # Want tricks.
    if win_seat == p:
        safe = pos == 3 or (
            not others & ABOVE[win_idx] and (win_idx < 13 or not voids[o1] >> (win_idx // 13) & 1)
        )
        if not safe:
            sure = _sure(beat, others)
            if sure:
                return low(sure)
        return low(lose) if lose else low(legal)
    if not beat:
        return low(legal)
    if pos == 3:
        return low(beat)
    sure = _sure(beat, others)
    if sure:
        return low(sure)
    if win_idx < 13 or (beat & SPADES and trick[0] >= 13):
        # Ruffing, or over-ruffing: as cheaply as possible.
        return low(beat)
    if pos == 1:
        return low(lose) if lose else low(beat)  # second hand low
    return high(beat)  # third hand high


def _sure(beat: int, others: int) -> int:
    """The cards of ``beat`` that no unseen card of their suit can top."""
    out = 0
    m = beat
    while m:
        b = m & -m
        i = b.bit_length() - 1
        if not others & ABOVE[i]:
            out |= b
        m ^= b
    return out


def _lead(
    s: int,
    mine: int,
    legal: int,
    others: int,
    take: bool,
    cover: bool,
    nil_opp: int,
    voids: list[int],
    i_am_nil: bool,
) -> int:
    if i_am_nil or (not take and not cover):
        # Lead the card most likely to be beaten: fewest unseen cards below it.
        best = -1
        best_key = (99, 99)
        m = legal
        while m:
            b = m & -m
            i = b.bit_length() - 1
            key = ((others & BELOW[i]).bit_count(), i % 13)
            if key < best_key:
                best_key = key
                best = i
            m ^= b
        return best
    if nil_opp >= 0 and not cover:
        # Lead low in a suit the nil bidder still holds (as far as anyone can tell).
        shown = voids[nil_opp]
        for_attack = 0
        for su in (1, 2, 3, 0):
            if not shown >> su & 1:
                for_attack |= legal & SUIT_MASKS[su]
        if for_attack:
            return low(for_attack)
    sure = _sure(legal, others)
    side = sure & NON_SPADES
    if side:
        return high(side)
    if sure & SPADES and others & SPADES:
        return high(sure & SPADES)
    if cover:
        side = legal & NON_SPADES
        return high(side) if side else high(legal)
    # Lead low from the shortest side suit, to come back with a ruff later.
    best = -1
    best_len = 99
    for su in (1, 2, 3):
        chunk = legal & SUIT_MASKS[su]
        if chunk:
            n = chunk.bit_count()
            if n < best_len:
                best_len = n
                best = lowest_index(chunk)
    if best >= 0:
        return best
    return low(legal)


# ---- playouts -------------------------------------------------------------------------


def playout(
    held: list[int],
    trick: list[int],
    leader: int,
    won: list[int],
    broken: bool,
    bids: list[int],
    voids: list[int],
    partner_rule: bool,
    calm: int = -1,
) -> list[int]:
    """Finish a hand with every seat playing the policy; returns tricks per seat.

    The arguments are the position (``held`` one mask per seat, the ``trick`` so far led by
    ``leader``); lists passed in are not changed. The ``calm`` team (0 NS, 1 EW; -1 none)
    ducks once its contract is made, where the policy fights on for a set: Hard, in a match,
    imagines its own side playing as it really does, keeping bags off.

    Long because this is the computers' hot loop, kept flat for speed: each card is placed
    and the trick resolved inline. Moving that into a helper (one more call per card) was
    measured at about 5% fewer playouts per second, the figure ``bench/bench_rules.py``
    prints, and Hard's strength is its playouts per second.
    """
    held = held[:]
    won = won[:]
    voids = voids[:]
    trick = trick[:]
    outstanding = held[0] | held[1] | held[2] | held[3]
    if trick:
        led = SUIT_MASKS[trick[0] // 13]
        win_i, win_seat = trick_winner(trick, leader)
    else:
        led = 0  # no suit led yet: ``legal_mask`` applies the leading rule
        win_i = -1
        win_seat = -1
    actor = (leader + len(trick)) & 3
    while outstanding:
        h = held[actor]
        n = len(trick)
        legal = legal_mask(h, led, broken)
        if legal & (legal - 1) == 0:
            idx = legal.bit_length() - 1  # the only legal card
        else:
            idx = choose(
                actor,
                h,
                legal,
                outstanding ^ h,
                trick,
                win_i,
                win_seat,
                won,
                bids,
                voids,
                partner_rule,
                (actor & 1) != calm,
            )
        bit = 1 << idx
        held[actor] = h ^ bit
        outstanding ^= bit
        if idx < 13:
            broken = True
        if n == 0:
            led = SUIT_MASKS[idx // 13]
            win_i = idx
            win_seat = actor
            leader = actor
        else:
            if not led & bit:
                voids[actor] |= 1 << (trick[0] // 13)
            if BEATERS[win_i] & bit:
                win_i = idx
                win_seat = actor
        trick.append(idx)
        if n == 3:
            won[win_seat] += 1
            actor = win_seat
            trick = []
            led = 0
        else:
            actor = (actor + 1) & 3
    return won


# ---- exact endgame --------------------------------------------------------------------


def solve(
    held: list[int],
    trick: list[int],
    leader: int,
    won: list[int],
    broken: bool,
    bids: list[int],
    stakes: Stakes,
) -> float:
    """The value to ``stakes.team`` of the position with every seat playing perfectly
    (double dummy): the team maximises its utility, the other team minimises it."""
    held = held[:]
    won = won[:]
    trick = trick[:]
    return _solve(held, trick, leader, won, broken, bids, stakes, -1e18, 1e18)


def _solve(
    held: list[int],
    trick: list[int],
    leader: int,
    won: list[int],
    broken: bool,
    bids: list[int],
    stakes: Stakes,
    alpha: float,
    beta: float,
) -> float:
    n = len(trick)
    if n == 4:
        _, w = trick_winner(trick, leader)
        won[w] += 1
        try:
            if not (held[0] | held[1] | held[2] | held[3]):
                return stakes.utility(bids, won)
            return _solve(held, [], w, won, broken, bids, stakes, alpha, beta)
        finally:
            won[w] -= 1
    actor = (leader + n) & 3
    h = held[actor]
    legal = legal_mask(h, SUIT_MASKS[trick[0] // 13] if n else 0, broken)
    maximise = (actor & 1) == stakes.team
    # Equivalent cards (adjacent in a suit once played cards are removed) need one try:
    # playing the 9 or the 10 from 10-9 is the same when no one else holds between them.
    everyone = held[0] | held[1] | held[2] | held[3]
    for c in trick:
        everyone |= 1 << c
    best = -1e18 if maximise else 1e18
    m = legal
    while m:
        b = m & -m
        idx = b.bit_length() - 1
        m ^= b
        # skip idx if the next-higher outstanding card of the suit is also ours and legal
        nxt = everyone & ABOVE[idx]
        if nxt:
            nb = nxt & -nxt
            if legal & nb:
                continue
        held[actor] = h ^ b
        trick.append(idx)
        v = _solve(held, trick, leader, won, broken or idx < 13, bids, stakes, alpha, beta)
        trick.pop()
        held[actor] = h
        if maximise:
            if v > best:
                best = v
            if best > alpha:
                alpha = best
        else:
            if v < best:
                best = v
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    return best
