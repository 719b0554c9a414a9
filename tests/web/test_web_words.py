"""The browser seat's words, frame by frame (no browser needed): what the table sends a
seat becomes the sentences a terminal player in that seat hears, in the right region."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from web_helpers import page_for_tests

from spades_voice.ai.counting import sure_tricks
from spades_voice.narration import prompts
from spades_voice.narration.events import Notice
from spades_voice.narration.notices import Told
from spades_voice.net.wire import codec
from spades_voice.net.page.browser_seat import BrowserSocket
from spades_voice.rules import Bid, Match, MatchState, Phase, Reason, Ruleset, Seat
from spades_voice.rules.events import TurnToAct
from spades_voice.rules.view import view_of


class Unplugged:
    """Where a real socket would be: nothing is sent through it in these checks."""

    remote_address = ("127.0.0.1", 1)
    request = None


def _seat() -> BrowserSocket:
    return BrowserSocket(Unplugged(), page_for_tests().keys, lambda: None)  # type: ignore[arg-type]


def _frames(seat: BrowserSocket, *messages: dict[str, Any]) -> list[dict[str, Any] | None]:
    async def run() -> list[dict[str, Any] | None]:
        return [seat.outbound(json.dumps(m)) for m in messages]

    return asyncio.run(run())


WELCOME = {"type": "welcome", "protocol": 2, "table": "K7MP-4QX2", "seat": "N", "token": "t",
           "host": False, "rules": {}, "back": False, "waiting": False, "public": False}
PEOPLE = {"type": "people", "started": True, "host": "S", "timers": {"bid": 20, "play": 20},
          "people": [{"seat": "S", "name": "Ann", "person": True, "connected": True}]}


def test_turns_timers_and_offers_take_the_terminals_words_and_regions() -> None:
    state = MatchState(Match(ruleset=Ruleset(), seed="words"))
    view = view_of(state, Seat.N)
    turn = TurnToAct(Seat.N, Phase.BIDDING, None)
    update = {
        "type": "update", "seq": 0,
        "events": [codec.event_to_json(e) for e in (
            Notice(Reason.of(Told.SECONDS_LEFT, seconds=10)),
            Notice(Reason.of(Told.WAITING, name="Bo"), "seat_waiting"),
            turn,
        )],
        "view": codec.view_to_json(view),
    }
    seat = _seat()
    welcome, _, frame = _frames(seat, WELCOME, PEOPLE, update)
    assert welcome is not None and welcome["seat"] == "N" and welcome["urgent"] == []
    assert frame is not None
    bid = Bid(sure_tricks(view.hand))
    assert frame["urgent"] == ["10 seconds left.", prompts.your_bid(bid)]
    assert frame["lines"] == ["Bo is waiting for the next deal. Press J to seat them now."]


def test_a_refusal_is_said_at_once_in_the_seats_words() -> None:
    seat = _seat()
    must = {"type": "refused", "id": 3, "reason": {"kind": "must_follow", "suit": "H"}}
    *_, refused = _frames(seat, WELCOME, PEOPLE, must)
    assert refused == {"type": "answer", "urgent": ["You must follow hearts."]}
