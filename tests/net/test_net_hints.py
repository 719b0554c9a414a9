"""A hint at a shared table: Hard judges on this machine, at this machine's speed."""

from __future__ import annotations

from net_helpers import running_server, wait_for

from spades_voice.ai import REFERENCE_RATE
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Ruleset


def test_a_hint_at_a_shared_table_measures_the_rate_once_and_names_a_legal_bid() -> None:
    with running_server() as server:
        host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
        try:
            host.start()
            wait_for(lambda: bool(host.view().legal_bids), timeout=30)
            assert host.rate is None  # nothing stored for this table: measured at first use
            first = host.hint()
            assert first.decision in host.view().legal_bids
            measured = host.rate
            assert measured is not None and measured is not REFERENCE_RATE
            host.hint()
            assert host.rate is measured  # once, not at every hint
        finally:
            host.close()
