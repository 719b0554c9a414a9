"""Every key's answer, through prompt_toolkit pipe input and the recording speaker."""

from __future__ import annotations

import random
import re
import threading

import pytest
from shell_harness import Harness, easy_table, harness

from spades_voice.ai import Level, Player, make_player, sure_tricks
from spades_voice.narration import hand_order
from spades_voice.narration.naming import card_name, suit_name
from spades_voice.narration.words import cap
from spades_voice.options import Pace
from spades_voice.rules import (
    BID_CHOICES,
    Bid,
    Deal,
    DealtHand,
    Decision,
    Match,
    Move,
    Phase,
    Ruleset,
    Seat,
    SeatView,
    Suit,
    cards,
    play_match,
)
from spades_voice.speech import Kind
from spades_voice.table import LocalTable

QUERY_KEYS = ["h", "b", "s", "t", "c", "w", "m", "o", "l", "f3", "r", "i"]
LIST_KEYS = ["g", "k", "?", "f1", "f2"]


def _mid_trick(h: Harness) -> None:
    """Bid, then play until a trick is in progress with cards on it at the player's turn."""
    for _ in range(60):
        view = h.table.view()
        if view.phase is Phase.PLAYING and view.current.cards and view.my_turn:
            return
        h.play_my_turn()
    raise AssertionError("no trick in progress reached")


def _between(h: Harness) -> None:
    assert h.shell is not None
    while h.shell.between is None:
        h.play_my_turn()


POINTS = {
    "bidding": lambda h: None,
    "mid_trick": _mid_trick,
    "between_hands": _between,
    "match_over": lambda h: h.play_to_end(),
}


@pytest.mark.parametrize("point", list(POINTS))
def test_every_key_answers_at_every_point(point: str) -> None:
    with harness(easy_table(5, target=200)) as h:
        POINTS[point](h)
        for key in QUERY_KEYS:
            answer = h.said(key)
            assert answer and not answer[0].islower() and answer[-1] in ".!?", (key, answer)
        for key in LIST_KEYS:
            answer = h.said(key)
            assert answer
            if h.shell is not None and h.shell.overlay is not None:
                assert h.said("escape") == "Back to the table."
        for key in ["left", "right", "home", "end", "up", "down"]:
            assert h.said(key)


