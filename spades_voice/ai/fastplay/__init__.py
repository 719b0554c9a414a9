"""The computers' engine room: a card policy, playouts and an exact endgame on bitmasks.

Everything here works on plain ints so that Hard can play thousands of hands per decision:
a holding is a 52-bit mask over ``Card.index`` (spades are indexes 0..12, so a spade beats
any other suit by being below 13), seats are indexes S=0, W=1, N=2, E=3, and a team is
``seat & 1`` (0 = NS, 1 = EW). A bid is an int, ``Bid.code``: 1..13, ``NIL_CODE`` (0) or
``BLIND_NIL_CODE``.

The rules themselves are not here: legality, the trick winner and the step a card takes
the play through come from ``rules.kernel`` and the arithmetic of a hand's score from
``rules.scoring``, the same functions ``HandState`` and ``score_team`` use, so the
computers cannot drift from the game.

Nothing here knows about other seats' hands by itself: callers hand it holdings, which for
a computer player are deals *sampled* from what its ``SeatView`` shows.

One module per concept:

* ``masks``: the cards above and below a card, the lowest and highest of a mask;
* ``stakes``: what a finished hand is worth to one team (``Stakes.utility``);
* ``policy``: ``choose``, the Medium player's judgement and the rollout policy of Hard's
  playouts (one set of rules, so a better rule helps both);
* ``playouts``: ``playout``, a hand finished with every seat playing the policy;
* ``solver``: ``solve``, the exact (double dummy) value of an ending.
"""

from __future__ import annotations

from spades_voice.ai.fastplay.masks import ABOVE, BELOW, beaters, high, low, lowest_index
from spades_voice.ai.fastplay.playouts import playout
from spades_voice.ai.fastplay.policy import choose
from spades_voice.ai.fastplay.solver import solve
from spades_voice.ai.fastplay.stakes import BAG_COST, EDGE_COST, Stakes

__all__ = [
    "ABOVE",
    "BAG_COST",
    "BELOW",
    "EDGE_COST",
    "Stakes",
    "beaters",
    "choose",
    "high",
    "low",
    "lowest_index",
    "playout",
    "solve",
]
