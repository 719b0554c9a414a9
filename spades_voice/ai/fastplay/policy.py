"""The policy: the card a seat plays by rules of thumb, from what it can see.

It is the Medium player's judgement and the rollout policy of Hard's playouts: one set of
rules, so a better rule helps both.
"""

from __future__ import annotations

from spades_voice.ai.fastplay.masks import ABOVE, BELOW, high, low, lowest_index
from spades_voice.rules.kernel import BEATERS, NON_SPADES, SPADES, SUIT_MASKS
from spades_voice.rules.scoring import contract_counts


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
    if nil_opp == o1 and pos <= 2:
        # The nil bidder plays next: stay under the card winning now, so it has to go
        # over it or hold a lower one (going over it would let it duck under ours).
        return low(lose) if lose else low(beat)

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
