"""What the game says that is not a move: on a shared table, people coming and going,
timers, the connection (the server and the client send these words as notices; the shell
says them when they arrive); and the game's own troubles, such as a speech output that
stopped mid-game.
"""

from __future__ import annotations

from spades_voice.narration.language import N_, _
from spades_voice.narration.naming import seat_name
from spades_voice.narration.refusals import heard
from spades_voice.narration.words import decimal, join
from spades_voice.options import Speech
from spades_voice.rules import Seat

NEW_MATCH_BEGINS = N_("A new match begins.")
TIME_UP = N_("Time is up. The computer played for you.")
CONNECTION_LOST = N_("Connection to the table lost. Trying to reconnect.")
RECONNECTED = N_("Reconnected.")
BACK_AT_SEAT = N_("Back at your seat.")
TYPE_THE_CODE = N_("Type the table code, then press Enter.")
#: A background task of the live prompt failed; the details went to the log file.
SOMETHING_FAILED = N_("Something went wrong; the details are in the log. Play goes on.")
TABLE_ENDED_FOR_ROOM = (
    N_("The table has ended: it had not started for over a minute, and the server needed room.")
)


def joined(name: str, seat: Seat) -> str:
    return _("{name} joined, sitting {seat}.").format(name=name, seat=seat_name(seat))


def back(name: str) -> str:
    return _("{name} is back.").format(name=name)


def left(name: str) -> str:
    return _("{name} left. The computer plays for them until they come back.").format(name=name)


def joined_next_deal(name: str, seat: Seat) -> str:
    """Someone joined mid-hand: the computer keeps their seat until the next deal."""
    return _("{name} joined, and sits {seat} from the next deal.").format(
        name=name, seat=seat_name(seat)
    )


def you_sit_next_deal(seat: Seat, computer: str) -> str:
    """The newcomer mid-hand: they hear the table, never the computer's cards."""
    return _("You sit {seat} from the next deal. Until then {computer} plays this hand.").format(
        seat=seat_name(seat), computer=computer
    )


def now_sits(name: str, seat: Seat) -> str:
    """Someone who waited for the deal (or whom the host let in) takes their seat."""
    return _("{name} now sits {seat}.").format(name=name, seat=seat_name(seat))


def watching(name: str) -> str:
    """Everyone at the table hears that someone listens without a seat."""
    return _("{name} is watching.").format(name=name)


def stopped_watching(name: str) -> str:
    return _("{name} stopped watching.").format(name=name)


def you_watch(where: str) -> str:
    """A watcher's first words: that they watch, and where the match stands (``where``:
    a sentence of its own)."""
    return _("You are watching. {where}").format(where=where)


def back_watching(bids: int, cards: int, where: str) -> str:
    """A watcher taken back after its connection dropped or the server restarted: the
    bids and cards it did not hear, then where the match stands (``where``, a sentence)."""
    if not bids and not cards:
        return _("Back to watching. You missed nothing. {where}").format(where=where)
    return _("Back to watching. Missed: bids {bids}, cards {cards}. {where}").format(
        bids=bids, cards=cards, where=where
    )


#: What everyone hears when the host changes who may watch and whether watchers chat.
WATCHERS_WELCOME = N_("Watchers are welcome at this table.")
NO_WATCHERS_NOW = N_("This table takes no watchers now.")
WATCHERS_MAY_CHAT = N_("Watchers may chat.")
WATCHERS_LISTEN_ONLY = N_("Watchers now listen without chatting.")
#: A watcher's answer to H: nobody's cards are shown to a watcher.
NO_HAND_WATCHING = N_("You are watching: there is no hand to show.")


def nobody_waiting(seat: Seat) -> str:
    return _("Nobody is waiting to sit {seat}.").format(seat=seat_name(seat))


def waiting_ask_host(name: str) -> str:
    """The host's one line when someone joins mid-hand: who (the shell adds the key that
    seats them now, as the notice's ``SEAT_WAITING`` action)."""
    return _("{name} is waiting for the next deal.").format(name=name)


SEAT_WAITING = "seat_waiting"  # the keymap action a host's "is waiting" notice offers

# What each action a notice may offer does, after "Press <key>".
OFFERS = {SEAT_WAITING: N_("to seat them now")}


def with_offer(text: str, action: str, keys: str) -> str:
    """A notice's words and the player's own key for what it offers, in one utterance:
    "Bo is waiting for the next deal. Press J to seat them now." Without a key bound to the
    action, or an action this client does not know, the words alone."""
    offer = OFFERS.get(action)
    if not (offer and keys):
        return heard(text)
    return _("{notice} Press {keys} {offer}.").format(notice=heard(text), keys=keys, offer=_(offer))


def host_seated_you(seat: Seat) -> str:
    """The newcomer the host let in mid-hand: their cards follow at once."""
    return _("The host seated you. You play {seat} from now.").format(seat=seat_name(seat))


def only_host_seats(name: str) -> str:
    return _("Only the host can seat {name} now; {name} sits from the next deal.").format(name=name)