class TestAnswers:
    def test_hand_grouped_by_suit_spade_count_last(self) -> None:
        with harness(easy_table(5)) as h:
            said = h.said("h")
            assert re.fullmatch(
                r"Spades: [^.]+\. Hearts: [^.]+\. Diamonds: [^.]+\. Clubs: [^.]+\. "
                r"(\d+ spades?|No spades)\.",
                said,
            ), said
            spades = sum(c.suit is Suit.SPADES for c in h.table.view().hand)
            assert said.endswith(f"{spades} spade{'s' if spades != 1 else ''}.") or spades == 0

    def test_scores_target_and_seats(self) -> None:
        with harness(easy_table(5)) as h:
            assert h.said("s").startswith(
                "Us 0 points, 0 bags. Them 0, 0 bags. Target 200. Hand 1."
            )
            assert h.said("w").startswith("You sit South. Robin West, on your left. "
                                          "Alex North, your partner.")

    def test_bag_warning(self) -> None:
        with harness(easy_table(match=_eight_bags())) as h:
            assert h.table.view().bags[h.table.seat.team] == 8
            assert "8 bags: 2 more cost 100." in h.said("s")

    def test_trick_count_and_since_mid_hand(self) -> None:
        with harness(easy_table(5)) as h:
            _mid_trick(h)
            view = h.table.view()
            trick = h.said("t")
            assert trick.startswith(f"Trick {len(view.tricks) + 1}: ")
            assert "winning." in trick and trick.endswith("Your turn.")
            count = h.said("c")
            gone = len(view.tricks)
            assert f"{13 - gone} left." in count
            assert count.endswith("Spades broken." if view.spades_broken else "Spades not broken.")
            since = h.said("m")
            assert since.startswith("You have not played yet: ") or re.match(
                r"(Nothing since your last card\.|(You|Robin|Alex|Sam)\b)", since
            ), since
            need = h.said("o")
            assert need.startswith("Us: ")

    def test_bids_during_play_and_between_hands(self) -> None:
        with harness(easy_table(5)) as h:
            _mid_trick(h)
            said = h.said("b")
            assert re.match(r"Us: (bid \d+, have \d+|both nil).*Them: ", said), said
            _between(h)
            assert re.match(r"Hand 1\. Us: (bid \d+, took \d+|both nil)", h.said("b"))
            assert "Hand 1 over." in h.said("s")
            assert h.said("h").startswith("Hand 1 is over. Press N")

    def test_help_lists_every_key_from_the_keymap(self) -> None:
        with harness(easy_table(5)) as h:
            first = h.said("?")
            assert first.startswith("Help, ") and first.endswith(
                "H: Your hand, suit by suit, with the number of spades last."
            )
            assert h.said("down").startswith("B: Who bid what")
            assert h.said("end").startswith("Q or Control C: Quit")
            assert h.said("escape") == "Back to the table."
            assert h.said("f1").startswith("Help, ")

    def test_rules_pace_verbosity_repeat_silence(self) -> None:
        with harness(easy_table(5)) as h:
            assert h.said("f2").startswith("Rules. Up and Down move. 13 cards each.")
            h.press("escape")
            assert h.said("a") == "Pace relaxed."
            assert h.said("a") == "Pace quick."
            assert h.said("a") == "Pace instant."
            assert h.said("v") == "Verbosity full."
            assert h.said("r") == "Verbosity full."
            before = h.speaker.silence_count
            h.press("x")
            assert h.speaker.silence_count == before + 1

    def test_full_verbosity_names_leads_and_tricks(self) -> None:
        with harness(easy_table(5)) as h:
            h.press("v")
            mark = h.mark
            for _ in range(6):
                h.play_my_turn()
            events = h.since(mark, Kind.EVENT)
            assert any(re.search(r" (leads|lead) the ", e) for e in events)
            assert any(re.search(r" trick \d+ with the ", e) for e in events)

    def test_hint_on_turn(self) -> None:
        with harness(easy_table(5)) as h:
            said = h.said("i")
            assert re.match(r"Bid (nil|\d+)", said) and said.endswith("Enter takes it.")
            # Enter now places the suggested bid.
            suggested = said.split(":")[0].removeprefix("Bid ")
            h.press("enter")
            assert h.table.view().bid_of(h.table.seat) == Bid.parse(suggested)
            while not h.table.view().my_turn or h.table.view().legal_bids:
                h.play_my_turn()
            said = h.said("i")
            assert re.match(r"(Play|Lead) the ", said)
            legal = {card_name(c) for c in h.table.view().legal_cards}
            card = next(name for name in legal if name in said)
            h.press("enter")
            assert card in {card_name(c) for c in h.table.view().played}


