"""What a shared table says that is not a move: people coming and going, timers, the
connection. The server and the client send these words as notices; the shell says them
when they arrive.
"""

from __future__ import annotations

from spades_voice.rules import Seat

NEW_MATCH_BEGINS = "A new match begins."
TIME_UP = "Time is up. The computer played for you."
CONNECTION_LOST = "Connection to the table lost. Trying to reconnect."
RECONNECTED = "Reconnected."
BACK_AT_SEAT = "Back at your seat."


def joined(name: str, seat: Seat) -> str:
    return f"{name} joined, sitting {seat.long_name}."


def back(name: str) -> str:
    return f"{name} is back."


def left(name: str) -> str:
    return f"{name} left. The computer plays for them until they come back."


def seconds_left(seconds: float) -> str:
    return f"{seconds:g} seconds left."


def waiting_for_host(seat: Seat) -> str:
    """A guest who has sat down before the host starts."""
    return f"You sit {seat.long_name}. Waiting for the host to start."


def table_code(spoken_code: str) -> str:
    """The host hears the code to give friends, and how to start."""
    return (
        f"Table code {spoken_code}. "
        "Friends join with spades-voice join and this code. "
        "Press Enter to start; the computer plays any empty seat."
    )
