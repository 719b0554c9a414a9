"""Hard: imagines the hidden hands many times over and plays what scores best across them.

For a card: draw deals consistent with the view (``sampling``), then for each legal card
finish every deal with the policy (``fastplay.playout``) or, once few cards remain, solve it
exactly (``fastplay.solve``); score each finish by the real hand score with bags, nils and
the match situation (``Stakes.utility``) and keep the card with the best average. Every card
is judged on the same deals, so luck in the draw cancels out between them.

For a bid: draw full deals, guess the later bidders' bids, play each candidate bid out and
keep the one with the best expected score, nil included.

The amount of work is fixed by the budget and this machine's ``WorkRate`` (measured once
by ``ai.calibrate`` and stored with the settings), never by the clock, so a seed and a
calibration always give the same decision; the clock is only a safety net.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

from spades_voice.ai.counting import count_tricks, medium_bid, nil_danger
from spades_voice.ai.fastplay import ABOVE, BELOW, Stakes, playout, solve
from spades_voice.ai.knowledge import NO_BID, Known, bags_once_made, known_of, live_nil
from spades_voice.ai.manners import mannerly, nil_card
from spades_voice.ai.medium import bid_of_code, legal_of
from spades_voice.ai.sampling import sample_deals
from spades_voice.rules import Card, Move, SeatView
from spades_voice.rules.bids import NIL_CODE
from spades_voice.rules.kernel import BEATERS, SUIT_MASKS, Position, trick_winner

DEFAULT_BUDGET_MS = 250.0
#: Drawing and weighing one deal costs about as much as this many card-plays.
SAMPLE_COST = 15
#: Solve exactly when this many cards or fewer are left to play in the whole hand.
EXACT_CARDS = 12
MIN_DEALS = 12
#: A cap that only a very fast machine reaches; past it more deals change little.
MAX_DEALS = 2000
#: The share of the budget the sized work fills: the rest is headroom for a busy machine,
#: so that the safety net rarely has to act.
FILL_SHARE = 0.7


@dataclass(frozen=True, slots=True)
class WorkRate:
    """How fast this machine does Hard's work: card-plays of policy playouts per ms (with
    the sampling and scoring around them), and exact solves of a 12-card ending per ms.

    Measured once per machine by ``ai.calibrate.measure``; the defaults are the slow
    2-core machine Hard was first tuned on, for when no measurement is stored.
    """

    plays_per_ms: float = 150.0
    solves_per_ms: float = 1.2

    def __post_init__(self) -> None:
        if not (self.plays_per_ms > 0 and self.solves_per_ms > 0):
            raise ValueError("Work rates must be positive.")


REFERENCE_RATE = WorkRate()
# The figures behind the next three constants are in docs/hard.md.
#: Points of expected value a covering partner (its partner bid nil) gives up to bid one
#: under the best: it spends its tricks keeping the nil alive more than its playouts see.
COVER_SLACK = 12.0
#: Bags carried from which Hard bids no more than its count (the bag edge): there its
#: playouts foresee the tenth bag far more often than the table gives it.
EDGE_BAGS = 8
#: Points more that a set of its own contract costs in Hard's card play in a match
#: (``card_stakes``): its playouts are surer of its side's later tricks than the table is.
SET_COST = 40
#: Points of expected value a nil bidder gives up to shed a higher card.
NIL_SHED_SLACK = 1.0
#: The safety net stops work at this share of the budget.
CUTOFF_SHARE = 0.9

#: A clock for the safety net: ``time.perf_counter`` unless a test gives its own.
Clock = Callable[[], float]


@dataclass(frozen=True, slots=True)
class Judgement:
    """Hard's verdict: the decision and the average value of each option it weighed."""

    choice: int  # card index, or bid code while bidding
    values: dict[int, float]
    deals: int


def equivalent_classes(known: Known, legal: int) -> list[int]:
    """One card for each group of cards that are the same in play.

    Two of our cards in one suit with no card still to be reckoned with between them (one
    unseen, or one lying in the trick being played) win and lose the same tricks; the lowest
    speaks for the group. The queen on the table splits our king and jack: the king beats
    it and the jack does not.
    """
    live = known.unseen
    for c in known.trick:
        live |= 1 << c
    reps: list[int] = []
    m = legal
    while m:
        b = m & -m
        i = b.bit_length() - 1
        m ^= b
        lower = known.hand & BELOW[i]
        if lower:
            top_lower = lower.bit_length() - 1
            between = ABOVE[top_lower] & BELOW[i] & live
            if not between and legal >> top_lower & 1:
                continue
        reps.append(i)
    return reps


