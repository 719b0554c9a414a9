"""Each message is parsed once into a typed intent, or refused whole with the reason."""

from __future__ import annotations

from typing import Any

import pytest

from spades_voice.net.wire import protocol as p
from spades_voice.net.wire.intents import (
    Admit,
    Decide,
    Mute,
    NewMatch,
    Ping,
    Request,
    Reveal,
    Say,
    SetTimers,
    Start,
    parse_intent,
)
from spades_voice.net.wire.limits import Timers
from spades_voice.rules import Bid, Card, Seat


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ({"type": "bid", "bid": 4, "id": 1}, Request(Decide(Bid(4)), 1)),
        ({"type": "bid", "bid": "blind_nil"}, Request(Decide(Bid(0, blind=True)))),
        ({"type": "play", "card": "10s"}, Request(Decide(Card.from_code("TS")))),
        ({"type": "reveal"}, Request(Reveal())),
        ({"type": "start", "id": 0}, Request(Start(), 0)),
        ({"type": "new_match"}, Request(NewMatch())),
        ({"type": "timers", "timers": {"bid": 30, "play": None}},
         Request(SetTimers(Timers(30.0, None)))),
        ({"type": "admit", "seat": "W"}, Request(Admit(Seat.W))),
        ({"type": "say", "text": "hi"}, Request(Say("hi"))),
        ({"type": "mute", "name": "Bo", "muted": False}, Request(Mute("Bo", False))),
        ({"type": "ping", "id": 9}, Request(Ping(), 9)),
    ],
    ids=repr,
)
def test_each_intent_is_read_into_its_type(message: dict[str, Any], expected: Request) -> None:
    assert parse_intent(message, 5.0) == expected


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ({"type": "fly"}, "unknown_type"),
        ({"type": "bid", "bid": 14}, "not_a_record_bid"),
        ({"type": "play", "card": "ZZ"}, "not_a_card"),
        ({"type": "timers", "timers": {"bid": 1}}, r"timer_range\(key=bid, low=5, "),
        ({"type": "admit", "seat": "Q"}, "not_a_seat"),
        ({"type": "say", "text": 5}, "chat_not_text"),
        ({"type": "mute", "name": "Bo", "muted": "yes"}, "mute_form"),
        ({"type": "ping", "id": -1}, "bad_id"),
        ({"type": "ping", "id": True}, "bad_id"),
    ],
    ids=repr,
)
def test_a_malformed_intent_is_refused_whole(message: dict[str, Any], reason: str) -> None:
    with pytest.raises(p.ProtocolError, match=reason):
        parse_intent(message, 5.0)
