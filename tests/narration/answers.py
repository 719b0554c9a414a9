"""Every query key's answer at every point of whole matches, for the word-count test.

    python tests/narration/answers.py [--matches 3]

prints words per key (p50, p95, max) in brief and full verbosity, and ``--spanish`` the
same in Spanish. The same collection feeds ``test_narration_words.py``, which holds the
bounds: in brief mode every answer as the player hears it (its longest, not a share of
them) is at most 25 words. A long answer is heard in parts (``narration.breaths``), each
with its cue ("H again for the rest."): in brief, each part is counted as one answer, as
the shell says it; in full, the answer is said whole and counted whole.

Points sampled: each of the player's decisions (bidding and play), each hand's end while
its result stands (before N), and the end of the match. Besides the keys at the table:
H in each order (Z: suit, rank, as dealt), H right after the blind-nil offer (the offer
withdrawn, the hand, the bid to place: said together), the hand's result as it is told,
each of the coach's findings (D), each hand in the hands played (Shift+S) and each rule
(F2); and the ends of every list (history G, Shift+S, the coach D, the trick review K,
rules F2, help ?, the speech menu F6), of the hand (the arrows), of the playable cards
(Tab) and of the bid list. Players are Medium computers (the player's seat too), seeded,
so the figures repeat; the hint and the coach work at a fixed small rate with no clock, so
they repeat too.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict
from collections.abc import Callable

from spades_voice import narration as say
from spades_voice.ai import Level, WorkRate, hint, make_player, sure_tricks
from spades_voice.ai.coach import review
from spades_voice.narration import Cast, hand_order, outcome_lines, prompts, texts
from spades_voice.narration.breaths import breaths, more_cue
from spades_voice.narration.coach import coach_line
from spades_voice.narration.keynames import spoken_key
from spades_voice.narration.language import Language, speaking
from spades_voice.narration.lines import Line, pieces_of, sentences, text_of
from spades_voice.narration.statistics import statistics_summary
from spades_voice.options import HandOrder
from spades_voice.rules import BID_CHOICES, Bid, HandOutcome, Ruleset, Seat, SeatView, rng_for
from spades_voice.rules.view import moments_of
from spades_voice.shell.overlays import ListView
from spades_voice.store.stats import Statistics
from spades_voice.table import HandScored, LocalTable

#: A small fixed work rate for the hint and the coach: quick, and no clock decides.
RATE = WorkRate(plays_per_ms=4.0, solves_per_ms=0.04)

Answers = dict[str, list[str]]

#: Statistics as they stand after no play and after some (F3 reads the store's figures).
STATS = [
    Statistics(),
    Statistics(played=12, won=7, lost=5, streak=2, best_streak=4, hands=40, points=-500,
               nils_made=3, nils_failed=2, bag_penalties=4),
]


#: The key whose press says an answer again, as the cue names it (a list's entry: Enter);
#: any other key is its own letter.
AGAIN = {"Shift+S": "enter", "D": "enter", "F2": "enter", "K": "enter", "arrows": "right",
         "G": "enter", "?": "enter", "F6": "enter", "Tab": "tab", "bid list": "down"}


def _at_turn(view: SeatView, cast: Cast, brief: bool, out: Answers) -> None:
    for order in HandOrder:
        out["H"].append(say.hand_summary(view, order))
        if view.legal_bids:
            # H while blind nil is offered: the offer withdrawn, the hand, the bid to place.
            bid = prompts.your_bid(Bid(sure_tricks(view.hand)))
            out["H"].append(sentences([texts.BLIND_WITHDRAWN, say.hand_summary(view, order), bid]))
    out["B"].append(say.bids_summary(view, cast, brief=brief))
    out["S"].append(say.scores_summary(view, cast, 754.0))
    out["T"].append(say.trick_summary(view, cast, brief=brief))
    out["C"].append(say.count_summary(view))
    out["W"].append(say.seats_summary(view, cast, brief=brief))
    out["M"].append(say.since_last_turn(view, cast, brief=brief))
    out["O"].append(say.what_we_need(view, cast))
    out["L"].append(say.last_trick_summary(view.tricks, cast, brief=brief))
    for number, trick in enumerate(view.tricks, start=1):
        out["K"].append(say.trick_line(trick, number, cast, brief=brief))
    for card in hand_order(view.legal_cards or view.hand):
        out["arrows"].append(say.focus_line(card, card in view.legal_cards or None))
    _hand_ends(view, out)


def _hand_ends(view: SeatView, out: Answers) -> None:
    """The ends of the hand (Left, Right, Home, End stay put there), of the playable cards
    (Tab, Shift+Tab) and of the bid list (Up, Down), as the shell says them."""
    for order in HandOrder:
        cards = hand_order(view.hand, order, view.dealt)
        for first, card in ((True, cards[0]), (False, cards[-1])):
            playable = (card in view.legal_cards) if view.legal_cards else None
            out["arrows"].append(prompts.at_edge(say.focus_line(card, playable), first=first))
    if view.legal_cards:
        playable_cards = hand_order(view.legal_cards)
        out["Tab"].append(prompts.playable_jump(playable_cards[0], edge=prompts.FIRST_PLAYABLE))
        out["Tab"].append(prompts.playable_jump(playable_cards[-1], edge=prompts.LAST_PLAYABLE))
    if view.legal_bids:
        out["bid list"].append(prompts.bid_edge(BID_CHOICES[0], lowest=True))
        out["bid list"].append(prompts.bid_edge(BID_CHOICES[-1], lowest=False))


#: Every list the game opens, by the key that opens it, as ``ListView`` kinds.
LISTS = {"G": "history", "Shift+S": "hands", "D": "coach", "K": "review", "F2": "rules",
         "?": "help", "F6": "speech"}


def _list_ends(out: Answers) -> None:
    """Up past the top and Down past the bottom of every list, as ``list_mode`` says them
    (the same at every point: only where the end is, never the entry again)."""
    for key, kind in LISTS.items():
        newest_first = ListView(kind, "", []).newest_first
        for past_start in (True, False):
            out[key].append(prompts.list_edge(newest_first=newest_first, past_start=past_start))


def _between(view: SeatView, outcome: HandOutcome, cast: Cast, brief: bool, out: Answers) -> None:
    out["result"] += outcome_lines(outcome, cast, brief=brief)
    out["Shift+S"].append(say.hand_entry(outcome, cast))
    out["B"].append(say.outcome_bids(outcome, cast, brief=brief))
    out["S"].append(say.scores_summary(view, cast, 754.0, after=outcome))
    out["H"].append(say.between_hands(outcome))


def collect(
    matches: int = 2, *, brief: bool = True, hints: bool = True, target: int | None = 500
) -> Answers:
    """Answers by key over ``matches`` whole matches."""
    out: Answers = defaultdict(list)
    _list_ends(out)
    for stats in STATS:
        out["F3"].append(statistics_summary(stats))
    for ruleset in (Ruleset(), Ruleset(target=None, blind_nil=True)):
        out["F2"] += texts.rules_lines(ruleset)
    for n in range(matches):
        seed = 1000 + n
        # Medium everywhere: Hard (the usual partner) stops thinking at a time limit, which
        # would make the matches, and so the figures, depend on the machine's load.
        players = {
            s: make_player(Level.MEDIUM, random.Random(f"{seed}/{s.value}"))
            for s in (Seat.W, Seat.N, Seat.E)
        }
        table = LocalTable(Ruleset(target=target), seed, players=players)
        cast = Cast(table.seat, table.names())
        me = make_player(Level.MEDIUM, random.Random(seed))
        rng = random.Random(-seed)
        for _ in range(20_000):
            for event in table.drain():
                if isinstance(event, HandScored):
                    _between(table.view(), event.outcome, cast, brief, out)
            if table.state.over:
                break
            if table.computer_to_act():
                table.step()
                continue
            view = table.view()
            _at_turn(view, cast, brief, out)
            if hints:
                # As the hint key says it: while bidding, with where the bid list starts.
                sure = sure_tricks(view.hand) if view.legal_bids else None
                out["I"].append(say.hint_line(hint(view, rng, rate=RATE), sure))
            table.submit(me.decide(view))
        final = table.view()
        out["B"].append(say.bids_summary(final, cast, brief=brief))
        out["S"].append(say.scores_summary(final, cast, 3600.0))
        if hints and n == 0:  # the coach on every hand of one match
            for number, moments in moments_of(table.match, table.seat):
                findings = review(moments, rng_for(seed, "coach", number), RATE)
                out["D"] += [coach_line(f) for f in findings]
    return dict(out)


def words(text: str | Line) -> int:
    return len(text_of(text).split())


def percentile(values: list[int], p: float) -> int:
    """Nearest-rank percentile (the value at or below which ``p`` of them fall)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


