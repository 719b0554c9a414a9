"""Hard against OpenSpiel's ISMCTS bot on duplicate deals: points per deal.

    python bench/bench_ismcts.py [--deals 20] [--sims 500] [--seed 1] [--calibrate]
    python bench/bench_ismcts.py --matches 10 [--sims 500] [--seed 1] [--calibrate]
    python bench/bench_ismcts.py --calibrate --fixed-work --jobs 2 --deals 200 [--verbose]

``--matches N`` plays N duplicate matches to 500 instead (the same deal sequence twice,
partnerships swapped) and reports the share Hard's side won, with bags per hand and sets
for both sides. ``--calibrate`` measures this machine's work rate for Hard first, as the
game does; ``--rate P,S`` gives one; without either Hard runs at the reference rate.
``--fixed-work`` turns Hard's safety net off, so each decision does exactly its calibrated
work however busy the machine is: the strength figure is then reproducible by seed and
rate (its decision times are not; take those from ``bench_ai.py`` on a quiet machine).
``--jobs N`` plays deals (or matches) in N processes; ``--verbose`` prints each table's
bids and tricks (each hand's, in matches), Hard's seats starred, on standard error;
``bench/match_report.py`` sums those lines up (sets by the bags carried into the hand).
``--bags N`` plays each deal as a hand of a match to 500 at 250 all, Hard's side carrying
N bags and the bot's none: the bag edge, where in matches Hard is set most (at 9 bags the
next bag is the tenth), with every hand of the run there instead of one in twenty. It adds
a line of Hard's bag penalties and the bags its side carries after the hand; the points
per deal count a penalty when it falls, not the bags left to carry.

Benchmark only: OpenSpiel (``pip install open-spiel``) is never a runtime dependency.

Every deal is played twice in *our* engine under *our* rules (a single-hand match), once
with Hard at North-South and ISMCTS at East-West, once swapped; the figure is Hard's points
minus the bot's, averaged over the two tables, with a 95% confidence interval over deals.

The bot decides for its seat from its ``SeatView`` alone. From the view we build an
OpenSpiel state that mirrors ours: the hidden cards are a random deal consistent with the
view (counts and shown voids), then the bids and plays so far are replayed. The bot searches
from there with ``open_spiel.python.algorithms.ismcts`` (500 simulations, random-rollout
evaluator) and a resampler that redeals the hidden cards the same way, so its worlds
respect every shown void. Its action is translated back into our card or bid.

Mapping. OpenSpiel's player 0 bids and leads first; its players go clockwise (N, E, S, W
as it prints them), so our seat ``x`` is its player ``(x - first) % 4`` where ``first`` is
the seat left of our dealer; partnerships stay partnerships. Its card is ``suit * 13 +
rank`` with suits clubs, diamonds, hearts, spades and rank 0 the two; chance action ``k`` of
the deal goes to player ``k % 4``. Bids are actions 52 (nil) to 65 (13).

Differences we live with: OpenSpiel never marks spades broken, so the bot's own model never
allows a spade lead while it holds another suit (its choices are still legal in ours; it
only forgoes some); its rollouts score by its rules. Scores that count are ours.
"""

from __future__ import annotations

import argparse
import functools
import math
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from spades_voice.ai import REFERENCE_RATE, HardPlayer, Level, Player, WorkRate, make_player
from spades_voice.ai.arena import Side
from spades_voice.ai.hints import position_of
from spades_voice.ai.knowledge import Known, known_of
from spades_voice.ai.sampling import draw_deals
from spades_voice.commands.arena import add_rate_arguments, rate_from_args
from spades_voice.rules import (
    BID_CHOICES,
    CARDS,
    SEATS,
    Bid,
    Card,
    DealtHand,
    Decision,
    HandOutcome,
    Match,
    MatchState,
    Move,
    Ruleset,
    SeatView,
    Team,
    deal_for,
    rng_for,
    view_of,
)

