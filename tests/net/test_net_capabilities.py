"""What a table offers is in its type: a local table steps its computers, is reviewable
(undo, restart, the coach) and resumes a saved match; a shared seat chats, mutes and
seats who waits, and offers none of the local table's capabilities. Through the real
shell, the keys a shared table lacks say so at once, and never ask first. Real server on
127.0.0.1."""

from __future__ import annotations

import sys
from pathlib import Path

from net_helpers import play_until, running_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "shell"))
from shell_harness import easy_table, harness

from spades_voice.narration import prompts
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Ruleset
from spades_voice.table import Resumable, Reviewable, SharedSeat, Steppable, Table


def test_a_local_table_offers_its_own_capabilities_only() -> None:
    table: Table = easy_table(3)
    assert all(isinstance(table, c) for c in (Steppable, Reviewable, Resumable))
    assert not isinstance(table, SharedSeat)


def test_a_shared_seat_lacks_the_local_keys_and_says_so() -> None:
    with running_server() as server:
        host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=500))
        try:
            assert isinstance(host, SharedSeat)
            assert not any(isinstance(host, c) for c in (Steppable, Reviewable, Resumable))
            host.start()
            play_until([host], lambda: len(host.view().tricks) >= 1)
            with harness(host) as h:  # type: ignore[arg-type]
                assert h.said("u") == prompts.UNDO_NOT_HERE
                assert h.said("f5") == prompts.RESTART_NOT_HERE  # no question first
                assert h.shell is not None and h.shell.question is None
                assert h.said("d") == prompts.COACH_NOT_HERE
        finally:
            host.close()
