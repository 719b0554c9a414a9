"""The coach's findings as sentences: the decision first, its cost, then why another was
better (the hint's reason, which names only the player's own cards and cards played)."""

from __future__ import annotations

from collections.abc import Sequence

from spades_voice.ai.coach import Finding
from spades_voice.narration.language import N_, _, ngettext
from spades_voice.narration.lines import Line, sentences
from spades_voice.narration.naming import bid_name, the_card
from spades_voice.narration.reasons import say_reason
from spades_voice.rules import Bid

#: From this share of the match on, a cost is said as a chance of winning it, not points.
MATCH_SHARE_WORDS = 0.1


def coach_line(finding: Finding) -> Line:
    """ "Trick 4: the king of hearts cost about 12 points. Play the 3 of hearts: ..."

    Near the end of a match a decision can cost the match itself, which no number of
    points says plainly: "... cost about 40 percent of your chance to win." One measure
    a finding: points, or that chance.
    """
    share = finding.match_share
    if share is not None and share >= MATCH_SHARE_WORDS:
        cost = _("{percent} percent of your chance to win").format(percent=round(100 * share))
    else:
        points = max(1, round(finding.cost))
        cost = ngettext("{n} point", "{n} points", points).format(n=points)
    if isinstance(finding.played, Bid):
        head = _("Your bid of {bid} cost about {cost}.").format(
            bid=bid_name(finding.played), cost=cost
        )
    else:
        head = _("Trick {number}: {the_card} cost about {cost}.").format(
            number=finding.trick, the_card=the_card(finding.played), cost=cost
        )
    return sentences([head, say_reason(finding.reason)])


def coach_none(number: int) -> str:
    """ "Hand 2: No costly decisions this hand." """
    return _("Hand {number}: {findings}").format(
        number=number, findings=_("No costly decisions this hand.")
    )


def coach_printed(number: int, findings: Sequence[Finding]) -> list[str]:
    """``spades-voice review``'s lines for a hand: "Hand 2, 3 findings.", then one finding
    a line (a terminal's screen reader reads line by line)."""
    if not findings:
        return [coach_none(number)]
    return [coach_intro(number, len(findings)), *(coach_line(f).text for f in findings)]


def coach_waiting(number: int, findings: int, key: str) -> str:
    """The review came while a yes/no question is open: the count, and the key (spoken)
    that reads the findings once it is answered (the question keeps its keys)."""
    return ngettext(
        "Hand {number}, {n} finding: {key} reads it once the question is answered.",
        "Hand {number}, {n} findings: {key} reads them once the question is answered.",
        findings,
    ).format(number=number, n=findings, key=key)


#: The coach's findings as a list the player steps through.
COACH_TITLE = N_("Coach")


def coach_intro(number: int, findings: int) -> str:
    """Said before the first finding: "Hand 2, 3 findings." (the list's keys are in its
    help, and Up and Down work as in every list)."""
    return ngettext(
        "Hand {number}, {n} finding.", "Hand {number}, {n} findings.", findings
    ).format(number=number, n=findings)


#: The coach key before any hand is finished.
COACH_LATER = N_("The coach reviews your decisions once a hand is finished.")
#: ``spades-voice review`` on a record with no finished hand.
NO_HAND_TO_REVIEW = N_("No finished hand to review.")
#: Said at once when the coach key is pressed; the review follows in about a second.
COACHING = N_("Reviewing your last hand.")
