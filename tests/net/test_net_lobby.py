"""Play online: ``host --public`` lists a table; ``join --any`` sits at a public table that
is waiting for people, or opens one."""

from __future__ import annotations

from net_helpers import running_server, wait_for

from spades_voice.net.seats.remote_table import RemoteTable


def test_join_any_fills_public_tables_waiting_for_people_and_never_private_ones() -> None:
    with running_server() as server:
        private = RemoteTable.create(server.url, "Pat")
        public = RemoteTable.create(server.url, "Ann", public=True)
        joined: list[RemoteTable] = []
        try:
            for name in ("Bo", "Cy", "Di"):
                t = RemoteTable.join_any(server.url, name)
                joined.append(t)
                assert t.code == public.code and t.client.public and not t.is_host
            wait_for(lambda: sum(x.person for x in public.people()) == 4)
            assert {x.name for x in joined[-1].people()} == {"Ann", "Bo", "Cy", "Di"}
            # Full: the next one opens a public table of their own and is its host.
            ed = RemoteTable.join_any(server.url, "Ed")
            joined.append(ed)
            assert ed.code not in (public.code, private.code) and ed.is_host
            # A started public table is not waiting for people.
            ed.start()
            fay = RemoteTable.join_any(server.url, "Fay")
            joined.append(fay)
            assert fay.code != ed.code and fay.is_host
            assert sum(x.person for x in private.people()) == 1
        finally:
            for t in (private, public, *joined):
                t.close()
