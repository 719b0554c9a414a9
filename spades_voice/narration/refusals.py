"""Why a shared table, its client or the coach refuses: each kind (``Refusal``) with its
words.

A shared table refuses a hello it cannot seat, an intent the table's state or the asker's
role does not allow, or a connection it closes; the client refuses a request it cannot
send. The server decides when each applies (in net/) and sends the kind and its facts; the
seat says it in its player's language (``reasons.say_reason``). Nothing arrives as a
sentence, so nothing is parsed back.
"""

from __future__ import annotations

from spades_voice.narration import chat
from spades_voice.narration.kinds import Kind
from spades_voice.narration.language import N_

TABLE_FULL = N_("The table is full.")
NOT_STARTED = N_("The host has not started the match yet.")
ALREADY_STARTED = N_("The match has already started.")
ONLY_HOST = N_("Only the host can do that.")
NO_SUCH_TABLE = N_("No table has that code.")
#: A ``rejoin`` refused: the same words whether or not a table has that code.
NO_SUCH_SEAT = N_("No table here has a seat with that token.")
#: The close reason for a connection whose seat another connection took up with its token.
SEAT_TAKEN_UP = N_("Your seat was taken up by another connection.")
#: The close reason for a connection that stopped reading what the table sends it.
TOO_FAR_BEHIND = N_("Too far behind.")
#: A typed table code that is not one (``join``, the page's code field).
NOT_A_CODE = N_("A table code is eight letters and digits.")
#: A name with no letter left once cleaned (``--name " "``, the page's name field).
EMPTY_NAME = N_("Choose a name of at least one letter.")
#: Messages sent faster than the server takes them (a key held down at a page).
SLOW_DOWN = N_("Too many messages. Slow down.")

# ---- the terminal client's own ------------------------------------------------------

TABLE_DID_NOT_ANSWER = N_("The table did not answer.")
TABLE_REFUSED = N_("The table refused that.")
NOT_CONNECTED = N_("Not connected to the table.")
SERVER_CLOSED = N_("The table server closed the connection.")
TABLE_CLOSED = N_("The table closed the connection.")
CONNECTION_LOST = N_("The connection to the table was lost.")
NO_RECONNECT = N_("Could not reconnect to the table.")
ANSWERED_BADLY = N_("The table server did not answer properly.")
#: Joining failed in a way the client did not foresee (the details go to the log).
CANNOT_JOIN = N_("Cannot join the table.")
#: A watcher refused: the host does not let people watch this table.
NO_WATCHERS = N_("This table does not take watchers.")
#: A watcher refused: the table has as many watchers as it may (``Limits``).
WATCHERS_FULL = N_("This table has all the watchers it can take.")
#: ``watch --any`` with no public table being played.
NOTHING_TO_WATCH = N_("No public table is being played now.")
#: I while watching computers, between two hands or after the match.
NOBODY_THINKING = N_("No computer is thinking now.")
#: ``sit`` from someone who already has a seat.
ALREADY_SEATED = N_("You already have a seat.")
#: Something only a seat may do, asked by a watcher.
WATCHERS_DO_NOT_PLAY = N_("You are watching: only the players act.")
#: A watcher's chat line while the host keeps watchers quiet.
WATCHERS_QUIET = N_("The host keeps watchers out of the chat.")

#: The client cannot reach the server at ``url``.
CANNOT_REACH = N_("Cannot reach the table server at {url}.")
#: The server's certificate is not trusted (TLS).
NOT_TRUSTED = N_(
    "The table server at {url} is not who it claims: its certificate is not trusted. "
    "If it uses a private authority, give its file with --ca."
)

#: A page playing alone: the server's computers are too busy to review now (as a hint
#: can be), or the page's last review is still being worked out.
COACH_BUSY = N_("No review now: the computers are busy. Ask again in a moment.")
#: A page playing alone: the server's computer could not work the review out.
COACH_FAILED = N_("No review this time: the computer could not work one out.")


class Refusal(Kind):
    """Why a shared table, its client or the coach refuses a request (facts: ``seat``,
    ``name``)."""

    TABLE_FULL = "table_full", TABLE_FULL
    NOT_STARTED = "not_started", NOT_STARTED
    ALREADY_STARTED = "already_started", ALREADY_STARTED
    ONLY_HOST = "only_host", ONLY_HOST
    PLAY_NEXT_DEAL = "play_next_deal", N_("You play from the next deal.")
    NOBODY_WAITING = "nobody_waiting", N_("Nobody is waiting to sit {seat}.")
    MUTED = "muted", chat.YOU_ARE_MUTED
    NOTHING_TO_SEND = "nothing_to_send", chat.NOTHING_TO_SEND
    CHAT_TOO_LONG = "chat_too_long", chat.TOO_LONG
    CHAT_TOO_FAST = "chat_too_fast", chat.TOO_FAST
    NO_SUCH_PERSON = "no_such_person", N_("No one called {name} is at the table.")
    NOBODY_ASKS = "nobody_asks", N_("{name} is not asking to play.")
    DID_NOT_ANSWER = "did_not_answer", TABLE_DID_NOT_ANSWER
    REFUSED = "refused", TABLE_REFUSED
    NOT_CONNECTED = "not_connected", NOT_CONNECTED
    CONNECTION_LOST = "connection_lost", CONNECTION_LOST
    SERVER_CLOSED = "server_closed", SERVER_CLOSED
    TABLE_CLOSED = "table_closed", TABLE_CLOSED
    NO_RECONNECT = "no_reconnect", NO_RECONNECT
    ANSWERED_BADLY = "answered_badly", ANSWERED_BADLY
    CANNOT_JOIN = "cannot_join", CANNOT_JOIN
    CANNOT_REACH = "cannot_reach", CANNOT_REACH
    NOT_TRUSTED = "not_trusted", NOT_TRUSTED
    COACH_BUSY = "coach_busy", COACH_BUSY
    COACH_FAILED = "coach_failed", COACH_FAILED
    NO_WATCHERS = "no_watchers", NO_WATCHERS
    WATCHERS_FULL = "watchers_full", WATCHERS_FULL
    NOTHING_TO_WATCH = "nothing_to_watch", NOTHING_TO_WATCH
    NOBODY_THINKING = "nobody_thinking", NOBODY_THINKING
    ALREADY_SEATED = "already_seated", ALREADY_SEATED
    WATCHERS_DO_NOT_PLAY = "watchers_do_not_play", WATCHERS_DO_NOT_PLAY
    WATCHERS_QUIET = "watchers_quiet", WATCHERS_QUIET

