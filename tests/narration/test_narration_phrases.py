"""Phrasing: the examples in the issue and DESIGN.md, word for word."""

from __future__ import annotations

import dataclasses

import pytest

from spades_voice import narration as say
from spades_voice.narration import Cast, notices
from spades_voice.narration.lines import text_of
from spades_voice.rules import (
    BLIND_NIL,
    NIL,
    Bid,
    HandOutcome,
    MatchState,
    Phase,
    Ruleset,
    Seat,
    SeatView,
    Suit,
    Team,
    cards,
    score_team,
    view_of,
)
from spades_voice.table import DEFAULT_NAMES

CAST = Cast(Seat.S, DEFAULT_NAMES)


def _view(hand: str) -> SeatView:
    view = view_of(MatchState(Ruleset(), seed=1), Seat.S)
    return dataclasses.replace(view, hand=cards(hand))


def test_hand_summary_example() -> None:
    view = _view("AS TS 4S KH 9H QC JC 7C 5C")
    assert say.hand_summary(view).text == (
        "Spades: ace, 10, 4. Hearts: king, 9. Diamonds: none. Clubs: queen, jack, 7, 5. "
        "3 spades."
    )


def test_hand_summary_one_and_no_spades() -> None:
    assert text_of(say.hand_summary(_view("2S KH"))).endswith("1 spade.")
    assert text_of(say.hand_summary(_view("KH"))).endswith("No spades.")
    assert text_of(say.hand_summary(_view(""))) == "Your hand is empty."


def _score(team: Team, bids: dict[Seat, Bid], tricks: dict[Seat, int], bags: int = 0) -> str:
    return say.team_result(score_team(Ruleset(), team, bids, tricks, bags), CAST)


class TestHandResult:
    def test_made_with_bags(self) -> None:
        bids = {Seat.S: Bid(4), Seat.N: Bid(3), Seat.W: Bid(2), Seat.E: Bid(2)}
        tricks = {Seat.S: 5, Seat.N: 4, Seat.W: 2, Seat.E: 2}
        assert _score(Team.NS, bids, tricks) == "You and Alex bid 7, took 9: 72 points, 2 bags."

    def test_set(self) -> None:
        bids = {Seat.S: Bid(4), Seat.N: Bid(3), Seat.W: Bid(3), Seat.E: Bid(2)}
        tricks = {Seat.S: 5, Seat.N: 5, Seat.W: 2, Seat.E: 1}
        assert _score(Team.EW, bids, tricks) == "Robin and Sam bid 5, took 3: set, minus 50."

    def test_failed_nil_design_example(self) -> None:
        bids = {Seat.S: Bid(4), Seat.N: NIL, Seat.W: Bid(3), Seat.E: Bid(3)}
        tricks = {Seat.S: 4, Seat.N: 1, Seat.W: 4, Seat.E: 4}
        assert _score(Team.NS, bids, tricks) == (
            "You and Alex bid 4, took 4: 40 points. Alex's nil failed, 1 trick: minus 100, "
            "plus 1 for 1 bag. Hand total minus 59."
        )

    def test_blind_nil_made_and_bag_penalty(self) -> None:
        bids = {Seat.S: BLIND_NIL, Seat.N: Bid(4), Seat.W: Bid(3), Seat.E: Bid(3)}
        tricks = {Seat.S: 0, Seat.N: 6, Seat.W: 4, Seat.E: 3}
        assert _score(Team.NS, bids, tricks, bags=9) == (
            "You and Alex bid 4, took 6: 42 points, 2 bags. Your blind nil made: plus 200. "
            "Bag penalty: minus 100. Hand total 142."
        )

    def test_boston_comes_first(self) -> None:
        bids = {Seat.S: Bid(7), Seat.N: Bid(6), Seat.W: Bid(1), Seat.E: Bid(1)}
        tricks = {Seat.S: 7, Seat.N: 6, Seat.W: 0, Seat.E: 0}
        scores = {t: score_team(Ruleset(), t, bids, tricks, 0) for t in Team}
        outcome = HandOutcome(1, Seat.E, tuple(bids.items()), tricks, scores,
                              {Team.NS: 130, Team.EW: -20}, Team.NS)
        lines = say.outcome_lines(outcome, CAST)
        assert lines[0] == "Boston! You and Alex took all 13 tricks."
        assert lines[-1] == "Score: you and Alex 130, Robin and Sam minus 20."


