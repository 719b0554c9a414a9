"""Whole matches played by keys through prompt_toolkit, to the final result."""

from __future__ import annotations

from shell_harness import RecordingHooks, easy_table, harness

from spades_voice.rules import Match
from spades_voice.speech import Kind


class TestCompleteMatch:
    def test_match_to_200_by_keys(self) -> None:
        hooks = RecordingHooks()
        with harness(easy_table(3, target=200), hooks=hooks) as h:
            h.play_to_end()
            state = h.table.state
            assert state.winner is not None
            events = h.texts(Kind.EVENT)
            won = [t for t in events if "win the match" in t]
            assert len(won) == 1
            totals = state.totals
            w = state.winner
            assert won[0].endswith(f"{totals[w]} to {totals[w.other]}.".replace("-", "minus "))
            # every hand's result was spoken with its arithmetic and totals
            assert sum(t.startswith("Score: ") for t in events) == len(state.outcomes)
            assert events[-1] == "Press N for a new match, or Q to quit."
            # the history log holds every event, in order
            assert h.shell is not None and h.shell.narrator.history == events
            h.press("q", "y")
            h.close()
            assert h.finished and h.result == 0
        names = hooks.names()
        assert names[0] == "saved_match"
        assert names.count("match_finished") == 1
        assert names[-1] == "close"
        made = [v for n, v in hooks.calls if n == "decision_made"]
        assert made == sorted(made) and made[-1] == len(state.match.decisions)
        assert ("start_new", None) in hooks.calls

    def test_single_hand_match(self) -> None:
        with harness(easy_table(8, target=None)) as h:
            h.play_to_end()
            assert len(h.table.state.outcomes) >= 1
            assert any("win the match" in t for t in h.texts(Kind.EVENT))

    def test_full_match_to_500(self) -> None:
        with harness(easy_table(11, target=500)) as h:
            h.play_to_end()
            state = h.table.state
            assert state.winner is not None and max(state.totals.values()) >= 500

    def test_new_match_after_the_end_needs_no_confirmation(self) -> None:
        hooks = RecordingHooks()
        with harness(easy_table(4, target=None), hooks=hooks) as h:
            h.play_to_end()
            mark = h.mark
            h.press("n")
            assert "New match." in h.since(mark)
            assert h.shell is not None and not h.shell.over
            assert h.table.state.hand_number == 1
            assert hooks.calls.count(("start_new", None)) == 2


class TestHooks:
    def test_saved_match_offer_continue(self) -> None:
        source = easy_table(21)
        with harness(source) as h:
            h.play_my_turn()
            h.play_my_turn()
            saved = h.table.match
        hooks = RecordingHooks(saved=saved)
        with harness(easy_table(99), hooks=hooks) as h:
            assert any("saved match is waiting" in t for t in h.texts())
            h.press("enter")
            assert h.table.match.decisions[: len(saved.decisions)] == saved.decisions
            assert "start_new" not in hooks.names()

    def test_saved_match_offer_declined(self) -> None:
        saved = Match(seed=5, decisions=())
        for key in ("escape", "n"):
            hooks = RecordingHooks(saved=saved)
            with harness(easy_table(99), hooks=hooks) as h:
                h.press(key)
                assert ("start_new", None) in hooks.calls  # no decisions: none abandoned
                assert h.shell is not None and h.shell.overlay is None

    def test_new_match_mid_match_confirms_and_reports_abandoned(self) -> None:
        hooks = RecordingHooks()
        with harness(easy_table(6), hooks=hooks) as h:
            h.play_my_turn()
            said = h.said("n")
            assert said.startswith("Start a new match?")
            h.press("escape")
            assert h.table.match.decisions  # nothing changed
            h.press("n", "y")
            abandoned = [v for n, v in hooks.calls if n == "start_new" and v is not None]
            assert len(abandoned) == 1 and abandoned[0].decisions

    def test_stats_elapsed_and_notices(self) -> None:
        hooks = RecordingHooks(stats="12 matches, 7 won.")
        hooks.elapsed = 754.0
        hooks.pending_notices = ["Your save was moved aside."]
        with harness(easy_table(6), hooks=hooks) as h:
            assert h.texts().count("Your save was moved aside.") == 1
            assert h.said("f3") == "12 matches, 7 won."
            assert h.said("s").endswith("Time: 12 minutes.")
        with harness(easy_table(6)) as h:
            assert h.said("f3") == "Statistics are not available."
            assert "Time" not in h.said("s")

    def test_clock_stops_for_pause_help_and_questions(self) -> None:
        hooks = RecordingHooks()
        with harness(easy_table(6), hooks=hooks) as h:
            def clock() -> bool:
                return [v for n, v in hooks.calls if n == "clock_running"][-1]

            assert clock() is True
            h.press("p")
            assert clock() is False
            h.press("p")
            assert clock() is True
            for opener in ("?", "f2", "k"):
                h.press(opener)
                if h.shell is not None and h.shell.overlay is not None:
                    assert clock() is False
                    h.press("escape")
                assert clock() is True
            h.press("q")
            assert clock() is False
            h.press("escape")
            assert clock() is True
            h.press("g")  # the history log does not stop the table
            assert clock() is True
