"""Why the server closed a connection: the reason sent with the close code, which the
client says as it is (docs/protocol.md lists the codes)."""

from __future__ import annotations

SAY_HELLO_FIRST = "Say hello first."
FIRST_MESSAGE = "The first message is create, join, join_any or rejoin."
TOKEN_IS_TEXT = "token must be text."
REJOIN_NEEDS_TOKEN = "rejoin needs the seat token."
TOO_MANY_CONNECTIONS = "Too many connections from your address."
TOO_MANY_BAD_MESSAGES = "Too many bad messages."
TOO_MANY_WRONG_CODES = "Too many wrong codes. Wait a minute."
NO_SUCH_TABLE = "No table has that code."
TOKEN_NOT_FOR_TABLE = "That seat token is not for this table."
NO_NEW_TABLES = "This server does not open new tables."
TOO_MANY_TABLES = "You have opened too many tables. Wait a minute."
NO_ROOM_FOR_TABLE = "The server has no room for another table."
#: The HTTP answer a proxy's client gets when its address has its share of connections.
TOO_MANY_REQUESTS = "Too many connections.\n"


def wrong_protocol(version: int) -> str:
    return f"This server speaks protocol {version}."
