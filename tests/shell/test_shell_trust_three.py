"""Trust by ear, round three (issue 52): through the real shell, table and store, with
real files in a temporary data folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from shell_harness import Harness, harness

from spades_voice.ai import Level, WorkRate
from spades_voice.rules import Card, Look, Ruleset
from spades_voice.speech import Kind
from spades_voice.store import StoreHooks
from spades_voice.table import LocalTable

#: Hard (the partner) does little work at this rate, so the clock never changes a
#: decision: the same seed plays the same hand on every machine.
SMALL_WORK = WorkRate(plays_per_ms=2.0, solves_per_ms=0.02)

BLIND_OFFER = "Blind nil? Y bids blind nil. Escape shows your cards."


def blind_table(seed: str) -> LocalTable:
    """``spades-voice --blind-nil --target 200 --level medium --seed SEED``."""
    return LocalTable(
        Ruleset(target=200, blind_nil=True), seed, level=Level.MEDIUM, rate=SMALL_WORK
    )


def _enter_to_hand_end(h: Harness) -> None:
    """Escape at the first offer, then Enter for every bid and card, to the hand's end."""
    shell = h.shell
    assert shell is not None
    h.press("escape")
    while shell.between is None:
        h.wait_for(lambda: h.table.view().my_turn or shell.between is not None)
        if shell.between is None:
            h.press("enter")


class TestBlindNilAfterTheLastHand:
    """A card named between hands is a card of the hand that ended: the next hand's
    blind nil stays open however many of its cards share a name with it."""

    @pytest.mark.parametrize(
        ("seed", "keys", "named", "code"),
        [
            ("s2", ("l",), "Robin jack of spades", "JS"),  # L between hands: the last trick
            ("s14", (), "Sam, 8 of spades.", "8S"),  # the hand's last card
            ("s20", (), "You, 3 of diamonds.", "3D"),  # your own last card
        ],
    )
    def test_the_next_hand_offers_blind_nil(
        self, tmp_path: Path, seed: str, keys: tuple[str, ...], named: str, code: str
    ) -> None:
        with harness(blind_table(seed), hooks=StoreHooks(tmp_path / "data")) as h:
            _enter_to_hand_end(h)
            for key in keys:
                h.press(key)
            heard = h.since(0)
            assert any(named in t for t in heard[-8:]), heard[-8:]
            assert Card.from_code(code) in h.table.view().hand  # hand 2's, dealt already
            mark = h.mark
            h.press("n")
            assert h.since(mark)[-1] == BLIND_OFFER, h.since(mark)
            assert not h.table.view().hand_seen
            assert h.table.match.decisions.count(Look(h.table.seat)) == 1  # hand 1's only


def real_table(seed: str) -> LocalTable:
    """``spades-voice --target 200 --level medium --seed SEED``."""
    return LocalTable(Ruleset(target=200), seed, level=Level.MEDIUM, rate=SMALL_WORK)


class TestAPauseSaysItself:
    """Paused, nothing moves: every answer to "what is going on" says the pause first."""

    def test_b_t_and_r_say_the_pause_after_a_bid(self, tmp_path: Path) -> None:
        with harness(real_table("abd"), hooks=StoreHooks(tmp_path / "data")) as h:
            assert h.since(0)[-1].startswith("Your bid.")  # East deals: you bid first
            assert h.said("p") == "Paused. P resumes."
            mark = h.mark
            h.press("enter")  # the bid was said with the turn: placed at once
            placed, paused = h.since(mark)
            assert placed.startswith("Bid ") and paused == "Paused. P resumes.", h.since(mark)
            view = h.table.view()
            assert view.to_act is not None and not view.my_turn  # Robin waits: paused
            b = h.said("b")
            assert b.startswith("Paused. P resumes. ") and b.endswith("Waiting for Robin."), b
            t = h.said("t")
            assert t == "Paused. P resumes. No trick yet: bidding.", t
            r = h.said("r")
            assert r.startswith("Paused. P resumes. ") and r.count("Paused.") == 1, r
            mark = h.mark
            assert h.said("p") == "Resumed."
            assert any(t.startswith("Robin bids") for t in h.since(mark)), h.since(mark)
            assert not h.said("b").startswith("Paused.")


def _play_to_hand_end(h: Harness) -> None:
    shell = h.shell
    assert shell is not None
    while shell.between is None:
        h.wait_for(lambda: h.table.view().my_turn or shell.between is not None)
        if shell.between is None:
            h.play_my_turn()


