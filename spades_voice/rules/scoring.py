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

from spades_voice.rules.bids import Bid
from spades_voice.rules.ruleset import FailedNilTricks, Ruleset
from spades_voice.rules.seats import Seat, Team

BAG_LIMIT = 10
BAG_PENALTY = 100
NIL_VALUE = 100
BLIND_NIL_VALUE = 200


@dataclass(frozen=True, slots=True)
class NilOutcome:
    seat: Seat
    blind: bool
    tricks: int

    @property
    def made(self) -> bool:
        return self.tricks == 0

    @property
    def points(self) -> int:
        value = BLIND_NIL_VALUE if self.blind else NIL_VALUE
        return value if self.made else -value


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
    """Score one partnership's hand given everyone's bids and tricks."""
    contract = 0
    counted = 0
    nil_bags = 0
    nils: list[NilOutcome] = []
    for seat in team.seats:
        bid = bids[seat]
        taken = tricks[seat]
        if bid.is_nil:
            nils.append(NilOutcome(seat, bid.blind, taken))
            if ruleset.failed_nil_tricks is FailedNilTricks.PARTNER:
                counted += taken
            else:
                nil_bags += taken
        else:
            contract += bid.tricks
            counted += taken
    made = counted >= contract
    if made:
        over = counted - contract
        contract_points = 10 * contract + over
    else:
        over = 0
        contract_points = -10 * contract
    bags_added = over + nil_bags
    total_bags = bags_before + bags_added
    penalties = total_bags // BAG_LIMIT
    points = (
        contract_points + nil_bags + sum(n.points for n in nils) - BAG_PENALTY * penalties
    )
    return TeamScore(
        team=team,
        contract=contract,
        tricks=sum(tricks[s] for s in team.seats),
        counted=counted,
        made=made,
        contract_points=contract_points,
        nil_bag_points=nil_bags,
        nils=tuple(nils),
        bags_added=bags_added,
        bags_before=bags_before,
        bags_after=total_bags % BAG_LIMIT,
        penalties=penalties,
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