class TestBidding:
    def test_moving_through_bids_never_bids_and_the_ends_say_so(self) -> None:
        with harness(easy_table(5)) as h:
            view = h.table.view()
            assert view.my_turn
            sure = sure_tricks(view.hand)
            assert h.texts()[-1] == f"Your bid. {sure} selected."
            mark = h.mark
            spoken = [h.said(k) for k in ["down", "down", "up", "right", "left"]]
            assert spoken == [f"{sure + 1}.", f"{sure + 2}.", f"{sure + 1}.", f"{sure + 2}.",
                              f"{sure + 1}."]
            assert h.said("home") == "Lowest: nil."
            assert h.said("left") == "Lowest: nil."
            assert h.said("end") == "Highest: 13."
            assert h.said("right") == "Highest: 13."
            assert h.said("up") == "12."
            assert h.table.view().bid_of(h.table.seat) is None
            assert not any("placed" in t or "bids" in t for t in h.since(mark))
            h.press("home", *["down"] * 4)
            mark = h.mark
            h.press("enter")
            assert h.since(mark, Kind.EVENT)[0] == "Bid 4 placed."
            assert h.table.view().bid_of(h.table.seat) == BID_CHOICES[4]

    def test_bid_focus_starts_on_the_sure_tricks_and_is_said_with_the_turn(self) -> None:
        for seed in (5, 6, 7):
            with harness(easy_table(seed)) as h:
                h.wait_for(lambda: h.table.view().my_turn)
                sure = sure_tricks(h.table.view().hand)
                assert f"Your bid. {sure} selected." in h.texts(Kind.EVENT)
                mark = h.mark
                h.press("enter")
                assert f"Bid {sure} placed." in h.since(mark)

    def test_nothing_is_placed_that_was_not_heard(self) -> None:
        with harness(easy_table(5)) as h:
            assert h.shell is not None
            h.shell.focus.bid, h.shell.focus.bid_heard = 7, False  # moved without a word
            assert h.said("enter") == "Your bid. 7 selected."
            assert h.table.view().bid_of(h.table.seat) is None
            mark = h.mark
            h.press("enter")
            assert "Bid 7 placed." in h.since(mark)

    def test_blind_nil_offered_before_the_hand_is_spoken(self) -> None:
        with harness(easy_table(5, blind_nil=True)) as h:
            texts = h.texts()
            assert texts[-1] == "Blind nil? Y bids blind nil. Escape shows your cards."
            assert not any(t.startswith("Spades:") for t in texts)
            assert h.said("down") == "Blind nil? Y bids blind nil. Escape shows your cards."
            assert not h.table.view().hand_seen
            said = h.said("escape")  # declined as H declines it: said so once
            sure = sure_tricks(h.table.view().hand)
            assert said.startswith("Blind nil withdrawn: you have seen your cards. Spades: ")
            # Longer than a breath: H (the key that says the hand) says the rest.
            assert said.endswith(" H for more.") and len(said.split()) <= 25
            rest = h.said("h")
            assert rest.endswith(f" Your bid. {sure} selected.") and "withdrawn" not in rest
            assert not h.table.view().legal_bids[0].blind

    def test_alt_with_a_key_at_the_blind_offer_is_not_escape(self) -> None:
        with harness(easy_table(5, blind_nil=True)) as h:
            # Alt+A reaches the game as Escape then A, in one read.
            assert h.said("\x1ba") == "Alt A does nothing. Question mark lists the keys."
            assert not h.table.view().hand_seen  # the offer still stands
            mark = h.mark
            h.press("y")
            assert h.since(mark, Kind.EVENT)[0] == "Blind nil placed."

    def test_alt_with_a_key_at_a_question_asks_again(self) -> None:
        with harness(easy_table(5)) as h:
            h.press("q")
            assert h.said("\x1by").startswith("Quit the game?")
            assert h.shell is not None and h.shell.question is not None
            assert h.said("escape") == "Back to the table."

    def test_h_during_the_blind_offer_withdraws_it_out_loud_once(self) -> None:
        with harness(easy_table(5, blind_nil=True)) as h:
            said = h.said("h")
            sure = sure_tricks(h.table.view().hand)
            assert said.startswith("Blind nil withdrawn: you have seen your cards. Spades: ")
            assert said.endswith(" H for more.") and len(said.split()) <= 25  # one breath
            rest = h.said("h")  # the rest, the bid to place last
            assert rest.endswith(f" Your bid. {sure} selected.") and "withdrawn" not in rest
            assert h.said("h").startswith("Spades: ")  # the offer withdrawn once
            assert not h.table.view().legal_bids[0].blind
            mark = h.mark
            h.press("enter")
            assert f"Bid {sure} placed." in h.since(mark)

    def test_blind_nil_placed(self) -> None:
        with harness(easy_table(5, blind_nil=True)) as h:
            mark = h.mark
            h.press("y")
            assert h.since(mark, Kind.EVENT)[0] == "Blind nil placed."

    def test_looking_before_your_turn_asks_first(self) -> None:
        # Find a seed where a computer bids before the player.
        for seed in range(40):
            table = easy_table(seed, blind_nil=True)
            if table.computer_to_act():
                break
        with harness(table, pace=Pace.RELAXED) as h:
            h.press("p")
            assert h.said("h").startswith("Look at your cards? That gives up blind nil.")
            assert h.said("escape") == "Back to the table."
            h.press("h")
            said = h.said("y")
            assert said.startswith("Spades: ")
            assert h.table.view().hand_seen


def _eight_bags() -> Match:
    """Hand 2 of a match where we carry 8 bags, reached by playing hand 1: North holds
    every spade, so we take all 13 tricks on a bid of 5."""
    suits = {Seat.N: "S", Seat.S: "H", Seat.W: "D", Seat.E: "C"}
    first = DealtHand(Seat.E, Deal.from_hands(
        {seat: cards(" ".join(r + s for r in "AKQJT98765432")) for seat, s in suits.items()}
    ))
    bids = {Seat.S: Bid(2), Seat.W: Bid(1), Seat.N: Bid(3), Seat.E: Bid(1)}

    def decide(view: SeatView) -> Move:
        return bids[view.seat] if view.legal_bids else view.legal_cards[0]

    return play_match(Match(Ruleset(target=200), seed=5, deals=(first,)), decide, 1).match


