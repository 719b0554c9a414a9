"""A match: ruleset + seed + the ordered list of decisions.

Every state is a replay of that list, so undo, restart hand, saves and records all fall
out of it. ``position.py`` goes forward (``apply``); here a ``MatchState`` also takes
decisions back (undo, restart the hand, reopen the hand that just ended).
"""

from __future__ import annotations

from spades_voice.rules.chance import DealtHand, deal_for, rng_for, seed_text
from spades_voice.rules.decisions import Decision, Look, Match, Move
from spades_voice.rules.errors import IllegalAction, IllegalBid, IllegalPlay, NothingToUndo
from spades_voice.rules.events import (
    BidPlaced,
    CardPlayed,
    GameEvent,
    HandDealt,
    HandOutcome,
    HandScored,
    MatchWon,
    SpadesBroken,
    TrickWon,
)
from spades_voice.rules.hand import HandState
from spades_voice.rules.position import MatchPosition
from spades_voice.rules.reasons import Reason, Why
from spades_voice.rules.seats import TEAMS, Seat

#: The kinds of event ``told`` tells again: what a match reports as its decisions are
#: applied (a turn, and moves taken back, are the table's to say, not the match's).
TOLD_EVENTS = (HandDealt, BidPlaced, CardPlayed, SpadesBroken, TrickWon, HandScored, MatchWon)


def told(match: Match) -> list[GameEvent]:
    """What happened in ``match`` as it stands (moves taken back aside), in order: its
    deals, bids, cards, tricks and results, as the table reported them (what a resumed
    match's history is rebuilt from)."""
    state = MatchState(Match(ruleset=match.ruleset, seed=match.seed, deals=match.deals))
    events: list[GameEvent] = []
    dealt = state.dealt_event()
    if dealt is not None:
        events.append(dealt)
    for decision in match.decisions:
        events += state.apply(decision)
    return events


def check_match(match: Match) -> None:
    """Replay ``match`` to prove the rules accept every decision in it (a file read back);
    raises ``IllegalAction`` with the reason at the first they refuse."""
    MatchState(match)


