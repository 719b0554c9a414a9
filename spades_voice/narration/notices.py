"""What the game says that is not a move: on a shared table, people coming and going,
timers, the connection (the server and the client send these words as notices; the shell
says them when they arrive); and the game's own troubles, such as a speech output that
stopped mid-game.
"""

from __future__ import annotations

from spades_voice.narration.kinds import Kind
from spades_voice.narration.language import N_, _, for_touch, line
from spades_voice.narration.naming import seat_name
from spades_voice.narration.words import join
from spades_voice.options import Speech
from spades_voice.rules import Seat


class Told(Kind):
    """What a shared table's server tells a seat (a ``notice`` event, as a reason's kind):
    each kind with its words. Facts: ``name`` and ``host`` (a person's name), ``seat``,
    ``computer`` (the computer's name at a seat), ``seconds`` and ``number`` (whole
    numbers), ``where`` (a reason nested in this one, of any kind).

    A new notice is a new member here, and the server sends
    ``Notice(Reason.of(Told.WATCHING, name=...))``; nothing else changes. Its Spanish goes
    in the catalog (``scripts/catalog.py``), and ``tests/narration/test_narration_reasons``
    checks every kind has words in every language.
    """

    JOINED = "joined", N_("{name} joined, sitting {seat}.")
    BACK = "back", N_("{name} is back.")
    LEFT = "left", N_("{name} left. The computer plays for them until they come back.")
    JOINED_NEXT_DEAL = "joined_next_deal", N_("{name} joined, and sits {seat} from the next deal.")
    YOU_SIT_NEXT_DEAL = "you_sit_next_deal", N_(
        "You sit {seat} from the next deal. Until then {computer} plays this hand."
    )
    NOW_SITS = "now_sits", N_("{name} now sits {seat}.")
    WAITING = "waiting", N_("{name} is waiting for the next deal.")
    HOST_SEATED_YOU = "host_seated_you", N_("The host seated you. You play {seat} from now.")
    BACK_AT_SEAT = "back_at_seat", N_("Back at your seat. You sit {seat}. {where}")
    NOT_STARTED_YET = "not_started_yet", N_("The match has not started yet.")
    NOT_STARTED_HOST = "not_started_host", N_("The match has not started yet. {host} hosts.")
    #: Where the hand stands for someone back mid-hand: the client adds the trick so far,
    #: from its own view.
    IN_HAND = "in_hand", N_("Hand {number}.")
    HOST_LEFT = "host_left", N_("{name} left. {host} hosts the table now.")
    HOST_LEFT_TO_YOU = "host_left_to_you", N_("{name} left. You host the table now.")
    STILL_AWAY = "still_away", N_("{name} is still away. {host} hosts the table now.")
    STILL_AWAY_TO_YOU = "still_away_to_you", N_("{name} is still away. You host the table now.")
    HOST_CLOSED = "host_closed", N_("{name} left and closed the table.")
    NEW_MATCH = "new_match", N_("A new match begins.")
    TIME_UP = "time_up", N_("Time is up. The computer played for you.")
    SECONDS_LEFT = "seconds_left", N_("{seconds} seconds left.")
    MUTED_YOU = "muted_you", N_("The host has muted you: your lines are not sent.")
    UNMUTED_YOU = "unmuted_you", N_("The host lets you chat again.")
    TABLE_ENDED_FOR_ROOM = "table_ended_for_room", N_(
        "The table has ended: it had not started for over a minute, and the server needed room."
    )
    WATCHING = "watching", N_("{name} is watching.")
    STOPPED_WATCHING = "stopped_watching", N_("{name} stopped watching.")
    #: A watcher's first words: that they watch, and where the match stands (``where``:
    #: mid-hand, the hand's number; the client adds the trick so far from its view).
    YOU_WATCH = "you_watch", N_("You are watching. {where}")
    #: A watcher taken back after its connection dropped or the server restarted, who
    #: missed nothing; then where the match stands.
    BACK_WATCHING = "back_watching", N_("Back to watching. You missed nothing. {where}")
    #: The same, with the bids and cards it did not hear (``bids``, ``cards``: counts).
    BACK_WATCHING_MISSED = "back_watching_missed", N_(
        "Back to watching. Missed: bids {bids}, cards {cards}. {where}"
    )
    #: A watcher's J: the seated people hear it (the host with the key that lets them
    #: in); the watcher hears that the host decides, then the answer: no, or let in
    #: (at once before the first deal; mid-match ``YOU_SIT_NEXT_DEAL`` says it).
    ASKS_TO_PLAY = "asks_to_play", N_("{name} asks to play.")
    YOU_ASKED = "you_asked", N_(
        "You asked to play. The host decides; you would sit from the next deal."
    )
    HOST_SAID_NO = "host_said_no", N_("The host said no. You go on watching.")
    LET_IN_YOU = "let_in_you", N_("The host let you in. You sit {seat}.")
    #: What everyone hears when the host changes who may watch and whether watchers chat.
    WATCHERS_WELCOME = "watchers_welcome", N_("Watchers are welcome at this table.")
    NO_WATCHERS_NOW = "no_watchers_now", N_("This table takes no watchers now.")
    WATCHERS_MAY_CHAT = "watchers_may_chat", N_("Watchers may chat.")
    WATCHERS_LISTEN_ONLY = "watchers_listen_only", N_("Watchers now listen without chatting.")
    #: The client's own, when its connection drops.
    RECONNECTING = "reconnecting", N_("Connection to the table lost. Trying to reconnect.")


