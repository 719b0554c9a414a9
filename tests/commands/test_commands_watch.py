"""``spades-voice watch`` as a listener runs it: in a pseudo-terminal, speaking by print,
against a real server on 127.0.0.1 where two people and two computers play a hand."""

from __future__ import annotations

import contextlib
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from test_commands_net import command, free_port, server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from net_helpers import play_until, wait_for

from spades_voice.narration.reasons import say_reason
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.net.seats.watch_table import WatchTable
from spades_voice.rules import IllegalAction, Ruleset, Seat
from spades_voice.table import Notice


def _heard(table: RemoteTable) -> list[str]:
    return [say_reason(e.reason) for e in table.drain_notices() if isinstance(e, Notice)]


def _computers(table: RemoteTable) -> set[str]:
    return {p.name for p in table.people() if not p.person}


def test_a_terminal_watcher_follows_a_whole_hand_and_is_heard_by_the_players(
    tmp_path: Path,
) -> None:
    with server() as address:
        url = f"ws://{address}"
        ann = RemoteTable.create(url, "Ann", rules=Ruleset(target=None))
        bo = RemoteTable.join(url, ann.code, "Bo")
        heard: list[str] = []
        try:
            with command(tmp_path, "watch", ann.code, "--server", address,
                         "--name", "Wes") as wes:
                wes.expect(r"You are watching\. The match has not started yet\.")
                wait_for(lambda: heard.extend(_heard(ann)) or "Wes is watching." in heard, 30)
                ann.start()
                playing = threading.Thread(
                    target=play_until,
                    args=([ann, bo], lambda: ann.view().winner is not None, 120),
                    daemon=True,
                )
                playing.start()
                wes.expect(r"Hand 1\.")
                wes.expect(r"win the match.*\n.*Press Q to leave; if the players start a new match",
                           timeout=120)  # a whole hand, however busy the machine
                playing.join(120)
                hand = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", wes.before)
                # Every bid and every card with who played it, each trick's taker, the
                # hand's result: the public events as the players heard them.
                assert len(re.findall(r"(?m)^\w+ bids (nil|\d+)\.", hand)) == 4, hand
                cards = re.findall(r"(?m)^(\w+), (\w+) of (\w+)\.", hand)
                assert len(cards) == 52 and len(set(cards)) == 52, hand
                assert {who for who, _r, _s in cards} == {"Ann", "Bo", *_computers(ann)}
                assert len(re.findall(r"(?m)^\w+ takes it\.", hand)) == 13, hand
                assert "Score: " in hand
                assert "You " not in hand  # nobody is "you" to a watcher
                # The keys that ask what is public answer it; the ones that act say why not.
                wes.send("h")
                wes.expect(r"You are watching: there is no hand to show\.")
                wes.send("i")
                wes.expect(r"You are watching: only the players act\.")
                wes.send("e")
                wes.expect(r"At the table: .*Ann.*Bo.*Watching: Wes\.")
                wes.send("w")
                wes.expect(r"Seats: Ann South, \w+ West, Bo North, \w+ East\.")
                wes.send("b")
                wes.expect(r"Ann and Bo: bid \d+")
                wes.send("l")
                wes.expect(r"Last trick: ")
                wes.send("s")
                wes.expect(r"Ann and Bo (minus )?\d+ points")
                wes.send("q")
                wes.expect(r"Y")
                wes.send("y")
                wes.expect(pexpect.EOF, timeout=30)  # Q, then Y: the watcher has left
                wait_for(lambda: heard.extend(_heard(bo)) or "Wes stopped watching." in heard,
                         30)
        finally:
            ann.close()
            bo.close()


def test_watching_four_computers_says_what_the_one_to_act_is_thinking(tmp_path: Path) -> None:
    with command(tmp_path, "watch", "--computers", "--level", "easy", "--pace", "quick") as wes:
        wes.expect(r"(Jo|Robin|Alex|Sam) bids (nil|\d+)\.")
        wes.send("p")  # paused: the one to act waits, and says what it weighs
        wes.expect(r"[Pp]aused")
        wes.send("i")
        wes.expect(r"(Jo|Robin|Alex|Sam) is thinking\. (Bid|Play|\w)")
        wes.send("h")
        wes.expect(r"You are watching: there is no hand to show\.")
        wes.send("e")
        wes.expect(r"At the table: South, Jo, computer\. West, Robin, computer\.")
        wes.send("p")
        wes.expect(r"(Jo|Robin|Alex|Sam), \w+ of \w+\.")
        wes.expect(r"(Jo|Robin|Alex|Sam) takes it\.", timeout=60)
        assert "Your " not in wes.before and "You " not in wes.before


