"""Manners: among the cards Hard's search cannot tell apart, the one a good partner plays.

Hard values each card by playing sampled deals out; two cards whose values differ by less
than the sampling noise are equal as far as it can tell, and it used to take either. A
person at the table does not see two equal cards: they see a wasted trump. So among the
cards within the noise of the best, Hard plays the one a good human partner would, in the
order players complain of:

1. never beat a partner's winning card (unless the partner is a live nil, who needs it
   beaten), and where that would only take the lead, give up to ``OVERTAKE_SLACK``
   points of the estimate not to (``needless_overtake``);
2. cover a live nil partner still to play: beat the card winning now;
3. lead no spade under an unseen one into a partner's live nil;
4. do the job the best card does (take the trick now, or not), with the lowest card that
   does it, keeping trumps.

A live nil bidder ducks: where the best card could not leave the trick to another and a
card level with it (within the search's own noise, uncapped) could, it plays the one
surest to (``nil_card``, ``duck_risk``).

Past the overtake's slack it only ever picks among cards the values leave level
(``close_cards``): a clearly better line is never overridden.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from spades_voice.ai.fastplay import ABOVE, BELOW
from spades_voice.ai.knowledge import Known, live_nil
from spades_voice.rules.kernel import BEATERS, SPADES, trick_winner

#: How many standard errors of a difference count as "cannot tell apart".
NOISE_Z = 1.5
#: Points under which two values are level whatever the noise says (an exact solve of
#: the same deals gives the same value to cards that are the same in play, give or take).
LEVEL_FLOOR = 0.5
#: Points of expected value Hard gives up not to beat its partner's winning card where
#: that would only take the lead (``needless_overtake``): the lead's worth in its
#: playouts is the difference between two seats' rule-of-thumb leads, and players read
#: the overtake as a wasted card (issue 50: 9.3% of chances, none of Medium's).
OVERTAKE_SLACK = 12.0
#: Points of expected value a live nil bidder gives up to duck rather than take a trick:
#: where its playouts see the nil lost anyway (a high card it must win with later) they
#: rate cashing that card now as good or better, and a person sees their partner throw
#: the nil away (bench: 15 of 588 such cards taken with level values alone).
NIL_DUCK_SLACK = 15.0
#: Points over which a difference is never noise: the coach's own threshold for a
#: decision worth a player's attention (``coach.MIN_COST``). A live nil's ducks are
#: weighed against the noise alone (``nil_card``).
LEVEL_CAP = 4.0
#: ``duck_risk`` of a card that cannot leave the trick to another seat.
NO_DUCK = 99


def close_cards(
    cards: Sequence[int],
    rows: Sequence[Sequence[float]],
    best: int,
    cap: float = LEVEL_CAP,
    slack: float = 0.0,
    distinct: int | None = None,
) -> list[int]:
    """The cards of ``cards`` (indexes, in the order of each row: ``rows`` has one row of
    values per deal drawn) whose value is level with the card at position ``best``: at
    most ``NOISE_Z`` standard errors of the mean difference under it, and always within
    ``LEVEL_FLOOR`` points, never past ``cap``; ``slack`` points more on top.

    A deal drawn again repeats its row (``hard._Repeats``): the standard error counts the
    ``distinct`` deals among the rows (all of them if not given), the independent ones
    (counting every draw made a sample of 44 deals in 81 rows look a third surer than it
    was)."""
    n = len(rows)
    if n < 2:
        return [cards[best]]
    # One deal drawn again and again (late in a hand, the only one possible) has rows
    # that do not vary: its values are exact, level within ``LEVEL_FLOOR``.
    independent = n if distinct is None else max(2, min(n, distinct))
    columns = list(zip(*rows, strict=True))
    top = columns[best]
    out: list[int] = []
    for c, column in zip(cards, columns, strict=True):
        diffs = [a - b for a, b in zip(top, column, strict=True)]
        gap = sum(diffs) / n
        var = max(0.0, sum(d * d for d in diffs) / n - gap * gap)
        margin = min(cap, max(LEVEL_FLOOR, NOISE_Z * math.sqrt(var / (independent - 1))))
        if gap <= margin + slack:
            out.append(c)
    return out


def _values(cards: Sequence[int], rows: Sequence[Sequence[float]]) -> dict[int, float]:
    """Each card's average over the deals."""
    n = max(1, len(rows))
    if not rows:
        return dict.fromkeys(cards, 0.0)
    return {c: sum(column) / n for c, column in zip(cards, zip(*rows, strict=True), strict=True)}


def _partner_to_play(known: Known) -> bool:
    """Our partner has still to play to the trick in progress."""
    return len(known.trick) < 2


def manners_key(known: Known, c: int, job: bool) -> tuple[int, ...]:
    """How a good partner ranks card ``c`` (lower first), given whether the best card
    takes the trick from the card winning now (``job``)."""
    partner = known.me ^ 2
    nil_partner = live_nil(known, partner) and _partner_to_play(known)
    trick = known.trick
    if not trick:
        spade_under = c < 13 and bool(known.unseen & SPADES & ~((2 << c) - 1))
        return (int(nil_partner and spade_under),)
    win_i, win_seat = trick_winner(list(trick), known.leader)
    beats = bool(BEATERS[win_i] >> c & 1)
    overtakes = beats and win_seat == partner and not live_nil(known, partner)
    return (int(overtakes), int(nil_partner and not beats), int(beats != job), int(c < 13), c % 13)


