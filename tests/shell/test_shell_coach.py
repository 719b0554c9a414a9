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
        intro = f"Hand 1, {len(findings)} finding{'s' * (len(findings) > 1)}. "
        assert answer.startswith(intro)
        for i, finding in enumerate(findings):
            said = answer.removeprefix(intro) if i == 0 else h.said("down")
            if said != finding:
                # Longer than a breath: Enter, which says the entry again, says the rest.
                assert said.endswith(" Enter for more."), said
                assert finding.startswith(said.removesuffix(" Enter for more."))
                rest = h.said("enter")
                assert finding.endswith(rest) and len(rest.split()) <= 25
            assert len(said.split()) <= 25 and len((intro + said).split()) <= 25, said
            assert finding.count("cost about") == 1, finding
        h.press("escape")
        # Asked again, the same review, from memory.
        h.press("d")
        h.wait_for(lambda: len(reviewed()) == 2, timeout=30)
        assert reviewed()[-1] == answer
