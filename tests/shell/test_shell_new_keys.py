"""The keys issue 14 added: each is in keymap.toml, in help and in docs/keys.md, and
everything each of them says is at most 25 words, at every point of a match."""

from __future__ import annotations

from pathlib import Path

import pytest
from shell_harness import Harness, easy_table, harness
from test_shell_keys import POINTS

from spades_voice.narration.keynames import spoken_keys
from spades_voice.shell.keymap import load_keymap
from spades_voice.shell.table_mode import help_texts

NEW_ACTIONS = {
    "next_playable": "tab",
    "previous_playable": "s-tab",
    "hand_order": "z",
    "speech_menu": "f6",
    "history_filter": "f",
    "save_history": "c-s",
    "chat": "/",
}
MOST_WORDS = 25
KEYS_DOC = Path(__file__).resolve().parents[2] / "docs" / "keys.md"


def test_every_new_action_has_its_key_help_and_keys_doc_line() -> None:
    keymap = load_keymap(use_user=False)
    docs = help_texts()
    keys_doc = KEYS_DOC.read_text(encoding="utf-8")
    for name, key in NEW_ACTIONS.items():
        assert keymap.keys_for(name) == (key,), name
        assert docs[name] and len(docs[name].split()) <= MOST_WORDS, name
        line = f"{spoken_keys(keymap.keys_for(name))}: {docs[name]}"
        assert len(line.split()) <= MOST_WORDS + 3, line
    for shown in ("- **Tab, Shift+Tab**:", "- **Z**:", "- **F6**:", "- **F** (in the history):",
                  "- **Control+S**:", "- **/**:"):
        assert shown in keys_doc, shown


def _answers(h: Harness, keys: list[str]) -> list[str]:
    out = []
    for key in keys:
        out.append(h.said(key))
        if h.shell is not None and h.shell.overlay is not None:
            h.press("escape")
    return out


@pytest.mark.parametrize("point", list(POINTS))
def test_new_keys_answer_in_one_breath_at_every_point(point: str, tmp_path: Path) -> None:
    from spades_voice.store.hooks import StoreHooks

    with harness(easy_table(5, target=200), hooks=StoreHooks(tmp_path)) as h:
        POINTS[point](h)
        answers = _answers(h, ["tab", "s-tab", "z", "z", "z", "f6", "f", "c-s", "/"])
        h.press("g")
        answers += [h.said("f") for _ in range(5)]
        for answer in answers:
            assert answer and len(answer.split()) <= MOST_WORDS, answer