#: A notice of a kind this program has no words for (from a newer server).
UNKNOWN_NOTICE = N_("The table told something this version of the game cannot say.")

#: Notices said at once (an assertive region on the page), before whatever else arrived.
URGENT: frozenset[str] = frozenset({Told.TIME_UP, Told.SECONDS_LEFT})

CONNECTION_LOST = N_("Connection to the table lost. Trying to reconnect.")
BACK_AT_SEAT = N_("Back at your seat.")
TYPE_THE_CODE = N_("Type the table code, then press Enter.")
#: A background task of the live prompt failed; the details went to the log file.
SOMETHING_FAILED = N_("Something went wrong; the details are in the log. Play goes on.")
#: A watcher's answer to H: nobody's cards are shown to a watcher.
NO_HAND_WATCHING = N_("You are watching: there is no hand to show.")


SEAT_WAITING = "seat_waiting"  # the keymap action a host's "is waiting" notice offers

# What each action a notice may offer does, after "Press <key>".
OFFERS = {SEAT_WAITING: N_("to seat them now")}


def with_offer(text: str, action: str, keys: str) -> str:
    """A notice's words (already said in the player's language) and the player's own key
    for what it offers, in one utterance: "Bo is waiting for the next deal. Press J to seat
    them now." Without a key bound to the action, or an action this client does not know,
    the words alone."""
    offer = OFFERS.get(action)
    if not (offer and keys):
        return text
    return _("{notice} Press {keys} {offer}.").format(notice=text, keys=keys, offer=_(offer))


def only_host_seats(name: str) -> str:
    return _("Only the host can seat {name} now; {name} sits from the next deal.").format(name=name)


NOBODY_WAITING_AT_ALL = N_("Nobody is waiting for a seat.")

#: The host's J when a watcher asks to play.
LET_PLAY = for_touch(
    N_("Let {name} play? Y lets them in, Escape says no."),
    N_("Let {name} play? Tap Yes to let them in, or Back to say no."),
)


def let_play(name: str) -> str:
    return line(LET_PLAY).format(name=name)


def goes_on_watching(name: str) -> str:
    """The host said no to a watcher who asked to play."""
    return _("{name} goes on watching.").format(name=name)


def public_table(names: list[str], key: str) -> str:
    """``join --any`` has sat someone at a public table: who is already there (with
    nobody, they opened it, and hear how to start with ``key``)."""
    if not names:
        return _("You opened a public table. You are its host: press {key} to start.").format(
            key=key
        )
    return _("You sit at a public table with {people}.").format(people=join(names))


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


def output_slow(slow: str, now: str) -> str:
    """An output that works was too slow to start (a loaded machine); the game tries it
    again soon. Said once, before anything else.

    >>> output_slow("screenreader", "print")
    'Screen reader slow to answer; using printed text for now.'
    """
    return _("{slow} slow to answer; using {now} for now.").format(
        slow=output_name(slow).capitalize(), now=output_name(now)
    )


def output_back(back: str) -> str:
    """The slow output answered a later try and speaks from now on.

    >>> output_back("screenreader")
    'Screen reader back.'
    """
    return _("{back} back.").format(back=output_name(back).capitalize())


def output_still_slow(slow: str, now: str) -> str:
    """Every try at the slow output failed: the game stays where it is.

    >>> output_still_slow("screenreader", "print")
    'Screen reader still not answering; staying with printed text.'
    """
    return _("{slow} still not answering; staying with {now}.").format(
        slow=output_name(slow).capitalize(), now=output_name(now)
    )


def output_switched(failed: str, now: str) -> str:
    """A speech output stopped mid-game and the next one took over (said by the new one).

    >>> output_switched("screenreader", "print")
    'Screen reader stopped; using printed text.'
    """
    return _("{failed} stopped; using {now}.").format(
        failed=output_name(failed).capitalize(), now=output_name(now)
    )