def needless_overtake(known: Known, c: int) -> bool:
    """Card ``c`` would beat our partner's card where that only spends a card and takes
    the lead: 4th to play with the partner winning, or 3rd on the partner's lead of the
    highest card of its suit still out that the 4th seat has not shown out of; the partner
    no live nil (that needs covering) and no opponent's nil alive (taking the lead to
    attack it is a reason)."""
    trick = known.trick
    me = known.me
    partner = me ^ 2
    if len(trick) < 2 or live_nil(known, partner):
        return False
    if live_nil(known, me ^ 1) or live_nil(known, me ^ 3):
        return False
    win_i, win_seat = trick_winner(list(trick), known.leader)
    if win_seat != partner or not BEATERS[win_i] >> c & 1:
        return False
    if len(trick) == 3:
        return True
    led = trick[0]
    fourth = (me + 1) & 3
    return (
        win_i == led
        and not known.unseen & ABOVE[led]
        and not known.voids[fourth] >> (led // 13) & 1
    )


def mannerly(
    known: Known,
    cards: Sequence[int],
    rows: Sequence[Sequence[float]],
    distinct: int | None = None,
) -> int:
    """Of ``cards`` (each row gives their values on one deal, in this order; ``distinct``
    deals among them), the card a good partner plays among those level with the best,
    where a needless overtake of the partner's card is reckoned ``OVERTAKE_SLACK`` points
    dearer."""
    dear = [k for k, c in enumerate(cards) if needless_overtake(known, c)]
    if dear and len(dear) < len(cards):
        rows = [_dearer(row, dear) for row in rows]
    values = _values(cards, rows)
    best = max(range(len(cards)), key=lambda k: (values[cards[k]], -cards[k]))
    close = close_cards(cards, rows, best, distinct=distinct)
    if len(close) == 1:
        return close[0]
    job = _beats_now(known, cards[best])
    return min(close, key=lambda c: (manners_key(known, c, job), c != cards[best], c))


def _dearer(row: Sequence[float], dear: Sequence[int]) -> list[float]:
    out = list(row)
    for k in dear:
        out[k] -= OVERTAKE_SLACK
    return out


def _beats_now(known: Known, c: int) -> bool:
    if not known.trick:
        return False
    win_i, _ = trick_winner(list(known.trick), known.leader)
    return bool(BEATERS[win_i] >> c & 1)


def duck_risk(known: Known, c: int) -> int:
    """How surely a live nil's card ``c`` leaves the trick to another seat, surest (lowest)
    first: 0 under the card winning now; led, or over that card with a later player to
    come in its suit, the unseen cards of its suit under it (each one a later player could
    go under it with; one more when following, where a card under the winner is surer);
    ``NO_DUCK`` where it takes the trick unless trumped (no unseen card of its suit tops
    it, or it trumps a side suit, or it plays last), or where it would leave the trick to
    our partner's live nil."""
    trick = known.trick
    follow = 0
    if trick:
        win_i, win_seat = trick_winner(list(trick), known.leader)
        if not BEATERS[win_i] >> c & 1:
            partner = known.me ^ 2
            return NO_DUCK if win_seat == partner and live_nil(known, partner) else 0
        if len(trick) == 3 or c // 13 != trick[0] // 13:
            return NO_DUCK
        follow = 1
    if not known.unseen & ABOVE[c]:
        return NO_DUCK
    return follow + (known.unseen & BELOW[c]).bit_count()


def nil_card(
    known: Known,
    cards: Sequence[int],
    rows: Sequence[Sequence[float]],
    slack: float,
    distinct: int | None = None,
) -> int:
    """A live nil bidder's card. Of the cards that can duck (``duck_risk``) at most
    ``NIL_DUCK_SLACK`` points under the best past the search's noise, however wide, the
    nil plays one of the surest: the best of those. Then, among those as sure
    within ``slack`` points of that one (or, if none could duck, any card within ``slack``
    of the best), the highest, keeping the low ones to duck with later (the playouts rarely
    see that far ahead); but 2nd or 3rd to play with no card under the one winning now,
    the lowest.

    Early in a hand a nil's values are mostly noise (trick 1: some 40 deals for 11 cards,
    values 30-60 points apart from one seed to the next) and its playouts see the nil
    lost more often than the table does (``hard.best_bid``); the card surest to duck is a
    fact of the cards."""
    values = _values(cards, rows)
    best_k = max(range(len(cards)), key=lambda k: (values[cards[k]], -cards[k]))
    best = cards[best_k]
    pool = list(cards)
    risk = {c: duck_risk(known, c) for c in cards}
    near_best = close_cards(
        cards, rows, best_k, cap=math.inf, slack=NIL_DUCK_SLACK, distinct=distinct
    )
    ducks = [c for c in near_best if risk[c] < NO_DUCK]
    if ducks:
        surest = min(risk[c] for c in ducks)
        best = max((c for c in ducks if risk[c] == surest), key=lambda c: (values[c], -c))
        pool = [c for c in cards if risk[c] == surest]
    near = [c for c in pool if values[c] >= values[best] - slack]
    if 0 < len(known.trick) < 3 and not any(risk[c] == 0 for c in near):
        # Each goes over the card winning now: the lowest leaves the most room for a
        # later player to go over it in turn.
        return min(near, key=lambda c: (c % 13, c))
    return max(near, key=lambda c: (c % 13, -c))
