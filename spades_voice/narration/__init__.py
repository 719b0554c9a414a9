"""Pure text: card names, what each key says, event lines, hints, fixed prompts.

Narration decides words, never when to speak them. It reads only a ``SeatView`` (or the
facts of one event), so it cannot name a card held by another seat.
"""

from __future__ import annotations

from spades_voice.narration.events import (
    SPADES_BROKEN,
    Notice,
    bag_warning,
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
from spades_voice.narration.standing import (
    BAG_WARNING,
    bids_summary,
    duration,
    hand_entry,
    label,
    outcome_bids,
    scores_summary,
    team_status,
    what_we_need,
)
from spades_voice.narration.summaries import (
    between_hands,
    count_summary,
    focus_line,
    hand_summary,
    hint_line,
    last_trick_summary,
    people_summary,
    person_line,
    seats_summary,
    since_last_turn,
    trick_line,
    trick_summary,
)
from spades_voice.narration.words import Cast, cap, count, hand_order, same_group, signed

__all__ = [
    "BAG_WARNING",
    "SPADES_BROKEN",
    "Cast",
    "Notice",
    "bag_warning",
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
    "hand_entry",
    "hand_order",
    "hand_summary",
    "hint_line",
    "label",
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