NIL_ACTION = 52
#: Both sides' totals for ``--bags``: mid-match, far from the target either way.
EDGE_TOTAL = 250


def os_card(c: Card) -> int:
    return (3 - c.index // 13) * 13 + c.index % 13


def our_card(action: int) -> Card:
    return CARDS[(3 - action // 13) * 13 + action % 13]


def os_bid(b: Bid) -> int:
    return NIL_ACTION if b.is_nil else NIL_ACTION + b.tricks


def our_bid(action: int) -> Bid:
    return BID_CHOICES[action - NIL_ACTION]


class FastRolloutEvaluator(mcts.RandomRolloutEvaluator):  # type: ignore[misc]
    """OpenSpiel's one-rollout random evaluator, with the move drawn by Python's
    ``random`` instead of ``numpy.random.choice`` (which spent half the bot's time
    building an array for each of ~40 moves a rollout). The same uniform rollouts."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(1)
        self._rng = rng

    def evaluate(self, state: Any) -> Any:
        working = state.clone()
        rnd = self._rng.random
        while not working.is_terminal():
            legal = working.legal_actions()  # spades has no chance node after the deal
            working.apply_action(legal[int(rnd() * len(legal))])
        return np.array(working.returns())


class IsmctsPlayer:
    """OpenSpiel's ISMCTS bot sitting at one of our seats, seeing only its SeatView."""

    def __init__(self, rng: random.Random, sims: int, uct_c: float) -> None:
        self._rng = rng
        self._game = pyspiel.load_game("spades")
        np_rng = np.random.RandomState(rng.randrange(2**31))
        self._bot = ismcts.ISMCTSBot(
            game=self._game,
            evaluator=FastRolloutEvaluator(random.Random(rng.randrange(2**31))),
            uct_c=uct_c,
            max_simulations=sims,
            max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
            random_state=np_rng,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            use_observation_string=True,  # spades has no information-state string
            allow_inconsistent_action_sets=False,
            child_selection_policy=ismcts.ChildSelectionPolicy.UCT,
        )

    def _history(self, view: SeatView) -> list[int]:
        actions = [os_bid(b) for _, b in view.bids]
        for t in (*view.tricks, view.current):
            actions.extend(os_card(c) for _, c in t.plays)
        return actions

    def _world(self, known: Known, first: int, history: list[int]) -> Any:
        """An OpenSpiel state with the view's public story and one consistent guess at
        the hidden cards."""
        held = draw_deals(known, self._rng, 1)[0]
        hands: list[list[int]] = []
        for p in range(4):
            seat = (p + first) & 3
            mask = held[seat] | known.played_by[seat]
            hands.append([os_card(CARDS[i]) for i in range(52) if mask >> i & 1])
        state = self._game.new_initial_state()
        for k in range(52):
            state.apply_action(hands[k % 4][k // 4])
        for a in history:
            state.apply_action(a)
        return state

    def decide(self, view: SeatView) -> Decision:
        assert view.dealer is not None
        first = (view.dealer.index + 1) & 3
        history = self._history(view)
        known = known_of(view)
        root = self._world(known, first, history)
        self._bot.set_resampler(lambda _state, _player: self._world(known, first, history))
        action = int(self._bot.step(root))
        if action >= NIL_ACTION:
            bid = our_bid(action)
            assert bid in view.legal_bids, (bid, view.legal_bids)
            return bid
        card = our_card(action)
        assert card in view.legal_cards, (card, view.legal_cards)
        return card


#: ``--fixed-work``: Hard does its calibrated amount of work with the safety net off, so
#: a figure does not depend on what else the machine is doing (decision times then say
#: nothing; take them from a run without it on a quiet machine).
FIXED_WORK = False


class PositionHard:
    """Hard as the game's tables run it: each decision draws from a generator of its own
    for the seat and the position (``rng_for(seed, seat, moves)``), so it is the same
    decision however often the position comes round."""

    def __init__(self, seed: str, budget_ms: float, rate: WorkRate) -> None:
        self.seed, self.budget_ms, self.rate = seed, budget_ms, rate

    def decide(self, view: SeatView) -> Move:
        number, moves = position_of(view)
        rng = rng_for(self.seed, view.seat.value, number, moves)
        if FIXED_WORK:
            return HardPlayer(rng, self.budget_ms, safety_net=False, rate=self.rate).decide(view)
        return make_player(Level.HARD, rng, budget_ms=self.budget_ms, rate=self.rate).decide(view)


def _players(
    hard_team: Team, seed: str, sims: int, uct_c: float, budget_ms: float, rate: WorkRate
) -> dict[int, Player]:
    players: dict[int, Player] = {}
    for seat in SEATS:
        rng = random.Random(f"{seed}/{seat.value}")
        if seat.team is hard_team:
            players[seat.index] = PositionHard(seed, budget_ms, rate)
        else:
            players[seat.index] = IsmctsPlayer(rng, sims, uct_c)
    return players


def _side_line(name: str, side: Side) -> str:
    """One side's record over the hands it played: what a player would notice."""
    h = max(1, side.hands)
    sets = side.contracts - side.contracts_made
    return (
        f"  {name}: {side.points / h:.1f} points a hand, contract {side.bid / h:.2f} "
        f"for {side.tricks / h:.2f} tricks, set {sets} of {side.hands} "
        f"({sets / h:.1%}), bags {side.bags / h:.2f} a hand, "
        f"nil made {side.nils_made} of {side.nils}"
    )


def play_match_table(
    match: Match,
    hard_team: Team,
    seed: str,
    sims: int,
    uct_c: float,
    budget_ms: float,
    rate: WorkRate,
    max_hands: int = 40,
) -> tuple[Team | None, Side, Side, list[str]]:
    """One table of a match to its end: the winner, Hard's tally and the bot's, and a line
    for each hand."""
    players = _players(hard_team, seed, sims, uct_c, budget_ms, rate)
    state = MatchState(match)
    while state.winner is None and len(state.outcomes) < max_hands:
        seat = state.to_act
        assert seat is not None
        state.apply(players[seat.index].decide(view_of(state, seat)), seat)
    hard, bot = Side(), Side()
    for o in state.outcomes:
        hard.record(o.scores[hard_team])
        bot.record(o.scores[hard_team.other])
    lines = [_table_line(hard_team, o) for o in state.outcomes]
    return state.winner, hard, bot, lines


def play_match(
    args: argparse.Namespace, rate: WorkRate, i: int
) -> tuple[int, Side, Side, list[str]]:
    """Match ``i`` at both tables: how many of the two Hard's side won, the tallies, and
    each hand's line."""
    global FIXED_WORK
    FIXED_WORK = args.fixed_work
    match = Match(Ruleset(), seed=f"{args.seed}/ismcts-match/{i}")
    won = 0
    hard, bot = Side(), Side()
    lines: list[str] = []
    for table, team in enumerate((Team.NS, Team.EW)):
        winner, h, b, hands = play_match_table(
            match, team, f"{args.seed}/m{i}/{table}", args.sims, args.uct_c, args.budget_ms, rate
        )
        won += winner is team
        hard.add(h)
        bot.add(b)
        lines += [f"match {i} table {table + 1}: {line}" for line in hands]
    return won, hard, bot, lines


def run_matches(args: argparse.Namespace, rate: WorkRate) -> None:
    won = 0
    played = 0
    hard, bot = Side(), Side()
    start = time.monotonic()
    numbers = range(args.start, args.start + args.matches)
    with multiprocessing.Pool(args.jobs) as pool:
        for w, h, b, lines in pool.imap(functools.partial(play_match, args, rate), numbers):
            played += 2
            won += w
            hard.add(h)
            bot.add(b)
            share = won / played
            ci = 1.96 * math.sqrt(share * (1 - share) / played)
            print(
                f"match {played // 2} of {args.matches}: Hard's side won {won} of "
                f"{played} ({share:.0%} ± {ci:.0%}), {time.monotonic() - start:.0f} s",
                file=sys.stderr,
                flush=True,
            )
            if args.verbose:
                for line in lines:
                    print(f"    {line}", file=sys.stderr, flush=True)
    share = won / played
    ci = 1.96 * math.sqrt(share * (1 - share) / played)
    print(f"Hard against OpenSpiel ISMCTS ({args.sims} simulations) in matches to 500")
    print(f"  Hard's side won {won} of {played} matches: {share:.0%} ± {ci:.0%} (95% CI)")
    print(_side_line("Hard", hard))
    print(_side_line("ISMCTS", bot))


def play_table(
    dealt: DealtHand,
    hard_team: Team,
    seed: str,
    sims: int,
    uct_c: float,
    budget_ms: float,
    rate: WorkRate = REFERENCE_RATE,
    bags: int | None = None,
) -> tuple[HandOutcome, list[float], list[float]]:
    """(The hand's outcome, Hard's decision times, the bot's) for one table: a single-hand
    match, or with ``bags`` a hand of a match to 500 at 250 all, Hard's side carrying
    ``bags``."""
    players = _players(hard_team, seed, sims, uct_c, budget_ms, rate)
    if bags is None:
        state = MatchState(Match(Ruleset(target=None), deals=(dealt,)))
    else:
        state = MatchState(Match(Ruleset(), deals=(dealt,)))
        state.totals = {Team.NS: EDGE_TOTAL, Team.EW: EDGE_TOTAL}
        state.bags[hard_team] = bags
    times: dict[bool, list[float]] = {True: [], False: []}
    while not state.outcomes:
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        t0 = time.perf_counter()
        decision = players[seat.index].decide(view)
        times[seat.team is hard_team].append((time.perf_counter() - t0) * 1000.0)
        state.apply(decision, seat)
    return state.outcomes[0], times[True], times[False]


@dataclass
class DealResult:
    number: int
    diff: float
    hard: Side
    bot: Side
    t_hard: list[float]
    t_bot: list[float]
    tables: list[str]
    penalties: int = 0  # Hard's side's bag penalties
    bags_after: int = 0  # bags Hard's side carries out of its hands


def _table_line(hard_team: Team, outcome: HandOutcome) -> str:
    """Who bid and took what at one table, Hard's seats marked with a star."""
    bids = dict(outcome.bids)
    seats = " ".join(
        f"{s.value[0]}{'*' if s.team is hard_team else ''} {bids[s].code}/{outcome.tricks[s]}"
        for s in SEATS
    )
    pts = outcome.scores[hard_team].points, outcome.scores[hard_team.other].points
    return f"{seats}  Hard {pts[0]:+d}, ISMCTS {pts[1]:+d}"


def play_deal(args: argparse.Namespace, rate: WorkRate, i: int) -> DealResult:
    """Deal ``i`` at both tables: Hard's points minus the bot's, averaged over the two."""
    global FIXED_WORK
    FIXED_WORK = args.fixed_work  # a worker process starts with the module's default
    dealt = deal_for(f"{args.seed}/ismcts", i)
    out = DealResult(i, 0.0, Side(), Side(), [], [], [])
    for table, team in enumerate((Team.NS, Team.EW)):
        outcome, th, tb = play_table(
            dealt,
            team,
            f"{args.seed}/{i}/{table}",
            args.sims,
            args.uct_c,
            args.budget_ms,
            rate,
            args.bags,
        )
        scores = outcome.scores
        out.penalties += scores[team].penalties
        out.bags_after += scores[team].bags_after
        out.tables.append(_table_line(team, outcome))
        out.hard.record(scores[team])
        out.bot.record(scores[team.other])
        out.t_hard += th
        out.t_bot += tb
        out.diff += (scores[team].points - scores[team.other].points) / 2.0
    return out


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    ci = 1.96 * math.sqrt(sum((d - mean) ** 2 for d in xs) / (n - 1) / n) if n > 1 else 0.0
    return mean, ci


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))] if s else 0.0


def run_deals(args: argparse.Namespace, rate: WorkRate) -> None:
    diffs: list[float] = []
    hard, bot = Side(), Side()
    t_hard: list[float] = []
    t_bot: list[float] = []
    penalties = bags_after = 0
    start = time.monotonic()
    numbers = range(args.start, args.start + args.deals)
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.imap(functools.partial(play_deal, args, rate), numbers)
        for r in results:
            diffs.append(r.diff)
            hard.add(r.hard)
            bot.add(r.bot)
            t_hard += r.t_hard
            t_bot += r.t_bot
            penalties += r.penalties
            bags_after += r.bags_after
            mean, ci = _mean_ci(diffs)
            print(
                f"deal {len(diffs)} of {args.deals} (#{r.number}): {r.diff:+.1f}; "
                f"so far {mean:+.1f} ± {ci:.1f} per deal, {time.monotonic() - start:.0f} s",
                file=sys.stderr,
                flush=True,
            )
            if args.verbose:
                for line in r.tables:
                    print(f"    {line}", file=sys.stderr, flush=True)
    n = len(diffs)
    mean, ci = _mean_ci(diffs)
    print(f"Hard against OpenSpiel ISMCTS ({args.sims} simulations, uct_c {args.uct_c:g})")
    print(
        f"  deals #{args.start}-#{args.start + n - 1}, seed {args.seed}"
        + (", fixed work (safety net off)" if args.fixed_work else "")
    )
    print(f"  points per deal (Hard minus ISMCTS): {mean:+.1f} ± {ci:.1f} over {n} duplicate deals")
    print(_side_line("Hard", hard))
    print(_side_line("ISMCTS", bot))
    if args.bags is not None:
        h = max(1, hard.hands)
        print(
            f"  at {args.bags} bags carried ({EDGE_TOTAL} all, to 500): Hard's side took a bag "
            f"penalty in {penalties} of {hard.hands} hands ({penalties / h:.1%}), carries "
            f"{bags_after / h:.2f} bags after a hand"
        )
    print(
        f"  decision p50/p95: Hard {_pct(t_hard, 0.5):.0f}/{_pct(t_hard, 0.95):.0f} ms, "
        f"ISMCTS {_pct(t_bot, 0.5):.0f}/{_pct(t_bot, 0.95):.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--sims", type=int, default=500)
    parser.add_argument("--uct-c", type=float, default=100.0, help="Points-scale UCT constant.")
    parser.add_argument("--budget-ms", type=float, default=250.0)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--start", type=int, default=0, help="First deal or match number.")
    parser.add_argument("--matches", type=int, default=0, help="Duplicate matches to 500.")
    parser.add_argument("--jobs", type=int, default=1, help="Processes playing deals at once.")
    parser.add_argument(
        "--fixed-work",
        action="store_true",
        help="Hard's safety net off: the figure no longer depends on the machine's load.",
    )
    parser.add_argument("--verbose", action="store_true", help="Each table's bids and tricks.")
    parser.add_argument(
        "--bags",
        type=int,
        choices=range(10),
        help="Each deal a hand of a match to 500 at 250 all, Hard's side carrying this many bags.",
    )
    add_rate_arguments(parser)
    args = parser.parse_args()
    global FIXED_WORK
    FIXED_WORK = args.fixed_work
    rate = rate_from_args(args)
    print(f"work rate: {rate.plays_per_ms} plays/ms, {rate.solves_per_ms} solves/ms")
    if args.matches:
        run_matches(args, rate)
    else:
        run_deals(args, rate)


if __name__ == "__main__":
    main()
