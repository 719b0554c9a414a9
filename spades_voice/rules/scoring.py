"""Scoring one hand for both partnerships. A pure function with table tests.

Team contract = sum of positive bids. Made: 10 × contract + 1 per extra trick, each extra a
bag. Set: −10 × contract. Nil ±100, blind nil ±200. With ``FailedNilTricks.BAGS`` a nil
bidder's tricks never count toward the contract; each is a bag and +1 point. Every 10
accumulated bags cost 100 and the remainder is carried: the bag count is its own field,
never read back from the score's last digit, so negative totals are scored right.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from spades_voice.rules.bids import BLIND_NIL_CODE, NIL_CODE, Bid
from spades_voice.rules.ruleset import FailedNilTricks, Ruleset
from spades_voice.rules.seats import Seat, Team

BAG_LIMIT = 10
BAG_PENALTY = 100
NIL_VALUE = 100
BLIND_NIL_VALUE = 200


def contract_counts(
    bid_a: int, bid_b: int, won_a: int, won_b: int, partner_rule: bool
) -> tuple[int, int, int]:
    """(contract, tricks counted toward it, failed-nil tricks that are bags) for one
    partnership, bids as ``Bid.code`` ints: the one place that says which tricks count.

    >>> contract_counts(4, 0, 4, 1, partner_rule=False)  # nil took one: a bag, not a trick
    (4, 4, 1)
    >>> contract_counts(4, 0, 3, 1, partner_rule=True)
    (4, 4, 0)
    """
    # Branches rather than sums: the computers ask this for every card of every playout.
    if bid_a > 0:
        if bid_b > 0:
            return bid_a + bid_b, won_a + won_b, 0
        return (bid_a, won_a + won_b, 0) if partner_rule else (bid_a, won_a, won_b)
    if bid_b > 0:
        return (bid_b, won_a + won_b, 0) if partner_rule else (bid_b, won_b, won_a)
    return (0, won_a + won_b, 0) if partner_rule else (0, 0, won_a + won_b)


def nil_points(code: int, won: int) -> int:
    """What a nil (``code`` 0) or blind nil (−1) scores after taking ``won`` tricks."""
    value = BLIND_NIL_VALUE if code == BLIND_NIL_CODE else NIL_VALUE
    return value if won == 0 else -value


def contract_points(contract: int, counted: int) -> int:
    """10 × contract + 1 per overtrick when made; −10 × contract when set."""
    if counted >= contract:
        return 10 * contract + counted - contract
    return -10 * contract


def hand_points(
    bid_a: int, bid_b: int, won_a: int, won_b: int, bags_before: int, partner_rule: bool
) -> tuple[int, int]:
    """(the hand's points, bags carried after) for one partnership, on ints: what
    ``score_team`` reports, for the computers that score thousands of imagined hands."""
    contract, counted, nil_bags = contract_counts(bid_a, bid_b, won_a, won_b, partner_rule)
    bags = bags_before + max(0, counted - contract) + nil_bags
    points = contract_points(contract, counted) + nil_bags - BAG_PENALTY * (bags // BAG_LIMIT)
    if bid_a <= 0:
        points += nil_points(bid_a, won_a)
    if bid_b <= 0:
        points += nil_points(bid_b, won_b)
    return points, bags % BAG_LIMIT


@dataclass(frozen=True, slots=True)
class NilOutcome:
    """A nil bid and the tricks its bidder has taken (so far, or in the finished hand)."""

    seat: Seat
    blind: bool
    tricks: int

    @property
    def made(self) -> bool:
        """No trick taken: made once the hand is over, still alive while it is played."""
        return self.tricks == 0

    @property
    def points(self) -> int:
        return nil_points(BLIND_NIL_CODE if self.blind else NIL_CODE, self.tricks)


@dataclass(frozen=True, slots=True)
class TeamProgress:
    """Where one partnership stands on its contract and nils, during a hand or after it."""

    team: Team
    contract: int  # sum of the positive bids; 0 when both bid nil
    counted: int  # tricks that count toward the contract
    nil_bags: int  # failed-nil tricks that are bags instead (the "bags" variant)
    nils: tuple[NilOutcome, ...]
    left: int  # tricks not yet played in the hand

    @property
    def need(self) -> int:
        """Tricks still needed to make the contract (0 once made)."""
        return max(0, self.contract - self.counted)

    @property
    def made(self) -> bool:
        return self.counted >= self.contract

    @property
    def set(self) -> bool:
        """The contract can no longer be made: it needs more tricks than are left."""
        return self.contract - self.counted > self.left

    @property
    def overtricks(self) -> int:
        return max(0, self.counted - self.contract)


def team_progress(
    ruleset: Ruleset,
    team: Team,
    bids: Mapping[Seat, Bid],
    tricks: Mapping[Seat, int],
    left: int = 0,
) -> TeamProgress:
    """Made, needed, set and which nils are alive, for one partnership (``left`` tricks
    still to play). Scoring, the spoken summaries and the hints all ask this."""
    a, b = team.seats
    ba, bb = bids[a], bids[b]
    ta, tb = tricks[a], tricks[b]
    contract, counted, nil_bags = contract_counts(
        ba.code, bb.code, ta, tb, ruleset.failed_nil_tricks is FailedNilTricks.PARTNER
    )
    nils = tuple(
        NilOutcome(seat, bid.blind, taken)
        for seat, bid, taken in ((a, ba, ta), (b, bb, tb))
        if bid.is_nil
    )
    return TeamProgress(team, contract, counted, nil_bags, nils, left)


@dataclass(frozen=True, slots=True)
class TeamScore:
    """One team's hand: every number a spoken summary needs to show its arithmetic."""

    team: Team
    contract: int
    tricks: int  # tricks taken by the whole team
    counted: int  # tricks that count toward the contract
    made: bool
    contract_points: int  # 10 × contract + overtricks, or −10 × contract
    nil_bag_points: int  # +1 per failed-nil trick under the "bags" variant
    nils: tuple[NilOutcome, ...]
    bags_added: int
    bags_before: int
    bags_after: int
    penalties: int  # how many −100 bag penalties this hand
    points: int  # the hand's change, including nil and bag penalty

    @property
    def nil_points(self) -> int:
        return sum(n.points for n in self.nils)

    @property
    def overtricks(self) -> int:
        return max(0, self.counted - self.contract)


def score_team(
    ruleset: Ruleset,
    team: Team,
    bids: Mapping[Seat, Bid],
    tricks: Mapping[Seat, int],
    bags_before: int,
) -> TeamScore:
    """Score one partnership's finished hand given everyone's bids and tricks."""
    p = team_progress(ruleset, team, bids, tricks)
    a, b = team.seats
    points, bags_after = hand_points(
        bids[a].code,
        bids[b].code,
        tricks[a],
        tricks[b],
        bags_before,
        ruleset.failed_nil_tricks is FailedNilTricks.PARTNER,
    )
    bags_added = p.overtricks + p.nil_bags
    return TeamScore(
        team=team,
        contract=p.contract,
        tricks=tricks[a] + tricks[b],
        counted=p.counted,
        made=p.made,
        contract_points=contract_points(p.contract, p.counted),
        nil_bag_points=p.nil_bags,
        nils=p.nils,
        bags_added=bags_added,
        bags_before=bags_before,
        bags_after=bags_after,
        penalties=(bags_before + bags_added) // BAG_LIMIT,
        points=points,
    )


def score_hand(
    ruleset: Ruleset,
    bids: Mapping[Seat, Bid],
    tricks: Mapping[Seat, int],
    bags_before: Mapping[Team, int],
) -> dict[Team, TeamScore]:
    """Both partnerships' scores for a finished hand."""
    return {
        team: score_team(ruleset, team, bids, tricks, bags_before[team])
        for team in (Team.NS, Team.EW)
    }
