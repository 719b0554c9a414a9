"""The coach key: says at once that it is reviewing, then speaks the review when Hard has
weighed the hand, without holding up the keyboard."""

from __future__ import annotations

from shell_harness import easy_table, harness

from spades_voice.narration.coach import COACH_LATER, COACHING
from spades_voice.speech import Kind


def test_coach_key_reviews_the_last_finished_hand() -> None:
    with harness(easy_table(5, target=200)) as h:
        assert h.shell is not None
        assert h.said("d") == COACH_LATER
        while h.shell.between is None:
            h.play_my_turn()
        assert h.said("d") == COACHING
        # Keys are answered while the review is worked out.
        assert h.said("s")

        def reviewed() -> list[str]:
            return [t for t in h.texts(Kind.QUERY) if t.startswith("Hand 1")]

        h.wait_for(lambda: bool(reviewed()), timeout=120)
        answer = reviewed()[-1]
        if answer.endswith("No costly decisions this hand."):
            return
        # Issue 42: a list stepped through, the first finding said at once, each one
        # breath with one measure (points, or a chance of winning the match).
        shown = h.shell.shown_list
        assert shown is not None and shown.kind == "coach"
        findings = shown.entries
        assert answer == f"Hand 1, {len(findings)} finding{'s' * (len(findings) > 1)}. " + (
            findings[0]
        )
        for i, finding in enumerate(findings):
            assert len(finding.split()) <= 25, finding
            assert finding.count("cost about") == 1, finding
            if i:
                assert h.said("down") == finding
        h.press("escape")
        # Asked again, the same review, from memory.
        h.press("d")
        h.wait_for(lambda: len(reviewed()) == 2, timeout=30)
        assert reviewed()[-1] == answer
