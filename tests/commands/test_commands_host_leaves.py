"""The host leaves before the first deal, as players see it: ``host --server --public``
and ``join --any`` in pseudo-terminals against a real server on 127.0.0.1. The guest hears
who left, that they host now and which key starts the match; that key starts it. When the
host ran the server themselves (``host`` alone), the table ends with them, and the guests
hear that at once."""

from __future__ import annotations

from pathlib import Path

import pexpect
from test_commands_net import command, host_and_guest, server


def test_the_guest_hears_they_host_now_and_starts_the_match(tmp_path: Path) -> None:
    with server() as address, command(tmp_path / "ann", "host", "--server", address,
                                      "--name", "Ann", "--public") as ann:
        ann.expect("Press Enter to start")
        with command(tmp_path / "bo", "join", "--any", "--server", address,
                     "--name", "Bo") as bo:
            bo.expect("You sit at a public table with Ann.")
            ann.expect(r"Bo joined, sitting \w+\.")
            ann.sendcontrol("c")  # Ann leaves before dealing
            bo.expect("Ann left. You host the table now.")
            bo.expect("Press Enter to start; the computer plays any empty seat.")
            bo.send("\r")
            bo.expect(r"Hand 1\. \w+ deals?\.")


def test_a_host_whose_own_server_stops_tells_the_guests_the_table_has_ended(
    tmp_path: Path,
) -> None:
    with host_and_guest(tmp_path) as (ann, bo):
        ann.sendcontrol("c")  # the host leaves, and the server in her process stops
        bo.expect("Ann left and closed the table.")
        assert "hosts the table now" not in bo.before
        bo.expect(pexpect.EOF)