class TestANilBreaksAloud:
    """A nil broken is said as it breaks, once, right after the trick that broke it: the
    partner's and the opponents' alike (a nil is public)."""

    @pytest.mark.parametrize(
        ("seed", "taker", "broken"),
        [
            ("s34", "Alex takes it.", "Alex's nil is broken."),
            ("s158", "Robin takes it.", "Robin's nil is broken."),
        ],
    )
    def test_said_once_in_the_events_and_the_history(
        self, tmp_path: Path, seed: str, taker: str, broken: str
    ) -> None:
        with harness(real_table(seed), hooks=StoreHooks(tmp_path / "data")) as h:
            _play_to_hand_end(h)
            shell = h.shell
            assert shell is not None
            for said in (h.since(0, Kind.EVENT), shell.narrator.history):
                assert said.count(broken) == 1, said
                at = said.index(broken)
                assert said[at - 1] == taker, said[at - 3 : at + 1]
                result = next(i for i, t in enumerate(said) if " bid " in t and "took" in t)
                assert at < result - 1  # mid-hand, not with the result


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
    """Control+S: the history file it writes, line by line (and the count it says)."""
    before = set(data.glob("history-*.txt"))
    said = h.said("c-s")
    (path,) = set(data.glob("history-*.txt")) - before
    lines = path.read_text(encoding="utf-8").splitlines()
    assert said.startswith(f"History saved, {len(lines)} entries"), said
    return lines


def _launch_notice(data: Path) -> None:
    """A notice every launch says first (as "No sound device" does): a settings file
    that cannot be read, set aside when the game starts."""
    data.mkdir(exist_ok=True)
    (data / "settings.json").write_text("{not json", encoding="utf-8")


class TestTheResumedHistoryInTrueOrder:
    def test_g_and_control_s_agree_and_read_in_order(self, tmp_path: Path) -> None:
        """The issue's repro: start, Enter three times, G, Q, Y; start again, Enter. The
        match's story comes first, then what the second launch said (its notice, the
        offer), then the resume: G and the file it saves hold the same entries."""
        data = tmp_path / "data"
        _launch_notice(data)
        with harness(real_table("abc"), hooks=StoreHooks(data)) as h:
            h.press("enter", "enter", "enter")
            before = _read_by_g(h)
            h.press("q", "y")
        assert before[0].startswith("Your settings could not be read")
        _launch_notice(data)
        with harness(real_table("abc"), hooks=StoreHooks(data)) as h:
            h.press("enter")  # continue the saved match
            read = _read_by_g(h)
            assert read[: len(before)] == before
            launch = read[len(before) :]
            assert launch[0].startswith("Your settings could not be read"), launch
            assert launch[1].startswith("A saved match is waiting: "), launch
            assert _saved_lines(h, data) == read


class TestAResumeSaysWhereTheMatchStands:
    def test_mid_hand_the_resume_is_no_new_deal(self, tmp_path: Path) -> None:
        """Quit at trick 4 of hand 2: Enter says the hand, the trick and the bids against
        the tricks taken, in one breath, where it said "Hand 2. Alex deals."; the
        history holds that line in the deal's place."""
        data = tmp_path / "data"
        with harness(real_table("abc"), hooks=StoreHooks(data)) as h:
            _play_to_hand_end(h)
            h.press("n")
            while len(h.table.view().tricks) < 3 or not h.table.view().my_turn:
                h.wait_for(lambda: h.table.view().my_turn)
                h.play_my_turn()
            h.press("q", "y")
        with harness(real_table("abc"), hooks=StoreHooks(data)) as h:
            mark = h.mark
            h.press("enter")
            said = h.since(mark)
            shell = h.shell
            assert shell is not None
            assert not any(" deals." in t for t in said), said
            standing = next(t for t in said if t.startswith("Resumed: "))
            assert standing.startswith("Resumed: hand 2, trick 4. Us: bid "), standing
            assert " Them: bid " in standing and len(standing.split()) <= 25, standing
            assert said[-1].startswith("Your "), said
            assert shell.narrator.history.count(standing) == 1
            assert h.said("l").startswith("Last trick: ")  # trick 3, still there

    def test_while_bidding_the_resume_says_the_bids_so_far(self, tmp_path: Path) -> None:
        """Quit at your first bid ("Hand 1. You deal.": the three others bid first)."""
        data = tmp_path / "data"
        with harness(real_table("abc"), hooks=StoreHooks(data)) as h:
            h.wait_for(lambda: h.table.view().my_turn)
            assert len(h.table.view().bids) == 3
            h.press("q", "y")
        with harness(real_table("abc"), hooks=StoreHooks(data)) as h:
            mark = h.mark
            h.press("enter")
            said = h.since(mark)
            assert said[0].startswith("Resumed: hand 1, bidding. Us: Alex "), said
            assert " Them 3: Robin 2, Sam 1." in said[0], said
            assert " deals." not in " ".join(said), said
            assert said[-1].startswith("Your bid. "), said
