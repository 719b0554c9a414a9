"""The host leaves before the first deal, as players see it: ``host --server --public``
and ``join --any`` in pseudo-terminals against a real server on 127.0.0.1. The guest hears
who left, that they host now and which key starts the match; that key starts it."""

from __future__ import annotations

from pathlib import Path

from test_commands_net import command, server


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
