"""The host seats a newcomer mid-hand by ear: one line says who waits and which key seats
them, E names who is waiting, J seats them through the table protocol, and the newcomer
hears that they were seated. Real server on 127.0.0.1, the real shell for the host."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from net_helpers import play_until, running_server, wait_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "shell"))
from shell_harness import harness

from spades_voice.narration.events import Notice
from spades_voice.narration.naming import seat_name
from spades_voice.narration.reasons import say_reason
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Ruleset
from spades_voice.shell.keymap import load_keymap

WAITS = "Bo is waiting for the next deal. Press J to seat them now."
RAW = "Bo is waiting for the next deal."  # the server's words; the shell adds the key


def _notices(table: RemoteTable) -> list[str]:
    return [say_reason(e.reason) for e in table.drain() if isinstance(e, Notice)]


@contextmanager
def _mid_hand(server: Any) -> Iterator[tuple[RemoteTable, list[RemoteTable]]]:
    """A host a trick into the first hand; the guests the block adds are closed after."""
    host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=500))
    guests: list[RemoteTable] = []
    try:
        host.start()
        play_until([host], lambda: len(host.view().tricks) >= 1)
        yield host, guests
    finally:
        for table in (*guests, host):
            table.close()


def test_the_host_hears_their_own_key_for_seating() -> None:
    """The server offers the action, not a key: a host who moved it to F12 hears F12."""
    keymap = load_keymap(Path("/x"), user_text='[keys]\nseat_waiting = ["f12"]\n')
    with (
        running_server() as server,
        _mid_hand(server) as (host, guests),
        harness(host, keymap=keymap) as h,  # type: ignore[arg-type]
    ):
        guests.append(RemoteTable.join(server.url, host.code, "Bo"))
        h.wait_for(lambda: RAW + " Press F12 to seat them now." in h.texts())
        assert not any("Press J" in t for t in h.texts())


def test_the_host_hears_who_waits_and_j_seats_them_now() -> None:
    with running_server() as server, _mid_hand(server) as (host, guests):
        with harness(host) as h:  # type: ignore[arg-type]
            guest = RemoteTable.join(server.url, host.code, "Bo")
            guests.append(guest)
            assert guest.waiting
            h.wait_for(lambda: WAITS in h.texts())
            assert h.texts().count(WAITS) == 1  # one line, not one per update
            # The notice and the table's people can arrive in either order.
            wait_for(lambda: any(p.waiting == "Bo" for p in host.people()))
            said = h.said("e")
            assert f"{seat_name(guest.seat)}, " in said
            assert "Bo waiting for the next deal" in said
            mark = h.mark
            h.press("j")
            h.wait_for(lambda: f"Bo now sits {seat_name(guest.seat)}." in h.since(mark))
            wait_for(lambda: guest.started and len(guest.view().hand) > 0)
            assert guest.view().hand_number == 1  # this hand, not the next
            heard = _notices(guest)
            assert f"The host seated you. You play {seat_name(guest.seat)} from now." in heard
            wait_for(lambda: not any(p.waiting for p in host.people()))
            assert "waiting" not in h.said("e")
            # Nobody left to seat: J says so in one sentence and changes nothing.
            assert h.said("j") == "Nobody is waiting for a seat."
        play_until([host, guest], lambda: host.view().hand_number >= 2)


def test_j_from_a_guest_who_is_not_the_host_seats_nobody() -> None:
    with running_server() as server:
        host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=500))
        cy = RemoteTable.join(server.url, host.code, "Cy")
        bo: RemoteTable | None = None
        try:
            host.start()
            wait_for(lambda: cy.started)
            play_until([host, cy], lambda: len(host.view().tricks) >= 1)
            with harness(cy) as h:  # type: ignore[arg-type]
                bo = RemoteTable.join(server.url, host.code, "Bo")
                assert bo.waiting
                # Only the host hears the key; the others hear that Bo joined.
                h.wait_for(lambda: any(t.startswith("Bo joined") for t in h.texts()))
                assert WAITS not in h.texts()
                wait_for(lambda: any(p.waiting == "Bo" for p in cy.people()))
                assert h.said("j") == "Only the host can seat Bo now; Bo sits from the next deal."
                assert bo.waiting and not bo.started
            wait_for(lambda: RAW in _notices(host))
        finally:
            for t in (bo, cy, host):
                if t is not None:
                    t.close()
