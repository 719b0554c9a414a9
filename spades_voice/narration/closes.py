"""Why the server closed a connection: the reason sent with the close code (a reason
value, as JSON text: ``net.wire.reasons.close_text``), which the client says in its player's
language (docs/protocol.md lists the codes). The refusals a table makes are in
``refusals``."""

from __future__ import annotations

from spades_voice.narration import refusals
from spades_voice.narration.kinds import Kind
from spades_voice.narration.language import N_

SAY_HELLO_FIRST = N_("Say hello first.")
REJOIN_NEEDS_TOKEN = N_("rejoin needs the seat token.")
TOO_MANY_CONNECTIONS = N_("Too many connections from your address.")
TOO_MANY_BAD_MESSAGES = N_("Too many bad messages.")
TOO_MANY_WRONG_CODES = N_("Too many wrong codes. Wait a minute.")
NO_NEW_TABLES = N_("This server does not open new tables.")
TOO_MANY_TABLES = N_("You have opened too many tables. Wait a minute.")
NO_ROOM_FOR_TABLE = N_("The server has no room for another table.")
#: A code held by another process of the same server (a ``moved`` frame, which clients
#: follow, said where): what a client too old to follow it says.
TABLE_ELSEWHERE = N_("That table is held by another process of this server.")
#: A code this process does not hold, while the registry of the others cannot be asked.
REGISTRY_LOST = N_(
    "No table has that code on this part of the server, and the other parts cannot be "
    "asked just now. Try again in a minute."
)
#: The HTTP answer a proxy's client gets when its address has its share of connections
#: (a body for a program to log, not a sentence to speak).
TOO_MANY_REQUESTS = N_("Too many connections.\n")



class Closed(Kind):
    """Why the server closed a connection (facts: ``version``)."""

    SAY_HELLO_FIRST = "say_hello_first", SAY_HELLO_FIRST
    WRONG_PROTOCOL = "wrong_protocol", N_("This server speaks protocol {version}.")
    TOO_MANY_CONNECTIONS = "too_many_connections", TOO_MANY_CONNECTIONS
    TOO_MANY_BAD_MESSAGES = "too_many_bad_messages", TOO_MANY_BAD_MESSAGES
    TOO_MANY_WRONG_CODES = "too_many_wrong_codes", TOO_MANY_WRONG_CODES
    NO_NEW_TABLES = "no_new_tables", NO_NEW_TABLES
    TOO_MANY_TABLES = "too_many_tables", TOO_MANY_TABLES
    NO_ROOM_FOR_TABLE = "no_room_for_table", NO_ROOM_FOR_TABLE
    TABLE_ELSEWHERE = "table_elsewhere", TABLE_ELSEWHERE
    REGISTRY_LOST = "registry_lost", REGISTRY_LOST
    NO_SUCH_TABLE = "no_such_table", refusals.NO_SUCH_TABLE
    NO_SUCH_SEAT = "no_such_seat", refusals.NO_SUCH_SEAT
    SEAT_TAKEN_UP = "seat_taken_up", refusals.SEAT_TAKEN_UP
    TOO_FAR_BEHIND = "too_far_behind", refusals.TOO_FAR_BEHIND
