"""The speech menu: per kind of event, spoken or history only, brief or full; saved in the
real settings file and read back by a new game."""

from __future__ import annotations

import json
import os
from pathlib import Path

from shell_harness import Harness, easy_table, harness

from spades_voice.options import EventKind, HandOrder, Voice
from spades_voice.rules import Phase
from spades_voice.speech import Kind
from spades_voice.store.hooks import StoreHooks

GOLDEN = Path(__file__).parent / "golden"
MOST_WORDS = 25


def _row(h: Harness, name: str) -> None:
    """Move the open menu to the row that starts with ``name``."""
    h.press("home")
    for _ in range(10):
        assert h.shell is not None and h.shell.shown_list is not None
        if h.shell.shown_list.entry.startswith(name):
            return
        h.press("down")
    raise AssertionError(f"no row {name}")


def menu_transcript() -> str:
    out: list[str] = []
    with harness(easy_table(6)) as h:
        for key in ["f6", "down", "right", "right", "right", "left", "down", "down", "right",
                    "down", "right", "enter", "end", "right", "up", "home", "enter",
                    "escape"]:
            out.append(f"[{key}] {h.said(key)}")
    return "\n".join(out) + "\n"


def test_golden_menu() -> None:
    text = menu_transcript()
    path = GOLDEN / "speech_menu.txt"
    if os.environ.get("SPADES_VOICE_REGEN_GOLDEN") == "1" or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    for line in text.splitlines():
        assert len(line.split("] ", 1)[1].split()) <= MOST_WORDS, line


def test_history_only_keeps_others_cards_out_of_speech_but_in_the_history() -> None:
    with harness(easy_table(6)) as h:
        assert h.shell is not None
        h.press("f6")
        _row(h, "Others' cards")
        assert h.said("left") == "Others' cards: history only."
        h.press("escape")
        mark = h.mark
        for _ in range(30):
            if h.table.view().tricks:
                break
            h.play_my_turn()
        spoken = h.since(mark, Kind.EVENT)
        # Kept in full in the history, never spoken; your own card is still said.
        played = [t for t in h.shell.narrator.history if " plays the " in t or " leads the " in t]
        assert played, h.shell.narrator.history
        assert not any(t in spoken for t in played)
        assert not any(t.startswith(("Robin", "Alex", "Sam")) and " of " in t for t in spoken)
        assert any(t.startswith("You play") or t.startswith("You lead") for t in spoken)


def test_turns_off_still_marks_the_turn_on_the_line_and_in_the_history() -> None:
    with harness(easy_table(6)) as h:
        assert h.shell is not None
        h.shell.narrator.voices[EventKind.TURNS] = Voice.HISTORY
        mark = h.mark
        for _ in range(30):
            view = h.table.view()
            if view.phase is Phase.PLAYING and view.my_turn:
                break
            h.play_my_turn()
        assert not any(t.startswith("Your turn") for t in h.since(mark))
        assert any(t.startswith("Your turn") for t in h.shell.narrator.history)
        from spades_voice.shell.screen import screen

        assert "Your turn." in screen(h.shell).text


def test_menu_choices_survive_a_restart(tmp_path: Path) -> None:
    with harness(easy_table(6), hooks=StoreHooks(tmp_path)) as h:
        h.press("f6")
        _row(h, "Only card")
        assert h.said("right") == "Only card plays itself: on."
        _row(h, "Trick results")
        assert h.said("right") == "Trick results: spoken, full."
        _row(h, "Chat")
        assert h.said("right") == "Chat: history only."
        h.press("escape")
        h.press("z")
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    text = json.dumps(saved)
    assert '"only_card": true' in text and '"tricks": "full"' in text
    with harness(easy_table(6), hooks=StoreHooks(tmp_path)) as h:
        assert h.shell is not None
        assert h.shell.only.on
        assert h.shell.narrator.voices[EventKind.TRICKS] is Voice.FULL
        assert h.shell.narrator.voices[EventKind.CHAT] is Voice.HISTORY
        assert h.shell.narrator.voices[EventKind.CARDS] is Voice.BRIEF
        assert h.shell.focus.order is HandOrder.RANK
        h.press("enter")  # continue the saved match
        h.press("f6")
        _row(h, "Chat")
        assert h.shell.shown_list is not None
        assert h.shell.shown_list.entry == "Chat: history only."


def test_a_broken_voices_setting_is_unreadable_and_the_game_plays_on(tmp_path: Path) -> None:
    with harness(easy_table(6), hooks=StoreHooks(tmp_path)) as h:
        h.press("z")
    path = tmp_path / "settings.json"
    text = path.read_text(encoding="utf-8").replace('"voices": {}', '"voices": {"cards": "loud"}')
    path.write_text(text, encoding="utf-8")
    hooks = StoreHooks(tmp_path)
    with harness(easy_table(6), hooks=hooks) as h:
        assert h.shell is not None
        assert h.shell.narrator.voices[EventKind.CARDS] is Voice.BRIEF
        assert h.said("h")
