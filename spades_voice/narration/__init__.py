"""Pure text: card names, what each key says, event lines, hints, fixed prompts.

Narration decides words, never when to speak them. It reads only a ``SeatView`` (or the
facts of one event), so it cannot name a card held by another seat.
"""

from __future__ import annotations

from spades_voice.narration.events import (
    SPADES_BROKEN,
    Notice,
    bid_placed,
    card_played,
    event_kind,
    event_lines,
    hand_dealt,
    match_won,
    outcome_lines,
    taken_back,
    team_result,
    trick_won,
    your_turn,
)
from spades_voice.narration.summaries import (
    between_hands,
    bids_summary,
    count_summary,
    duration,
    focus_line,
    hand_summary,
    hint_line,
    last_trick_summary,
    outcome_bids,
    people_summary,
    person_line,
    scores_summary,
    seats_summary,
    since_last_turn,
    team_status,
    trick_line,
    trick_summary,
    what_we_need,
)
from spades_voice.narration.words import Cast, cap, count, hand_order, same_group, signed

__all__ = [
    "SPADES_BROKEN",
    "Cast",
    "Notice",
    "between_hands",
    "bid_placed",
    "bids_summary",
    "cap",
    "card_played",
    "count",
    "count_summary",
    "duration",
    "event_kind",
    "event_lines",
    "focus_line",
    "hand_dealt",
    "hand_order",
    "hand_summary",
    "hint_line",
    "last_trick_summary",
    "match_won",
    "outcome_bids",
    "outcome_lines",
    "people_summary",
    "person_line",
    "same_group",
    "scores_summary",
    "seats_summary",
    "signed",
    "since_last_turn",
    "taken_back",
    "team_result",
    "team_status",
    "trick_line",
    "trick_summary",
    "trick_won",
    "what_we_need",
    "your_turn",
]
