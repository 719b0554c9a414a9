"""Chat as players use it: ``spades-voice host`` and ``spades-voice join`` in two
pseudo-terminals, through the host's real server on 127.0.0.1, speaking by print. What
one types after "/" is what the other hears; the host's /mute stops it. (Before the host
deals, the lobby reads a plain line: chat begins with the match.)"""

from __future__ import annotations

from pathlib import Path

from test_commands_net import host_and_guest


def test_two_people_chat_through_a_real_server_and_the_host_mutes(tmp_path: Path) -> None:
    with host_and_guest(tmp_path) as (ann, bo):
        ann.send("\r")  # chat is in the game's own keys: it starts with the match
        bo.expect(r"Hand 1\.")
        ann.expect(r"Hand 1\.")
        bo.send("/")
        bo.expect("Say: type a line, Enter sends, Escape cancels.")
        bo.send("nice one")
        bo.send("\r")
        ann.expect("Bo says: nice one")
        bo.expect("You say: nice one")
        ann.send("/")
        ann.expect("Say: type a line")
        ann.send("Thanks Bo\r")
        bo.expect("Ann says: Thanks Bo")
        ann.send("/")
        ann.expect("Say: type a line")
        ann.send("/mute Bo\r")
        ann.expect("Bo is muted.")
        bo.expect("The host has muted you")
        bo.send("/")
        bo.expect("Say: type a line")
        bo.send("still here\r")
        bo.expect("The host has muted you: your lines are not sent.")
        bo.send("/")
        bo.expect("Say: type a line")
        bo.send("gone\x1b")
        bo.expect("Not sent.")
        assert "still here" not in ann.before
