"""Across every frame of a full match, no client receives a card another seat holds."""

from __future__ import annotations

import json
import re
from typing import Any

from net_helpers import play_until, running_server, wait_for

from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.seats.watch_table import WatchTable
from spades_voice.rules import SEATS, Card, Match, MatchState, Ruleset, Seat

CODE = re.compile(r"(10|[2-9TJQKA])[SHDC]")


def codes_in(value: Any) -> set[Card]:
    """Every card code anywhere in a decoded frame, keys and values alike."""
    found: set[Card] = set()
    if isinstance(value, str):
        if CODE.fullmatch(value):
            found.add(Card.from_code(value))
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= codes_in(k) | codes_in(v)
    elif isinstance(value, list):
        for v in value:
            found |= codes_in(v)
    return found


def hidden_by_seq(state: MatchState, seat: Seat | None) -> tuple[list[int], list[int]]:
    """Masks of the cards other seats held, for each count of decisions ``k`` (every
    seat's, for a watcher: ``seat`` None).

    The first list is the moment after decision ``k`` (what a frame's view shows). The
    second is what the events of decision ``k`` may not name: the cards hidden just
    before it, less the card it played. (A hand's last trick is told in the same frame as
    the next deal, and its cards are dealt again in that next hand.)
    """
    replay = MatchState(Match(ruleset=state.ruleset, seed=state.seed))
    after: list[int] = []
    events: list[int] = []
    for k, decision in enumerate((*state.decisions, None)):
        hand = replay.hand
        mask = 0
        if hand is not None:
            for other in SEATS:
                if other is not seat:
                    mask |= hand.held_mask(other)
        after.append(mask)
        if k == 0:
            events.append(mask)
        if decision is not None:
            events.append(mask & ~decision.bit if isinstance(decision, Card) else mask)
            replay.apply(decision)
    return after, events


def test_no_frame_carries_a_card_held_by_another_seat() -> None:
    with running_server() as server:
        host = RemoteTable.create(
            server.url, "Ann", rules=Ruleset(target=200), keep_frames=True
        )
        guests = [
            RemoteTable.join(server.url, host.code, n, keep_frames=True) for n in ("Bo", "Cy", "Di")
        ]
        tables = [host, *guests]
        # A watcher, from before the first deal to the end: no seat, so every hand is
        # hidden from it.
        watcher = WatchTable.watch(server.url, host.code, "Wes", keep_frames=True)
        try:
            host.start()
            play_until(tables, lambda: all(t.view().winner is not None for t in tables))
            state = server.server.tables[host.code].state
            assert state.over and len(state.outcomes) >= 2  # more than one deal was hidden
            wait_for(lambda: watcher.client.over)
            checked = own_seen = 0
            for t in [*tables, watcher]:
                after, during = hidden_by_seq(state, None if t is watcher else t.seat)
                for raw in t.frames:
                    frame = json.loads(raw)
                    if "seq" not in frame:
                        assert not codes_in(frame), frame  # welcome, people, answers
                        continue
                    k = frame["seq"]
                    in_view = codes_in(frame.get("view"))
                    in_events = codes_in(frame["events"])
                    assert codes_in(frame) == in_view | in_events
                    leaked = [c for c in in_view if after[k] >> c.index & 1]
                    leaked += [c for c in in_events if during[k] >> c.index & 1]
                    assert not leaked, (t.seat, k, leaked)
                    checked += 1
                    own_seen += bool(in_view)
            assert checked > 5 * len(state.decisions) * 0.9
            assert own_seen  # the check is not vacuous: frames do carry cards
        finally:
            for t in [*tables, watcher]:
                t.close()


def test_the_checker_sees_a_leak() -> None:
    state = MatchState(Match(ruleset=Ruleset(target=None), seed="leak"))
    assert state.hand is not None
    west = state.hand.held(Seat.W)[0]
    after, _ = hidden_by_seq(state, Seat.S)
    frame = {"seq": 0, "view": {"hand": [west.code]}}
    assert any(after[0] >> c.index & 1 for c in codes_in(frame))
