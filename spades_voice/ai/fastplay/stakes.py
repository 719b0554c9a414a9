"""What a finished hand is worth to one team, given the match situation: the score the
playouts and the solver are judged by. The figures behind the constants are in
docs/hard.md."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from spades_voice.ai.equity import EQUITY_SCALE, race_equity, settled
from spades_voice.rules.scoring import contract_counts, hand_points

#: Points a carried bag is reckoned to cost in the future: most bags never reach the tenth
#: before the match ends, and the tenth itself is scored as it happens.
BAG_COST = 2
#: Points more that our side's carried bags cost, by how many it carries out of the hand:
#: the price of playing its next hands at the bag edge. Ours only: it prices Hard's own
#: play there, not the rules, and the opponents' bags stay at ``BAG_COST``.
EDGE_COST = (0, 0, 0, 0, 0, 0, 0, 0, 12, 36)


@dataclass(frozen=True, slots=True)
class Stakes:
    """What a finished hand is worth to one team, given the match situation."""

    team: int  # 0 = NS, 1 = EW
    bags: tuple[int, int]  # carried bags before this hand, by team
    totals: tuple[int, int]  # match totals before this hand, by team
    target: int | None
    partner_rule: bool  # failed_nil_tricks == "partner"
    set_cost: int = 0  # in a match, points more that our contract set costs (hard.SET_COST)

    def utility(self, bids: Sequence[int], won: Sequence[int]) -> float:
        """Our points minus theirs in a single hand; in a match, the chance of winning it
        from the totals the hand leaves (``equity``: a point at 0-0 of a match to 500 is
        worth one), each side's carried bags taken off its total at ``BAG_COST``, our own
        side's at the edge at ``EDGE_COST`` more, and ``set_cost`` off ours when our
        contract is set."""
        t = self.team
        o = 1 - t
        mine, mbags = hand_points(
            bids[t], bids[t + 2], won[t], won[t + 2], self.bags[t], self.partner_rule
        )
        theirs, obags = hand_points(
            bids[o], bids[o + 2], won[o], won[o + 2], self.bags[o], self.partner_rule
        )
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
            need, got, _ = contract_counts(
                bids[t], bids[t + 2], won[t], won[t + 2], self.partner_rule
            )
            mine_cost += self.set_cost if got < need else 0
        return EQUITY_SCALE * race_equity(a - mine_cost, b - BAG_COST * obags, target)