class TestEventWords:
    def test_cards_and_tricks(self) -> None:
        from spades_voice.rules import Trick, card

        assert say.card_played(CAST, Seat.W, card("9H"), 1) == "Robin, 9 of hearts."
        assert say.card_played(CAST, Seat.W, card("9H"), 1, brief=False) == (
            "Robin leads the 9 of hearts."
        )
        assert say.card_played(CAST, Seat.S, card("TS"), 2, brief=False) == (
            "You play the 10 of spades."
        )
        trick = Trick(Seat.W, cards("9H AH 2H 3H"))
        assert say.trick_won(CAST, Seat.N, trick, 3) == "Alex takes it."
        assert say.trick_won(CAST, Seat.S, trick, 3) == "You take it."
        assert say.trick_won(CAST, Seat.N, trick, 3, brief=False) == (
            "Alex takes trick 3 with the ace of hearts."
        )

    def test_turns_bids_and_the_rest(self) -> None:
        assert say.your_turn(Phase.BIDDING, None) == "Your bid."
        assert say.your_turn(Phase.PLAYING, None) == "Your lead."
        assert say.your_turn(Phase.PLAYING, Suit.HEARTS) == "Your turn, hearts led."
        assert say.bid_placed(CAST, Seat.S, Bid(4)) == "Bid 4 placed."
        assert say.bid_placed(CAST, Seat.S, BLIND_NIL) == "Blind nil placed."
        assert say.bid_placed(CAST, Seat.W, NIL) == "Robin bids nil."
        assert say.hand_dealt(CAST, 2, Seat.E) == "Hand 2. Sam deals."
        assert say.match_won(CAST, Team.EW, {Team.NS: -20, Team.EW: 510}) == (
            "Robin and Sam win the match, 510 to minus 20."
        )
        assert say.taken_back(1, False) == "Undone: 1 move taken back."
        assert say.taken_back(5, True) == "Hand restarted."


@pytest.mark.parametrize(
    ("seconds", "words"),
    [(0, "0 seconds"), (1, "1 second"), (59.9, "59 seconds"), (60, "1 minute"),
     (754, "12 minutes"), (3600, "1 hour"), (3900, "1 hour 5 minutes")],
)
def test_duration(seconds: float, words: str) -> None:
    assert say.duration(seconds) == words


def test_focus_line() -> None:
    from spades_voice.rules import card

    assert say.focus_line(card("QH"), True).text == "Queen of hearts, playable."
    assert say.focus_line(card("QH"), False).text == "Queen of hearts, not playable."
    assert say.focus_line(card("TS"), None).text == "10 of spades."


def _outcome(
    bids: dict[Seat, Bid], tricks: dict[Seat, int], totals: dict[Team, int],
    bags: dict[Team, int] | None = None, *, final: bool = False,
) -> HandOutcome:
    before = bags or {Team.NS: 0, Team.EW: 0}
    scores = {t: score_team(Ruleset(), t, bids, tricks, before[t]) for t in Team}
    return HandOutcome(3, Seat.E, tuple(bids.items()), tricks, scores, totals, None, final)


