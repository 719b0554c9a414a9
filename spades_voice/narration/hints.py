"""The hint's and the coach's reasons in the current language.

``ai.hints`` words its reasons in English (the AI sits below narration and cannot look up
a catalog); the English is the source text, so a reason is said in the player's language
by looking it up whole, and one the catalog does not have yet is said as the AI wrote it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades_voice.narration.language import line

if TYPE_CHECKING:  # the AI is not imported at start-up just for a type
    from spades_voice.ai import Hint


def hint_reason(h: Hint) -> str:
    """The hint's reason ("Play the king of hearts: the ace is gone."), or "" for none."""
    return line(h.reason.strip())
