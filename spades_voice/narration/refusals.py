"""What a shared table says when it refuses: a hello it cannot seat, an intent the table's
state or the asker's role does not allow, a setting outside the table of rules, a
connection it closes. Sentences only: the server decides when each applies (net/), and
the client speaks the reason as it arrives."""

from __future__ import annotations

TABLE_FULL = "The table is full."
NOT_STARTED = "The host has not started the match yet."
ALREADY_STARTED = "The match has already started."
ONLY_HOST = "Only the host can do that."
NO_SUCH_TABLE = "No table has that code."
#: A ``rejoin`` refused: the same words whether or not a table has that code.
NO_SUCH_SEAT = "No table here has a seat with that token."
#: The close reason for a connection whose seat another connection took up with its token.
SEAT_TAKEN_UP = "Your seat was taken up by another connection."
#: The close reason for a connection that stopped reading what the table sends it.
TOO_FAR_BEHIND = "Too far behind."


def unknown_key(field: str, key: str, known: tuple[str, ...]) -> str:
    """A key of an object the game does not have: "rules.colour is not one of target,
    blind_nil, failed_nil_tricks." (``key`` already cut short and printable)."""
    return f"{field}.{key} is not one of {', '.join(known)}."


def target_not_offered(targets: str) -> str:
    """``targets``: the offered ones in words, "200, 300 or 500"."""
    return f"rules.target must be {targets}, or null for a single hand."


def not_true_or_false(field: str) -> str:
    return f"{field} must be true or false."