class TestOneBreath:
    """The issue's examples, word for word."""

    def test_bids_during_play_us_then_them_then_nils(self) -> None:
        view = view_of(MatchState(Ruleset(), seed=1), Seat.S)
        view = dataclasses.replace(
            view,
            phase=Phase.PLAYING,
            bids=((Seat.W, Bid(3)), (Seat.N, Bid(3)), (Seat.E, Bid(2)), (Seat.S, Bid(4))),
            tricks_won={Seat.S: 2, Seat.N: 2, Seat.W: 4, Seat.E: 2},
            tricks=view.tricks + (view.current,) * 10,
        )
        assert text_of(say.bids_summary(view, CAST)) == (
            "Us: bid 7, have 4, need 3. Them: bid 5, have 6, made, 1 bag this hand."
        )
        assert text_of(say.bids_summary(view, CAST, brief=False)).endswith(
            "You bid 4, took 2. Alex bid 3, took 2. Robin bid 3, took 4. Sam bid 2, took 2."
        )

    def test_scores_name_points_and_bags(self) -> None:
        view = view_of(MatchState(Ruleset(), seed=1), Seat.S)
        view = dataclasses.replace(
            view, totals={Team.NS: 231, Team.EW: 180}, bags={Team.NS: 4, Team.EW: 8}
        )
        assert text_of(say.scores_summary(view, CAST)).startswith(
            "Us 231 points, 4 bags. Them 180, 8 bags: 2 more cost 100. Target 500. "
            "Hand 1."
        )
        negative = dataclasses.replace(view, totals={Team.NS: -50, Team.EW: 0},
                                       bags={Team.NS: 0, Team.EW: 1})
        assert text_of(say.scores_summary(negative, CAST)).startswith(
            "Us minus 50 points, 0 bags. Them 0, 1 bag."
        )

    def test_a_finished_hand_never_says_alive(self) -> None:
        bids = {Seat.S: Bid(4), Seat.N: NIL, Seat.W: Bid(3), Seat.E: Bid(3)}
        tricks = {Seat.S: 5, Seat.N: 0, Seat.W: 4, Seat.E: 4}
        said = text_of(say.outcome_bids(_outcome(bids, tricks, {Team.NS: 151, Team.EW: -60}), CAST))
        assert said == (
            "Hand 3. Us: bid 4, took 5, made, 1 bag this hand. Them: bid 6, took 8, made, "
            "2 bags this hand. Alex's nil made."
        )
        assert "alive" not in said

    def test_hands_played_entry(self) -> None:
        bids = {Seat.S: Bid(4), Seat.N: Bid(3), Seat.W: Bid(3), Seat.E: Bid(2)}
        tricks = {Seat.S: 5, Seat.N: 4, Seat.W: 2, Seat.E: 2}
        entry = text_of(say.hand_entry(_outcome(bids, tricks, {Team.NS: 231, Team.EW: 180}), CAST))
        assert entry == (
            "Hand 3. Us: bid 7, took 9, plus 72, bags now 2, total 231. "
            "Them: bid 5, took 4, minus 50, bags now 0, total 180."
        )

    def test_bag_warning_once_after_the_result_and_never_after_the_match(self) -> None:
        bids = {Seat.S: Bid(4), Seat.N: Bid(3), Seat.W: Bid(3), Seat.E: Bid(2)}
        tricks = {Seat.S: 5, Seat.N: 4, Seat.W: 2, Seat.E: 2}
        warned = _outcome(bids, tricks, {Team.NS: 231, Team.EW: 180}, {Team.NS: 6, Team.EW: 0})
        lines = say.outcome_lines(warned, CAST)
        assert lines[-1] == "You and Alex have 8 bags: 2 more cost 100."
        assert lines[-2].startswith("Score: ")
        final = _outcome(bids, tricks, {Team.NS: 531, Team.EW: 180}, {Team.NS: 6, Team.EW: 0},
                         final=True)
        assert not any("bags:" in line for line in say.outcome_lines(final, CAST))
        # A hand that adds no bag does not say it again.
        exact = {Seat.S: 4, Seat.N: 3, Seat.W: 3, Seat.E: 3}
        quiet = _outcome(bids, exact, {Team.NS: 301, Team.EW: 180}, {Team.NS: 8, Team.EW: 0})
        assert not any("bags:" in line for line in say.outcome_lines(quiet, CAST))


class TestSpeechSwitch:
    """The notice a new speech output says when the one before it stopped mid-game."""

    @pytest.mark.parametrize(("failed", "now", "said"), [
        ("screenreader", "print", "Screen reader stopped; using printed text."),
        ("screenreader", "tts", "Screen reader stopped; using synthetic speech."),
        ("prism", "screenreader", "Screen reader stopped; using screen reader."),
        ("tts", "print", "Synthetic speech stopped; using printed text."),
        ("print", "none", "Printed text stopped; using silence."),
        ("recorder", "print", "Recorder stopped; using printed text."),
    ])
    def test_words(self, failed: str, now: str, said: str) -> None:
        assert notices.output_switched(failed, now) == said


@pytest.mark.parametrize(
    "lang, house, standard",
    [
        ("en", "House rule: spades may be led at any time, broken or not.",
         "Spades cannot be led until a spade has been played, unless you hold only spades."),
        ("es", "Regla de la casa: se puede salir con picas en cualquier momento, estén rotas "
         "o no.", "No se puede salir con picas hasta que se haya jugado una pica, salvo que "
         "solo tengas picas."),
    ],
)
def test_the_rules_tell_the_lead_rule_the_table_plays(lang: str, house: str, standard: str) -> None:
    """The rules key's list says the house rule in place of the standard lead rule."""
    from spades_voice.narration.language import Language, speaking
    from spades_voice.narration.texts import rules_lines

    with speaking(Language(lang)):
        on = rules_lines(Ruleset(spades_any_time=True))
        off = rules_lines(Ruleset())
    assert house in on and standard not in on
    assert standard in off and house not in off
    assert len(on) == len(off)
