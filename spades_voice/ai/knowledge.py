"""What a seat knows, as bitmasks: built from a ``SeatView`` and nothing else.

This is the only door from the table into the computers' engine: every other module in
``ai/`` works on a ``Known``. It holds the seat's own cards, the cards played (and by whom),
the suits each seat has shown out of, bids, tricks, scores: never another seat's cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from spades_voice.ai.fastplay import Stakes
from spades_voice.rules import SUITS, Card, FailedNilTricks, Phase, Ruleset, SeatView, Team
from spades_voice.rules.kernel import DECK
from spades_voice.rules.scoring import contract_counts

#: Stands for "has not bid yet" in ``Known.bids``.
NO_BID = 99


@dataclass(frozen=True, slots=True)
class Known:
    """One seat's knowledge of the hand in progress, on ints (see ``fastplay``)."""

    me: int  # seat index
    hand: int  # my cards still held
    unseen: int  # cards the other three hold between them
    counts: tuple[int, int, int, int]  # cards each seat still holds
    played_by: tuple[int, int, int, int]  # cards each seat has played this hand
    voids: tuple[int, int, int, int]  # per seat, bit i = shown out of suit i
    trick: tuple[int, ...]  # the trick in progress
    leader: int  # who led it (or leads next)
    bids: tuple[int, int, int, int]  # NO_BID until placed
    won: tuple[int, int, int, int]
    broken: bool
    #: The ruleset's house rule: spades may be led before they are broken.
    spades_any_time: bool
    stakes: Stakes
    dealer: int
    bidding: bool
    #: Per seat, how many tricks more than its bid it tends to take, from this match's
    #: finished hands (``leans_of``); the draw of hidden hands reads each bid by it.
    lean: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)

    @property
    def partner_rule(self) -> bool:
        return self.stakes.partner_rule


def at_bidding(
    me: int,
    hand: int,
    bids: tuple[int, int, int, int],
    dealer: int,
    stakes: Stakes,
    *,
    spades_any_time: bool = False,
) -> Known:
    """``me``'s knowledge while the bids go round, holding ``hand``: the ``bids`` made so
    far (``NO_BID`` for the rest), no card played, the seat left of ``dealer`` to lead. A
    position built by hand, for the benchmarks and tests that judge a bid (under the
    standard rules unless ``spades_any_time``)."""
    return Known(
        me=me,
        hand=hand,
        unseen=DECK & ~hand,
        counts=(13, 13, 13, 13),
        played_by=(0, 0, 0, 0),
        voids=(0, 0, 0, 0),
        trick=(),
        leader=(dealer + 1) & 3,
        bids=bids,
        won=(0, 0, 0, 0),
        broken=False,
        spades_any_time=spades_any_time,
        stakes=stakes,
        dealer=dealer,
        bidding=True,
    )


def live_nil(known: Known, seat: int) -> bool:
    """``seat`` bid nil (or blind nil) and has not taken a trick yet."""
    return known.bids[seat] <= 0 and known.won[seat] == 0


def bags_once_made(known: Known) -> int | None:
    """Our side's bags counting this hand's so far (carried, tricks over the contract, and
    a failed nil's tricks where they are bags), once our contract is made; None before,
    or with no contract (both of us nil)."""
    me = known.me
    contract, counted, nil_bags = contract_counts(
        known.bids[me], known.bids[me ^ 2], known.won[me], known.won[me ^ 2], known.partner_rule
    )
    if not contract or counted < contract:
        return None
    return known.stakes.bags[me & 1] + nil_bags + counted - contract


def stakes_of(view: SeatView, team: int) -> Stakes:
    ruleset: Ruleset = view.ruleset
    return Stakes(
        team=team,
        bags=(view.bags[Team.NS], view.bags[Team.EW]),
        totals=(view.totals[Team.NS], view.totals[Team.EW]),
        target=ruleset.target,
        partner_rule=ruleset.failed_nil_tricks is FailedNilTricks.PARTNER,
    )


def _mask(cards: tuple[Card, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


#: Tricks over its bid a seat that bids its cards takes anyway: the bids at a table leave
#: about two of the thirteen tricks unclaimed.
LEAN_BASE = 0.5
#: Hands' worth of "bids its cards" a seat starts with, so one lucky hand says little.
LEAN_PRIOR = 4.0


def leans_of(view: SeatView) -> tuple[float, float, float, float]:
    """Per seat, how many tricks more than its bid it tends to take, from the finished
    hands of this match where it bid a number: its tricks over its bid beyond
    ``LEAN_BASE``, averaged with ``LEAN_PRIOR`` hands of none.

    A seat that bids 2 and takes 4 hand after hand holds more than its bids say. Hard drew
    the hidden hands to fit the bids as if every seat bid its cards; against a search bot
    whose side bid 4.5 and took 7 a hand, it gave its own side the missing strength and bid
    too high. Reading the bids this way (its own side imagined calm, ``hard.calm_team``),
    Hard was set in 84 of 896 hands against 127 of 954 (duplicate matches #8-53).
    """
    total = [0.0, 0.0, 0.0, 0.0]
    hands = [0, 0, 0, 0]
    for outcome in view.outcomes:
        for seat, bid in outcome.bids:
            if bid.code > 0:
                total[seat.index] += outcome.tricks[seat] - bid.code - LEAN_BASE
                hands[seat.index] += 1
    lean = [total[i] / (hands[i] + LEAN_PRIOR) for i in range(4)]
    return (lean[0], lean[1], lean[2], lean[3])


def known_of(view: SeatView) -> Known:
    """Read ``view`` into bitmasks. The view must have a hand in progress."""
    if view.dealer is None or view.phase is None:
        raise ValueError("No hand is in progress.")
    me = view.seat.index
    hand = _mask(view.hand)
    played = [0, 0, 0, 0]
    for t in (*view.tricks, view.current):
        for seat, c in t.plays:
            played[seat.index] |= 1 << c.index
    all_played = played[0] | played[1] | played[2] | played[3]
    counts = tuple(13 - played[i].bit_count() for i in range(4))
    voids = [0, 0, 0, 0]
    for seat, suits in view.shown_out.items():
        for su in suits:
            voids[seat.index] |= 1 << SUITS.index(su)
    bids = [NO_BID] * 4
    for seat, b in view.bids:
        bids[seat.index] = b.code
    won = tuple(view.tricks_won[s] for s in sorted(view.tricks_won, key=lambda s: s.index))
    return Known(
        me=me,
        hand=hand,
        unseen=DECK & ~hand & ~all_played,
        counts=(counts[0], counts[1], counts[2], counts[3]),
        played_by=(played[0], played[1], played[2], played[3]),
        voids=(voids[0], voids[1], voids[2], voids[3]),
        trick=tuple(c.index for c in view.current.cards),
        leader=view.current.leader.index,
        bids=(bids[0], bids[1], bids[2], bids[3]),
        won=(won[0], won[1], won[2], won[3]),
        broken=view.spades_broken,
        spades_any_time=view.ruleset.spades_any_time,
        stakes=stakes_of(view, me & 1),
        dealer=view.dealer.index,
        bidding=view.phase is Phase.BIDDING,
        lean=leans_of(view),
    )
