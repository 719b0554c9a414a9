"""The coach key: says at once that it is reviewing, then speaks the review when Hard has
weighed the hand, without holding up the keyboard."""

from __future__ import annotations

import asyncio
import re

from shell_harness import easy_table, harness

from spades_voice.narration import prompts
from spades_voice.narration.coach import COACH_LATER, COACHING
from spades_voice.narration.language import line
from spades_voice.narration.lines import text_of
from spades_voice.shell.driver import Coached, ThinkHere
from spades_voice.shell.state import Shell
from spades_voice.speech import Kind
from spades_voice.table import Reviewable


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
        findings = [text_of(entry) for entry in shown.entries]
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


class _AfterTheQuestion(ThinkHere):
    """The real coach, whose answer waits until a question is open: the review arriving
    mid-question, without a race against the keys."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    async def coach(self, table: Reviewable) -> Coached:
        while self.shell.question is None:
            await asyncio.sleep(0.01)
        return await super().coach(table)


def test_a_review_that_comes_while_a_question_is_open_is_one_short_line() -> None:
    """Issue 42 item 6: every answer to a key fits a breath. Mid-question, the review is
    a count and the key that reads it; the question stays open; the coach key then opens
    the findings as a list."""
    with harness(easy_table(5, target=200)) as h:
        shell = h.shell
        assert shell is not None
        while shell.between is None:
            h.play_my_turn()
        thinking = shell.driver.thinking
        shell.driver.think_with(_AfterTheQuestion(shell))
        assert h.said("d") == COACHING
        question = h.said("q")
        mark = h.mark

        def arrived() -> list[str]:
            return [t for t in h.since(mark, Kind.QUERY) if t.startswith("Hand 1")]

        h.wait_for(lambda: bool(arrived()), timeout=120)
        (said,) = arrived()
        assert len(said.split()) <= 25, said
        if said != "Hand 1: No costly decisions this hand.":
            assert re.fullmatch(
                r"Hand 1, \d findings?: D reads (it|them) once the question is answered\.", said
            ), said
        assert shell.question is not None and h.said("h") == question  # still open
        assert h.said("escape") == line(prompts.BACK_TO_TABLE)
        shell.driver.think_with(thinking)
        if said.startswith("Hand 1: "):
            return
        h.press("d")
        h.wait_for(lambda: shell.shown_list is not None, timeout=120)
        assert shell.shown_list is not None and shell.shown_list.kind == "coach"
        count = int(said.split()[2])
        assert len(shell.shown_list.entries) == count
