"""Trust by ear, round two (issue 42): through the real shell, table and store, with real
files in a temporary data folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from shell_harness import Harness, harness

from spades_voice.ai import Level, WorkRate
from spades_voice.options import EventKind
from spades_voice.rules import Bid, Look, Move, Ruleset, Seat, SeatView
from spades_voice.speech import Kind
from spades_voice.store import StoreHooks
from spades_voice.table import LocalTable

#: Hard does little work at this rate, far inside its safety net's cut-off, so the clock
#: never changes a decision (the test's table is the game's own: Hard partner, Medium
#: opponents, each decision drawn from the position's generator).
SMALL_WORK = WorkRate(plays_per_ms=2.0, solves_per_ms=0.02)


def real_table(seed: str = "abc", level: Level = Level.MEDIUM) -> LocalTable:
    """The table ``spades-voice --seed abc --level medium`` plays: no fixed players."""
    return LocalTable(Ruleset(target=200), seed, level=level, rate=SMALL_WORK)


def _computer_lines(h: Harness, mark: int) -> list[str]:
    """What the computers did since ``mark``: their bids and cards, as heard."""
    names = ("Alex", "Robin", "Sam")
    return [t for t in h.since(mark, Kind.EVENT) if t.startswith(names)]


class _Fickle:
    """A computer that answers differently each time it is asked, as Hard may when the
    clock cuts its work short: the first legal card, then the last, and so on."""

    def __init__(self) -> None:
        self.asked = 0

    def decide(self, view: SeatView) -> Move:
        self.asked += 1
        if view.legal_bids:
            return Bid(1 + self.asked % 3)
        return view.legal_cards[0 if self.asked % 2 else -1]


def _play(h: Harness, turns: int) -> None:
    for _ in range(turns):
        h.wait_for(lambda: h.table.view().my_turn)
        h.play_my_turn()


class TestComputersRepeatThemselves:
    def test_restart_replays_the_same_bids_and_cards(self) -> None:
        with harness(real_table()) as h:  # "Hand 1. You deal.": they bid before you
            _play(h, 4)  # the bid and three cards
            first = _computer_lines(h, 0)
            assert any(" bids " in t for t in first) and len(first) >= 9, first
            mark = h.mark
            h.press("f5", "y")
            _play(h, 4)
            assert _computer_lines(h, mark) == first

    def test_restart_replays_the_same_cards_when_a_computer_would_not(self) -> None:
        """Hard's clock safety net can stop its search early on a busy machine, so asked
        twice in one position it may answer differently: the table remembers what each
        computer did there, and the player hears it again."""
        fickle = {seat: _Fickle() for seat in (Seat.W, Seat.N, Seat.E)}
        table = LocalTable(Ruleset(target=200), "abc", players=dict(fickle), rate=SMALL_WORK)
        with harness(table) as h:
            _play(h, 4)
            first = _computer_lines(h, 0)
            assert sum(f.asked for f in fickle.values()) >= 9
            mark = h.mark
            h.press("f5", "y")
            _play(h, 4)
            assert _computer_lines(h, mark) == first

    def test_undo_replays_the_same_bids(self) -> None:
        with harness(real_table("abd")) as h:  # East deals: you bid first
            _play(h, 1)  # the player's bid: the computers after it bid, then lead
            mark = h.mark
            h.press("u")
            _play(h, 1)
            first = _computer_lines(h, mark)
            assert any(" bids " in t for t in first), first
            for _ in range(2):
                mark = h.mark
                h.press("u")
                _play(h, 1)
                assert _computer_lines(h, mark) == first

    def test_a_resumed_match_makes_the_same_decisions(self, tmp_path: Path) -> None:
        easy = Level.EASY  # a random legal card: any generator's draw shows
        with harness(real_table(level=easy), hooks=StoreHooks(tmp_path / "straight")) as h:
            _play(h, 2)
            mark = h.mark
            _play(h, 3)
            straight = _computer_lines(h, mark)
        data = tmp_path / "data"
        with harness(real_table(level=easy), hooks=StoreHooks(data)) as h:
            _play(h, 2)
            h.press("q", "y")  # quit: the match is saved
        with harness(real_table(level=easy), hooks=StoreHooks(data)) as h:
            h.press("enter")  # continue the saved match
            mark = h.mark
            _play(h, 3)
            assert _computer_lines(h, mark) == straight


BLIND_OFFER = "Blind nil? Y bids blind nil. Escape shows your cards."


def blind_table(seed: str = "abc") -> LocalTable:
    """``spades-voice --blind-nil --seed abc --pace instant``: you deal, so you bid last."""
    return LocalTable(
        Ruleset(target=200, blind_nil=True), seed, level=Level.MEDIUM, rate=SMALL_WORK
    )


def _no_offer_again(h: Harness, mark: int) -> None:
    """Blind nil is not offered again: the cards were heard, and the match says so."""
    assert BLIND_OFFER not in h.since(mark), h.since(mark)
    view = h.table.view()
    assert view.hand_seen and not any(b.blind for b in view.legal_bids)
    assert Look(h.table.seat) in h.table.match.decisions


class TestACardHeardIsACardSeen:
    """Every repro of issue 42's first item: after a blind nil bid, any line that names
    one of your cards is a look, so undo and restart do not offer blind nil again."""

    @pytest.mark.parametrize(
        ("keys", "named"),
        [
            (("i",), "Play the "),  # the hint names the card it suggests
            (("tab",), "."),  # the first playable card
            (("enter", "i"), "Enter again plays it."),  # Enter names the card
            (("t",), "Trick 1"),  # the trick so far names no card of yours: no look
        ],
    )
    def test_undo_after_a_card_was_named(self, keys: tuple[str, ...], named: str) -> None:
        with harness(blind_table()) as h:
            assert h.texts()[-1] == BLIND_OFFER
            h.press("y")
            h.wait_for(lambda: h.table.view().my_turn)
            said = [h.said(k) for k in keys]
            assert any(named in s for s in said), said
            mark = h.mark
            h.press("u")
            if keys == ("t",):  # nothing of yours was said: the offer comes back
                assert BLIND_OFFER in h.since(mark)
                return
            _no_offer_again(h, mark)

    def test_restart_after_the_hint(self) -> None:
        with harness(blind_table()) as h:
            h.press("y")
            assert h.said("i").startswith("Play the ")
            mark = h.mark
            h.press("f5", "y")
            assert "Hand restarted." in " ".join(h.since(mark))
            _no_offer_again(h, mark)

    def test_a_hint_heard_before_quitting_is_kept_in_the_save(self, tmp_path: Path) -> None:
        data = tmp_path / "data"
        with harness(blind_table(), hooks=StoreHooks(data)) as h:
            h.press("y")
            assert h.said("i").startswith("Play the ")
            h.press("q", "y")
        with harness(blind_table(), hooks=StoreHooks(data)) as h:
            h.press("enter")  # continue the saved match
            mark = h.mark
            h.press("u")
            assert h.since(mark)[0].startswith("Undone: ")
            _no_offer_again(h, mark)

    def test_cards_of_an_earlier_hand_read_back_are_no_look(self) -> None:
        """The history and the coach name the last hand's cards: not this hand's."""
        with harness(blind_table()) as h:
            shell = h.shell
            assert shell is not None
            h.press("y")
            while shell.between is None:
                h.wait_for(lambda: h.table.view().my_turn or shell.between is not None)
                if shell.between is None:
                    h.play_my_turn()
            h.press("n")  # hand 2: blind nil open again until you look
            assert not h.table.view().hand_seen
            mark = h.mark
            h.press("g", *["down"] * 30, "escape")
            assert sum(" of " in t for t in h.since(mark)) > 5, h.since(mark)
            assert not h.table.view().hand_seen
            assert Look(h.table.seat) not in h.table.match.decisions[-20:]

    def test_the_only_card_played_by_itself(self) -> None:
        with harness(blind_table()) as h:
            shell = h.shell
            assert shell is not None
            shell.only_card = True
            h.press("y")
            for _ in range(13):
                if any(t.startswith("Only card: ") for t in h.texts()):
                    break
                h.wait_for(lambda: h.table.view().my_turn or shell.between is not None)
                h.play_my_turn()
            assert any(t.startswith("Only card: ") for t in h.texts())
            assert Look(h.table.seat) in h.table.match.decisions


_TABLE_KINDS = {EventKind.CARDS, EventKind.TRICKS, EventKind.BIDS, EventKind.RESULTS, None}


def _table_history(h: Harness) -> list[str]:
    """The history's table entries (deals, bids, cards, tricks, results)."""
    shell = h.shell
    assert shell is not None
    pairs = zip(shell.narrator.history, shell.narrator.history_kinds, strict=True)
    return [text for text, kind in pairs if kind in _TABLE_KINDS]