class MatchState(MatchPosition):
    """A position in a match that can also take decisions back. Change it with ``apply``,
    ``undo`` and ``restart_hand``; ``match`` is its replayable value."""

    # ---- taking back ---------------------------------------------------------------

    def _rebuild_hand(self, keep: int) -> None:
        """Replay the current hand's first ``keep`` decisions, then every look after them:
        cards once seen stay seen, so blind nil stays closed to whoever has looked."""
        dealt = self._dealt[-1]
        self._hand = HandState(self.ruleset, dealt.dealer, dealt.deal)
        mine = self._decisions[self._hand_start :]
        redo = mine[:keep] + [d for d in mine[keep:] if isinstance(d, Look)]
        del self._decisions[self._hand_start :]
        del self._actors[self._hand_start :]
        for d in redo:
            self._decide(d)

    def _reopenable(self) -> int | None:
        """Which hand (an index into ``_starts``) can be taken up again: the last finished
        one, while the match goes on and nobody has decided anything (not even looked) in
        the hand dealt after it."""
        if self._winner is not None or not self._outcomes:
            return None
        if self._hand is None:  # no further deal (a record ran out): the hand is current
            return len(self._starts) - 1
        if self._hand_start != len(self._decisions):
            return None
        return len(self._starts) - 2

    def _reopen(self, index: int) -> None:
        """Take back the scoring of the last finished hand and make it current again, with
        every card played (the caller then replays part of it)."""
        last = self._outcomes.pop()
        for team in TEAMS:
            self._totals[team] -= last.scores[team].points
            self._bags[team] = last.scores[team].bags_before
        del self._dealt[index + 1 :]  # the next hand was dealt; nobody has acted in it
        del self._starts[index + 1 :]
        self._hand = None  # ``_rebuild_hand`` deals it again and replays what it keeps

    def _moves_of(self, seat: Seat, index: int) -> list[int]:
        """Where ``seat``'s bids and cards (looks aside) fall in hand ``index``."""
        a = self._starts[index]
        b = self._starts[index + 1] if index + 1 < len(self._starts) else len(self._decisions)
        return [
            i - a
            for i in range(a, b)
            if self._actors[i] is seat and not isinstance(self._decisions[i], Look)
        ]

    def can_undo(self, seat: Seat, *, reopen: bool = False) -> bool:
        """``seat`` has a decision to take back; with ``reopen``, also in the hand that
        just ended (see ``undo``). A look is never taken back."""
        if self._winner is not None:
            return False
        if self._hand is not None and self._moves_of(seat, len(self._starts) - 1):
            return True
        index = self._reopenable() if reopen else None
        return index is not None and bool(self._moves_of(seat, index))

    def undo_target(self, seat: Seat, *, reopen: bool = False) -> Move | None:
        """The bid or card of ``seat``'s that ``undo`` would take back first (every
        decision after it goes too); None when there is nothing to undo."""
        if not self.can_undo(seat, reopen=reopen):
            return None
        index = len(self._starts) - 1
        if self._hand is None or not self._moves_of(seat, index):
            reopenable = self._reopenable()
            assert reopenable is not None  # can_undo said so
            index = reopenable
        found = self._decisions[self._starts[index] + self._moves_of(seat, index)[-1]]
        assert not isinstance(found, Look)  # _moves_of leaves looks aside
        return found

    def undo(self, seat: Seat, *, reopen: bool = False) -> int:
        """Take back ``seat``'s last bid or card in this hand and every bid and card after
        it (looks stay).

        Never after the match ended. With ``reopen`` (the table has not moved on to the
        next hand yet), a hand that has just ended is taken up again, its scoring taken
        back, as long as nobody has acted in the next one; otherwise never reaches into an
        earlier hand. Returns how many bids and cards were taken back.
        """
        if self._winner is not None:
            raise NothingToUndo(Reason(Why.MATCH_OVER))
        if not self.can_undo(seat, reopen=reopen):
            raise NothingToUndo(Reason(Why.NOTHING_TO_UNDO))
        index = self._reopenable()
        if self._hand is None or not self._moves_of(seat, len(self._starts) - 1):
            assert index is not None  # can_undo said so
            self._reopen(index)
        keep = self._moves_of(seat, len(self._starts) - 1)[-1]
        return self._take_back(keep)

    def _take_back(self, keep: int) -> int:
        """Keep the current hand's first ``keep`` decisions (and its looks); returns how
        many bids and cards went."""
        gone = sum(not isinstance(d, Look) for d in self._decisions[self._hand_start + keep :])
        self._rebuild_hand(keep)
        return gone

    def restart_hand(self, *, reopen: bool = False) -> int:
        """Start the current hand again with the same cards (looks stay). Returns how many
        bids and cards were taken back.

        With ``reopen``, a hand that has just ended (nobody has acted in the next) is the
        one restarted, its scoring taken back.
        """
        if self._winner is not None:
            raise NothingToUndo(Reason(Why.MATCH_OVER))
        index = self._reopenable() if reopen else None
        if index is not None:
            self._reopen(index)
        elif self._hand is None:
            raise NothingToUndo(Reason(Why.NO_HAND))
        return self._take_back(0)

    def clone(self) -> MatchState:
        other = MatchState.__new__(MatchState)
        other.ruleset = self.ruleset
        other.seed = self.seed
        other._fixed = self._fixed
        other._dealt = self._dealt[:]
        other._decisions = self._decisions[:]
        other._actors = self._actors[:]
        other._starts = self._starts[:]
        other._outcomes = self._outcomes[:]
        other._totals = dict(self._totals)
        other._bags = dict(self._bags)
        other._winner = self._winner
        other._hand = self._hand.clone() if self._hand is not None else None
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MatchState):
            return NotImplemented
        return (
            self.match == other.match
            and self._totals == other._totals
            and self._bags == other._bags
            and self._winner == other._winner
            and self._hand == other._hand
        )

    __hash__ = None  # type: ignore[assignment]


__all__ = [
    "DealtHand",
    "Decision",
    "HandOutcome",
    "IllegalAction",
    "IllegalBid",
    "IllegalPlay",
    "Look",
    "Match",
    "MatchState",
    "Move",
    "check_match",
    "deal_for",
    "rng_for",
    "seed_text",
    "told",
]
