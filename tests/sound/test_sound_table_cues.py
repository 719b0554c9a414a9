"""Which cues the table's events make: event by event, and over whole matches checked
against the scores the model kept on its own."""

from __future__ import annotations

import functools
import random
from collections import Counter

import pytest

from spades_voice.ai import Level, make_player
from spades_voice.options import Pace
from spades_voice.rules import NIL, Bid, Phase, Ruleset, Seat, Suit, Team, Trick, card
from spades_voice.rules.events import (
    BidPlaced,
    CardPlayed,
    GameEvent,
    HandDealt,
    HandOutcome,
    MatchWon,
    SpadesBroken,
    TrickWon,
    TurnToAct,
)
from spades_voice.sound import Cue, CueRequest
from spades_voice.sound.table_cues import GAPS, TableCues
from spades_voice.table import LocalTable

W, N, E, S = Seat.W, Seat.N, Seat.E, Seat.S
#: Medium computers bid nil now and then (Easy ones never do), and are quick.
LEVEL = Level.MEDIUM


def trick() -> Trick:
    return Trick(leader=S, cards=())


def test_a_card_sounds_from_its_seat() -> None:
    cues = TableCues(S)
    assert cues.cues(CardPlayed(W, card("9H"), 1, 1)) == [CueRequest(Cue.CARD, W)]
    assert cues.cues(SpadesBroken(E, card("2S"))) == [CueRequest(Cue.SPADES_BROKEN, E)]


def test_tricks_sound_ours_or_theirs_from_the_winner() -> None:
    cues = TableCues(S)
    assert cues.cues(TrickWon(N, trick(), 1)) == [CueRequest(Cue.TRICK_US, N)]
    assert cues.cues(TrickWon(E, trick(), 2)) == [CueRequest(Cue.TRICK_THEM, E)]
    west = TableCues(W)  # at a shared table, sitting West: East is the partner
    assert west.cues(TrickWon(E, trick(), 1)) == [CueRequest(Cue.TRICK_US, E)]


def test_only_my_turn_chimes() -> None:
    cues = TableCues(S)
    assert cues.cues(TurnToAct(S, Phase.PLAYING, Suit.HEARTS)) == [CueRequest(Cue.YOUR_TURN)]
    assert cues.cues(TurnToAct(W, Phase.PLAYING, None)) == []


def test_nil_breaks_on_the_first_trick_only_and_each_hand_starts_clean() -> None:
    cues = TableCues(S)
    assert cues.cues(BidPlaced(W, NIL)) == []
    assert cues.cues(BidPlaced(N, Bid(4))) == []
    assert cues.cues(TrickWon(N, trick(), 1)) == [CueRequest(Cue.TRICK_US, N)]
    assert cues.cues(TrickWon(W, trick(), 2)) == [
        CueRequest(Cue.TRICK_THEM, W), CueRequest(Cue.NIL_BROKEN, W)
    ]
    assert cues.cues(TrickWon(W, trick(), 3)) == [CueRequest(Cue.TRICK_THEM, W)]
    cues.cues(HandDealt(2, W))
    assert cues.cues(TrickWon(W, trick(), 1)) == [CueRequest(Cue.TRICK_THEM, W)]


def test_the_match_is_won_or_lost_for_my_side() -> None:
    totals = {Team.NS: 510, Team.EW: 300}
    assert TableCues(S).cues(MatchWon(Team.NS, totals)) == [CueRequest(Cue.MATCH_WON)]
    assert TableCues(E).cues(MatchWon(Team.NS, totals)) == [CueRequest(Cue.MATCH_LOST)]


def test_cues_follow_the_pace() -> None:
    assert GAPS[Pace.RELAXED] > GAPS[Pace.QUICK] > GAPS[Pace.INSTANT] > 0
    assert set(GAPS) == set(Pace)


@functools.cache
def play_match(seed: int) -> tuple[list[GameEvent], tuple[HandOutcome, ...], Team]:
    """A whole match to 200, every seat a computer (South's through ``submit``)."""
    players = {s: make_player(LEVEL, random.Random(f"{seed}/{s.value}")) for s in (W, N, E)}
    table = LocalTable(Ruleset(target=200), seed=seed, level=Level.EASY, players=players)
    me = make_player(LEVEL, random.Random(seed))
    events: list[GameEvent] = []
    while not table.state.over:
        if table.computer_to_act():
            table.step()
        else:
            table.reveal()
            table.submit(me.decide(table.view()))
        events += [e for e in table.drain() if not hasattr(e, "text")]
    winner = table.state.winner
    assert winner is not None
    return events, table.state.outcomes, winner


@pytest.mark.parametrize("seed", range(8))
def test_whole_matches_sound_as_the_scores_say(seed: int) -> None:
    """Cues from the events agree with the model's own record of the match: one knock
    per card, a trick sound per trick for the right side, a nil broken per failed nil,
    a set and a bag penalty in the hands that had them, and the result."""
    events, outcomes, winner = play_match(seed)
    mapper = TableCues(S)
    heard = Counter(request.cue for event in events for request in mapper.cues(event))
    hands = len(outcomes)
    ns_tricks = sum(o.tricks[S] + o.tricks[N] for o in outcomes)
    failed_nils = sum(not n.made for o in outcomes for s in o.scores.values() for n in s.nils)
    sets = sum(any(s.contract and not s.made for s in o.scores.values()) for o in outcomes)
    penalties = sum(any(s.penalties for s in o.scores.values()) for o in outcomes)
    assert heard[Cue.CARD] == 52 * hands
    assert heard[Cue.TRICK_US] == ns_tricks
    assert heard[Cue.TRICK_THEM] == 13 * hands - ns_tricks
    assert heard[Cue.NIL_BROKEN] == failed_nils
    assert heard[Cue.SET] == sets
    assert heard[Cue.BAG_PENALTY] == penalties
    assert heard[Cue.YOUR_TURN] == sum(isinstance(e, TurnToAct) and e.seat is S for e in events)
    assert heard[Cue.MATCH_WON if winner is Team.NS else Cue.MATCH_LOST] == 1


def test_the_matches_above_meet_every_rare_cue() -> None:
    """So the test above checks nil, set and bag penalty rather than counting zeros."""
    seen: Counter[Cue] = Counter()
    for seed in range(8):
        events, _, _ = play_match(seed)
        mapper = TableCues(S)
        seen.update(r.cue for e in events for r in mapper.cues(e))
    assert seen[Cue.NIL_BROKEN] and seen[Cue.SET] and seen[Cue.BAG_PENALTY]
