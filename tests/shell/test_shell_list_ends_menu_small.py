"""Trust by ear, round three (issue 52): the ends of lists (item 3), the speech menu as a
mode of its own (item 8) and the small ones (item 10), through the real shell, table and
store, with real files in a temporary data folder, and the real command. Item 9 (a slow
speech-dispatcher) is in ``tests/speech/test_speech_slow_start.py``."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from shell_harness import Harness, easy_table, harness

from spades_voice.narration.language import Language, set_default
from spades_voice.narration.naming import card_name
from spades_voice.rules import Card
from spades_voice.store import StoreHooks


def _to_hand_end(h: Harness) -> None:
    """Play the player's turns until the hand is over and its result stands."""
    shell = h.shell
    assert shell is not None
    while shell.between is None:
        h.wait_for(lambda: h.table.view().my_turn or shell.between is not None)
        if shell.between is None:
            h.play_my_turn()


class TestSmallOnes:
    """Item 10."""

    def test_b_names_this_hand_s_bags_and_s_the_running_count(self, tmp_path: Path) -> None:
        # Seed 2: a team makes its contract with extra tricks in hand 1, with bags carried.
        with harness(easy_table(2), hooks=StoreHooks(tmp_path / "data")) as h:
            for _ in range(3):
                _to_hand_end(h)
                bids = h.said("b")
                if re.search(r"made, \d+ bags?", bids):
                    break
                h.press("n")
            made = re.findall(r"made, (\d+ bags?)( this hand)?", bids)
            assert made, bids
            assert all(this for _, this in made), bids  # never a bare "2 bags"
            assert re.search(r"\d+ bags?", h.said("s")), "S gives the count carried"

    def test_backspace_is_named_backspace(self) -> None:
        with harness(easy_table(1)) as h:
            assert h.said("backspace") == "Backspace does nothing. Question mark lists the keys."

    def test_sharp_s_is_named_as_it_is(self) -> None:
        with harness(easy_table(1)) as h:
            assert h.said("ß") == "ß does nothing. Question mark lists the keys."

    def test_undo_names_your_own_move(self, tmp_path: Path) -> None:
        with harness(easy_table(3), hooks=StoreHooks(tmp_path / "data")) as h:
            shell = h.shell
            assert shell is not None
            h.wait_for(lambda: h.table.view().my_turn)
            h.play_my_turn()  # the bid
            h.wait_for(lambda: h.table.view().my_turn)
            h.play_my_turn()  # a card
            view = h.table.view()
            tricks = [*view.tricks, view.current]
            (card,) = [c for t in tricks for s, c in t.plays if s is h.table.seat]
            assert isinstance(card, Card)
            mark = h.mark
            h.press("u")
            said = " ".join(h.since(mark))
            assert re.search(rf"Undone: your {card_name(card)}( and \d+ moves? after it)?\.",
                             said), said

    def test_undo_of_a_bid_in_spanish(self, tmp_path: Path) -> None:
        set_default(Language.ES)
        try:
            with harness(easy_table(3), hooks=StoreHooks(tmp_path / "data")) as h:
                h.wait_for(lambda: h.table.view().my_turn)
                h.play_my_turn()  # the bid
                mark = h.mark
                h.press("u")
                said = " ".join(h.since(mark))
                assert re.search(r"Deshecho: tu apuesta de \d+", said), said
        finally:
            set_default(Language.EN)


def _cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "spades_voice", *args], env=env,
                          capture_output=True, text=True, timeout=120)


class TestCommandLine:
    """Item 10, the command's own words."""

    def test_help_says_what_each_command_does(self) -> None:
        done = _cli("--help", env={**os.environ})
        assert done.returncode == 0, done.stderr
        assert re.search(r"^  doctor +Check speech and braille output\.$", done.stdout, re.M)
        assert re.search(r"^  join +Sit at a shared table by its code\.$", done.stdout, re.M)

    def test_keys_write_twice_says_so_and_exits_0(self, tmp_path: Path) -> None:
        env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
        first = _cli("keys", "--write", env=env)
        assert first.returncode == 0, first.stderr
        written = tmp_path / "config" / "spades-voice" / "keymap.toml"
        written.write_text("[keys]\nhand = [\"j\"]\n", encoding="utf-8")
        again = _cli("keys", "--write", env=env)
        assert again.returncode == 0, again.stderr
        assert "nothing was written" in again.stdout
        assert written.read_text(encoding="utf-8") == "[keys]\nhand = [\"j\"]\n"


