"""The coach's findings as sentences: the decision first, its cost, then why another was
better (the hint's reason, which names only the player's own cards and cards played)."""

from __future__ import annotations

from collections.abc import Sequence

from spades_voice.ai.coach import Finding
from spades_voice.narration.words import count

#: From this share of the match on, a cost is said as a chance of winning it, not points.
MATCH_SHARE_WORDS = 0.1


def coach_line(finding: Finding) -> str:
    """ "Trick 4: the king of hearts cost about 12 points. Play the 3 of hearts: ..."

    Near the end of a match a decision can cost the match itself, which no number of
    points says plainly: "... cost about a 40 percent chance of winning the match."
    """
    share = finding.match_share
    if share is not None and share >= MATCH_SHARE_WORDS:
        cost = f"a {round(100 * share)} percent chance of winning the match"
    else:
        cost = count(max(1, round(finding.cost)), "point")
    if finding.trick is None:
        head = f"Your bid of {finding.played.spoken} cost about {cost}."
    else:
        head = f"Trick {finding.trick}: the {finding.played.spoken} cost about {cost}."
    return f"{head} {finding.reason}"


def coach_summary(findings: Sequence[Finding]) -> str:
    """Every finding of one hand, costliest first; a plain line when there are none."""
    if not findings:
        return "No costly decisions this hand."
    return " ".join(coach_line(f) for f in findings)


def coach_answer(number: int, findings: Sequence[Finding]) -> str:
    """ "Hand 2: Trick 3: the ..." — what the coach key and ``review`` say for a hand."""
    return f"Hand {number}: {coach_summary(findings)}"


#: The coach key before any hand is finished.
COACH_LATER = "The coach reviews your decisions once a hand is finished."
#: Said at once when the coach key is pressed; the review follows in about a second.
COACHING = "Reviewing your last hand."
