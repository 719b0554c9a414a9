"""Who sits where, as a pure model: no server, no loop, no clock but the numbers given.
Connections are plain strings here; the table's are its ``Member``s."""

from __future__ import annotations

import pytest

from spades_voice.net.table.seating import COMPUTER_NAMES, Seating
from spades_voice.net.wire import protocol as p
from spades_voice.rules import IllegalAction, Seat


def drop(table: Seating[str], seat: Seat) -> None:
    """The connection at ``seat`` goes (connections are compared by identity)."""
    info = table.seats[seat]
    assert info.member is not None and table.leave(info, info.member)


def seated(*names: str, host_seat: Seat = Seat.S) -> Seating[str]:
    table: Seating[str] = Seating()
    for i, name in enumerate(names):
        table.sit(name, host_seat if i == 0 else None, f"conn-{name}", waiting=False)
    return table


class TestSit:
    def test_the_first_person_hosts_and_the_partner_seat_is_offered_first(self) -> None:
        table = seated("Ann", "Bo", "Cy", "Di", host_seat=Seat.E)
        assert table.host is Seat.E
        assert [table.seats[s].name for s in (Seat.E, Seat.W, Seat.S, Seat.N)] == [
            "Ann", "Bo", "Cy", "Di"]
        with pytest.raises(IllegalAction, match=r"^table_full$"):
            table.sit("Ed", None, "conn-Ed", waiting=False)

    def test_a_seat_asked_for_is_given_when_no_person_has_it(self) -> None:
        table = seated("Ann")
        assert table.sit("Bo", Seat.E, "b", waiting=False).seat is Seat.E
        assert table.sit("Cy", Seat.E, "c", waiting=False).seat is Seat.N  # taken: partner

    def test_names_are_kept_apart_and_computers_never_share_a_person_s_name(self) -> None:
        table = seated("Robin", "robin")
        names = sorted(i.name for i in table.seats.values() if i.person)
        assert names == ["Robin", "robin 2"]
        computers = [i.computer_name for i in table.seats.values() if not i.person]
        assert "Robin" not in computers and set(computers) <= set(COMPUTER_NAMES)

    def test_a_waiting_newcomer_holds_a_token_but_is_not_yet_a_person_there(self) -> None:
        table = seated("Ann")
        bo = table.sit("Bo", None, "b", waiting=True)
        assert bo.token is not None and not bo.person and not bo.connected
        assert table.connected == 2 and table.waiting_here() == [bo]
        table.take_seats([bo])
        assert bo.person and bo.connected and table.waiting_here() == []

    def test_one_who_never_sat_down_leaves_the_seat_to_the_computer(self) -> None:
        table = seated("Ann")
        conn = "b"
        bo = table.sit("Bo", None, conn, waiting=True)
        assert table.leave(bo, conn)
        table.forget(bo)
        assert bo.token is None and bo.seat in table.free_seats()


class TestTokens:
    def test_a_token_finds_its_seat_and_nothing_else_does(self) -> None:
        table = seated("Ann", "Bo")
        ann = table.seats[Seat.S]
        assert ann.token is not None and table.token_seat(ann.token) is ann
        for wrong in ("é" * 24, p.WRONG_TOKEN, "", "x" * 24, ann.token + "x"):
            assert table.token_seat(wrong) is None

    def test_a_rejoin_hands_back_the_connection_it_replaces(self) -> None:
        table = seated("Ann")
        ann = table.seats[Seat.S]
        first, second = ann.member, "second"
        assert first is not None and table.rejoin(ann, second) is first
        assert not table.leave(ann, first)  # the old connection no longer holds it
        assert table.leave(ann, second) and not ann.connected


class TestHost:
    def test_the_role_waits_for_an_away_host_until_the_time_given(self) -> None:
        table = seated("Ann", "Bo", "Cy")
        drop(table, Seat.S)
        table.host_back_by = 20.0
        assert table.settle_host(now=19.9) is None and table.host is Seat.S
        new = table.settle_host(now=20.0)
        assert new is not None and new.name == "Bo" and table.host is new.seat

    def test_with_nobody_here_the_role_stays_until_someone_comes(self) -> None:
        table = seated("Ann", "Bo")
        for seat in (Seat.S, Seat.N):
            drop(table, seat)
        assert table.settle_host(now=100.0) is None and table.host is Seat.S
        table.rejoin(table.seats[Seat.N], "back")
        assert table.settle_host(now=100.0) is table.seats[Seat.N]

    def test_a_connected_host_keeps_the_role(self) -> None:
        table = seated("Ann", "Bo")
        assert table.settle_host(now=1e9) is None and table.host is Seat.S

    def test_restore_takes_back_people_all_away(self) -> None:
        table: Seating[str] = Seating()
        table.restore(Seat.N, [(Seat.N, "Bo", "t" * 24, False), (Seat.E, "Cy", "u" * 24, True)])
        assert table.host is Seat.N and table.connected == 0
        assert table.seats[Seat.E].waiting and table.token_seat("u" * 24) is table.seats[Seat.E]
        assert table.person_called("bo") is table.seats[Seat.N]