class TestSpeechMenuIsModal:
    """Item 8: while F6's menu is open, only its keys work; any other says what it does."""

    INTRO = "Speech settings. Up and Down choose, Left and Right change, Escape closes."

    def test_table_keys_say_the_menu_and_change_nothing(self, tmp_path: Path) -> None:
        data = tmp_path / "data"
        with harness(easy_table(4), hooks=StoreHooks(data)) as h:
            shell = h.shell
            assert shell is not None
            h.wait_for(lambda: h.table.view().my_turn)
            h.play_my_turn()  # the bid: now a card to play, and Tab has cards to move to
            h.wait_for(lambda: h.table.view().my_turn)
            h.said("f6")
            pace, focus = shell.driver.pace, (shell.focus.place, shell.focus.card)
            stored = sorted((f.name, f.read_bytes()) for f in data.iterdir() if f.is_file())
            for key in ("a", "s-tab", "tab", "h", "u", "g", "f", "?", "n", "p", "v", "z"):
                assert h.said(key) == self.INTRO, key
            assert shell.driver.pace is pace
            assert (shell.focus.place, shell.focus.card) == focus
            assert shell.shown_list is not None and shell.shown_list.is_menu
            # Nothing changed, so nothing was saved (the settings file, the match).
            assert sorted((f.name, f.read_bytes()) for f in data.iterdir() if f.is_file()) == stored
            assert h.said("escape") == "Back to the table."
            assert h.said("a") != self.INTRO  # the table's keys are back

    def test_the_menu_s_own_keys_still_work(self) -> None:
        with harness(easy_table(4)) as h:
            h.said("f6")
            assert h.said("down").startswith("Others' cards")
            assert h.said("right").startswith("Others' cards: ")
            assert h.said("end").startswith("Notices")

    def test_in_spanish(self) -> None:
        set_default(Language.ES)
        try:
            with harness(easy_table(4)) as h:
                h.said("f6")
                said = h.said("a")
                assert said.startswith("Ajustes de voz"), said
        finally:
            set_default(Language.EN)


class TestListEnds:
    """Item 3: past either end of a list, only where the end is ("Newest.", "Bottom."):
    the entry there was just heard, and Enter says it again."""

    def test_hands_played_history_and_review(self, tmp_path: Path) -> None:
        with harness(easy_table(5), hooks=StoreHooks(tmp_path / "data")) as h:
            shell = h.shell
            assert shell is not None
            _to_hand_end(h)
            h.press("n")
            _to_hand_end(h)
            # Shift+S: two hands, newest first.
            assert h.said("S").startswith("Hands played: 2, newest first. Hand 2.")
            assert h.said("up") == "Newest."
            assert h.said("down").startswith("Hand 1.")
            assert h.said("down") == "Oldest."
            assert h.said("enter").startswith("Hand 1.")  # Enter says the entry again
            h.press("escape")
            # G: the history, newest first.
            h.press("g")
            assert h.said("up") == "Newest."
            h.press("end")
            assert h.said("down") == "Oldest."
            h.press("escape")
            # K: this hand's tricks, in order.
            h.press("k")
            assert h.said("up") == "Top."
            h.press("end")
            assert h.said("down") == "Bottom."
            h.press("escape")
            # F2: the rules; F6: the speech menu.
            h.press("f2")
            assert h.said("up") == "Top."
            h.press("escape", "f6")
            h.press("end")
            assert h.said("down") == "Bottom."

    def test_the_coach_s_findings(self) -> None:
        with harness(easy_table(5, target=200)) as h:
            shell = h.shell
            assert shell is not None
            _to_hand_end(h)
            h.press("d")
            h.wait_for(lambda: (shell.shown_list is not None and shell.shown_list.kind == "coach")
                       or any("No costly decisions" in t for t in h.texts()), timeout=120)
            if shell.shown_list is None:
                return  # nothing to step through in this hand
            h.press("end")
            assert h.said("down") == "Bottom."
            h.press("home")
            assert h.said("up") == "Top."

    def test_in_spanish(self, tmp_path: Path) -> None:
        set_default(Language.ES)
        try:
            with harness(easy_table(5), hooks=StoreHooks(tmp_path / "data")) as h:
                _to_hand_end(h)
                h.press("S")
                assert h.said("up") == "La más reciente."
                h.press("escape", "k")
                assert h.said("up") == "Principio."
        finally:
            set_default(Language.EN)
