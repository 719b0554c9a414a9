"""Trust by ear, round two (issue 42): through the real shell, table and store, with real
files in a temporary data folder."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pty_session import Session, script, visible
from shell_harness import Harness, harness

from spades_voice.ai import Level, WorkRate
from spades_voice.narration.language import Language, set_default
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


class _Steady:
    """A computer that always bids 3 and plays its first legal card."""

    def decide(self, view: SeatView) -> Move:
        return Bid(3) if view.legal_bids else view.legal_cards[0]


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

    def test_a_new_match_forgets_the_old_match_s_decisions(self) -> None:
        """The same hand number and moves in a new match (a new deal) are not the same
        position: nothing remembered from the old match is played in it (computers that
        always bid 3 make the same bids in both, so only the deal tells them apart)."""
        steady = {seat: _Steady() for seat in (Seat.W, Seat.N, Seat.E)}
        table = LocalTable(Ruleset(target=200), "abc", players=dict(steady), rate=SMALL_WORK)
        for _ in range(2):
            while not table.view().legal_cards:  # to the first card of hand 1
                if table.computer_to_act():
                    table.step()
                else:
                    table.submit(Bid(3))
            for _ in range(2):
                if table.computer_to_act():
                    table.step()
                else:
                    table.submit(table.view().legal_cards[0])
            table.new_match()

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
            shell.only.choose(True)
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


def _to_hand_three(h: Harness) -> None:
    """Hands 1 and 2 to their ends, then hand 3's bid and three cards."""
    shell = h.shell
    assert shell is not None
    for _ in range(2):
        while shell.between is None:
            h.wait_for(lambda: h.table.view().my_turn or shell.between is not None)
            if shell.between is None:
                h.play_my_turn()
        h.press("n")
    _play(h, 4)


def _read_by_g(h: Harness) -> list[str]:
    """Every history entry as G reads it, oldest first: G, End, then Up to the newest."""
    shell = h.shell
    assert shell is not None
    n = len(shell.narrator.history)
    assert h.said("g").startswith(f"History, {n} entries, newest first.")
    read = [h.said("end")]
    for _ in range(n - 1):
        read.append(h.said("up"))
    h.press("escape")
    return read


def _saved_lines(h: Harness, data: Path) -> list[str]:
    """Ctrl+S: the history file it writes, line by line."""
    before = set(data.glob("history-*.txt"))
    assert h.said("c-s").startswith("History saved, ")
    (path,) = set(data.glob("history-*.txt")) - before
    return path.read_text(encoding="utf-8").splitlines()


def _quit(h: Harness) -> list[str]:
    """Q, Y: the history as it stood (what G read then)."""
    shell = h.shell
    assert shell is not None
    before = list(shell.narrator.history)
    h.press("q", "y")
    return before


def _resume(h: Harness) -> int:
    """Enter continues the saved match; where its history begins in the list."""
    shell = h.shell
    assert shell is not None
    h.press("enter")
    return shell.narrator.history_start


def _saved_then_changed(data: Path, change: Callable[[dict[str, Any]], object]) -> list[str]:
    """Four turns played and quit (saved in ``data``), then ``change`` made to the save's
    JSON as written back: the table's history heard before the quit."""
    with harness(real_table(), hooks=StoreHooks(data)) as h:
        _play(h, 4)
        heard = _table_history(h)
        _quit(h)
    save = data / "save.json"
    obj = json.loads(save.read_text(encoding="utf-8"))
    change(obj)
    save.write_text(json.dumps(obj), encoding="utf-8")
    return heard