class TestPlaying:
    def test_refused_cards_say_the_rules_reason(self) -> None:
        reasons: set[str] = set()
        for seed in range(1, 30):
            with harness(easy_table(seed)) as h:
                h.play_my_turn()  # bid
                for _ in range(13):
                    view = h.table.view()
                    if view.phase is not Phase.PLAYING or not view.my_turn:
                        break
                    order = hand_order(view.hand)
                    bad = [i for i, c in enumerate(order) if c not in view.legal_cards]
                    if bad:
                        said = h.said("home", *["right"] * bad[0], "enter")
                        card = order[bad[0]]
                        if view.current.cards:
                            assert said == f"You must follow {suit_name(view.current.led_suit)}."
                        else:
                            assert card.suit is Suit.SPADES
                            assert said == "Spades are not broken yet, and you hold other suits."
                        reasons.add(said.split()[0])
                        assert h.table.view().hand == view.hand  # nothing was played
                    h.play_my_turn()
            if reasons >= {"You", "Spades"}:
                return
        raise AssertionError(f"only saw {reasons}")

    def test_focus_says_playable_or_not(self) -> None:
        with harness(easy_table(5)) as h:
            h.play_my_turn()
            view = h.table.view()
            order = hand_order(view.hand)
            said = h.said("home")
            playable = order[0] in view.legal_cards
            assert said == f"{cap(card_name(order[0]))}, " + (
                "playable." if playable else "not playable."
            )
            assert h.said("left").startswith("First card. ")
            h.press("end")
            assert h.said("right").startswith("Last card. ")

    def test_up_down_jump_by_suit(self) -> None:
        with harness(easy_table(5)) as h:
            h.play_my_turn()
            order = hand_order(h.table.view().hand)
            h.press("home")
            said = h.said("down")
            nxt = next(c for c in order if c.suit is not order[0].suit)
            assert said.lower().startswith(card_name(nxt))

    def test_undo_and_restart(self) -> None:
        with harness(easy_table(5)) as h:
            h.play_my_turn()
            h.play_my_turn()
            mark = h.mark
            h.press("u")
            assert any(t.startswith("Undone: ") for t in h.since(mark, Kind.EVENT))
            assert h.table.view().my_turn
            assert h.said("f5").startswith("Restart this hand?")
            assert h.said("h").startswith("Restart this hand?")
            mark = h.mark
            h.press("y")
            assert "Hand restarted." in h.since(mark)
            assert h.table.view().phase is Phase.BIDDING

    def test_undo_with_nothing_to_undo(self) -> None:
        for seed in range(40):
            table = easy_table(seed)
            if not table.state.hand_actors():
                break
        with harness(table) as h:
            assert h.said("u") == "Nothing to undo in this hand."

    def test_quit_asks_first(self) -> None:
        with harness(easy_table(5)) as h:
            assert h.said("q").startswith("Quit the game?")
            assert h.said("escape") == "Back to the table."
            assert not h.finished
            h.press("q", "y")
            h.close()
            assert h.finished and h.result == 0
            assert h.texts()[-1] == "Goodbye."


class TestPaceAndHistory:
    @staticmethod
    def _computer_first() -> int:
        for seed in range(40):
            if easy_table(seed).computer_to_act():
                return seed
        raise AssertionError

    def test_pause_stops_the_computers(self) -> None:
        with harness(easy_table(self._computer_first()), pace=Pace.QUICK) as h:
            assert h.shell is not None
            h.press("p")
            mark, decisions = h.mark, len(h.table.state.decisions)
            # The pace driver goes idle: nothing moves at the table until it is woken.
            assert h.shell.driver.computers_idle.wait(10)
            assert h.since(mark, Kind.EVENT) == []
            assert len(h.table.state.decisions) == decisions
            h.press("p")
            h.wait_for(lambda: bool(h.since(mark, Kind.EVENT)))

    def test_history_never_speaks_on_its_own(self) -> None:
        with harness(easy_table(self._computer_first()), pace=Pace.QUICK) as h:
            opened = h.said("g")
            assert opened.startswith("History, ")
            mark = h.mark
            # The table plays on while the log is open, up to the player's own turn.
            h.wait_for(lambda: h.table.view().my_turn and bool(h.since(mark, Kind.EVENT)))
            # They were spoken as events; the log itself said nothing.
            assert h.since(mark, Kind.QUERY) == []
            assert h.shell is not None
            history = h.shell.narrator.history
            newest, oldest = history[-1], history[0]
            assert h.said("home") == newest
            assert h.said("end") == oldest
            assert h.said("down") == "Oldest."  # only the end: the entry was just heard
            assert h.said("up") == history[1]
            assert h.said("escape") == "Back to the table."

    def test_every_event_goes_into_the_history(self) -> None:
        with harness(easy_table(5)) as h:
            for _ in range(10):
                h.play_my_turn()
            assert h.shell is not None
            assert h.shell.narrator.history == h.texts(Kind.EVENT)


