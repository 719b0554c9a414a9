"""Matches: replay, undo, restart, match end, Boston, SeatView secrecy."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_helpers import play_random_match

from spades_voice.rules import (
    BLIND_NIL,
    SEATS,
    TOLD_EVENTS,
    Bid,
    Deal,
    DealtHand,
    IllegalAction,
    Look,
    Match,
    MatchState,
    NothingToUndo,
    Ruleset,
    Seat,
    Team,
    cards,
    deal_for,
    told,
    view_of,
)


def _advance(state: MatchState, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if state.over:
            return
        v = view_of(state, state.to_act)  # type: ignore[arg-type]
        state.apply(rng.choice(v.legal_bids[-13:-9]) if v.legal_bids else rng.choice(v.legal_cards))


class TestDeals:
    def test_deal_for_is_deterministic_and_rotates(self) -> None:
        a, b = deal_for(5, 0), deal_for(5, 0)
        assert a == b
        assert deal_for(5, 1).dealer is a.dealer.next
        assert deal_for(5, 1).deal != a.deal
        assert deal_for(6, 0).deal != a.deal


class TestReplayAndUndo:
    @settings(max_examples=40, deadline=None)
    @given(st.integers(0, 10**6), st.integers(0, 120))
    def test_replay_reproduces_state(self, seed: int, n: int) -> None:
        state = MatchState(Ruleset(), seed=seed)
        _advance(state, random.Random(seed), n)
        assert MatchState(state.match) == state
        assert state.clone() == state

    @settings(max_examples=40, deadline=None)
    @given(st.integers(0, 10**6), st.integers(1, 56), st.sampled_from(SEATS))
    def test_undo_then_redo_gives_same_state(self, seed: int, n: int, seat: Seat) -> None:
        state = MatchState(Ruleset(), seed=seed)
        _advance(state, random.Random(seed), n)
        if not state.can_undo(seat):
            with pytest.raises(NothingToUndo):
                state.undo(seat)
            return
        before = state.clone()
        redo = state.hand_decisions()
        count = state.undo(seat)
        assert count >= 1
        assert state.to_act is seat  # back to just before seat's last decision
        for d in redo[len(redo) - count :]:
            state.apply(d)
        assert state == before

    def test_undo_never_crosses_hands(self) -> None:
        state = MatchState(Ruleset(), seed=3)
        _advance(state, random.Random(3), 56)
        assert state.hand_number == 2 and state.hand_decisions() == ()
        with pytest.raises(NothingToUndo, match="nothing_to_undo"):
            state.undo(Seat.S)

    @settings(max_examples=30, deadline=None)
    @given(st.integers(0, 10**6), st.sampled_from(SEATS))
    def test_undo_reopens_the_hand_just_ended(self, seed: int, seat: Seat) -> None:
        """Seed rule: until the next hand is dealt to the players, undo takes back the
        last card of the finished hand and its scoring; replaying gives the same state."""
        state = MatchState(Ruleset(target=None), seed=seed)
        _advance(state, random.Random(seed), 56)
        if state.over:
            return  # a single hand decided the match: covered by the next test
        before = state.clone()
        finished = state.decisions
        assert state.can_undo(seat, reopen=True) and not state.can_undo(seat)
        count = state.undo(seat, reopen=True)
        assert state.hand_number == 1 and not state.outcomes
        assert state.totals == {Team.NS: 0, Team.EW: 0} and state.bags == {Team.NS: 0, Team.EW: 0}
        assert state.to_act is seat
        for d in finished[len(finished) - count :]:
            state.apply(d)
        assert state == before

    def test_restart_reopens_the_hand_just_ended(self) -> None:
        state = MatchState(Ruleset(), seed=3)
        _advance(state, random.Random(3), 56)
        deal = state.dealt[0]
        assert state.restart_hand(reopen=True) == 56
        assert state.hand_number == 1 and state.dealt[-1] == deal and not state.outcomes
        assert state.totals == {Team.NS: 0, Team.EW: 0}

    def test_reopen_never_crosses_a_deal_or_the_match_end(self) -> None:
        state = MatchState(Ruleset(), seed=3)
        _advance(state, random.Random(3), 57)  # one bid into hand 2
        seat = state.hand_actors()[0]
        for other in SEATS:
            if other is not seat:
                assert not state.can_undo(other, reopen=True)
                with pytest.raises(NothingToUndo):
                    state.undo(other, reopen=True)
        assert state.restart_hand(reopen=True) == 1 and state.hand_number == 2
        over = play_random_match(4, Ruleset(target=None))
        assert over.over and not over.can_undo(Seat.S, reopen=True)
        with pytest.raises(NothingToUndo, match="match_over"):
            over.undo(Seat.S, reopen=True)
        with pytest.raises(NothingToUndo, match="match_over"):
            over.restart_hand(reopen=True)

    def test_undo_replays_a_blind_nil_bid(self) -> None:
        state = MatchState(Ruleset(blind_nil=True), seed=1)
        seat = state.to_act
        assert seat is not None
        state.apply(BLIND_NIL)
        state.reveal(seat)  # looked at the cards after bidding blind
        while state.to_act is not seat:
            v = view_of(state, state.to_act)  # type: ignore[arg-type]
            state.apply(v.legal_bids[-13] if v.legal_bids else v.legal_cards[0])
        v = view_of(state, seat)
        state.apply(v.legal_cards[0])
        assert state.undo(seat) == 1
        assert state.hand_decisions()[0] == BLIND_NIL and state.hand is not None
        assert state.hand.seen(seat)

    def test_restart_keeps_cards(self) -> None:
        state = MatchState(Ruleset(), seed=9)
        _advance(state, random.Random(9), 20)
        deal = state.dealt[-1]
        assert state.restart_hand() == 20
        assert state.hand_decisions() == () and state.dealt[-1] == deal
        assert state.hand is not None and state.hand.deal == deal.deal

    def test_no_undo_after_match_end(self) -> None:
        state = play_random_match(4, Ruleset(target=None))
        assert state.over
        with pytest.raises(NothingToUndo, match="match_over"):
            state.undo(Seat.S)
        with pytest.raises(IllegalAction, match="match_over"):
            state.apply(Bid(1))

    def test_undo_keeps_blind_nil_closed_once_seen(self) -> None:
        state = MatchState(Ruleset(blind_nil=True), seed=1)
        seat = state.to_act
        assert seat is not None
        state.reveal(seat)
        state.apply(Bid(2))
        state.undo(seat)
        with pytest.raises(IllegalAction, match="blind_nil_seen"):
            state.apply(BLIND_NIL)


class TestLook:
    """Looking at the cards is a decision: replayed, never taken back."""

    def _blind(self, seed: int = 1) -> tuple[MatchState, Seat]:
        state = MatchState(Ruleset(blind_nil=True), seed=seed)
        assert state.to_act is not None
        return state, state.to_act

    def test_a_look_is_recorded_once_and_closes_blind_nil(self) -> None:
        state, seat = self._blind()
        assert state.apply(Look(seat)) == []
        assert state.decisions == (Look(seat),) and state.moves == 0
        assert state.hand is not None and state.hand.seen(seat)
        with pytest.raises(IllegalAction, match="blind_nil_seen"):
            state.apply(BLIND_NIL)
        assert not state.reveal(seat)  # nothing new: not recorded twice
        with pytest.raises(IllegalAction, match="already_seen"):
            state.apply(Look(seat))
        assert MatchState(state.match) == state

    def test_a_look_is_refused_where_it_means_nothing(self) -> None:
        plain = MatchState(Ruleset(), seed=1)
        assert not plain.reveal(Seat.S) and plain.decisions == ()
        with pytest.raises(IllegalAction, match="look_not_counted"):
            plain.apply(Look(Seat.S))
        state, seat = self._blind()
        with pytest.raises(IllegalAction, match="only_you_look"):
            state.apply(Look(seat.next), seat)

    def test_undo_takes_back_the_blind_nil_but_not_the_look(self) -> None:
        state, seat = self._blind()
        state.apply(BLIND_NIL)
        state.reveal(seat)  # the cards were read after bidding blind
        assert state.can_undo(seat)
        assert state.undo(seat) == 1  # the bid; the look stays
        assert state.decisions == (Look(seat),)
        assert BLIND_NIL not in view_of(state, seat).legal_bids
        assert not state.can_undo(seat)  # a look alone is nothing to undo

    def test_restart_and_reopen_replay_every_look(self) -> None:
        state, seat = self._blind(3)
        rng = random.Random(3)
        state.reveal(seat.partner)
        _advance(state, rng, 30)
        state.reveal(seat)
        assert state.restart_hand() == 30
        assert set(state.hand_decisions()) == {Look(seat), Look(seat.partner)}
        _advance(state, rng, 56)
        assert state.hand_number == 2 and len(state.outcomes) == 1
        last = next(s for s in SEATS if state.can_undo(s, reopen=True))
        taken = state.undo(last, reopen=True)
        assert 1 <= taken <= 4 and state.hand_number == 1 and not state.outcomes
        looks = [d for d in state.hand_decisions() if isinstance(d, Look)]
        assert set(looks) == {Look(seat), Look(seat.partner)}
        assert state.hand is not None and state.hand.seen(seat)

    @settings(max_examples=25, deadline=None)
    @given(st.integers(0, 10**6))
    def test_random_looks_replay_to_the_same_state(self, seed: int) -> None:
        state = play_random_match(seed, Ruleset(target=200, blind_nil=True), 4, look=0.05)
        assert MatchState(state.match) == state
        assert state.moves == sum(not isinstance(d, Look) for d in state.decisions)


def _fixed_hand(dealer: Seat) -> DealtHand:
    """North holds every spade: NS take all 13 tricks whatever happens."""
    return DealtHand(
        dealer,
        Deal.from_hands(
            {
                Seat.N: cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
                Seat.S: cards("AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"),
                Seat.W: cards("AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"),
                Seat.E: cards("AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"),
            }
        ),
    )


def _play_out(state: MatchState, bids: dict[Seat, Bid]) -> None:
    hand = state.hand
    assert hand is not None
    number = state.hand_number
    while state.hand_number == number and not state.over:
        seat = state.to_act
        assert seat is not None
        v = view_of(state, seat)
        state.apply(bids[seat] if v.legal_bids else v.legal_cards[-1])


class TestMatchEnd:
    def test_boston_and_single_hand_match(self) -> None:
        state = MatchState(Match(Ruleset(target=None), deals=(_fixed_hand(Seat.E),)))
        _play_out(state, {Seat.S: Bid(6), Seat.N: Bid(7), Seat.W: Bid(1), Seat.E: Bid(1)})
        out = state.outcomes[0]
        assert out.boston is Team.NS
        assert out.tricks[Seat.N] + out.tricks[Seat.S] == 13
        assert out.scores[Team.NS].points == 130
        assert out.scores[Team.EW].points == -20
        assert state.winner is Team.NS

    def test_ties_continue_and_both_over_target(self) -> None:
        # Same bids both hands -> equal totals only if both teams score alike; build it:
        # EW bid 13 total and are set (-130); NS bid 13 and make it (130). Not a tie, NS wins.
        hands = tuple(_fixed_hand(Seat.E.after(i)) for i in range(3))
        state = MatchState(Match(Ruleset(target=100), deals=hands))
        _play_out(state, {Seat.S: Bid(6), Seat.N: Bid(7), Seat.W: Bid(6), Seat.E: Bid(7)})
        assert state.winner is Team.NS

    def test_tie_at_or_over_target_plays_on(self) -> None:
        state = MatchState(Match(Ruleset(target=100), deals=()))
        # Drive the decision directly: totals tied over the target is not a win.
        state._totals = {Team.NS: 120, Team.EW: 120}
        assert state._decide_winner() is None
        state._totals = {Team.NS: 520, Team.EW: 510}
        assert state._decide_winner() is Team.NS
        state._totals = {Team.NS: -20, Team.EW: -30}
        assert state._decide_winner() is None

    def test_single_hand_tie_plays_another(self) -> None:
        state = MatchState(Match(Ruleset(target=None), deals=()))
        state._totals = {Team.NS: 30, Team.EW: 30}
        assert state._decide_winner() is None


class TestSeatView:
    @settings(max_examples=30, deadline=None)
    @given(st.integers(0, 10**6), st.integers(0, 56), st.sampled_from(SEATS))
    def test_view_never_holds_another_seats_cards(self, seed: int, n: int, seat: Seat) -> None:
        state = MatchState(Ruleset(), seed=seed)
        _advance(state, random.Random(seed), n)
        hand = state.hand
        assert hand is not None
        v = view_of(state, seat)
        hidden = {c for s in SEATS if s is not seat for c in hand.held(s)}
        assert not hidden & set(v.hand)
        assert not hidden & set(v.legal_cards)
        assert not hidden & set(v.played)
        assert set(v.unseen) == hidden
        # Nothing in the view's text form names a hidden card code.
        text = repr(v)
        for c in hidden:
            assert f"from_code('{c.code}')" not in text


def test_moments_of_gives_each_decision_with_the_view_before_it() -> None:
    from spades_voice.rules.view import moments_of

    state = play_random_match(3, Ruleset(target=200), max_hands=2)
    hands = moments_of(state.match, Seat.W)
    assert [n for n, _ in hands] == list(range(1, len(state.outcomes) + 1))
    for _, moments in hands:
        assert len(moments) == 14  # one bid, thirteen cards
        for view, decision in moments:
            assert view.seat is Seat.W and view.my_turn
            assert decision in view.legal_bids or decision in view.legal_cards



def test_told_is_what_the_match_reported_as_it_went() -> None:
    """A resumed match's history is rebuilt from ``told``: the same events, in order."""
    rng = random.Random("told")
    state = MatchState(Match(Ruleset(target=200, blind_nil=True), seed="told"))
    heard = [state.dealt_event()]
    for _ in range(80):
        seat = state.to_act
        assert seat is not None
        if rng.random() < 0.2:
            state.reveal(seat)  # a look tells nobody anything
        view = view_of(state, seat)
        heard += state.apply(rng.choice(view.legal_bids or view.legal_cards), seat)
    assert told(state.match) == heard
    assert all(isinstance(event, TOLD_EVENTS) for event in heard)  # what the shell numbers
