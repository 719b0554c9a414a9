"""A page's first frame as the server's hello: its join form, Play online, the Watch
button, or a table it opens for friends, its fields as the page sent them.

The seat itself is played by the terminal's own shell on the server
(``spades_voice.alone.guest``), through the server's ordinary handler, so the same door,
limits and table apply as for a terminal player: nothing read here is trusted, the door
reads every field again.
"""

from __future__ import annotations

from typing import Any

from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.hellos import hello_create
from spades_voice.rules import Ruleset

#: The turn timers a page may choose when it opens a table (seconds; None: no limit).
TURN_SECONDS = (None, 30, 60, 120)


def _opened(data: dict[str, Any]) -> dict[str, Any]:
    """The hello for a table the page opens for friends, with the host's choices: listed
    for anyone (Play online) or only for who has the code, the time for each turn (a
    choice it does not offer is no limit, never an error), the house rule that spades
    may be led at any time, and whether people may watch and watchers chat (yes unless
    the page says false)."""
    seconds = data.get("turn_seconds")
    turn = float(seconds) if seconds in TURN_SECONDS and seconds is not None else None
    rules = Ruleset(spades_any_time=data.get("spades_any_time") is True)
    hello = hello_create(
        "", rules=rules, timers={"bid": turn, "play": turn}, public=data.get("public") is True,
        watchers=data.get("watchers") is not False,
        watcher_chat=data.get("watcher_chat") is not False,
    )
    name = data.get("name", "")
    # As the join form's: the name as sent, so the door refuses one that is not text.
    hello["name"] = name if isinstance(name, str | int | float | bool | None) else []
    return hello


def _hello(kind: str, form: dict[str, Any]) -> dict[str, Any]:
    """The protocol-2 hello for the page's join form, its fields as the page sent them
    (anything but a plain value becomes an empty list, which every field refuses alike,
    so nothing deep is written out again). An empty token is no token."""
    fields = {"join": ("table", "name", "token"), "rejoin": ("table", "token"),
              "join_any": ("name",), "watch": ("table", "name")}[kind]
    hello: dict[str, Any] = {"type": kind, "protocol": p.PROTOCOL_VERSION}
    for name in fields:
        value = form.get(name)
        hello[name] = value if isinstance(value, str | int | float | bool | None) else []
    if kind == "join":
        hello["seat"] = None
        if hello["token"] == "":
            hello["token"] = None
    return hello


def page_hello(form: dict[str, Any]) -> dict[str, Any] | None:
    """The protocol-2 hello for a page's first frame (its join form, Play online, or a
    table it opens), its fields as the page sent them; None for any other frame."""
    kind = form.get("type")
    if kind == "create":
        return _opened(form)
    if kind in ("join", "rejoin", "join_any", "watch"):
        return _hello(str(kind), form)
    return None