class _SlowPlayer:
    """A computer that thinks until the test lets it go (then plays like Easy)."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.thinking = threading.Event()
        self.release = threading.Event()

    def decide(self, view: SeatView) -> Decision:
        self.thinking.set()
        assert self.release.wait(10)
        return self.inner.decide(view)


class TestThinkingNeverBlocksKeys:
    def _table(self) -> tuple[LocalTable, _SlowPlayer]:
        seed = TestPaceAndHistory._computer_first()
        plain = easy_table(seed)
        actor = plain.state.to_act
        assert actor is not None and actor is not Seat.S
        slow = _SlowPlayer(make_player(Level.EASY, random.Random(1)))
        players = {
            s: (slow if s is actor else make_player(Level.EASY, random.Random(s.value)))
            for s in (Seat.W, Seat.N, Seat.E)
        }
        return LocalTable(plain.state.ruleset, seed, players=players), slow

    def test_keys_answer_while_a_computer_thinks(self) -> None:
        table, slow = self._table()
        with harness(table, pace=Pace.QUICK) as h:
            assert slow.thinking.wait(10)
            before = len(table.state.decisions)
            # The computer is mid-thought on another thread; keys still answer.
            assert h.said("s").startswith("Us ")
            assert h.said("w").startswith("You sit South.")
            assert len(table.state.decisions) == before
            mark = h.mark
            slow.release.set()
            h.wait_for(lambda: bool(h.since(mark, Kind.EVENT)))
            assert len(table.state.decisions) > before

    def test_a_thought_is_dropped_if_the_player_paused(self) -> None:
        table, slow = self._table()
        with harness(table, pace=Pace.QUICK) as h:
            assert slow.thinking.wait(10)
            before = len(table.state.decisions)
            assert h.shell is not None and not h.shell.driver.computers_idle.is_set()
            h.press("p")
            slow.release.set()
            # The thought comes back, is dropped, and the driver goes idle (paused).
            assert h.shell.driver.computers_idle.wait(10)
            assert len(table.state.decisions) == before


class TestPeople:
    def test_people_key_at_a_local_table(self) -> None:
        with harness(easy_table(3)) as h:
            assert h.said("e") == (
                "At the table: South, you. West, Robin, computer. "
                "North, Alex, computer. East, Sam, computer."
            )

    def test_person_lines(self) -> None:
        from spades_voice.narration import person_line

        assert person_line(Seat.N, "Ann", you=False, host=True, computer=False,
                           connected=False) == "North, Ann, host, away: the computer plays for now"
        assert person_line(Seat.W, "Bo", you=False, host=False, computer=False,
                           connected=True) == "West, Bo"
        assert person_line(Seat.S, "Cy", you=True, host=True, computer=False,
                           connected=True) == "South, you, host"
        assert person_line(Seat.E, "Sam", you=False, host=False, computer=True,
                           connected=False, waiting="Bo") == (
            "East, Sam, computer, Bo waiting for the next deal"
        )

    def test_seating_a_waiting_person_at_a_local_table_says_there_is_nobody(self) -> None:
        with harness(easy_table(3)) as h:
            before = h.table.view()
            assert h.said("j") == "Nobody is waiting for a seat."
            assert h.table.view() == before


class TestTurnFocus:
    def test_each_turn_starts_on_a_playable_card(self) -> None:
        with harness(easy_table(11)) as h:
            for _ in range(30):
                view = h.table.view()
                if view.phase is Phase.PLAYING and view.my_turn:
                    assert h.shell is not None
                    said = h.said("right", "left")
                    legal = {card_name(c) for c in view.legal_cards}
                    if len(view.hand) > 1:
                        # Right then Left comes back to the starting card; if that was
                        # the first card it stays there ("First card.").
                        start = said.removeprefix("First card. ").lower()
                        assert any(start.startswith(n) for n in legal), said
                h.play_my_turn()
                if h.shell is not None and h.shell.between is not None:
                    break
