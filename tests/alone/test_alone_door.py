"""Playing alone behind the page's door, on a real server: the terminal's keys with the
terminal's sentences (undo, restart hand and its question, pause, pace, coach, review,
statistics and the page keys for the keys a browser keeps), the match kept across a
closed page and a restarted server, and its statistics counted once."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest
from alone_helpers import AlonePage, alone_server, at_instant_pace, my_turn_to_play, play_on
from websockets.exceptions import ConnectionClosed

from spades_voice.alone.door import folder_name
from spades_voice.alone.sound import wav
from spades_voice.narration import prompts, sounds, texts
from spades_voice.narration.browser import OPENED_ELSEWHERE
from spades_voice.narration.language import Language, line, speaking
from spades_voice.options import DEFAULT_VOLUME
from spades_voice.rules import Seat, view_at
from spades_voice.sound import Cue
from spades_voice.sound.synth import shape, volume_gain
from spades_voice.store.save import load_saved


def test_the_terminals_keys_and_sentences_at_a_table_of_ones_own(tmp_path: Path) -> None:
    with alone_server(tmp_path) as server:
        page = AlonePage(server, level="easy", target="single")
        assert page.welcome["alone"] is True and page.welcome["table"] == ""
        page.until(lambda p: p.state["bidding"])
        assert ("now", line(texts.GREETING)) in page.said
        page.press("a", prompts.pace_now("quick"))
        page.press("a", prompts.pace_now("instant"))
        start = len(page.said)
        page.press("u")  # nothing of yours to take back yet: the rules' own sentence
        page.until(lambda p: len(p.said) > start)
        assert page.said[start][0] == "now"
        page.press("enter")
        page.until(my_turn_to_play)
        start = len(page.said)
        page.press("u")
        page.until(lambda p: p.state["bidding"] and len(p.said) > start)
        assert page.heard_since(start)[0].startswith("Undone:")
        # Restart: the question, any other key says it again, Escape no, Y yes.
        page.press("R", line(texts.CONFIRM_RESTART))
        assert page.state["alone"]["mode"] == "confirm"
        start = len(page.said)
        page.press("enter", line(texts.CONFIRM_RESTART))
        page.press("escape", line(prompts.BACK_TO_TABLE))
        page.press("f5", line(texts.CONFIRM_RESTART))
        start = len(page.said)
        page.press("y")
        page.until(lambda p: p.state["alone"]["mode"] == "table" and p.state["bidding"])
        assert "Hand restarted." in page.heard_since(start)
        page.press("p", line(texts.PAUSED))
        assert page.state["alone"]["paused"] is True
        page.press("p", line(texts.RESUMED))
        # F3 is the browser's find: Shift T is the page's key for the statistics.
        page.press("T", "No matches played yet.")
        page.press("f3", "No matches played yet.")
        page.press("d", "The coach reviews your decisions once a hand is finished.")
        page.press("k", "No tricks played yet this hand.")
        page.close()


def test_the_match_is_kept_across_a_closed_page_and_a_restarted_server(
    tmp_path: Path,
) -> None:
    with alone_server(tmp_path) as server:
        page = at_instant_pace(server, level="easy", target="200")
        token = page.welcome["token"]
        page.press("enter")
        page.until(my_turn_to_play)
        page.press("tab")
        page.press("enter")
        page.until(lambda p: len(p.state["hand"]) == 12 and my_turn_to_play(p))
        before = page.state
        page.close()
    saved = tmp_path / folder_name(token) / "save.json"
    assert saved.exists()
    with alone_server(tmp_path, seed=99) as server:  # another seed: only the save deals
        page = AlonePage(server, token=token, level="hard", target="500")
        assert page.welcome["token"] == token
        page.until(lambda p: p.state["alone"]["mode"] == "confirm")
        kept = load_saved(saved)
        assert kept is not None
        assert ("said", texts.saved_offer(view_at(kept.match, Seat.S))) in page.said
        page.press("enter")
        page.until(my_turn_to_play)
        after = page.state
        # The saved match's rules, not the ones this hello chose for the next match.
        rules = [f["rules"] for f in page.frames if "rules" in f]
        assert rules[-1] == texts.rules_lines(kept.match.ruleset) != rules[0]
        for region in ("hand", "teams", "players", "trick", "last_trick"):
            assert after[region] == before[region], region
        assert after["alone"]["card"] is not None
        assert json.loads((tmp_path / folder_name(token) / "settings.json").read_text())[
            "pace"] == "instant"
        page.close()


def test_a_finished_match_counts_once_whatever_follows(tmp_path: Path) -> None:
    with alone_server(tmp_path) as server:
        page = at_instant_pace(server, level="easy", target="single")
        token = page.welcome["token"]
        play_on(page, lambda p: p.state["alone"]["over"])
        page.press("T")
        page.until(lambda p: p.said[-1][1] != line(texts.NO_STATS) and "1" in p.said[-1][1])
        once = page.said[-1][1]
        page.press("u", line(prompts.NOTHING_TO_UNDO))
        page.press("R", line(prompts.NOTHING_TO_RESTART))
        page.press("T", once)
        page.close()
    with alone_server(tmp_path) as server:
        page = AlonePage(server, token=token)
        page.until(lambda p: bool(p.state["hand"]))
        page.press("T", once)
        page.press("n")  # no question: nothing unfinished is given up
        page.press("T", once)
        page.close()
    stats = json.loads((tmp_path / folder_name(token) / "stats.json").read_text())
    assert (stats["played"], len(stats["counted"])) == (1, 1)


def test_the_same_browser_opened_again_takes_the_game_over(tmp_path: Path) -> None:
    with alone_server(tmp_path) as server:
        first = AlonePage(server, level="easy")
        first.until(lambda p: p.state["bidding"])
        token = first.welcome["token"]
        second = AlonePage(server, token=token)
        first.until(lambda p: p.frames[-1]["type"] == "left")
        assert first.frames[-1]["urgent"] == [line(OPENED_ELSEWHERE)]
        # Nothing was played yet: nothing is offered, the deal is the same.
        second.until(lambda p: p.state["bidding"])
        assert second.state["hand"] == first.state["hand"]
        second.close()
        first.close()


def test_sound_cues_off_until_turned_on_then_placed_by_seat(tmp_path: Path) -> None:
    with alone_server(tmp_path) as server:
        page = at_instant_pace(server, level="easy")
        token = page.welcome["token"]
        assert not any(f.get("sound", {}).get("cues") for f in page.frames)  # a new page: off
        page.press("f4", line(sounds.SOUND_ON))
        assert page.state["sound"]["cues"] == [
            {"sound": "/sounds/your_turn-0.wav", "pan": 0.0,
             "gain": round(volume_gain(DEFAULT_VOLUME), 4), "at_once": True}
        ]
        page.press("-", sounds.volume_line(60, edge=None, off=False))
        assert page.state["sound"]["cues"][0]["gain"] == round(volume_gain(60), 4)
        page.press("enter")
        page.until(my_turn_to_play)
        page.press("tab")
        start = len(page.frames)
        page.press("enter")
        page.until(lambda p: len(p.state["hand"]) == 12 and my_turn_to_play(p))
        cues = [c for f in page.frames[start:] for c in f.get("sound", {}).get("cues", [])]
        # Each seat's card from its side, with its own voice; the partner quieter.
        where = {c["sound"]: (c["pan"], c["gain"]) for c in cues if "card" in c["sound"]}
        quiet = round(volume_gain(60), 4)
        assert where["/sounds/card-1.wav"] == (-0.8, quiet)  # West, on the left
        assert where["/sounds/card-3.wav"] == (0.8, quiet)  # East, on the right
        assert where["/sounds/card-2.wav"] == (0.0, round(0.7 * volume_gain(60), 4))
        page.close()
        host, port = server.address or ("", 0)
        with urllib.request.urlopen(f"http://{host}:{port}/sounds/card-1.wav") as r:
            assert r.read() == wav(shape(Cue.CARD, 1))
    with alone_server(tmp_path) as server:  # turned on is remembered, like the terminal's
        page = AlonePage(server, token=token)
        page.until(lambda p: p.state["alone"]["mode"] == "confirm")
        page.press("f4", line(sounds.SOUND_OFF))
        page.close()


def test_a_page_in_spanish_hears_the_terminals_spanish(tmp_path: Path) -> None:
    with speaking(Language.ES):
        greeting, restart = line(texts.GREETING), line(texts.CONFIRM_RESTART)
    with alone_server(tmp_path) as server:
        page = AlonePage(server, lang="es", level="easy")
        page.until(lambda p: p.state["bidding"])
        assert ("now", greeting) in page.said
        page.press("R", restart)
        assert greeting != line(texts.GREETING) and restart != line(texts.CONFIRM_RESTART)
        page.close()


def test_a_new_match_over_an_unfinished_one_asks_and_counts_a_loss(tmp_path: Path) -> None:
    with alone_server(tmp_path) as server:
        page = at_instant_pace(server, level="easy", target="500")
        token = page.welcome["token"]
        page.press("enter")
        page.until(my_turn_to_play)
        page.press("n", line(texts.CONFIRM_NEW))  # it says it counts as a loss
        page.press("escape", line(prompts.BACK_TO_TABLE))
        page.press("n", line(texts.CONFIRM_NEW))
        page.press("y", line(prompts.NEW_MATCH_STARTED))
        start = len(page.said)
        page.press("q")
        asked = {line(texts.CONFIRM_QUIT), line(texts.CONFIRM_QUIT_UNSAVED)}
        page.until(lambda p: any(t in asked for _, t in p.said[start:]))
        page.press("y")
        page.until(lambda p: p.frames[-1]["type"] == "left")
        assert page.frames[-2]["urgent"] == [line(prompts.GOODBYE)]  # said, then gone
        with pytest.raises(ConnectionClosed):  # and the server lets the socket go
            page.ws.recv(timeout=30)
        page.close()
    stats = json.loads((tmp_path / folder_name(token) / "stats.json").read_text())
    assert (stats["played"], stats["lost"], stats["won"]) == (1, 1, 0)


def test_the_speech_menu_and_the_history_filter_as_at_the_terminal(tmp_path: Path) -> None:
    with alone_server(tmp_path) as server:
        page = AlonePage(server, level="easy")
        page.until(lambda p: p.state["bidding"])
        start = len(page.said)
        page.press("V")  # Shift V: the speech menu (F6 goes to the browser's address bar)
        page.until(lambda p: p.state["alone"]["mode"] == "menu")
        assert page.said[start][1].startswith(line(prompts.SPEECH_MENU_INTRO)[:20])
        page.press("escape", line(prompts.BACK_TO_TABLE))
        page.press("f6")
        page.until(lambda p: p.state["alone"]["mode"] == "menu")
        page.press("escape", line(prompts.BACK_TO_TABLE))
        page.press("f", line(prompts.FILTER_IN_HISTORY))  # F works in the history (G)
        page.press("g")
        page.until(lambda p: p.state["alone"]["mode"] == "list")
        start = len(page.said)
        page.press("f")
        page.until(lambda p: len(p.said) > start)
        assert page.said[-1][1] != line(prompts.FILTER_IN_HISTORY)
        page.close()


#: What "?" says of the keys a browser keeps, and of the files a page makes, per language:
#: the page's key first, and the page's own words where the terminal's would be untrue.
PAGE_KEY_HELP = {
    "en": [
        "Shift G or Control S: Save this match's whole history as a text file your browser "
        "downloads.",
        "Shift B: Report a problem: a text file of what this page said and showed, to save "
        "and send.",
        "Shift R or F5: Start this hand again", "Shift T or F3: ", "Shift V or F6: ",
    ],
    "es": [
        "Mayúsculas ge o Control ese: Guarda todo el historial de esta partida en un archivo "
        "de texto que descarga tu navegador.",
        "Mayúsculas be: Reportar un problema: un archivo de texto con lo que esta página dijo",
        "Mayúsculas erre o F5: Vuelve a empezar esta mano", "Mayúsculas te o F3: ",
        "Mayúsculas uve o F6: ",
    ],
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_key_help_names_the_pages_keys_in_the_seats_language(
    tmp_path: Path, lang: str
) -> None:
    with alone_server(tmp_path) as server:
        page = AlonePage(server, level="easy", lang=lang)
        page.until(lambda p: p.state["bidding"])
        start = len(page.said)
        page.press("?")
        page.until(lambda p: p.state["alone"]["mode"] == "list" and len(p.said) > start)
        entries = [page.said[start][1]]
        while True:  # Down to the last key: it is said again there
            start = len(page.said)
            page.press("down")
            page.until(lambda p, n=start: len(p.said) > n)
            if page.said[-1][1] == entries[-1]:
                break
            entries.append(page.said[-1][1])
        page.close()
    for expected in PAGE_KEY_HELP[lang]:
        assert sum(entry.startswith(expected) for entry in entries[1:]) == 1, expected
    assert not [e for e in entries if "data folder" in e or "carpeta de datos" in e]
    assert len(entries) > 40  # every key was heard


def test_between_hands_the_next_hands_cards_wait_for_n(tmp_path: Path) -> None:
    """As at a terminal, whose screen then says only that the hand is over: the page is
    sent no card of the next hand (blind nil may be offered on it) until N deals it, and
    then none until the player chooses to see them."""
    offer = line(texts.BLIND_OFFER)
    with alone_server(tmp_path) as server:
        page = at_instant_pace(server, lambda p: offer in p.heard_since(0), level="easy",
                               target="200", blind_nil=True)
        page.press("escape")  # see the cards: no blind nil this hand
        play_on(page, lambda p: p.state["alone"]["between"])
        over = len(page.frames) - 1
        start = len(page.said)
        page.press("n")
        page.until(lambda p: offer in p.heard_since(start))
        seen = [f["hand"] for f in page.frames[over:] if f["type"] == "update"]
        assert seen and not any(seen)
        page.press("escape")
        page.until(lambda p: len(p.state["hand"]) == 13)
        page.close()
