"""Host-only intents stay the host's while the host is away mid-match: a guest cannot reset
the match the moment the host's connection drops. Only when the host has not come back
within the grace does the role pass on, as it does before the first deal. Real server and
clients on 127.0.0.1."""

from __future__ import annotations

import pytest
from net_helpers import play_until, running_server, wait_for

from spades_voice.narration.reasons import say_reason
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire.limits import Limits
from spades_voice.rules import IllegalAction, Ruleset
from spades_voice.table import Notice


def away(table: RemoteTable, name: str) -> bool:
    return any(x.name == name and not x.connected for x in table.people())


def test_a_guest_cannot_reset_the_match_right_after_the_host_drops() -> None:
    with running_server() as server:  # the default grace: 20 s for the host to come back
        ann = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=300))
        bo = RemoteTable.join(server.url, ann.code, "Bo")
        try:
            ann.start()
            play_until([ann, bo], lambda: bo.client.seq >= 4)
            ann.close()
            wait_for(lambda: away(bo, "Ann"))
            seq = bo.client.seq
            for intent in (bo.new_match, lambda: bo.set_timers(30, 30)):
                with pytest.raises(IllegalAction, match=r"^only_host$"):
                    intent()
            assert not bo.is_host and bo.client.seq >= seq and bo.view().hand_number == 1
        finally:
            ann.close()
            bo.close()


def test_the_role_passes_when_the_host_is_not_back_in_time() -> None:
    limits = Limits(rate=10_000, burst=10_000, restart_grace_seconds=0.3)
    with running_server(limits=limits) as server:
        ann = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=300))
        bo = RemoteTable.join(server.url, ann.code, "Bo")
        cy = RemoteTable.join(server.url, ann.code, "Cy")
        try:
            ann.start()
            ann.close()
            heard: dict[int, list[str]] = {id(bo): [], id(cy): []}

            def hears(t: RemoteTable, text: str) -> bool:
                heard[id(t)] += [say_reason(e.reason) for e in t.drain() if isinstance(e, Notice)]
                return text in heard[id(t)]

            wait_for(lambda: hears(bo, "Ann is still away. You host the table now."))
            wait_for(lambda: hears(cy, "Ann is still away. Bo hosts the table now."))
            wait_for(lambda: bo.is_host)
            with pytest.raises(IllegalAction, match=r"^only_host$"):
                cy.new_match()
            bo.new_match()
            wait_for(lambda: hears(cy, "A new match begins."))
        finally:
            for t in (ann, bo, cy):
                t.close()
