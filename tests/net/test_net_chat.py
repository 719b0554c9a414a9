"""Table chat through a real server on 127.0.0.1: delivered to everyone at the table as
its own event, cleaned of control characters, limited in length and rate, and stopped by
the host's mute. A raw socket shows the server cleans what a client did not."""

from __future__ import annotations

import json
import time

import pytest
from net_helpers import raw_join, replies, running_server

from spades_voice.narration.chat import MAX_CHAT, Chat
from spades_voice.narration.notices import Told
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.wire.limits import Limits
from spades_voice.rules import IllegalAction, Reason, Ruleset, Seat
from spades_voice.table import Event, Notice


def _chats(table: RemoteTable, count: int, timeout: float = 5.0) -> list[Chat]:
    """The next ``count`` chat lines ``table`` hears (other events are left out)."""
    got: list[Chat] = []
    deadline = time.monotonic() + timeout
    while len(got) < count:
        assert time.monotonic() < deadline, f"heard only {got}"
        events: list[Event] = table.drain()
        got += [e for e in events if isinstance(e, Chat)]
        time.sleep(0.01)
    return got


def test_a_line_reaches_everyone_at_the_table_as_chat() -> None:
    with running_server() as server:
        ann = RemoteTable.create(server.url, "Ann", seat=Seat.S, rules=Ruleset(target=None))
        bo = RemoteTable.join(server.url, ann.code, "Bo", seat=Seat.N)
        try:
            bo.say("nice one")
            for table in (ann, bo):
                assert _chats(table, 1) == [Chat(Seat.N, "Bo", "nice one")]
        finally:
            bo.close()
            ann.close()


def test_control_characters_never_reach_anyone() -> None:
    with running_server() as server:
        ann = RemoteTable.create(server.url, "Ann", seat=Seat.S, rules=Ruleset(target=None))
        try:
            with raw_join(server.url, ann.code, "Mal") as (ws, seat):
                ws.send(json.dumps({"type": "say", "id": 1,
                                    "text": "hi\x1b[2J\x07\u202e there\nall\x00"}))
                update = replies(ws, ("update",))
                assert update["id"] == 1
                assert update["events"] == [
                    {"kind": "chat", "seat": seat.value, "name": "Mal", "text": "hi there all"}
                ]
            assert _chats(ann, 1) == [Chat(seat, "Mal", "hi there all")]
        finally:
            ann.close()


def test_length_and_rate_are_limited_by_the_server() -> None:
    limits = Limits(rate=10_000, burst=10_000, chat_burst=3, chat_window=30.0)
    with running_server(limits=limits) as server:
        ann = RemoteTable.create(server.url, "Ann", seat=Seat.S, rules=Ruleset(target=None))
        bo = RemoteTable.join(server.url, ann.code, "Bo", seat=Seat.N)
        try:
            with pytest.raises(IllegalAction, match=r"^chat_too_long$"):
                bo.say("x" * (MAX_CHAT + 1))
            with pytest.raises(IllegalAction, match=r"^nothing_to_send$"):
                bo.say(" \x07 ")
            for n in range(3):
                bo.say(f"line {n}")
            with pytest.raises(IllegalAction, match=r"^chat_too_fast$"):
                bo.say("one more")
            assert [c.text for c in _chats(ann, 3)] == ["line 0", "line 1", "line 2"]
            ann.say("Ann has her own allowance")
            assert _chats(ann, 1)[0].text == "Ann has her own allowance"
        finally:
            bo.close()
            ann.close()


def test_the_host_mutes_and_unmutes_a_person() -> None:
    with running_server() as server:
        ann = RemoteTable.create(server.url, "Ann", seat=Seat.S, rules=Ruleset(target=None))
        bo = RemoteTable.join(server.url, ann.code, "Bo", seat=Seat.N)
        try:
            with pytest.raises(IllegalAction, match=r"^only_host$"):
                bo.mute("Ann", True)
            with pytest.raises(IllegalAction, match=r"^no_such_person\(name=Cy\)$"):
                ann.mute("Cy", True)
            ann.mute("bo", True)
            with pytest.raises(IllegalAction, match=r"^muted$"):
                bo.say("let me talk")
            deadline = time.monotonic() + 5
            heard: list[Event] = []
            told = Notice(Reason(Told.MUTED_YOU))
            while told not in heard:
                assert time.monotonic() < deadline, heard
                heard += bo.drain()
                time.sleep(0.01)
            ann.mute("Bo", False)
            bo.say("thank you")
            assert _chats(ann, 1) == [Chat(Seat.N, "Bo", "thank you")]
        finally:
            bo.close()
            ann.close()
