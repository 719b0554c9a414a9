"""The lines an event is told in: brief or full by its kind's voice (the speech menu),
with the bid Enter would place when the bid is due, and the key that answers a notice's
offer. The shell tells them (``Shell.handle``); this module knows nothing of the shell.
"""

from __future__ import annotations

from spades_voice.narration import Cast, event_said, notices
from spades_voice.narration.keynames import spoken_keys
from spades_voice.narration.lines import Line, cards_of, text_of
from spades_voice.options import Voice
from spades_voice.rules import SeatView
from spades_voice.shell.keymap import Keymap
from spades_voice.table import Event, Notice


def lines_for(
    event: Event,
    cast: Cast,
    voice: Voice,
    keymap: Keymap,
    instead: str | None,
    view: SeatView | None = None,
) -> list[str | Line]:
    """``event``'s lines as ``voice`` says them. ``instead``: the one line said in their
    place, made by the shell from what it knows: when the player's bid is due (and blind
    nil is not open), the bid with the value Enter places; when a match resumes mid-hand,
    where it stands instead of its deal. ``view``: the player's, for a notice that says
    where the hand stands. A line keeps the player's cards it names (``narration.lines``)."""
    brief = voice.brief
    lines = event_said(event, cast, brief=brief, short_results=brief, view=view)
    if instead is not None:
        lines = [instead]
    if isinstance(event, Notice) and event.action is not None:
        bound = keymap.keys_for(event.action)
        keys = spoken_keys(bound) if bound else ""
        lines = [
            Line.of(notices.with_offer(text_of(line), event.action, keys), cards_of(line))
            for line in lines
        ]
    return lines
