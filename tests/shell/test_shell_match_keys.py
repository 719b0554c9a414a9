"""The match's keys: undo and restart across the hand's end (until N deals the next),
the hands-played list (Shift+S), a problem report (Shift+B), and letter case."""

from __future__ import annotations

import json
import re
from pathlib import Path

from shell_harness import Harness, easy_table, harness

from spades_voice.shell.keymap import load_keymap
from spades_voice.store import StoreHooks


def _to_hand_end(h: Harness) -> None:
    assert h.shell is not None
    while h.shell.between is None:
        h.play_my_turn()


def test_undo_takes_back_the_hand_just_ended_until_n() -> None:
    with harness(easy_table(5, target=500)) as h:
        _to_hand_end(h)
        assert h.shell is not None
        assert len(h.table.view().outcomes) == 1
        mark = h.mark
        h.press("u")
        said = h.since(mark)[0]
        assert said.startswith("Undone: ") and said.endswith(" The hand's result too.")
        view = h.table.view()
        assert not view.outcomes and view.hand_number == 1 and view.my_turn
        assert h.shell.between is None
        assert h.table.state.totals == {t: 0 for t in h.table.state.totals}
        # Play the last card again: the hand ends, and is scored, once more.
        _to_hand_end(h)
        assert len(h.table.view().outcomes) == 1
        h.press("n")  # the next hand is dealt: never undone across a deal
        assert h.table.view().hand_number == 2
        mark = h.mark
        h.press("u")
        # Either nothing of the player's is in hand 2 yet, or only hand 2 is taken back.
        said = h.since(mark)[0]
        assert said == "Nothing to undo in this hand." or not said.endswith("result."), said
        assert len(h.table.view().outcomes) == 1 and h.table.view().hand_number == 2


def test_restart_between_hands_restarts_the_hand_just_ended() -> None:
    with harness(easy_table(5, target=500)) as h:
        _to_hand_end(h)
        assert h.said("f5").startswith("Restart this hand?")
        mark = h.mark
        h.press("y")
        assert "Hand restarted and its result taken back." in h.since(mark)
        view = h.table.view()
        assert view.hand_number == 1 and not view.outcomes and not view.tricks


def test_no_undo_after_the_match_ended() -> None:
    with harness(easy_table(5, target=None)) as h:
        h.play_to_end()
        assert h.said("u") == "Nothing to undo: the match is over."
        assert h.said("f5") == "The match is over: nothing to restart."


def test_hands_played_list_newest_first() -> None:
    with harness(easy_table(5, target=500)) as h:
        assert h.said("S") == "No hands finished yet."
        _to_hand_end(h)
        h.press("n")
        _to_hand_end(h)
        said = h.said("S")
        assert said.startswith("Hands played: 2, newest first. Hand 2. Us: ")
        assert re.search(r"Us: (bid \d+, took \d+|both nil), (plus|minus) \d+, bags now \d+, "
                         r"total (minus )?\d+\.", said), said
        assert h.said("down").startswith("Hand 1.")
        assert h.said("down") == "Oldest."  # only the end: the entry was just heard
        assert h.said("escape") == "Back to the table."
        # Lower-case s is still the scores key; Shift+S has its own action.
        assert h.said("s").startswith("Us ")


def test_problem_report_is_written_and_said_where(tmp_path: Path) -> None:
    hooks = StoreHooks(tmp_path)
    with harness(easy_table(5), hooks=hooks) as h:
        h.press("h")
        said = h.said("B")
        (path,) = tmp_path.glob("problem-report-*.json")
        assert said == f"Problem report written in your data folder: {path.name}."
        assert h.shell is not None and h.shell.narrator.history[-1] == f"Full path: {path}"
        assert str(tmp_path) not in said  # the folder is named, not spelt out
        body = json.loads(path.read_text(encoding="utf-8"))
        assert body["record"]["format"] == "spades-record/1"
        assert any(line.startswith("Spades: ") for line in body["speech"])
        assert h.said("b").startswith(("Us", "Them", "No bids yet"))  # b is still bids


def test_a_capital_bound_on_its_own_leaves_the_lower_case_letter_alone() -> None:
    km = load_keymap(use_user=False)
    assert km.action_for("s") == "scores" and km.action_for("S") == "hands_played"
    assert km.action_for("b") == "bids" and km.action_for("B") == "report_problem"
    assert km.action_for("H") == "hand"  # unbound capital: its letter's action
    assert km.pt_keys("h") == ["h", "H"] and km.pt_keys("s") == ["s"]
