"""Blind nil at a shared table: which seats' cards the server holds back, and a seat's
choice to look at them.

Blind nil is bid before the bidder sees the cards, so the server must not send a seat its
cards while blind nil is still open to it; once they have been sent, the rules refuse
blind nil (``HandState.bid_refusal``: the seat has seen its cards). Both halves read and
write the one fact the rules keep, the seat's ``Look`` decision, which the table stores with
its other decisions (so a restart replays it): a seat's cards are on the wire exactly when
blind nil is closed to it.
"""

from __future__ import annotations

from spades_voice.rules import MatchState, Phase, Seat


def held_back(state: MatchState, seat: Seat) -> bool:
    """Whether ``seat``'s cards stay off the wire now: its table allows blind nil, the
    hand is being bid, and the seat has neither bid nor looked at its cards."""
    hand = state.hand
    return (
        hand is not None
        and state.ruleset.blind_nil
        and hand.phase is Phase.BIDDING
        and not hand.seen(seat)
        and all(bidder is not seat for bidder, _ in hand.bids)
    )


def look(state: MatchState, seat: Seat) -> tuple[bool, bool]:
    """``seat`` looks at its cards (blind nil closes to it). Returns whether they were
    held back (its view changes) and whether a ``Look`` decision was applied (to store)."""
    was = held_back(state, seat)
    return was, state.reveal(seat)
