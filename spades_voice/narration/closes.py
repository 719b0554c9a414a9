"""Why the server closed a connection: the reason sent with the close code, which the
client says in its player's language (``refusals.heard``; docs/protocol.md lists the
codes). The refusals a table makes are in ``refusals``."""

from __future__ import annotations

from spades_voice.narration.language import N_, _

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


def wrong_protocol(version: int) -> str:
    return _("This server speaks protocol {version}.").format(version=version)