class TestTheHistorySurvivesAResume:
    def test_g_and_ctrl_s_after_quit_and_resume(self, tmp_path: Path) -> None:
        """Hand 3 after three tricks, with notices (a file set aside at the start, an
        undo, a file's full path), your turns and moves taken back in the history: after
        Q, Y and a new start on the same folder, Enter, G reads every entry heard before,
        in order, and Ctrl+S writes them all."""
        data = tmp_path / "data"
        data.mkdir()
        (data / "settings.json").write_text("{not json", encoding="utf-8")
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            _to_hand_three(h)
            assert h.since(0, Kind.EVENT)[-1].startswith("Your turn")
            h.press("u")  # a notice, and the lines of the moves taken back
            _play(h, 1)
            _saved_lines(h, data)  # its full path is kept in the history
            before = _quit(h)
        kinds = ("Your settings could not be read", "Undone: ", "Full path: ", "Your turn")
        assert all(any(t.startswith(k) for t in before) for k in kinds), before
        assert "Hand 3. Alex deals." in before
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            start = _resume(h)
            read = _read_by_g(h)
            assert read[start : start + len(before)] == before
            # After them, what this launch said (issue 52: in the order it was said): the
            # offer, then where the match stands (no new deal) and your turn.
            after = read[start + len(before) :]
            assert after[0].startswith("A saved match is waiting: hand 3, "), after
            assert after[1].startswith("Resumed: hand 3, trick 4. Us: "), after
            assert after[2:] == ["Your turn, clubs led."]
            assert _saved_lines(h, data) == read[start:]

    def test_twice_resumed_the_history_is_whole_and_said_once(self, tmp_path: Path) -> None:
        """Quit and resume twice: each launch's own notices and offer stay with that
        launch; the match's history is kept once, with the second session's notes."""
        data = tmp_path / "data"
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            _play(h, 3)
            before = _quit(h)
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            start = _resume(h)
            h.press("u")
            _play(h, 1)
            shell = h.shell
            assert shell is not None
            match_history = shell.narrator.history[start:]
            assert match_history[: len(before)] == before
            _quit(h)
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            start = _resume(h)
            read = _read_by_g(h)
        assert read[start : start + len(match_history)] == match_history
        # Each launch's offer is in its place, after the story it offered (issue 52).
        offers = [i for i, t in enumerate(read) if t.startswith("A saved match is waiting")]
        assert offers == [len(before), start + len(match_history)], offers

    def test_quit_between_hands_the_next_deal_is_said_once(self, tmp_path: Path) -> None:
        """Saved while the next deal waited for N: the resumed history does not hold it
        yet, and N says it once, as it did before the quit."""
        data = tmp_path / "data"
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            shell = h.shell
            assert shell is not None
            while shell.between is None:
                h.wait_for(lambda: h.table.view().my_turn or shell.between is not None)
                if shell.between is None:
                    h.play_my_turn()
            before = _quit(h)
        assert before[-1] == "Press N to deal the next hand."
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            start = _resume(h)
            shell = h.shell
            assert shell is not None
            history = shell.narrator.history
            offer, again = history[start + len(before) :]
            assert history[start : start + len(before)] == before
            assert offer.startswith("A saved match is waiting: hand 2, ")
            assert again == "Press N to deal the next hand."
            h.press("n")
            assert history[start + len(before) + 2] == "Hand 2. Robin deals."
            assert history.count("Hand 2. Robin deals.") == 1
            _play(h, 1)
            kept = _quit(h)[start:]
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            start = _resume(h)
            shell = h.shell
            assert shell is not None
            assert shell.narrator.history[start : start + len(kept)] == kept

    def test_after_a_change_of_language_notes_are_as_heard(self, tmp_path: Path) -> None:
        """Quit in English, continue in Spanish: the table's lines are told again in
        Spanish from the decisions; the notes (your turns, the undo) stay as they were
        said, in their places."""
        data = tmp_path / "data"
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            _play(h, 3)
            h.press("u")
            before = _quit(h)
        set_default(Language.ES)
        try:
            with harness(real_table(), hooks=StoreHooks(data)) as h:
                start = _resume(h)
                shell = h.shell
                assert shell is not None
                after = shell.narrator.history[start : start + len(before)]
                events = shell.narrator.history_events[start : start + len(before)]
        finally:
            set_default(Language.EN)
        notes = [old for old, new, e in zip(before, after, events, strict=True) if e is None]
        assert notes == [old for old, new in zip(before, after, strict=True) if old == new]
        assert any(t.startswith("Undone: ") for t in notes)
        assert any(t.startswith("Your turn") for t in notes)
        assert after[0] == "Mano 1. Repartes tú.", after[0]

    def test_an_older_save_without_the_history_resumes_as_before(self, tmp_path: Path) -> None:
        """A save from before the history was kept: resumed with the table's lines told
        again from its decisions, no complaint; and what is said after that is kept."""
        data = tmp_path / "data"
        heard = _saved_then_changed(data, lambda obj: obj.pop("history", None))
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            start = _resume(h)
            assert not any("could not be read" in t for t in h.texts())
            assert _table_history(h)[: len(heard)] == heard
            h.press("u")
            before = _quit(h)
        assert any(t.startswith("Undone: ") for t in before[start:])
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            again = _resume(h)
            shell = h.shell
            assert shell is not None
            history = shell.narrator.history
            assert history[again : again + len(before) - start] == before[start:]

    @pytest.mark.parametrize(
        "garbled",
        [
            "not a history",
            {"version": 1, "told": 3, "notes": [{"at": 9, "kind": "notices", "text": "x"}]},
            {"version": 1, "told": 10**6, "notes": []},
            {"version": 1, "told": 0, "notes": [{"at": 0, "kind": "gossip", "text": "x"}]},
            {"version": 9, "told": 0, "notes": []},
        ],
    )
    def test_a_garbled_history_is_told_and_the_match_still_resumes(
        self, tmp_path: Path, garbled: object
    ) -> None:
        data = tmp_path / "data"
        heard = _saved_then_changed(data, lambda obj: obj.update(history=garbled))
        save = data / "save.json"
        damaged = save.read_bytes()
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            (told_,) = [t for t in h.texts(Kind.EVENT) if "history could not be read" in t]
            (copy,) = data.glob("save.history-unreadable-*.json")
            assert told_ == (
                "Part of your saved match's history could not be read; the match itself"
                f" is safe. A copy is kept as {copy.name}."
            )
            assert copy.read_bytes() == damaged  # nothing in it is lost
            _resume(h)
            assert _table_history(h)[: len(heard)] == heard
            _play(h, 1)  # the match goes on, and is saved with its history again
        assert "history" in json.loads(save.read_text(encoding="utf-8"))

    @pytest.mark.skipif(script() is None, reason="spades-voice is not installed")
    def test_the_garbled_history_is_spoken_and_printed_by_the_game(self, tmp_path: Path) -> None:
        """The installed game in a terminal, printing its speech: the notice is in the
        speech log and on the screen, and Enter still continues the match."""
        data = tmp_path / "d" / "spades-voice"  # where the game keeps files under HOME
        with harness(real_table(), hooks=StoreHooks(data)) as h:
            _play(h, 2)
            _quit(h)
        save = data / "save.json"
        obj = json.loads(save.read_text(encoding="utf-8"))
        obj["history"]["notes"] = 7
        save.write_text(json.dumps(obj), encoding="utf-8")
        notice = "Part of your saved match's history could not be read"
        game = Session(tmp_path).start()
        try:
            game.settle(lambda log: any("Enter continues it" in t for t in log))
            assert any(t.startswith(notice) for t in game.log())
            on_screen = re.sub(r"\s+", "", visible(game.raw))
            assert re.sub(r"\s+", "", notice) in on_screen
            mark = len(game.log())
            game.press("enter")
            game.settle(lambda log: len(log) > mark + 1)
            assert any(t.startswith("Resumed: hand 1, trick ") for t in game.log()[mark:])
        finally:
            game.close()


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
