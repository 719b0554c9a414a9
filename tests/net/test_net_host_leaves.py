"""A host who leaves before the first deal never strands the guests: the host role passes
to the person who has sat longest, everyone hears who left and who hosts now, and a table
nobody is left at ends as any empty table does; after a restart the host has time to come
back first. Real server, real clients on 127.0.0.1;
judged by the notices each client receives."""

from __future__ import annotations

from pathlib import Path

from net_helpers import free_port, running_server, wait_for

from spades_voice.ai import Level
from spades_voice.narration.naming import seat_name
from spades_voice.narration.reasons import say_reason
from spades_voice.net.door.hosting import ServerThread
from spades_voice.net.door.server import TableServer
from spades_voice.net.seats.client import JoinRefused
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.table.tablestore import TableStore
from spades_voice.net.wire.limits import Limits
from spades_voice.rules import IllegalAction


class Ears:
    """Every notice one client has received, in order."""

    def __init__(self, table: RemoteTable) -> None:
        self.table = table
        self.heard: list[str] = []

    def hears(self, text: str) -> None:
        def arrived() -> bool:
            self.heard += [say_reason(n.reason) for n in self.table.drain_notices()]
            return text in self.heard

        try:
            wait_for(arrived)
        except AssertionError:
            raise AssertionError(f"never heard {text!r}; heard {self.heard}") from None


def test_public_table_host_leaves_the_longest_seated_hosts_then_the_next() -> None:
    with running_server() as server:
        ann = RemoteTable.create(server.url, "Ann", public=True)
        bo = RemoteTable.join_any(server.url, "Bo")
        cy = RemoteTable.join_any(server.url, "Cy")
        try:
            assert bo.code == cy.code == ann.code and not bo.is_host
            bo_ears, cy_ears = Ears(bo), Ears(cy)
            ann.close()
            bo_ears.hears("Ann left. You host the table now.")
            cy_ears.hears("Ann left. Bo hosts the table now.")
            wait_for(lambda: bo.is_host and not cy.is_host)
            assert "Ann left. Bo hosts the table now." not in bo_ears.heard
            try:
                cy.start()
                raise AssertionError("a guest started the table")
            except IllegalAction as e:
                assert str(e) == "only_host"
            # A newcomer from the lobby finds the table still waiting, with a host here.
            di = RemoteTable.join_any(server.url, "Di")
            try:
                assert di.code == bo.code and not di.is_host
                assert [x.name for x in di.people() if x.host] == ["Bo"]
                bo.close()
                cy_ears.hears("Bo left. You host the table now.")
                Ears(di).hears("Bo left. Cy hosts the table now.")
                wait_for(lambda: cy.is_host)
                cy.start()
                assert di.wait_started(10) and cy.started
            finally:
                di.close()
        finally:
            for t in (ann, bo, cy):
                t.close()


def test_private_table_same_rule_and_an_empty_table_ends() -> None:
    limits = Limits(rate=10_000, burst=10_000, empty_table_seconds=0.5, sweep_seconds=0.1)
    with running_server(limits=limits) as server:
        ann = RemoteTable.create(server.url, "Ann")
        bo = RemoteTable.join(server.url, ann.code, "Bo")
        code, ann_token = ann.code, ann.token
        try:
            ears = Ears(bo)
            ann.close()
            ears.hears("Ann left. You host the table now.")
            wait_for(lambda: bo.is_host)
            # Ann comes back: she is a guest now, and Bo still hosts.
            back = RemoteTable.rejoin(server.url, code, ann_token)
            try:
                ears.hears("Ann is back.")
                Ears(back).hears(f"Back at your seat. You sit {seat_name(back.seat)}. "
                                 "The match has not started yet. Bo hosts.")
                assert not back.is_host and bo.is_host
            finally:
                back.close()
            bo.close()
            # Nobody is left: the table ends as an empty table does.
            wait_for(lambda: code not in server.server.tables)
            try:
                RemoteTable.join(server.url, code, "Cy").close()
                raise AssertionError("joined a table that should have ended")
            except JoinRefused as e:
                assert str(e) == "No table has that code."
        finally:
            for t in (ann, bo):
                t.close()


def test_whoever_comes_back_first_to_an_empty_unstarted_table_hosts_it() -> None:
    with running_server() as server:
        ann = RemoteTable.create(server.url, "Ann")
        bo = RemoteTable.join(server.url, ann.code, "Bo")
        code, bo_token = ann.code, bo.token
        bo.close()
        ann.close()
        wait_for(lambda: server.server.tables[code].connected == 0)
        back = RemoteTable.rejoin(server.url, code, bo_token)
        try:
            assert back.is_host
            back.start()
            assert back.started
        finally:
            back.close()


def test_after_a_restart_the_host_keeps_the_role_until_the_grace_is_over(tmp_path: Path) -> None:
    """A guest whose client is back first does not take the host role while the host may
    still be reconnecting; a host not back when the grace ends passes it on."""
    port = free_port()
    limits = Limits(rate=10_000, burst=10_000, restart_grace_seconds=1.0)

    def server() -> ServerThread:
        store = TableStore(tmp_path / "tables.sqlite3")
        return ServerThread(TableServer(limits=limits, store=store, computer_delay=0.0,
                                        level=Level.EASY), "127.0.0.1", port)

    first = server()
    first.start()
    ann = RemoteTable.create(first.url, "Ann")
    bo = RemoteTable.join(first.url, ann.code, "Bo")
    try:
        ears = Ears(bo)
        first.stop()  # the server goes; both clients try to come back
        ann.close()  # Ann's never will
        second = server()
        second.start()
        try:
            ears.hears(f"Back at your seat. You sit {seat_name(bo.seat)}. "
                       "The match has not started yet. Ann hosts.")
            assert not bo.is_host  # Ann may still be on her way back
            ears.hears("Ann left. You host the table now.")
            wait_for(lambda: bo.is_host)
        finally:
            bo.close()
            second.stop()
    finally:
        ann.close()
        bo.close()