class TestTheHistorySurvivesAResume:
    def test_g_and_ctrl_s_after_quit_and_resume(self, tmp_path: Path) -> None:
        data = tmp_path / "data"
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            shell = h.shell
            assert shell is not None
            while shell.between is None:  # hand 1 to its end
                h.wait_for(lambda: h.table.view().my_turn or shell.between is not None)
                if shell.between is None:
                    h.play_my_turn()
            h.press("n")
            _play(h, 4)  # hand 2: the bid and three cards
            heard = _table_history(h)
            assert any(" bids " in t for t in heard) and "Hand 2. Robin deals." in heard
            h.press("q", "y")
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            h.press("enter")  # continue the saved match
            again = _table_history(h)
            assert again[: len(heard)] == heard
            shell = h.shell
            assert shell is not None
            entries = len(shell.narrator.history)
            assert h.said("g").startswith(f"History, {entries} entries, newest first.")
            h.press("escape")
            saved = h.said("c-s")
            match_entries = entries - shell.narrator.history_start  # the offer came before
            assert saved.startswith(f"History saved, {match_entries} entries"), saved
        (path,) = data.glob("history-*.txt")
        written = path.read_text(encoding="utf-8").splitlines()
        assert [t for t in written if t in heard][: len(heard)] == heard


class TestWhatIsSaid:
    def test_help_says_enter_answers_yes_only_where_a_question_names_it(self) -> None:
        with harness(real_table()) as h:
            h.press("?")
            shell = h.shell
            assert shell is not None and shell.shown_list is not None
            (enter,) = [e for e in shell.shown_list.entries if e.startswith("Enter")]
            assert enter.endswith("yes only to a question that names this key."), enter
            h.press("escape", "n")  # a question that names Y and Escape, not Enter
            mark = h.mark
            h.press("enter")
            assert "New match started." not in " ".join(h.since(mark))
            assert shell.question is not None  # still asked: Enter did not say yes

    def test_a_lost_save_and_lost_statistics_are_told_without_contradiction(
        self, tmp_path: Path
    ) -> None:
        data = tmp_path / "data"
        data.mkdir()
        (data / "save.json").write_text("{not json", encoding="utf-8")
        (data / "stats.json").write_text("{not json", encoding="utf-8")
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            said = " ".join(h.texts())
        assert "counting starts again from zero" in said
        assert "statistics are safe" not in said
        notices = [t for t in h.texts() if "could not be read" in t]
        assert len(notices) == 2 and sum(len(t.split()) for t in notices) <= 35, notices