def heard(answers: Answers) -> Answers:
    """Each answer as brief verbosity says it: a long one in its parts, each with its cue."""
    return {
        key: [
            part
            for text in texts_
            for part in breaths(pieces_of(text), more_cue(spoken_key(AGAIN.get(key, key.lower()))))
        ]
        for key, texts_ in answers.items()
    }


def figures(answers: Answers) -> dict[str, tuple[int, int, int, int]]:
    """Per key: how many answers, p50, p95, max words."""
    return {
        key: (
            len(texts_),
            int(statistics.median(words(t) for t in texts_)),
            percentile([words(t) for t in texts_], 95),
            max(words(t) for t in texts_),
        )
        for key, texts_ in sorted(answers.items())
    }


def _main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--spanish", action="store_true", help="the answers in Spanish")
    args = parser.parse_args(argv)
    show: Callable[[str], None] = print
    language = Language.ES if args.spanish else Language.EN
    for brief in (True, False):
        with speaking(language):
            answers = collect(args.matches, brief=brief, hints=brief)
            said = heard(answers) if brief else answers
        show(f"{'brief' if brief else 'full'} verbosity, {args.matches} matches to 500"
             f", {language.name}")
        show(f"{'key':>7} {'n':>5} {'p50':>4} {'p95':>4} {'max':>4}")
        for key, (n, p50, p95, top) in figures(said).items():
            show(f"{key:>7} {n:>5} {p50:>4} {p95:>4} {top:>4}")


if __name__ == "__main__":
    _main()