def test_a_watcher_asks_and_takes_a_computers_seat_from_the_next_deal(tmp_path: Path) -> None:
    with server() as address:
        url = f"ws://{address}"
        ann = RemoteTable.create(url, "Ann", rules=Ruleset(target=500))
        bo = RemoteTable.join(url, ann.code, "Bo")
        try:
            with command(tmp_path, "watch", ann.code, "--server", address,
                         "--name", "Wes") as wes:
                wes.expect(r"You are watching\.")
                ann.start()
                wes.expect(r"Hand 1\.")
                wes.send("j")  # a watcher's J asks the host for a seat a computer holds
                wes.expect(r"You asked to play\. The host decides")
                heard: list[str] = []
                wait_for(lambda: heard.extend(_heard(ann)) or "Wes asks to play." in heard)
                ann.let_in("Wes")  # the host's yes: from the next deal, mid-hand
                wes.expect(r"You sit (West|East) from the next deal\. Until then \w+ plays "
                           r"this hand\.")
                wait_for(lambda: heard.extend(_heard(ann)) or
                         "Wes is waiting for the next deal." in heard)
                assert "Wes" not in ann.watchers()
                play_until([ann, bo], lambda: ann.view().hand_number >= 2, 120)
                wes.expect(r"Hand 2\.")
                wes.send("h")  # seated now: its own cards, as any player hears them
                wes.expect(r"(Spades|Hearts|Diamonds|Clubs)\b.*\d+ spades?|no spades",
                           timeout=20)
                assert any(p.name == "Wes" and p.person for p in ann.people())
        finally:
            ann.close()
            bo.close()


@contextlib.contextmanager
def _let_in_mid_hand(tmp_path: Path) -> Iterator[tuple[RemoteTable, RemoteTable, pexpect.spawn]]:
    """Ann and Bo at a table to 500 with two computers; a terminal watcher, Wes, asks to
    play with J in hand 1 and Ann lets him in: (ann, bo, wes) as the answer is said."""
    with server() as address:
        url = f"ws://{address}"
        ann = RemoteTable.create(url, "Ann", rules=Ruleset(target=500))
        bo = RemoteTable.join(url, ann.code, "Bo")
        try:
            with command(tmp_path, "watch", ann.code, "--server", address,
                         "--name", "Wes") as wes:
                wes.expect(r"You are watching\.")
                ann.start()
                wes.expect(r"Hand 1\.")
                wes.send("j")
                heard: list[str] = []
                wait_for(lambda: heard.extend(_heard(ann)) or "Wes asks to play." in heard)
                ann.let_in("Wes")
                yield ann, bo, wes
        finally:
            ann.close()
            bo.close()


def test_a_watcher_let_in_mid_hand_hears_that_hand_as_a_watcher_and_the_next_as_its_seat(
    tmp_path: Path,
) -> None:
    """Let in mid-hand, the watcher sits from the next deal: the rest of the hand, which a
    computer plays for that seat, is told with names (nobody is "you"); from the deal of
    hand 2 on, the seat's cards and turn are its own ("you")."""
    with _let_in_mid_hand(tmp_path) as (ann, bo, wes):
        wes.expect(r"You sit (West|East) from the next deal\. Until then (\w+) plays "
                   r"this hand\.")
        seat, computer = Seat[wes.match.group(1)[0]], wes.match.group(2)
        play_until([ann, bo], lambda: ann.view().hand_number >= 2, 120)
        wes.expect(r"Hand 2\.", timeout=60)
        before = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", wes.before)
        # The end of hand 1 as a watcher hears it: the result by names (the
        # computer's among them), nobody "you".
        assert "Score: " in before and computer in before, before[-600:]
        assert not re.search(r"\b[Yy]ou(r)?\b", before), before[-600:]
        # From the deal on: the seat's own turn and hand.
        play_until([ann, bo], lambda: ann.view().to_act is seat, 60)
        wes.expect(r"Your bid\.", timeout=60)
        wes.send("h")
        wes.expect(r"(Spades|Hearts|Diamonds|Clubs)\b.*\d+ spades?|no spades",
                   timeout=20)


