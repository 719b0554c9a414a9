"""The real shell at a shared blind-nil table over a real socket on 127.0.0.1: the server
holds the cards back during the offer, and Escape (look) brings them before they are
spoken, exactly as at a local table."""

from __future__ import annotations

from shell_harness import Harness, harness

from spades_voice.ai import Level, sure_tricks
from spades_voice.net.door.hosting import ServerThread
from spades_voice.net.door.server import Limits, TableServer
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Ruleset, Seat
from spades_voice.speech import Kind

OFFER = "Blind nil? Y bids blind nil. Escape shows your cards."


def offered(h: Harness) -> bool:
    return OFFER in h.texts()


def test_escape_at_the_offer_brings_the_cards_from_the_server_then_speaks_them() -> None:
    server = ServerThread(TableServer(limits=Limits(rate=10_000, burst=10_000),
                                      computer_delay=0.0, level=Level.EASY,
                                      new_seed=lambda: "shell-blind"))
    server.start()
    table = RemoteTable.create(server.url, "Ann", seat=Seat.S,
                               rules=Ruleset(target=None, blind_nil=True))
    try:
        table.start()
        with harness(table) as h:  # type: ignore[arg-type]
            h.wait_for(lambda: table.view().my_turn and offered(h))
            assert table.view().hand == ()  # the server sent no card during the offer
            said = h.said("escape")
            view = table.view()
            assert len(view.hand) == 13 and view.hand_seen
            # Escape at the offer withdraws it as H does, then the hand and the bid.
            assert said.startswith("Blind nil withdrawn: you have seen your cards. Spades: ")
            assert said.endswith(" H for more.")  # one breath: H says the rest
            assert h.said("h").endswith(f" Your bid. {sure_tricks(view.hand)} selected.")
            mark = h.mark
            h.press("enter")
            h.wait_for(lambda: table.view().bid_of(Seat.S) is not None)
            assert table.view().bid_of(Seat.S) == next(
                b for b in view.legal_bids if b.tricks == sure_tricks(view.hand))
            h.wait_for(lambda: any(t.startswith("Bid ") for t in h.since(mark, Kind.EVENT)))
    finally:
        table.close()
        server.stop()
