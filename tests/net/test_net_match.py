"""Whole matches over real sockets: four people, two people and two computers."""

from __future__ import annotations

import json

from net_helpers import play_until, running_server

from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import SEATS, Ruleset, Seat
from spades_voice.table import HandDealt, HandScored, MatchWon, Notice


class TestFourPeople:
    def test_a_match_to_200_is_played_to_its_end(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(
                server.url, "Ann", rules=Ruleset(target=200), keep_frames=True
            )
            guests = [
                RemoteTable.join(server.url, host.code, n, keep_frames=True)
                for n in ("Bo", "Cy", "Di")
            ]
            tables = [host, *guests]
            try:
                assert {t.seat for t in tables} == set(SEATS)
                assert host.seat is Seat.S and guests[0].seat is Seat.N  # the host's partner
                host.start()
                play_until(tables, lambda: all(t.view().winner is not None for t in tables))
                winners = {t.view().winner for t in tables}
                assert len(winners) == 1
                totals = {tuple(sorted(t.view().totals.items(), key=str)) for t in tables}
                assert len(totals) == 1
                for t in tables:
                    events = [e for e in t.drain() if not isinstance(e, Notice)]
                    assert isinstance(events[0], HandDealt)
                    assert isinstance(events[-1], MatchWon)
                    scored = [e for e in events if isinstance(e, HandScored)]
                    assert len(scored) == len(t.view().outcomes) >= 1
                    # Every finished hand crossed the wire once in views, and adds up.
                    assert t.view().outcomes == tuple(server.server.tables[t.code].state.outcomes)
                    views = [json.loads(f).get("view") for f in t.frames]
                    sent = sum(len(v["outcomes"]) for v in views if v is not None)
                    assert sent == len(t.view().outcomes)
                    assert t.names()[t.seat] == "You"
                people = host.people()
                assert [x.name for x in people] == ["Ann", "Cy", "Bo", "Di"]
                assert all(x.person and x.connected for x in people)
            finally:
                for t in tables:
                    t.close()


class TestTwoPeopleTwoComputers:
    def test_the_computers_fill_the_empty_seats(self) -> None:
        with running_server() as server:
            host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
            guest = RemoteTable.join(server.url, host.code, "Bo", seat=Seat.E)
            tables = [host, guest]
            try:
                assert guest.seat is Seat.E
                host.start()
                play_until(tables, lambda: all(t.view().winner is not None for t in tables))
                people = {x.seat: x for x in guest.people()}
                assert not people[Seat.N].person and not people[Seat.W].person
                assert people[Seat.S].host and people[Seat.E].you
                assert guest.names()[Seat.E] == "You" and guest.names()[Seat.S] == "Ann"
            finally:
                for t in tables:
                    t.close()
