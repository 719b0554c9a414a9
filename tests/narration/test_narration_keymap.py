"""The keymap's problems and the problem report's sentences, word for word.

They moved from ``shell/keymap.py`` and ``store/hooks.py`` into ``narration.stored``;
these pin the phrasing they had (``tests/shell/test_shell_keymap.py`` drives the same
sentences through the real keymap loading).
"""

from __future__ import annotations

from pathlib import Path

from spades_voice.narration import stored


def test_keymap_problems_name_the_line_then_what_happens() -> None:
    assert stored.keymap_not_toml(4, "Expected '=' (at line 4, column 6)") == (
        "Keymap line 4: this is not valid TOML (Expected '=' (at line 4, column 6)). "
        "Every action keeps its default keys."
    )
    assert stored.keymap_not_toml(None, "Illegal character") == (
        "Keymap: this is not valid TOML (Illegal character). Every action keeps its default keys."
    )
    assert stored.keymap_unknown_section(1, "keyz") == (
        "Keymap line 1: unknown section 'keyz'; actions belong under [keys]."
    )
    assert stored.KEYMAP_KEYS_NOT_A_TABLE == (
        "Keymap: keys must be a table. Every action keeps its default keys."
    )
    assert stored.keymap_unknown_action(3, "teleport") == (
        "Keymap line 3: unknown action 'teleport'; it is ignored."
    )
    assert stored.keymap_not_a_list(2, "hand", "H") == (
        "Keymap line 2: hand needs a list of key names; hand keeps its default keys (H)."
    )
    assert stored.keymap_not_a_key(3, "ctrl-q", "quit", "Control Q") == (
        "Keymap line 3: 'ctrl-q' is not a key name; quit keeps its default keys (Control Q)."
    )
    assert stored.keymap_key_taken(3, "B", "bids", "scores", "S") == (
        "Keymap line 3: B is already the key for bids; scores keeps its default keys (S)."
    )


def test_why_a_keymap_cannot_be_used_at_all() -> None:
    reasons = (
        stored.KEYMAP_NOT_UTF8,
        stored.KEYMAP_TOO_DEEP,
        stored.KEYMAP_TOO_LARGE,
        stored.KEYMAP_LONG_NUMBER,
        stored.KEYMAP_NOT_TOML,
    )
    assert reasons == (
        "it is not UTF-8 text",
        "it is nested too deeply",
        "it is too large to read",
        "it holds a number too long to read",
        "it is not valid TOML",
    )
    for why in reasons:
        sentence = stored.unreadable_kept(stored.KEYMAP, why)
        assert why in sentence
        assert sentence.endswith("every action keeps its default keys.")


def test_problem_report_sentences() -> None:
    path = Path("/data/report-20260101-120000.txt")
    assert stored.report_written(path.name) == (
        "Problem report written in your data folder: report-20260101-120000.txt."
    )
    assert stored.full_path(path) == "Full path: /data/report-20260101-120000.txt"
    assert stored.report_not_written(stored.WriteTrouble.FULL) == (
        "The problem report could not be written because the disk is full."
    )