NOBODY_WAITING_AT_ALL = N_("Nobody is waiting for a seat.")


YOU_PLAY_NEXT_DEAL = N_("You play from the next deal.")
NOT_STARTED_YET = N_("The match has not started yet.")
MATCH_OVER = N_("The match is over.")


def not_started_host(host: str) -> str:
    """Back before the first deal at a table someone else hosts (perhaps since they left)."""
    return _("The match has not started yet. {host} hosts.").format(host=host)


def back_at_seat(seat: Seat, where: str) -> str:
    """Someone back after a lost connection or a server restart: their seat, then where the
    hand stands (``where``: a sentence or two, such as the trick summary)."""
    return _("Back at your seat. You sit {seat}. {where}").format(seat=seat_name(seat), where=where)


def hand_and_trick(number: int, trick: str) -> str:
    return _("Hand {number}. {trick}").format(number=number, trick=trick)


def public_table(names: list[str], key: str) -> str:
    """``join --any`` has sat someone at a public table: who is already there (with
    nobody, they opened it, and hear how to start with ``key``)."""
    if not names:
        return _("You opened a public table. You are its host: press {key} to start.").format(
            key=key
        )
    return _("You sit at a public table with {people}.").format(people=join(names))


def seconds_left(seconds: float) -> str:
    return _("{seconds} seconds left.").format(seconds=decimal(seconds))


def waiting_for_host(seat: Seat) -> str:
    """A guest who has sat down before the host starts."""
    return _("You sit {seat}. Waiting for the host to start.").format(seat=seat_name(seat))


def how_to_start(key: str) -> str:
    """The host (or whoever became host) hears how to deal the first hand; ``key`` is the
    spoken name of the key that does it."""
    return _("Press {key} to start; the computer plays any empty seat.").format(key=key)


def table_code(spoken_code: str, key: str) -> str:
    """The host hears the code to give friends, and how to start."""
    said = _("Table code {code}. Friends join with spades-voice join and this code. {start}")
    return said.format(code=spoken_code, start=how_to_start(key))


def code_to_share(code: str, address: str) -> str:
    """The line ``host`` prints for the host to copy to friends (the code as written)."""
    said = _("Table code {code}. Others join with: spades-voice join {code} --server {address}")
    return said.format(code=code, address=address)


def host_left(name: str, host: str) -> str:
    """The host left before the first deal; the person seated longest hosts now."""
    return _("{name} left. {host} hosts the table now.").format(name=name, host=host)


def host_left_to_you(name: str) -> str:
    """The new host's own line when the host left before the first deal (the client adds
    how to start, with the key this player presses)."""
    return _("{name} left. You host the table now.").format(name=name)


def still_away(name: str, host: str) -> str:
    """The host dropped mid-match and is not back in time: the person seated longest
    hosts now."""
    return _("{name} is still away. {host} hosts the table now.").format(name=name, host=host)


def still_away_to_you(name: str) -> str:
    """The new host's own line when the host is not back in time mid-match."""
    return _("{name} is still away. You host the table now.").format(name=name)


def host_closed(name: str) -> str:
    """The host's own server (``spades-voice host``) stops as they leave: their table ends."""
    return _("{name} left and closed the table.").format(name=name)


#: Said when the table ends while waiting in the lobby and gave no reason.
TABLE_GONE = N_("The table has gone.")

#: Joining a table before the first deal when nobody else is connected: the host role is
#: the newcomer's.
YOU_HOST = N_("You host this table.")


#: Said once, first, when the synthetic voice has no voice for the game's language.
NO_VOICE = N_("No voice for this language is installed, so the default voice reads the game.")

#: How each speech output is named when the player hears that it was replaced.
OUTPUT_NAMES = {
    Speech.PRISM: N_("screen reader"),
    Speech.SCREENREADER: N_("screen reader"),
    Speech.TTS: N_("synthetic speech"),
    Speech.PRINT: N_("printed text"),
    Speech.NONE: N_("silence"),
}


def output_name(name: str) -> str:
    """The spoken name of the speech output `name` (an unknown name as it is)."""
    try:
        return _(OUTPUT_NAMES[Speech(name)]) if Speech(name) in OUTPUT_NAMES else name
    except ValueError:
        return name


def output_unavailable(chosen: str, now: str) -> str:
    """The speech output the player chose did not start; said once, before anything else.

    >>> output_unavailable("screenreader", "print")
    'Screen reader not available; using printed text.'
    """
    return _("{chosen} not available; using {now}.").format(
        chosen=output_name(chosen).capitalize(), now=output_name(now)
    )


def output_switched(failed: str, now: str) -> str:
    """A speech output stopped mid-game and the next one took over (said by the new one).

    >>> output_switched("screenreader", "print")
    'Screen reader stopped; using printed text.'
    """
    return _("{failed} stopped; using {now}.").format(
        failed=output_name(failed).capitalize(), now=output_name(now)
    )
