"""What the game says that is not a move: on a shared table, people coming and going,
timers, the connection (the server and the client send these words as notices; the shell
says them when they arrive); and the game's own troubles, such as a speech output that
stopped mid-game.
"""

from __future__ import annotations

from spades_voice.narration.words import join
from spades_voice.options import Speech
from spades_voice.rules import Seat

NEW_MATCH_BEGINS = "A new match begins."
TIME_UP = "Time is up. The computer played for you."
CONNECTION_LOST = "Connection to the table lost. Trying to reconnect."
RECONNECTED = "Reconnected."
BACK_AT_SEAT = "Back at your seat."
TYPE_THE_CODE = "Type the table code, then press Enter."
#: A background task of the live prompt failed; the details went to the log file.
SOMETHING_FAILED = "Something went wrong; the details are in the log. Play goes on."
TABLE_ENDED_FOR_ROOM = (
    "The table has ended: it had not started for over a minute, and the server needed room."
)


def joined(name: str, seat: Seat) -> str:
    return f"{name} joined, sitting {seat.long_name}."


def back(name: str) -> str:
    return f"{name} is back."


def left(name: str) -> str:
    return f"{name} left. The computer plays for them until they come back."


def joined_next_deal(name: str, seat: Seat) -> str:
    """Someone joined mid-hand: the computer keeps their seat until the next deal."""
    return f"{name} joined, and sits {seat.long_name} from the next deal."


def you_sit_next_deal(seat: Seat, computer: str) -> str:
    """The newcomer mid-hand: they hear the table, never the computer's cards."""
    return f"You sit {seat.long_name} from the next deal. Until then {computer} plays this hand."


def now_sits(name: str, seat: Seat) -> str:
    """Someone who waited for the deal (or whom the host let in) takes their seat."""
    return f"{name} now sits {seat.long_name}."


def nobody_waiting(seat: Seat) -> str:
    return f"Nobody is waiting to sit {seat.long_name}."


def waiting_ask_host(name: str) -> str:
    """The host's one line when someone joins mid-hand: who (the shell adds the key that
    seats them now, as the notice's ``SEAT_WAITING`` action)."""
    return f"{name} is waiting for the next deal."


SEAT_WAITING = "seat_waiting"  # the keymap action a host's "is waiting" notice offers

# What each action a notice may offer does, after "Press <key>".
OFFERS = {SEAT_WAITING: "to seat them now"}


def with_offer(text: str, action: str, keys: str) -> str:
    """A notice's words and the player's own key for what it offers, in one utterance:
    "Bo is waiting for the next deal. Press J to seat them now." Without a key bound to the
    action, or an action this client does not know, the words alone."""
    offer = OFFERS.get(action)
    return f"{text} Press {keys} {offer}." if offer and keys else text


def host_seated_you(seat: Seat) -> str:
    """The newcomer the host let in mid-hand: their cards follow at once."""
    return f"The host seated you. You play {seat.long_name} from now."


def only_host_seats(name: str) -> str:
    return f"Only the host can seat {name} now; {name} sits from the next deal."


NOBODY_WAITING_AT_ALL = "Nobody is waiting for a seat."


YOU_PLAY_NEXT_DEAL = "You play from the next deal."
NOT_STARTED_YET = "The match has not started yet."
MATCH_OVER = "The match is over."


def not_started_host(host: str) -> str:
    """Back before the first deal at a table someone else hosts (perhaps since they left)."""
    return f"{NOT_STARTED_YET} {host} hosts."


def back_at_seat(seat: Seat, where: str) -> str:
    """Someone back after a lost connection or a server restart: their seat, then where the
    hand stands (``where``: a sentence or two, such as the trick summary)."""
    return f"{BACK_AT_SEAT} You sit {seat.long_name}. {where}"


def hand_and_trick(number: int, trick: str) -> str:
    return f"Hand {number}. {trick}"


def public_table(names: list[str], key: str) -> str:
    """``join --any`` has sat someone at a public table: who is already there (with
    nobody, they opened it, and hear how to start with ``key``)."""
    if not names:
        return f"You opened a public table. You are its host: press {key} to start."
    return f"You sit at a public table with {join(names)}."


def seconds_left(seconds: float) -> str:
    return f"{seconds:g} seconds left."


def waiting_for_host(seat: Seat) -> str:
    """A guest who has sat down before the host starts."""
    return f"You sit {seat.long_name}. Waiting for the host to start."


def how_to_start(key: str) -> str:
    """The host (or whoever became host) hears how to deal the first hand; ``key`` is the
    spoken name of the key that does it."""
    return f"Press {key} to start; the computer plays any empty seat."


def table_code(spoken_code: str, key: str) -> str:
    """The host hears the code to give friends, and how to start."""
    return (
        f"Table code {spoken_code}. "
        f"Friends join with spades-voice join and this code. {how_to_start(key)}"
    )


def host_left(name: str, host: str) -> str:
    """The host left before the first deal; the person seated longest hosts now."""
    return f"{name} left. {host} hosts the table now."


def host_left_to_you(name: str) -> str:
    """The new host's own line when the host left before the first deal (the client adds
    how to start, with the key this player presses)."""
    return f"{name} left. You host the table now."


def host_closed(name: str) -> str:
    """The host's own server (``spades-voice host``) stops as they leave: their table ends."""
    return f"{name} left and closed the table."


#: Joining a table before the first deal when nobody else is connected: the host role is
#: the newcomer's.
YOU_HOST = "You host this table."


#: How each speech output is named when the player hears that it was replaced.
OUTPUT_NAMES = {
    Speech.PRISM: "screen reader",
    Speech.SCREENREADER: "screen reader",
    Speech.TTS: "synthetic speech",
    Speech.PRINT: "printed text",
    Speech.NONE: "silence",
}


def output_name(name: str) -> str:
    """The spoken name of the speech output `name` (an unknown name as it is)."""
    try:
        return OUTPUT_NAMES.get(Speech(name), name)
    except ValueError:
        return name


def output_unavailable(chosen: str, now: str) -> str:
    """The speech output the player chose did not start; said once, before anything else.

    >>> output_unavailable("screenreader", "print")
    'Screen reader not available; using printed text.'
    """
    return f"{output_name(chosen).capitalize()} not available; using {output_name(now)}."


def output_switched(failed: str, now: str) -> str:
    """A speech output stopped mid-game and the next one took over (said by the new one).

    >>> output_switched("screenreader", "print")
    'Screen reader stopped; using printed text.'
    """
    return f"{output_name(failed).capitalize()} stopped; using {output_name(now)}."