def test_a_watcher_the_host_seats_at_once_plays_the_hand_from_then(tmp_path: Path) -> None:
    """Let in mid-hand, then seated at once by the host's J: no deal comes, and the seat
    is "you" from then on (its hand, its keys)."""
    with _let_in_mid_hand(tmp_path) as (ann, _, wes):
        wes.expect(r"You sit (West|East) from the next deal\.")
        ann.admit(Seat[wes.match.group(1)[0]])
        wes.expect(r"The host seated you\. You play (West|East) from now\.")
        wes.send("h")
        wes.expect(r"(Spades|Hearts|Diamonds|Clubs)\b.*\d+ spades?|no spades|"
                   r"You are watching: there is no hand to show\.", timeout=20)
        assert not wes.after.startswith("You are watching"), wes.after


def test_a_watcher_arriving_mid_hand_hears_where_the_hand_stands(tmp_path: Path) -> None:
    # The server sends the hand's number only; the watcher's client says the trick so far
    # from its own public view, as a seat coming back does.
    with server() as address:
        url = f"ws://{address}"
        ann = RemoteTable.create(url, "Ann", rules=Ruleset(target=None))
        bo = RemoteTable.join(url, ann.code, "Bo")
        try:
            ann.start()
            play_until([ann, bo], lambda: len(ann.view().tricks) >= 1, 60)
            with command(tmp_path, "watch", ann.code, "--server", address,
                         "--name", "Wes") as wes:
                wes.expect(r"You are watching\. Hand 1\. Trick \d+(:|, no cards yet)")
        finally:
            ann.close()
            bo.close()


def test_a_host_opens_a_table_without_watchers_and_a_watcher_hears_why(tmp_path: Path) -> None:
    port = free_port()
    with command(tmp_path / "ann", "host", "--name", "Ann", "--port", str(port),
                 "--no-watchers") as ann:
        ann.expect(r"Table code (\w{4}-\w{4})\.")
        code = ann.match.group(1)
        with command(tmp_path / "wes", "watch", code, "--server", f"127.0.0.1:{port}",
                     "--name", "Wes") as wes:
            wes.expect(r"This table does not take watchers\.")
            wes.expect(pexpect.EOF)


def test_the_hosts_j_answers_a_watcher_who_asks_to_play(tmp_path: Path) -> None:
    """The host opened the table with watchers out of the chat (--quiet-watchers); a
    watcher's J asks to play, and the host's J asks the host: Escape says no, Y lets
    them in (from the next deal, mid-hand)."""
    port = free_port()
    url = f"ws://127.0.0.1:{port}"
    with command(tmp_path / "ann", "host", "--name", "Ann", "--port", str(port),
                 "--quiet-watchers") as ann:
        ann.expect(r"Table code (\w{4}-\w{4})\.")
        code = ann.match.group(1)
        ann.expect("Press Enter to start")
        wes = WatchTable.watch(url, code, "Wes")
        try:
            ann.expect(r"Wes is watching\.")
            with pytest.raises(IllegalAction, match=r"^watchers_quiet$"):
                wes.say("hello")
            ann.send("\r")
            ann.expect(r"Hand 1\.")
            wes.take_seat()
            ann.expect(r"Wes asks to play\. Press J to seat them now\.")
            ann.send("j")
            ann.expect(r"Let Wes play\? Y lets them in, Escape says no\.")
            ann.send("\x1b")
            ann.expect(r"Wes goes on watching\.")
            wait_for(lambda: "The host said no. You go on watching." in _heard(wes))
            wes.take_seat()
            ann.expect(r"Wes asks to play\.")
            ann.send("j")
            ann.expect(r"Let Wes play\?")
            ann.send("y")
            ann.expect(r"Wes is waiting for the next deal\.")
            wait_for(lambda: wes.client.waiting and not wes.client.watching)
        finally:
            wes.close()


def test_watching_the_computers_leaves_the_players_folder_free(tmp_path: Path) -> None:
    """Watching keeps nothing: it holds no lock on the player's folder, so the player's
    own game (in another terminal) saves as usual meanwhile."""
    from spades_voice.store.lock import FolderLock

    with command(tmp_path, "watch", "--computers", "--level", "easy", "--pace", "quick") as wes:
        wes.expect(r"(Jo|Robin|Alex|Sam) bids (nil|\d+)\.")
        lock = FolderLock(tmp_path)
        try:
            assert lock.acquire()
        finally:
            lock.release()
        assert not (tmp_path / "save.json").exists()
