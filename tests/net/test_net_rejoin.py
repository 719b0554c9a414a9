"""Leaving and coming back in the middle of a hand; timers; the computer covers meanwhile."""

from __future__ import annotations

import pytest
from net_helpers import play_until, running_server, timers_pending, wait_for

from spades_voice.narration.closes import Closed
from spades_voice.narration.events import notice_line
from spades_voice.narration.lines import text_of
from spades_voice.narration.words import Cast
from spades_voice.net.seats.client import JoinRefused
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire.limits import Limits
from spades_voice.rules import Phase, Reason, Ruleset, Seat
from spades_voice.table import Notice


def notices(table: RemoteTable) -> list[str]:
    """The notices as the player hears them: back mid-hand, with the trick so far from the
    player's own view."""
    cast = Cast(table.seat)
    said = [notice_line(e, cast, table.view()) for e in table.drain() if isinstance(e, Notice)]
    return [text_of(line) for line in said]


class TestRejoin:
    def test_a_seat_token_takes_the_seat_back_mid_hand(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
            guest = RemoteTable.join(server.url, host.code, "Bo")
            back: RemoteTable | None = None
            try:
                host.start()
                play_until([host, guest], lambda: len(host.view().tricks) >= 3)
                code, token, seat = guest.code, guest.token, guest.seat
                guest.close()
                wait_for(lambda: not {x.seat: x for x in host.people()}[seat].connected)
                # The computer plays Bo's seat while Bo is away.
                play_until([host], lambda: len(host.view().tricks) >= 6)
                assert "Bo left. The computer plays for them until they come back." in notices(
                    host
                )
                back = RemoteTable.rejoin(server.url, code, token)
                assert back.seat is seat and back.token == token
                view = back.view()
                assert view.phase is Phase.PLAYING and view.hand_number == 1
                tricks = (*view.tricks, view.current)
                played = sum(1 for t in tricks for s, _ in t.plays if s is seat)
                assert len(view.hand) == 13 - played
                wait_for(lambda: "Bo is back." in notices(host))
                wait_for(lambda: {x.seat: x for x in host.people()}[seat].connected)
                play_until([host, back], lambda: host.view().winner is not None)
            finally:
                for t in (host, guest, back):
                    if t is not None:
                        t.close()

    def test_a_dropped_connection_reconnects_by_itself(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
            guest = RemoteTable.join(server.url, host.code, "Bo")
            try:
                host.start()
                play_until([host, guest], lambda: len(host.view().tricks) >= 2)
                ws = guest.client._ws
                assert ws is not None
                # Cut the TCP connection without a close frame, as a dropped Wi-Fi would.
                guest._loop.call_soon_threadsafe(ws.transport.abort)
                wait_for(lambda: guest.client._ws is not ws and guest.client._ws is not None)
                heard: list[str] = []
                wait_for(lambda: bool(heard.extend(notices(guest))) or any(
                    x.startswith("Back at your seat. You sit ") for x in heard
                ))
                back = next(x for x in heard if x.startswith("Back at your seat."))
                assert "Hand 1. Trick " in back  # where the hand stands
                play_until([host, guest], lambda: host.view().winner is not None)
                wait_for(lambda: guest.view().winner == host.view().winner)
            finally:
                host.close()
                guest.close()

    def test_a_token_for_another_seat_or_table_is_refused(self) -> None:
        with running_server() as server:
            one = RemoteTable.create(server.url, "Ann")
            two = RemoteTable.create(server.url, "Bo")
            try:
                with pytest.raises(JoinRefused, match="token"):
                    RemoteTable.rejoin(server.url, two.code, one.token)
                with pytest.raises(JoinRefused, match="token"):
                    RemoteTable.rejoin(server.url, one.code, "x" * 24)
            finally:
                one.close()
                two.close()

    def test_the_same_token_twice_moves_the_seat_to_the_newest_connection(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, "Ann", reconnect_seconds=0)
            second = RemoteTable.rejoin(server.url, host.code, host.token)
            try:
                wait_for(lambda: host.closed_reason is not None)
                assert host.closed_reason == Reason(Closed.SEAT_TAKEN_UP)
                assert second.seat is host.seat
            finally:
                host.close()
                second.close()


class TestTimers:
    def test_no_timer_by_default(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, "Ann", seat=Seat.S)
            try:
                host.start()
                wait_for(lambda: host.view().my_turn)
                # Nothing is scheduled: the turn waits for the host however long it takes.
                assert timers_pending(server, host.code) == 0
                assert host.view().my_turn
            finally:
                host.close()

    def test_warnings_then_the_computer_plays_that_one_turn(self) -> None:
        limits = Limits(rate=10_000, burst=10_000, min_timer=0.1, warnings=(0.4, 0.2))
        with running_server(limits=limits) as server:
            host = RemoteTable.create(server.url, "Ann", bid_seconds=0.6, play_seconds=0.6)
            try:
                host.start()
                wait_for(lambda: host.view().bid_of(host.seat) is not None)
                heard = notices(host)
                assert heard[-3:] == [
                    "0.4 seconds left.",
                    "0.2 seconds left.",
                    "Time is up. The computer played for you.",
                ]
                # Only that one turn: the host is still a person, and timers can be lifted.
                assert {x.seat: x for x in host.people()}[host.seat].connected
                host.set_timers(None, None)
                wait_for(lambda: host.view().my_turn)
                assert timers_pending(server, host.code) == 0
                assert host.view().my_turn
            finally:
                host.close()


class TestPresence:
    def test_a_frozen_client_is_marked_gone_and_the_computer_plays_for_it(self) -> None:
        limits = Limits(rate=10_000, burst=10_000, ping_interval=0.3, ping_timeout=0.3)
        with running_server(limits=limits) as server:
            host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
            guest = RemoteTable.join(server.url, host.code, "Bo", reconnect_seconds=0)
            try:
                wait_for(lambda: sum(x.connected for x in host.people()) == 2)
                ws = guest.client._ws
                assert ws is not None
                # Frozen: the process is there but reads nothing, so it answers no ping.
                guest._loop.call_soon_threadsafe(ws.transport.pause_reading)
                heard: list[str] = []
                wait_for(lambda: bool(heard.extend(notices(host))) or any(
                    x.startswith("Bo left.") for x in heard), timeout=5)
                # The people frame follows the notice on the same socket: wait for it.
                wait_for(lambda: not {x.seat: x for x in host.people()}[guest.seat].connected)
                host.start()
                play_until([host], lambda: host.view().winner is not None)
            finally:
                host.close()
                guest.close()
