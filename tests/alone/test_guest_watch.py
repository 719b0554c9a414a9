"""A page watcher: the page's Watch (a ``watch`` hello at ``/seat``) runs the terminal's
own Shell on the server over a ``WatchSeatTable``, as ``spades-voice watch`` runs it over
a ``WatchTable``. Real sockets on 127.0.0.1: two people (terminal seats) and two
computers play a hand while the page listens."""

from __future__ import annotations

import re
import sys
import threading
from pathlib import Path

from guest_helpers import GuestPage, guest_server, url_of

from spades_voice.narration.reasons import say_reason
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Ruleset

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from net_helpers import play_until, wait_for


def test_a_page_watcher_hears_the_whole_hand_and_answers_the_public_keys() -> None:
    with guest_server(computer_delay=0.0) as server:
        url = url_of(server)
        ann = RemoteTable.create(url, "Ann", rules=Ruleset(target=None))
        bo = RemoteTable.join(url, ann.code, "Bo")
        page = GuestPage(server, type="watch", table=ann.code, name="Wes")
        try:
            assert page.welcome["watching"] is True and page.welcome["token"] == ""
            wait_for(lambda: "Wes is watching." in [say_reason(n.reason) for n in ann.drain_notices()])
            ann.start()
            playing = threading.Thread(
                target=play_until, args=([ann, bo], lambda: ann.view().winner is not None, 120),
                daemon=True,
            )
            playing.start()
            page.until(lambda p: any("win the match" in t for _, t in p.said), 120)
            playing.join(120)
            said = [t for kind, t in page.said if kind == "said"]
            text = "\n".join(said)
            assert len(re.findall(r"\w+ bids (nil|\d+)\.", text)) == 4, text
            cards = re.findall(r"(\w+), (\w+) of (\w+)\.", text)
            assert len(cards) == 52 and len(set(cards)) == 52, text
            assert len(re.findall(r"\w+ takes it\.", text)) == 13, text
            assert "Your " not in text and "You take" not in text
            # No hand on the page, ever: the watcher holds no cards.
            updates = [f for f in page.frames if f["type"] == "update"]
            assert any("hand" in f for f in updates)  # the page's hand region is drawn
            assert all(not f.get("hand") for f in updates)
            assert page.answer_to("h") == "You are watching: there is no hand to show."
            assert page.answer_to("i") == "You are watching: only the players act."
            assert page.answer_to("e").endswith("Watching: Wes.")
            assert page.answer_to("w").startswith("Seats: Ann South, ")
        finally:
            page.close()
            ann.close()
            bo.close()
