"""Which cues the table's events make, for the player at one seat.

Driven by the model's own events (``rules.events``), which a local table and a remote
one deliver alike, so a shared table sounds exactly like a game against the computers.
Pure: no device, no clock; the shell plays what this returns at the moment it speaks the
event's line, so sound and speech tell the same story in the same order.
"""

from __future__ import annotations

from spades_voice.options import Pace
from spades_voice.rules import Seat, SeatView
from spades_voice.rules.events import (
    BidPlaced,
    CardPlayed,
    GameEvent,
    HandDealt,
    HandScored,
    MatchWon,
    SpadesBroken,
    TakenBack,
    TrickWon,
    TurnToAct,
)
from spades_voice.sound.cues import Cue, CueRequest
from spades_voice.sound.player import SoundPlayer

#: Room between the starts of cues that arrive together, by pace: at relaxed pace each
#: stands apart; at instant pace a burst (your card, three replies, the trick, your turn)
#: still comes through as separate sounds, a card's knock being loudest in its first
#: 30 ms, and takes about a third of a second, so it never builds up behind play.
GAPS = {Pace.RELAXED: 0.14, Pace.QUICK: 0.1, Pace.INSTANT: 0.05}


class TableCues:
    """Turns each event into cues. Keeps who bid nil this hand and whose nil is broken,
    since "nil broken" is the first trick a nil bidder takes."""

    def __init__(self, me: Seat) -> None:
        self.me = me
        self._nil: set[Seat] = set()
        self._broken: set[Seat] = set()

    def sync(self, view: SeatView) -> None:
        """Catch up from the table as it is now (a resumed match, an undo)."""
        self._nil = {seat for seat, bid in view.bids if bid.is_nil}
        self._broken = {seat for seat in self._nil if view.tricks_won.get(seat, 0) > 0}

    def cues(self, event: GameEvent) -> list[CueRequest]:
        if isinstance(event, CardPlayed):
            return [CueRequest(Cue.CARD, event.seat)]
        if isinstance(event, SpadesBroken):
            return [CueRequest(Cue.SPADES_BROKEN, event.seat)]
        if isinstance(event, TrickWon):
            ours = event.seat.team is self.me.team
            out = [CueRequest(Cue.TRICK_US if ours else Cue.TRICK_THEM, event.seat)]
            if event.seat in self._nil and event.seat not in self._broken:
                self._broken.add(event.seat)
                out.append(CueRequest(Cue.NIL_BROKEN, event.seat))
            return out
        if isinstance(event, TurnToAct):
            return [CueRequest(Cue.YOUR_TURN)] if event.seat is self.me else []
        if isinstance(event, BidPlaced):
            if event.bid.is_nil:
                self._nil.add(event.seat)
            return []
        if isinstance(event, HandDealt):
            self._nil.clear()
            self._broken.clear()
            return []
        if isinstance(event, HandScored):
            scores = event.outcome.scores.values()
            out = []
            if any(s.contract and not s.made for s in scores):
                out.append(CueRequest(Cue.SET))
            if any(s.penalties for s in scores):
                out.append(CueRequest(Cue.BAG_PENALTY))
            return out
        if isinstance(event, MatchWon):
            won = event.team is self.me.team
            return [CueRequest(Cue.MATCH_WON if won else Cue.MATCH_LOST)]
        if isinstance(event, TakenBack):
            return []  # the shell calls sync with the table as it now is
        return []


class CuePlayer:
    """The shell's sound: each event's cues played through ``player`` (None: a game
    without sound), spaced for the pace and placed around ``me`` (the player's seat is
    the player's place). Never waits (see ``SoundPlayer.play``)."""

    def __init__(self, me: Seat, player: SoundPlayer | None) -> None:
        self.table = TableCues(me)
        self.player = player
        if player is not None:
            player.me = me

    def sync(self, view: SeatView) -> None:
        self.table.sync(view)

    def event(self, event: GameEvent, pace: Pace) -> None:
        for request in self.table.cues(event):
            self.cue(request.cue, pace, request.seat)

    def cue(self, cue: Cue, pace: Pace, seat: Seat | None = None, *, at_once: bool = False) -> None:
        """Play ``cue``; ``at_once`` for the answer to a key."""
        if self.player is not None:
            self.player.set_gap(GAPS[pace])
            self.player.play(cue, seat, at_once=at_once)

    def settle(self, timeout: float = 0.5) -> None:
        """Wait (bounded) for the device to open or fail, so that "no sound device" is
        said at the start, in its place, rather than somewhere in the first hand."""
        if self.player is not None and self.player.enabled:
            self.player.status(timeout)

    def notices(self) -> list[str]:
        """What the player has to say once (no device, device stopped)."""
        return self.player.notices() if self.player is not None else []
