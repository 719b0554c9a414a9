"""The moves players groan at in a computer partner, counted over seeded hands (issue 50).

    python bench/bench_partner.py [--hands 240] [--seed 1] [--jobs 1] [--budget-ms 250]

Each hand is dealt from the seed (``deal_for(SEED/partner, i)``) and played as a hand of a
match to 500 from seeded scores, by four computers: Hard against Medium (either side) or
Easy against Hard, in turn, so every level sits as someone's partner. Every fourth hand a
scripted seat (each seat in turn) bids blind nil and then plays as its level does, so its
partner's cover is put to the test. Hard does its fixed work at the reference rate with
the safety net off, so a seed gives the same table on any machine, however busy.

Every move is judged by a rule on the recorded cards (the whole deal, as the table holds
it), never by the computer's own view of it:

* overtake (4th): 4th to play, the partner winning and not a live nil, a legal card that
  would not beat the partner's; the move beat it. "No excuse": no opponent's nil alive
  (taking the lead to attack one is the only thing the overtake changes).
* overtake (3rd): 3rd to play on the partner's lead of the highest card of its suit still
  out (no one holds a higher one), still winning, the partner not a live nil, a legal card
  that would not beat it; the move beat it. "No excuse": the 4th seat has not shown out
  of the suit (so it cannot trump), or the move was no trump.
* nil uncovered: 2nd to play and no live nil ourselves, the partner a live nil playing 4th,
  who cannot duck the card winning now (each of its legal cards beats it), and a legal
  card of ours after which it could; the move left the nil no card to duck with.
* nil took a duckable trick: a live nil bidder's card with a choice; it took the trick
  though another legal card of its was sure to duck it: with that card the trick goes to
  the other side whatever the opponents still to play hold and play, the nil's partner
  still to play covering where it can (``_sure_duck``), given the cards each seat held.
  A trick taken with the highest spade still out (counting the trick's cards) is no
  chance: that spade takes a trick whenever it is played, and a duck now only puts the
  lost nil off. A trick that a duck would hand to the nil's partner, itself a live nil,
  is not ducked either: a double nil keeps the bigger one. "Its nil still to be made":
  the nil did not hold the highest spade still out at all (a scripted blind nil often
  does), so it was not lost already.
* nil over nil: a bid after the partner bid nil or blind nil (not the scripted seat's);
  the bid was nil.
* spade into a partner's nil: a lead while the partner's nil is alive; the lead was a
  spade under a spade the leader had not seen (neither held nor played).

Prints, per level, each complaint as "N of M chances (rate)".
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from spades_voice.ai import REFERENCE_RATE, HardPlayer, Level, Player, make_player
from spades_voice.ai.hints import position_of
from spades_voice.ai.knowledge import known_of
from spades_voice.ai.medium import legal_of
from spades_voice.rules import (
    BLIND_NIL,
    SEATS,
    Bid,
    Card,
    Match,
    MatchState,
    Ruleset,
    Seat,
    Team,
    deal_for,
    rng_for,
    view_of,
)
from spades_voice.rules.kernel import BEATERS, SPADES, SUIT_MASKS, legal_mask, trick_winner

#: The sides' levels, NS then EW, taken in turn hand by hand.
TABLES = (
    (Level.HARD, Level.MEDIUM),
    (Level.MEDIUM, Level.HARD),
    (Level.EASY, Level.HARD),
)
#: Every this many hands, one has a scripted blind nil.
BLIND_EVERY = 4

ROWS = (
    ("overtake4", "4th to play, partner winning: overtook or trumped it"),
    ("overtake4_bare", "  of which with no excuse (no opponent's nil alive)"),
    ("overtake3", "3rd on partner's lead of the highest card out: overtook or trumped it"),
    ("overtake3_bare", "  of which with no excuse (4th seat not shown out, or no trump)"),
    ("uncovered", "partner's nil at risk, 2nd to play: left it uncovered"),
    ("nil_took", "a nil bidder took a trick it was sure to duck"),
    ("nil_took_bare", "  of which its nil still to be made (not holding the top spade)"),
    ("nil_over_nil", "bid nil over the partner's nil or blind nil"),
    ("spade_into_nil", "led a spade under an unseen one into partner's live nil"),
)


@dataclass
class Tally:
    """Chances and complaints per row, for one level."""

    chances: Counter[str] = field(default_factory=Counter)
    groans: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.chances.update(other.chances)
        self.groans.update(other.groans)
        self.examples += other.examples

    def count(self, row: str, groan: bool, example: str = "") -> None:
        self.chances[row] += 1
        if groan:
            self.groans[row] += 1
            if example:
                self.examples.append(f"{row}: {example}")


class FixedHard:
    """Hard as the game's tables run it (a generator per seat and position), with its
    fixed work at the reference rate and the safety net off."""

    def __init__(self, seed: str, budget_ms: float) -> None:
        self.seed, self.budget_ms = seed, budget_ms

    def decide(self, view: object) -> object:
        from spades_voice.rules import SeatView

        assert isinstance(view, SeatView)
        number, moves = position_of(view)
        rng = rng_for(self.seed, view.seat.value, number, moves)
        return HardPlayer(rng, self.budget_ms, safety_net=False, rate=REFERENCE_RATE).decide(view)


def _players(levels: tuple[Level, Level], seed: str, budget_ms: float) -> dict[Seat, Player]:
    out: dict[Seat, Player] = {}
    for seat in SEATS:
        level = levels[0] if seat.team is Team.NS else levels[1]
        if level is Level.HARD:
            out[seat] = FixedHard(seed, budget_ms)  # type: ignore[assignment]
        else:
            out[seat] = make_player(level, random.Random(f"{seed}/{seat.value}"))
    return out


def _name(i: int) -> str:
    return Card.from_index(i).code


def _live_nil(bids: list[int], won: list[int], seat: int) -> bool:
    return bids[seat] <= 0 and won[seat] == 0


@dataclass(frozen=True)
class NilCard:
    """A live nil bidder's card with a choice, kept until its trick is over: the seat, the
    card, its legal cards, the trick before it and who led it, every seat's holding then,
    the highest spade still out (counting the trick's cards), and whether its partner was
    a live nil too."""

    me: int
    card: int
    legal: int
    before: tuple[int, ...]
    leader: int
    held: tuple[int, ...]
    broken: bool
    any_time: bool
    top_spade: int
    partner_nil: bool

    @property
    def doomed(self) -> bool:
        """It holds the highest spade out, which takes a trick whenever it is played."""
        return self.top_spade >= 0 and bool(self.held[self.me] >> self.top_spade & 1)


def _sure_duck(n: NilCard, alt: int) -> bool:
    """With ``alt`` instead of its card, the trick was sure to go to the other side (or to
    the nil's partner, unless that is a live nil too): whatever each opponent still to
    play held and played, the partner still to play covering where it could."""

    def rest(trick: list[int]) -> bool:
        if len(trick) == 4:
            winner = trick_winner(trick, n.leader)[1]
            partner = n.me ^ 2
            return winner != n.me and (winner != partner or not n.partner_nil)
        seat = (n.leader + len(trick)) & 3
        led = SUIT_MASKS[trick[0] // 13]
        m = legal_mask(n.held[seat], led, n.broken, n.any_time)
        outcomes = []
        while m:
            b = m & -m
            m ^= b
            outcomes.append(rest([*trick, b.bit_length() - 1]))
        return any(outcomes) if seat == n.me ^ 2 else all(outcomes)

    return rest([*n.before, alt])


def _judge_card(
    t: Tally,
    state: MatchState,
    seat: Seat,
    card: Card,
    pending: list[NilCard],
    number: int,
) -> None:
    """Count the chances and complaints of ``seat`` playing ``card`` now."""
    hand = state.hand
    assert hand is not None
    view = view_of(state, seat)
    known = known_of(view)
    me = seat.index
    partner = me ^ 2
    bids = list(known.bids)
    won = list(known.won)
    legal = legal_of(view)
    trick = list(known.trick)
    pos = len(trick)
    c = card.index
    held = [hand.held_mask(s) for s in SEATS]
    opp_nil = _live_nil(bids, won, me ^ 1) or _live_nil(bids, won, me ^ 3)
    where = f"hand {number} trick {len(view.tricks) + 1} {seat.value} played {card.code}"
    if _live_nil(bids, won, me) and legal & (legal - 1):
        out = held[0] | held[1] | held[2] | held[3]
        for x in trick:
            out |= 1 << x
        spades_out = out & SPADES
        pending.append(
            NilCard(
                me,
                c,
                legal,
                tuple(trick),
                known.leader,
                tuple(held),
                known.broken,
                known.spades_any_time,
                spades_out.bit_length() - 1,
                _live_nil(bids, won, partner),
            )
        )
    if pos == 0:
        if _live_nil(bids, won, partner):
            under = c < 13 and bool(known.unseen & SPADES & ~((2 << c) - 1))
            t.count("spade_into_nil", under, where)
        return
    win_i, win_seat = trick_winner(trick, known.leader)
    beats = bool(BEATERS[win_i] >> c & 1)
    lose = legal & ~BEATERS[win_i]
    partner_nil = _live_nil(bids, won, partner)
    if pos == 3 and win_seat == partner and not partner_nil and lose:
        t.count("overtake4", beats, where)
        if not opp_nil:
            t.count("overtake4_bare", beats, where)
    if pos == 2 and known.leader == partner and win_seat == partner and not partner_nil and lose:
        led = trick[0]
        suit = SUIT_MASKS[led // 13]
        above = suit & ~((1 << (led + 1)) - 1)
        out = held[0] | held[1] | held[2] | held[3]
        if not out & above:
            t.count("overtake3", beats, where)
            fourth = (me + 1) & 3
            trumped = c < 13 <= led
            can_trump = bool(known.voids[fourth] >> (led // 13) & 1)
            if not (trumped and can_trump):
                t.count("overtake3_bare", beats, where)
    if pos == 1 and partner_nil and not _live_nil(bids, won, me):
        nil_legal = legal_mask(
            held[partner], SUIT_MASKS[trick[0] // 13], known.broken, known.spades_any_time
        )
        if not nil_legal & ~BEATERS[win_i]:  # at risk: it cannot duck what is winning now
            covers = 0
            m = legal & BEATERS[win_i]
            while m:
                b = m & -m
                m ^= b
                if nil_legal & ~BEATERS[b.bit_length() - 1]:
                    covers |= b
            if covers:
                after = c if beats else win_i
                t.count("uncovered", not nil_legal & ~BEATERS[after], where)


def _judge_trick(
    tallies: dict[Seat, Tally],
    trick: list[tuple[Seat, Card]],
    pending: list[NilCard],
    number: int,
) -> None:
    """The nil bidders' cards of a finished trick: was one sure to duck it?"""
    leader = trick[0][0].index
    cards = [c.index for _, c in trick]
    _, winner = trick_winner(cards, leader)
    for n in pending:
        if n.card == n.top_spade:
            continue  # it takes a trick whenever it is played: a duck only puts that off
        took = winner == n.me
        ducks = False
        m = n.legal & ~(1 << n.card) if took else 0
        while m and not ducks:
            b = m & -m
            m ^= b
            ducks = _sure_duck(n, b.bit_length() - 1)
        where = f"hand {number} {SEATS[n.me].value} {_name(n.card)} in {[x.code for _, x in trick]}"
        tallies[SEATS[n.me]].count("nil_took", took and ducks, where)
        if not n.doomed:
            tallies[SEATS[n.me]].count("nil_took_bare", took and ducks, where)
    pending.clear()


def play_hand(args: argparse.Namespace, i: int) -> dict[Level, Tally]:
    """Hand ``i``: played out, each computer's moves judged; the tallies by level."""
    levels = TABLES[i % len(TABLES)]
    blind_seat = SEATS[(i // BLIND_EVERY) % 4] if i % BLIND_EVERY == BLIND_EVERY - 1 else None
    seed = f"{args.seed}/partner/{i}"
    rng = random.Random(seed)
    dealt = deal_for(f"{args.seed}/partner", i)
    state = MatchState(Match(Ruleset(blind_nil=blind_seat is not None), deals=(dealt,)))
    # Mid-match scores: MatchState has no public way to start a match from a score.
    state._totals = {Team.NS: rng.randrange(0, 41) * 10, Team.EW: rng.randrange(0, 41) * 10}
    state._bags = {Team.NS: rng.randrange(0, 8), Team.EW: rng.randrange(0, 8)}
    players = _players(levels, seed, args.budget_ms)
    level_of = {s: levels[0] if s.team is Team.NS else levels[1] for s in SEATS}
    tallies = {s: Tally() for s in SEATS}
    pending: list[NilCard] = []
    while not state.outcomes:
        seat = state.to_act
        assert seat is not None and state.hand is not None
        view = view_of(state, seat)
        if view.legal_bids:
            decision: object = players[seat].decide(view)
            if seat is blind_seat:
                decision = BLIND_NIL
            assert isinstance(decision, Bid)
            partner_bid = view.bid_of(seat.partner)
            if seat is not blind_seat and partner_bid is not None and partner_bid.code <= 0:
                tallies[seat].count("nil_over_nil", decision.code <= 0, f"hand {i} {seat.value}")
            state.apply(decision, seat)
            continue
        card = players[seat].decide(view)
        assert isinstance(card, Card)
        _judge_card(tallies[seat], state, seat, card, pending, i)
        plays = [*state.hand.current_trick.plays, (seat, card)]
        state.apply(card, seat)
        if len(plays) == 4:
            _judge_trick(tallies, plays, pending, i)
    out: dict[Level, Tally] = {}
    for s in SEATS:
        out.setdefault(level_of[s], Tally()).add(tallies[s])
    return out


def _rate(t: Tally, row: str) -> str:
    n, m = t.groans[row], t.chances[row]
    if not m:
        return "no chances"
    return f"{n} of {m} ({n / m:.1%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=240)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--start", type=int, default=0, help="First hand number.")
    parser.add_argument("--jobs", type=int, default=1, help="Processes playing hands at once.")
    parser.add_argument("--budget-ms", type=float, default=250.0)
    parser.add_argument("--examples", action="store_true", help="List each complaint.")
    args = parser.parse_args()
    totals = {level: Tally() for level in Level}
    start = time.monotonic()
    numbers = range(args.start, args.start + args.hands)
    with multiprocessing.Pool(args.jobs) as pool:
        for k, result in enumerate(pool.imap(functools.partial(play_hand, args), numbers), 1):
            for level, t in result.items():
                totals[level].add(t)
            if k % 20 == 0:
                print(f"{k} hands, {time.monotonic() - start:.0f} s", file=sys.stderr, flush=True)
    blind = sum(1 for i in numbers if i % BLIND_EVERY == BLIND_EVERY - 1)
    print(
        f"Partner complaints over hands #{args.start}-#{args.start + args.hands - 1}, seed "
        f"{args.seed} ({blind} with a scripted blind nil), Hard at the reference rate, fixed work"
    )
    order = (Level.HARD, Level.MEDIUM, Level.EASY)
    print("| what the partner did | " + " | ".join(lv.value.title() for lv in order) + " |")
    print("|---|" + "---|" * len(order))
    for row, words in ROWS:
        print(f"| {words} | " + " | ".join(_rate(totals[lv], row) for lv in order) + " |")
    if args.examples:
        for lv in order:
            for line in totals[lv].examples:
                print(f"  {lv.value}: {line}")


if __name__ == "__main__":
    main()