def _all_follow_and_lose(known: Known, legal: int) -> bool:
    """Every card we may play follows the led suit and loses to the card winning now."""
    if not known.trick:
        return False
    if legal & ~SUIT_MASKS[known.trick[0] // 13]:
        return False
    win_i, _ = trick_winner(list(known.trick), known.leader)
    return not legal & BEATERS[win_i]


def take_while_unmade(known: Known, legal: int) -> int:
    """The cards Hard weighs: all of ``legal``, except when it plays last to a trick an
    opponent is winning while its side's contract is unmade, where only the cards that
    take the trick.

    Make the bid first, then mind the bags: Hard ducked such tricks to keep bags off,
    counting on taking its tricks later, and its playouts were too sure of that (in matches
    against ISMCTS its side took 0.6 tricks fewer than the chosen card's playouts foresaw,
    where in single hands, with no bags to duck, it took 0.2 more). A live nil winning the
    trick is left to win it; a partner winning it needs no help.
    """
    trick = known.trick
    me = known.me
    if len(trick) != 3 or known.bids[me] <= 0:
        return legal
    if bags_once_made(known) is not None:
        return legal  # our contract is made
    win_i, win_seat = trick_winner(list(trick), known.leader)
    if (win_seat ^ me) & 1 == 0 or live_nil(known, win_seat):
        return legal
    return legal & BEATERS[win_i] or legal


def calm_team(stakes: Stakes) -> int:
    """The team whose imagined play ducks once its contract is made (``playout``'s
    ``calm``): Hard's own side in a match, none in a single hand.

    In a match Hard keeps bags off once its bid is made, but its imagined finishes had its
    side fight on for tricks as the defenders do: they foresaw 0.5 to 0.7 tricks more than
    its side then took, in bags it was counting on. Against ISMCTS this alone gave fewer
    bags (0.71 against 0.81 a hand in matches #8-30) and sets much as before; with the
    bids read by how each seat plays (``knowledge.leans_of``) it is needed: that reading
    without it left Hard set more, not less.
    """
    return stakes.team if stakes.target is not None else -1


def card_stakes(stakes: Stakes) -> Stakes:
    """The stakes Hard's card play weighs its finishes by: in a match, a set of its own
    contract ``SET_COST`` points dearer (its bids and single hands keep the score alone)."""
    return stakes if stakes.target is None else replace(stakes, set_cost=SET_COST)


def card_work_ms(left: int, options: int, rate: WorkRate) -> float:
    """What one deal costs a card decision, in ms at ``rate``: a draw, then a playout or
    an exact solve of each option."""
    sample_ms = SAMPLE_COST / rate.plays_per_ms
    if left <= EXACT_CARDS:
        return options * (left / 12.0) ** 3 / rate.solves_per_ms + sample_ms
    return (options * left + SAMPLE_COST) / rate.plays_per_ms


def bid_work_ms(options: int, rate: WorkRate) -> float:
    """What one deal costs a bid decision, in ms at ``rate``: a whole hand per option."""
    return (52 * options + SAMPLE_COST) / rate.plays_per_ms


def deals_for(budget_ms: float, per_deal_ms: float) -> int:
    """How many deals fill ``FILL_SHARE`` of the budget."""
    n = int(FILL_SHARE * budget_ms / per_deal_ms)
    return max(MIN_DEALS, min(MAX_DEALS, n))


#: Deals are drawn this many at a time, so the safety net can stop between draws too.
DRAW_CHUNK = 32


#: At most this many draws per distinct deal judged: late in a hand few deals are possible.
MAX_DRAWS_PER_DEAL = 3


def _deals(known: Known, rng: random.Random, n: int) -> Iterator[list[int]]:
    """Sampled deals, drawn as they are needed (drawing them all before judging, 2,000 on
    a fast machine, was a stretch the safety net could not cut short), up to
    ``MAX_DRAWS_PER_DEAL * n`` of them; the judge stops once it has judged ``n`` distinct
    deals (see ``_Repeats``)."""
    limit = MAX_DRAWS_PER_DEAL * n
    while limit > 0:
        k = min(DRAW_CHUNK, limit)
        yield from sample_deals(known, rng, k)
        limit -= k


class _Repeats:
    """The values already worked out for each deal drawn.

    Deals are drawn in proportion to how well they fit the bids, with replacement, so the
    same deal comes up again (a quarter of the draws, measured mid-hand). Playing it out
    again would give the same values (the playouts and the solver have no chance in
    them), so a repeat takes the values already found and counts again in the average,
    and the work goes into judging another distinct deal instead.
    """

    __slots__ = ("rows",)

    def __init__(self) -> None:
        self.rows: dict[tuple[int, ...], list[float]] = {}

    def get(self, held: list[int]) -> list[float] | None:
        return self.rows.get(tuple(held))

    def put(self, held: list[int], row: list[float]) -> None:
        self.rows[tuple(held)] = row

    @property
    def distinct(self) -> int:
        return len(self.rows)

    def exhausted(self, draws: int) -> bool:
        """Repeats outnumber new deals two to one: late in a hand, when few deals are
        possible, drawing on would only cost time (a draw is not free)."""
        return draws > 2 * len(self.rows) + DRAW_CHUNK


def judge_card(
    known: Known,
    legal: int,
    rng: random.Random,
    budget_ms: float = DEFAULT_BUDGET_MS,
    safety_net: bool = True,
    rate: WorkRate = REFERENCE_RATE,
    clock: Clock = time.perf_counter,
) -> Judgement:
    """Hard's card and the value it gave each candidate; ``clock`` is what the safety net
    reads."""
    start = clock()
    reps = equivalent_classes(known, legal)
    if len(reps) == 1:
        return Judgement(reps[0], {reps[0]: 0.0}, 0)
    left = known.hand.bit_count() + known.unseen.bit_count()
    exact = left <= EXACT_CARDS
    n = deals_for(budget_ms, card_work_ms(left, len(reps), rate))
    deals = _deals(known, rng, n)
    bids = list(known.bids)
    stakes = card_stakes(known.stakes)
    calm = calm_team(stakes)
    totals = dict.fromkeys(reps, 0.0)
    trick = tuple(known.trick)
    won = (known.won[0], known.won[1], known.won[2], known.won[3])
    cutoff = start + CUTOFF_SHARE * budget_ms / 1000.0 if safety_net else float("inf")
    done = 0
    repeats = _Repeats()
    rows: list[list[float]] = []  # one per deal drawn, repeats too: the noise between cards
    for held in deals:
        row = repeats.get(held)
        repeat = row is not None
        if row is None:
            if repeats.distinct == n:
                break
            row = []
            dealt = (held[0], held[1], held[2], held[3])
            now = Position(dealt, trick, known.leader, won, known.broken, known.spades_any_time)
            for c in reps:
                row.append(_finish(now.play(c), exact, known, bids, stakes, calm))
                if done and clock() > cutoff:
                    break  # safety net only: the counts are sized to finish well inside
            if len(row) < len(reps):
                break
            repeats.put(held, row)
        for c, v in zip(reps, row, strict=True):
            totals[c] += v
        rows.append(row)
        done += 1
        if repeat and repeats.exhausted(done):
            break
    values = {c: totals[c] / done for c in reps}
    if live_nil(known, known.me):
        best = _nil_choice(known, legal, reps, rows, repeats.distinct)
    else:
        best = mannerly(known, reps, rows, repeats.distinct)
    return Judgement(best, values, repeats.distinct)


def _finish(
    p: Position, exact: bool, known: Known, bids: list[int], stakes: Stakes, calm: int
) -> float:
    """What position ``p``, a candidate card just played, is worth to us: solved exactly,
    or played out by the policy and scored."""
    if exact:
        return solve(p, bids, stakes)
    hands, trick, won = list(p.hands), list(p.trick), list(p.won)
    voids = list(known.voids)
    fin = playout(
        hands,
        trick,
        p.leader,
        won,
        p.broken,
        p.spades_any_time,
        bids,
        voids,
        stakes.partner_rule,
        calm,
    )
    return stakes.utility(bids, fin)


def best_of(values: dict[int, float], cards: Iterable[int]) -> int:
    """The card of ``cards`` with the best value; the lowest index on a tie."""
    return max(cards, key=lambda c: (values[c], -c))


def _nil_choice(
    known: Known, legal: int, reps: list[int], rows: list[list[float]], distinct: int
) -> int:
    """A live nil's card, given its options' values on each deal judged (``distinct``
    deals among the rows)."""
    if _all_follow_and_lose(known, legal):
        # Under a card none of ours can beat: the highest goes now, and every lower card
        # is kept to duck with later. Sure, whatever the sample says.
        return max(reps, key=lambda c: c % 13)
    return nil_card(known, reps, rows, NIL_SHED_SLACK, distinct)


def best_bid(values: dict[int, float], covering: bool = False) -> int:
    """The bid code with the best value; the lower bid on a tie. ``covering``: our partner
    bid nil, and we bid one under the best when that costs at most ``COVER_SLACK``.

    Nil is weighed like any number, with no margin of its own. Its estimate already leans
    low: the playouts play the nil without search against the policy's hard nil attack
    (``bench/bench_nil.py``: a nil-fit hand's nil made 54-75% of the time), where at the
    table Hard's nils were made 158 of 160 times against ISMCTS and 55 of 67 against
    Medium. A 25-point margin on top, against picking the best of noisy estimates, forwent
    nils that paid: without it, +6.3 +/- 3.2 points a deal over 100 single hands against
    ISMCTS, and +44.7 against +39.5 points a hand over 30 matches (#8-37).
    """
    best = max(values, key=lambda b: (values[b], -b))
    under = best - 1
    if covering and under >= 1 and under in values and values[under] >= values[best] - COVER_SLACK:
        return under
    return best


def _bid_candidates(
    hand: int, partner_bid: int, covering: bool, also: int | None, edge: bool = False
) -> list[int]:
    """The bids to weigh: one either side of the count (none over it at the bag ``edge``,
    see ``EDGE_BAGS``), nil for a hand fit for it, one more under when covering a nil
    (room for ``best_bid`` to step down), and ``also``."""
    est = count_tricks(hand).bid
    top = est if edge else est + 1
    cands = sorted({b for b in range(est - 1, top + 1) if 1 <= b <= 13})
    if covering and est >= 3:
        cands.insert(0, est - 2)
    if partner_bid > 0 and nil_danger(hand) < 3.5:  # never nil over a nil or blind nil
        cands.insert(0, NIL_CODE)
    if also is not None and also not in cands:
        cands = sorted([*cands, also])
    return cands


def judge_bid(
    known: Known,
    rng: random.Random,
    budget_ms: float = DEFAULT_BUDGET_MS,
    safety_net: bool = True,
    rate: WorkRate = REFERENCE_RATE,
    also: int | None = None,
    clock: Clock = time.perf_counter,
) -> Judgement:
    """Hard's bid (as a code: 0 nil, 1..13) and the expected value of each candidate;
    ``also`` adds a bid to weigh on the same deals (the coach's: the one the player made);
    ``clock`` is what the safety net reads."""
    start = clock()
    me = known.me
    partner_bid = known.bids[me ^ 2]
    covering = live_nil(known, me ^ 2)  # bidding: our partner bid nil (or blind nil)
    stakes = known.stakes
    edge = stakes.bags[stakes.team] >= EDGE_BAGS
    cands = _bid_candidates(known.hand, partner_bid, covering, also, edge)
    n = deals_for(budget_ms, bid_work_ms(len(cands), rate))
    deals = _deals(known, rng, n)
    leader = (known.dealer + 1) & 3
    totals = dict.fromkeys(cands, 0.0)
    pr = stakes.partner_rule
    any_time = known.spades_any_time
    calm = calm_team(stakes)
    cutoff = start + CUTOFF_SHARE * budget_ms / 1000.0 if safety_net else float("inf")
    done = 0
    zeros = [0, 0, 0, 0]
    order = [(known.dealer + 1 + k) & 3 for k in range(4)]
    repeats = _Repeats()
    for held in deals:
        row = repeats.get(held)
        if row is not None and repeats.exhausted(done + 1):
            break
        if row is None:
            if repeats.distinct == n:
                break
            row = []
            bids = list(known.bids)
            for b in cands:
                bids[me] = b
                # Seats after us bid on their own (imagined) hands.
                for s in order[order.index(me) + 1 :]:
                    pb = bids[s ^ 2]
                    bids[s] = medium_bid(held[s], None if pb == NO_BID else pb)
                fin = playout(held, [], leader, zeros, False, any_time, bids, zeros, pr, calm)
                row.append(stakes.utility(bids, fin))
            repeats.put(held, row)
        for b, v in zip(cands, row, strict=True):
            totals[b] += v
        done += 1
        if clock() > cutoff:
            break
    values = {b: totals[b] / done for b in cands}
    best = best_bid(values, covering)
    return Judgement(best, values, repeats.distinct)


class HardPlayer:
    """Strong: reasons over sampled deals; the partner always plays this."""

    def __init__(
        self,
        rng: random.Random,
        budget_ms: float = DEFAULT_BUDGET_MS,
        safety_net: bool = True,
        rate: WorkRate = REFERENCE_RATE,
        clock: Clock = time.perf_counter,
    ) -> None:
        """``safety_net=False`` lets a decision run past its budget rather than stop early:
        the only way the clock could change a decision, so tests of seeding turn it off.
        ``rate`` is this machine's measured speed, which sizes the work to the budget;
        ``clock`` is what the safety net reads."""
        self._rng = rng
        self.budget_ms = budget_ms
        self.safety_net = safety_net
        self.rate = rate
        self._clock = clock

    def decide(self, view: SeatView) -> Move:
        known = known_of(view)
        if view.legal_bids:
            j = judge_bid(
                known, self._rng, self.budget_ms, self.safety_net, self.rate, clock=self._clock
            )
            return bid_of_code(j.choice)
        legal = take_while_unmade(known, legal_of(view))
        jc = judge_card(
            known, legal, self._rng, self.budget_ms, self.safety_net, self.rate, clock=self._clock
        )
        return Card.from_index(jc.choice)
