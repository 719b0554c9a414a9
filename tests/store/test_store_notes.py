"""The history kept with a saved match: it round-trips, it is bounded, and a block that
cannot be used leaves the match readable without it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from store_helpers import choose

from spades_voice.options import EventKind
from spades_voice.rules import Match, MatchState, told
from spades_voice.store import StoreHooks, files
from spades_voice.store.notes import (
    MAX_NOTES,
    NOTE_TEXT_LIMIT,
    NOTES_BUDGET,
    History,
    Note,
    history_from_json,
    history_to_json,
)
from spades_voice.store.save import SAVE_FILE, SavedMatch, parse_saved, saved_to_bytes


def _match(count: int = 30) -> Match:
    state = MatchState(Match(seed=5))
    rng = random.Random(5)
    for _ in range(count):
        state.apply(choose(state, rng))
    return state.match


def test_round_trip() -> None:
    match = _match()
    history = History(
        len(told(match)),
        (
            Note(0, EventKind.NOTICES, "Your settings could not be read."),
            Note(3, EventKind.TURNS, "Tu turno, se salió con tréboles."),
            Note(3, None, "You, 6 of diamonds."),
            Note(len(told(match)), EventKind.CHAT, "Robin: gg"),
        ),
    )
    saved = SavedMatch(match, "abc", 3.5, history=history)
    assert parse_saved(saved_to_bytes(saved)) == saved
    assert history_from_json(json.loads(json.dumps(history_to_json(history))), match) == history


def test_a_save_without_history_reads_as_before() -> None:
    saved = SavedMatch(_match(), "abc", 1.0)
    raw = saved_to_bytes(saved)
    assert b'"history"' not in raw
    back = parse_saved(raw)
    assert back == saved and back.history is None and back.history_problem == ""


@pytest.mark.parametrize("letter", ["x", '"', "語", "😀"])
def test_a_flood_is_bounded(letter: str) -> None:
    """Ten thousand long notes in any script: the save keeps the newest that fit (at most
    ``MAX_NOTES``, each cut to ``NOTE_TEXT_LIMIT``, ``NOTES_BUDGET`` bytes in all) and
    stays inside the save's cap, so it reads back."""
    match = _match()
    flood = tuple(Note(2, EventKind.CHAT, f"{i}\n" + letter * 5000) for i in range(10_000))
    raw = saved_to_bytes(SavedMatch(match, "abc", 0.0, history=History(5, flood)))
    assert len(raw) < files.SAVE_CAP * 3 // 4
    back = parse_saved(raw)
    assert back.history is not None and back.history_problem == ""
    notes = back.history.notes
    assert 0 < len(notes) <= MAX_NOTES and notes[-1].text.startswith("9999 ")
    assert all(len(n.text) <= NOTE_TEXT_LIMIT for n in notes)
    assert sum(len(n.text.encode("utf-8")) for n in notes) <= NOTES_BUDGET


@pytest.mark.parametrize(
    ("block", "why"),
    [
        ([], "not an object"),
        ({"told": 0, "notes": []}, "no version"),
        ({"version": 2, "told": 0, "notes": []}, "newer version"),
        ({"version": 1, "told": 10**6, "notes": []}, "more than the match holds"),
        ({"version": 1, "told": 2, "notes": [{"at": 3, "kind": None, "text": "x"}]},
         "out of place"),
        ({"version": 1, "told": 2, "notes": [{"at": 2, "kind": None, "text": "x"},
                                             {"at": 1, "kind": None, "text": "y"}]},
         "out of place"),
        ({"version": 1, "told": 2, "notes": [{"at": 0, "kind": "gossip", "text": "x"}]},
         "kind is unknown"),
        ({"version": 1, "told": 2, "notes": [{"at": 0, "kind": None, "text": "a\nb"}]},
         "not one line"),
        ({"version": 1, "told": 2, "notes": [{"at": 0, "text": 5}]}, "text is not text"),
        ({"version": 1, "told": 2, "notes": [None] * (MAX_NOTES + 1)}, "more than"),
    ],
)
def test_a_garbled_block_leaves_the_match(block: object, why: str) -> None:
    saved = SavedMatch(_match(), "abc", 1.0)
    obj = json.loads(saved_to_bytes(saved))
    obj["history"] = block
    back = parse_saved(json.dumps(obj).encode("utf-8"))
    assert back.match == saved.match and back.history is None
    assert why in back.history_problem


def test_the_history_read_is_written_back_until_the_shell_holds_the_match(
    tmp_path: Path,
) -> None:
    """Quitting at the offer (the shell never took the match up) keeps the saved history
    as it was; once the shell follows the match, its history is what is saved."""
    match = _match()
    kept = History(4, (Note(1, EventKind.NOTICES, "Undone: 2 moves taken back."),))
    (tmp_path / SAVE_FILE).write_bytes(
        saved_to_bytes(SavedMatch(match, "abc", 1.0, history=kept))
    )
    hooks = StoreHooks(tmp_path)
    assert hooks.saved_match() == match and hooks.saved_history() == kept
    hooks.close()
    hooks = StoreHooks(tmp_path)
    assert hooks.saved_history() == kept
    later = History(4, (*kept.notes, Note(4, EventKind.TURNS, "Your lead.")))
    hooks.follow_history(lambda: later)
    hooks.close()
    assert StoreHooks(tmp_path).saved_history() == later
