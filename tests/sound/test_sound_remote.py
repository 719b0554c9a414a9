"""A shared table sounds like a local one: a guest at East, over a real socket on
127.0.0.1, hears through the real shell and sound player (miniaudio's null device) one
knock per card, its own side's tricks as ours, and the match end for its side."""

from __future__ import annotations

import contextlib
import io
import json
import random
import time
from collections import Counter

import pytest
from helpers import wait_for

from spades_voice.ai import Level, make_player
from spades_voice.net.door.hosting import ServerThread
from spades_voice.net.door.server import Limits, TableServer
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.options import Pace
from spades_voice.rules import IllegalAction, Ruleset, Seat, Team
from spades_voice.shell.keymap import load_keymap
from spades_voice.shell.startup import start
from spades_voice.shell.state import Shell
from spades_voice.sound import SoundPlayer
from spades_voice.sound.device import BACKEND_ENV
from spades_voice.speech import RecorderSpeaker
from spades_voice.store.base import ShellHooks


def test_a_guest_at_a_shared_table_hears_the_same_cues(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BACKEND_ENV, "null")
    log = io.StringIO()
    player = SoundPlayer(log=log)
    player.start()
    assert player.status().works
    server = ServerThread(TableServer(limits=Limits(rate=10_000, burst=10_000),
                                      computer_delay=0.0, level=Level.EASY,
                                      new_seed=lambda: "sound-remote"))
    server.start()
    host = RemoteTable.create(server.url, "Ann", rules=Ruleset(target=None))
    guest = RemoteTable.join(server.url, host.code, "Bo", seat=Seat.E)
    try:
        player.me = guest.seat
        # Instant pace: the seats here move as fast as they can, so cues are spaced as
        # closely as the game ever spaces them.
        shell = Shell(guest, RecorderSpeaker(), ShellHooks(), load_keymap(use_user=False),
                      pace=Pace.INSTANT, hold_between_hands=False, sound=player)
        host.start()
        start(shell)
        deciders = {id(t): make_player(Level.EASY, random.Random(t.seat.value))
                    for t in (host, guest)}
        deadline = time.monotonic() + 60
        while guest.view().winner is None or host.view().winner is None:
            assert time.monotonic() < deadline, "the match did not finish"
            shell.pump()
            for table in (host, guest):
                view = table.view()
                if view.my_turn and view.winner is None:
                    # A view one message old may be refused; the next round sees the new one.
                    with contextlib.suppress(IllegalAction):
                        table.submit(deciders[id(table)].decide(view))
            time.sleep(0.002)

        # The last frames may still be on their way to the guest: pump until the match's
        # end has been cued.
        def ended() -> bool:
            shell.pump()
            return any(f'"{cue}"' in log.getvalue() for cue in ("match_won", "match_lost"))

        wait_for(ended, 30.0)
        assert player.wait_idle(15.0)
        outcomes = guest.view().outcomes
        winner = guest.view().winner
    finally:
        guest.close()
        host.close()
        server.stop()
        player.close()
    rows = [json.loads(line) for line in log.getvalue().splitlines()]
    assert all(r["status"] == "played" for r in rows if r["cue"] != "card")
    heard = Counter(r["cue"] for r in rows)
    ew_tricks = sum(o.tricks[Seat.E] + o.tricks[Seat.W] for o in outcomes)
    assert heard["card"] == 52 * len(outcomes)
    assert heard["trick_us"] == ew_tricks  # the guest sits East: East-West is "us"
    assert heard["trick_them"] == 13 * len(outcomes) - ew_tricks
    assert heard["match_won" if winner is Team.EW else "match_lost"] == 1
    assert heard["your_turn"] >= 13 * len(outcomes)
