"""Nothing happens that the player did not mean (issue 32): through the real shell, table
and store, with real files in a temporary data folder."""

from __future__ import annotations

from pathlib import Path

from shell_harness import Harness, easy_table, harness

from spades_voice.ai import sure_tricks
from spades_voice.rules import Bid, Look, MatchState
from spades_voice.speech import Kind
from spades_voice.store import StoreHooks, load_saved

BLIND_OFFER = "Blind nil? Y bids blind nil. Escape shows your cards."


class StepClock:
    """A monotonic clock the test moves by hand, so the match time is exact."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class TestBlindNilOnce:
    def test_undo_after_the_cards_were_read_does_not_offer_blind_nil(self) -> None:
        with harness(easy_table(5, blind_nil=True)) as h:
            assert h.texts()[-1] == BLIND_OFFER
            h.press("y")
            assert h.said("h").startswith("Spades: ")  # the cards, read aloud
            mark = h.mark
            h.press("u")
            after = h.since(mark)
            assert after[0].startswith("Undone: ")
            assert BLIND_OFFER not in after and any("selected." in t for t in after)
            view = h.table.view()
            assert view.hand_seen and not any(b.blind for b in view.legal_bids)
            assert Look(h.table.seat) in h.table.match.decisions

    def test_undo_before_the_cards_were_read_offers_it_again(self) -> None:
        with harness(easy_table(5, blind_nil=True)) as h:
            h.press("y")
            mark = h.mark
            h.press("u")
            assert BLIND_OFFER in h.since(mark)

    def test_a_saved_look_is_kept_when_the_match_is_continued(self, tmp_path: Path) -> None:
        data = tmp_path / "data"
        with harness(easy_table(5, blind_nil=True), hooks=StoreHooks(data)) as h:
            h.press("y", "h")
        saved = load_saved(data / "save.json")
        assert saved is not None and Look(h.table.seat) in saved.match.decisions
        again = easy_table(5, blind_nil=True)
        again.load(saved.match)
        again.undo()
        view = again.view()
        assert view.hand_seen and not any(b.blind for b in view.legal_bids)


def _to_next_hand_prompt(h: Harness) -> None:
    """Play by keys until "Press N to deal the next hand."."""
    shell = h.shell
    assert shell is not None
    for _ in range(60):
        if shell.between is not None:
            return
        h.play_my_turn()
    raise AssertionError("the hand did not end")


class TestUndoBetweenHandsKeepsTheRecord:
    """Undo or restart between hands never touches statistics, streak or the clock."""

    def test_u_and_f5_between_hands(self, tmp_path: Path) -> None:
        data, clock = tmp_path / "data", StepClock()
        with harness(easy_table(3, target=200), hooks=StoreHooks(data, clock=clock)) as h:
            h.play_to_end()  # one match finished and counted
            counted = h.said("f3")
            assert counted.startswith("1 match: ")
            stats = (data / "stats.json").read_bytes()
            h.press("n")  # a new match, after a finished one: nothing lost
            _to_next_hand_prompt(h)
            assert "Press N to deal the next hand." in h.texts(Kind.EVENT)[-1]
            clock.now += 46
            assert h.said("s").endswith("Time: 46 seconds.")
            first = load_saved(data / "save.json")
            assert first is not None and MatchState(first.match).outcomes

            mark = h.mark
            h.press("u")
            assert h.since(mark)[0].endswith(" The hand's result too.")
            self._unchanged(h, data, counted, stats, first.match_id)

            _to_next_hand_prompt(h)
            h.press("f5")
            mark = h.mark
            h.press("y")
            assert h.since(mark)[0] == "Hand restarted and its result taken back."
            self._unchanged(h, data, counted, stats, first.match_id)

    @staticmethod
    def _unchanged(h: Harness, data: Path, counted: str, stats: bytes, match_id: str) -> None:
        assert h.said("f3") == counted
        assert (data / "stats.json").read_bytes() == stats
        saved = load_saved(data / "save.json")
        assert saved is not None and saved.match_id == match_id
        assert h.said("s").endswith("Time: 46 seconds.")


class TestSteadyHint:
    def test_nine_presses_give_one_hint(self) -> None:
        with harness(easy_table(4)) as h:
            view = h.table.view()
            assert view.my_turn and view.legal_bids
            said = {h.said("i") for _ in range(9)}
            assert len(said) == 1, said
            (line,) = said
            sure = sure_tricks(view.hand)
            hinted = h.table.hint().decision
            # The list starts at the sure tricks; a hint that bids otherwise says them.
            assert (f"Sure tricks: {sure}." in line) == (hinted != Bid(sure))
            h.press("enter")  # takes the hint's bid
            while not h.table.view().my_turn:
                h.wait_for(lambda: h.table.view().my_turn)
            assert len({h.said("i") for _ in range(9)}) == 1


class TestQuitBeforeAnyMove:
    def test_quitting_before_anyone_moved_says_nothing_is_saved(self, tmp_path: Path) -> None:
        data = tmp_path / "data"
        seed = next(s for s in range(40) if not easy_table(s).computer_to_act())
        with harness(easy_table(seed), hooks=StoreHooks(data)) as h:
            assert not h.table.match.decisions
            assert h.said("q") == "Quit the game? Nothing is saved yet. Y quits, Escape goes back."
            h.press("y")
            assert h.texts()[-1] == "Goodbye."
        assert not (data / "save.json").exists()

    def test_after_a_move_goodbye_is_plain_and_the_match_is_kept(self, tmp_path: Path) -> None:
        data = tmp_path / "data"
        with harness(easy_table(5), hooks=StoreHooks(data)) as h:
            h.play_my_turn()
            assert h.said("q") == "Quit the game? Y quits, Escape goes back."
            h.press("y")
            assert h.texts()[-1] == "Goodbye."
        saved = load_saved(data / "save.json")
        assert saved is not None and saved.started
