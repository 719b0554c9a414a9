"""keymap.toml: defaults, the player's overrides, and every way a user file can be wrong."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from shell_harness import easy_table, harness

from spades_voice.commands.keys import key_lines
from spades_voice.narration import stored
from spades_voice.narration.keynames import spoken_key
from spades_voice.narration.language import Language, speaking
from spades_voice.shell.keymap import default_text, load_keymap, normalize_key
from spades_voice.shell.table_mode import help_texts

ROOT = Path(__file__).resolve().parents[2]


def _user(text: str) -> tuple[dict[str, tuple[str, ...]], tuple[str, ...]]:
    km = load_keymap(Path("/nonexistent/keymap.toml"), user_text=text)
    return km.keys, km.problems


class TestDefaults:
    def test_one_entry_per_action_and_every_action_has_a_handler(self) -> None:
        km = load_keymap(use_user=False)
        assert set(km.actions) == set(help_texts())
        assert all(help_texts()[a] for a in km.actions)

    def test_no_key_is_used_twice(self) -> None:
        km = load_keymap(use_user=False)
        keys = [k for a in km.actions for k in km.keys_for(a)]
        assert len(keys) == len(set(keys))

    def test_top_level_file_is_the_packaged_file(self) -> None:
        assert (ROOT / "keymap.toml").read_text(encoding="utf-8") == default_text()

    def test_the_issue_defaults(self) -> None:
        km = load_keymap(use_user=False)
        expect = {
            "hand": ("h",), "bids": ("b",), "scores": ("s",), "trick": ("t",),
            "count": ("c",), "seats": ("w",), "move_on": ("n",), "history": ("g",),
            "previous": ("left",), "next": ("right",), "first": ("home",), "last": ("end",),
            "select": ("enter", "space"), "help": ("?", "f1"), "back": ("escape",),
        }
        for action, keys in expect.items():
            assert km.keys_for(action) == keys

    def test_missing_user_file_is_silent(self, tmp_path: Path) -> None:
        km = load_keymap(tmp_path / "keymap.toml")
        assert km.problems == ()


class TestUserFile:
    def test_override_and_swap(self) -> None:
        keys, problems = _user('[keys]\nbids = ["s"]\nscores = ["b"]\n')
        assert problems == ()
        assert keys["bids"] == ("s",) and keys["scores"] == ("b",)

    def test_lower_case_letters_answer_in_either_case(self) -> None:
        km = load_keymap(Path("/x"), user_text='[keys]\nhand = ["j"]\nseat_waiting = ["f12"]\n')
        assert km.problems == () and km.keys_for("hand") == ("j",)
        assert km.pt_keys("j") == ["j", "J"]
        assert km.action_for("J") == "hand"

    def test_a_capital_bound_on_its_own_is_shift_and_its_letter_stays(self) -> None:
        km = load_keymap(
            Path("/x"), user_text='[keys]\nhand = ["j"]\nrules = ["J"]\nseat_waiting = ["f12"]\n'
        )
        assert km.problems == ()
        assert km.pt_keys("j") == ["j"] and km.pt_keys("J") == ["J"]
        assert km.action_for("J") == "rules" and km.action_for("j") == "hand"
        assert spoken_key("J") == "Shift J"

    def test_invalid_toml_names_the_line_and_keeps_defaults(self) -> None:
        keys, problems = _user('[keys]\nhand = ["h"]\nbids = ["b"\nscores = 3\n')
        assert len(problems) == 1
        assert problems[0].startswith("Keymap line 4: this is not valid TOML")
        assert problems[0].endswith("Every action keeps its default keys.")
        assert keys == load_keymap(use_user=False).keys

    def test_unknown_action(self) -> None:
        keys, problems = _user('[keys]\nhand = ["j"]\nteleport = ["z"]\nseat_waiting = ["f12"]\n')
        assert problems == ("Keymap line 3: unknown action 'teleport'; it is ignored.",)
        assert keys["hand"] == ("j",)

    def test_unknown_key_name(self) -> None:
        keys, problems = _user('[keys]\n\nquit = ["ctrl-q"]\n')
        assert problems == (
            "Keymap line 3: 'ctrl-q' is not a key name; quit keeps its default keys "
            "(Q or Control C).",
        )
        assert keys["quit"] == ("q", "c-c")

    def test_not_a_list(self) -> None:
        keys, problems = _user('[keys]\nhand = 5\n')
        assert problems == (
            "Keymap line 2: hand needs a list of key names; hand keeps its default keys (H).",
        )
        assert keys["hand"] == ("h",)

    def test_two_actions_on_one_key(self) -> None:
        keys, problems = _user('[keys]\nhand = ["j"]\nscores = ["b"]\nseat_waiting = ["f12"]\n')
        assert problems == (
            "Keymap line 3: B is already the key for bids; scores keeps its default keys (S).",
        )
        assert keys["scores"] == ("s",) and keys["bids"] == ("b",) and keys["hand"] == ("j",)

    def test_two_user_lines_on_one_key_later_gives_way(self) -> None:
        keys, problems = _user('[keys]\nhand = ["j"]\ntrick = ["j"]\nseat_waiting = ["f12"]\n')
        assert problems == (
            "Keymap line 3: J is already the key for hand; trick keeps its default keys (T).",
        )
        assert keys["hand"] == ("j",) and keys["trick"] == ("t",)

    def test_giving_way_can_cascade(self) -> None:
        # trick takes S; scores takes B (bids' key) and gives way back to S, which trick
        # holds, so trick gives way too.
        keys, problems = _user('[keys]\ntrick = ["s"]\nscores = ["b"]\n')
        assert len(problems) == 2
        assert keys["trick"] == ("t",) and keys["scores"] == ("s",)

    def test_unknown_section(self) -> None:
        _, problems = _user('[keyz]\nhand = ["j"]\n')
        assert problems == ("Keymap line 1: unknown section 'keyz'; actions belong under [keys].",)

    def test_user_file_from_config_dir(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
        folder = tmp_path / "spades-voice"
        folder.mkdir()
        (folder / "keymap.toml").write_text(
            '[keys]\nhand = ["j"]\nseat_waiting = ["f12"]\n', encoding="utf-8"
        )
        assert load_keymap().keys_for("hand") == ("j",)


class TestKeyNames:
    @pytest.mark.parametrize(
        ("name", "canon"),
        [("h", "h"), ("H", "H"), ("?", "?"), ("left", "left"), ("Enter", "enter"),
         ("space", "space"), ("f12", "f12"), ("c-z", "c-z"), ("ctrl-z", None), (" ", None),
         ("", None), ("leftt", None), ("<any>", None)],
    )
    def test_normalize(self, name: str, canon: str | None) -> None:
        assert normalize_key(name) == canon

    def test_spoken(self) -> None:
        assert [spoken_key(k) for k in ("h", "?", "c-c", "f1", "left", "space")] == [
            "H", "question mark", "Control C", "F1", "Left arrow", "Space"
        ]


class TestInTheGame:
    def test_problems_are_spoken_and_the_game_starts(self) -> None:
        user_text = '[keys]\nhand = ["j"]\nscores = ["b"]\nx = 1\nseat_waiting = ["f12"]\n'
        km = load_keymap(Path("/x"), user_text=user_text)
        with harness(easy_table(5), keymap=km) as h:
            texts = h.texts()
            assert any(t.startswith("Keymap line 3: B is already the key for bids") for t in texts)
            assert any(t.startswith("Keymap line 4: unknown action 'x'") for t in texts)
            assert h.said("j").startswith("Spades: ")
            assert h.said("s").startswith("Us 0 points")
            assert h.said("h") == "H does nothing. Question mark lists the keys."
            help_first = h.said("?")
            assert help_first.endswith(
                "J: Your hand, suit by suit, with the number of spades last."
            )

    def test_invalid_toml_game_still_starts(self) -> None:
        km = load_keymap(Path("/x"), user_text="[keys\n")
        with harness(easy_table(5), keymap=km) as h:
            assert any("not valid TOML" in t for t in h.texts())
            assert h.said("h").startswith("Spades: ")


class TestKeysCommand:
    def test_keys_lists_every_binding_with_help(self) -> None:
        lines = key_lines(use_user=False)
        km = load_keymap(use_user=False)
        assert len(lines) == len(km.actions) + 1
        assert lines[0] == "H: Your hand, suit by suit, with the number of spades last."
        assert "question mark or F1: Every key and what it does, one by one." in lines

    def test_keys_command_reports_problems(self, tmp_path: Path) -> None:
        folder = tmp_path / "spades-voice"
        folder.mkdir()
        (folder / "keymap.toml").write_text('[keys]\nhand = ["nope"]\n', encoding="utf-8")
        env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path)}
        proc = subprocess.run(
            [sys.executable, "-m", "spades_voice", "keys"],
            capture_output=True, text=True, env=env, timeout=60, check=True,
        )
        out = proc.stdout.splitlines()
        assert out[0] == "Keymap line 2: 'nope' is not a key name; hand keeps its default keys (H)."
        assert out[1].startswith("H: Your hand")


def test_packaged_keymap_is_valid_toml() -> None:
    assert "keys" in tomllib.loads(default_text())


class TestHostileKeymapFiles:
    """The keymap file attacked like the store's files: the game starts with defaults and
    one sentence; the file stays where the player edits it."""

    DEFAULT_HAND = load_keymap(use_user=False).keys_for("hand")

    def _load(self, path: Path) -> tuple[tuple[str, ...], tuple[str, ...]]:
        km = load_keymap(path)
        return km.keys_for("hand"), km.problems

    @pytest.mark.parametrize(
        ("content", "why"),
        [
            (b"[keys]\nhand = " + b"[" * 3000 + b"]" * 3000 + b"\n", "nested too deeply"),
            (b"[keys]\nhand = " + b"9" * 5000 + b"\n", "number too long"),
            (b"[keys]\nhand = [\"\xff\xfe\"]\n", "not UTF-8"),
        ],
        ids=["3,000 arrays deep", "5,000-digit number", "not UTF-8"],
    )
    def test_unreadable_content(self, tmp_path: Path, content: bytes, why: str) -> None:
        path = tmp_path / "keymap.toml"
        path.write_bytes(content)
        hand, problems = self._load(path)
        assert hand == self.DEFAULT_HAND
        [problem] = problems
        assert problem.startswith("Your keymap could not be read (") and why in problem
        assert problem.endswith("so every action keeps its default keys.")
        assert path.read_bytes() == content

    def test_link_to_dev_zero(self, tmp_path: Path) -> None:
        path = tmp_path / "keymap.toml"
        os.symlink("/dev/zero", path)
        hand, [problem] = self._load(path)
        assert hand == self.DEFAULT_HAND and "not an ordinary file" in problem

    def test_pipe_and_folder(self, tmp_path: Path) -> None:
        pipe = tmp_path / "pipe.toml"
        os.mkfifo(pipe)
        assert "not an ordinary file" in self._load(pipe)[1][0]
        folder = tmp_path / "folder.toml"
        folder.mkdir()
        assert "not an ordinary file" in self._load(folder)[1][0]

    def test_over_the_cap(self, tmp_path: Path) -> None:
        path = tmp_path / "keymap.toml"
        with path.open("wb") as f:
            f.truncate(300 * 1024)
        assert "it is too large to read" in self._load(path)[1][0]

    def test_in_spanish_every_reason_is_spanish(self, tmp_path: Path) -> None:
        """The store's reasons are English (for the problem log); the player hears the
        catalogued clause for each: a folder, a file over the cap, and (as the remembered
        seats say) a file that could not be moved aside."""
        folder = tmp_path / "folder.toml"
        folder.mkdir()
        large = tmp_path / "large.toml"
        with large.open("wb") as f:
            f.truncate(300 * 1024)
        with speaking(Language.ES):
            heard = [self._load(folder)[1][0], self._load(large)[1][0],
                     stored.unreadable_kept(stored.SEATS, stored.NOT_MOVED_ASIDE)]
        assert heard == [
            "Tu mapa de teclas no se pudo leer (no es un archivo común), así que cada acción "
            "conserva sus teclas de siempre.",
            "Tu mapa de teclas no se pudo leer (es demasiado grande para leerlo), así que cada "
            "acción conserva sus teclas de siempre.",
            "Tus asientos recordados no se pudieron leer (el archivo no se pudo apartar), así "
            "que todavía puedes entrar con el código de la mesa.",
        ]

    def test_a_byte_order_mark_is_accepted(self, tmp_path: Path) -> None:
        path = tmp_path / "keymap.toml"
        path.write_bytes(b"\xef\xbb\xbf" + b'[keys]\nhand = ["j"]\nseat_waiting = ["f12"]\n')
        assert self._load(path) == (("j",), ())
        assert _user('\ufeff[keys]\nhand = ["j"]\nseat_waiting = ["f12"]\n')[1] == ()

    def test_the_real_game_starts_with_a_dev_zero_keymap(self, tmp_path: Path) -> None:
        """The default path: ``spades-voice`` finds the link in its config folder."""
        config = tmp_path / "config" / "spades-voice"
        config.mkdir(parents=True)
        os.symlink("/dev/zero", config / "keymap.toml")
        env = {
            **os.environ,
            "XDG_CONFIG_HOME": str(tmp_path / "config"),
            "SPADES_VOICE_DATA_DIR": str(tmp_path / "data"),
        }
        done = subprocess.run(
            [sys.executable, "-m", "spades_voice", "keys"],
            env=env, capture_output=True, text=True, timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("Your keymap could not be read (it is not an ordinary")


def test_problems_are_reported_in_file_order() -> None:
    text = (
        "[keys]\n"  # 1
        'bids = ["h"]\n'  # 2: H is the hand's key, and the hand keeps it
        'nosuch = ["j"]\n'  # 3
        'scores = ["not a key"]\n'  # 4
        "[extra]\n"  # 5
    )
    _, problems = _user(text)
    lines = [int(p.split("line ")[1].split(":")[0]) for p in problems]
    assert len(problems) == 4 and lines == sorted(lines), problems


def test_symbol_keys_are_named_since_speech_drops_bare_symbols() -> None:
    from shell_harness import easy_table, harness

    with harness(easy_table(4)) as h:
        for key, name in (("[", "Left bracket"), (";", "Semicolon"), ("^", "Caret"),
                          ("`", "Backtick"), ("]", "Right bracket"), ("~", "Tilde")):
            assert h.said(key) == f"{name} does nothing. Question mark lists the keys."


def test_modified_keys_are_named_as_pressed_once_per_press() -> None:
    """Shift+F5 is "Shift F5", not prompt_toolkit's "F17"; Alt+F5, which prompt_toolkit
    reads as Escape and six characters, is one key with one answer."""
    from shell_harness import easy_table, harness

    pressed = {
        "\x1b[15;2~": "Shift F5",
        "\x1b[12;2~": "Shift F2",
        "\x1b[1;2Q": "Shift F2",
        "\x1b[24;2~": "Shift F12",
        "\x1b[15;3~": "Alt F5",
        "\x1b[1;3Q": "Alt F2",
        "\x1b[15;4~": "Alt Shift F5",
        "\x1b[15;5~": "Control F5",
        "\x1b[15;6~": "Control Shift F5",
        "\x1b[15;7~": "Control Alt F5",
        "\x1b[1;3D": "Alt Left arrow",
        "\x1b[1;2D": "Shift Left arrow",
        "\x1b[5;3~": "Alt Page Up",
        "\x1b[25~": "F13",  # a real F13 key keeps its name
        "\x1b[": "Alt left bracket",
        "\x1bh": "Alt H",
        "\x1b\x01": "Control Alt A",
        "\x1bH": "Alt Shift H",
    }
    with harness(easy_table(4)) as h:
        for keys, name in pressed.items():
            mark = h.mark
            h.press(keys)
            assert h.since(mark) == [f"{name} does nothing. Question mark lists the keys."], keys
        h.press("q")
        assert h.said("\x1b[15;3~").startswith("Quit the game?")  # a question: asked again
        assert h.said("escape") == "Back to the table."
