"""The history by kind (F in the history) and kept in a file (Control S): key tests, a
golden transcript, and the real file in the data folder."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from shell_harness import Harness, easy_table, harness

from spades_voice.options import EventKind
from spades_voice.store.hooks import StoreHooks

GOLDEN = Path(__file__).parent / "golden"
MOST_WORDS = 25


def _play_tricks(h: Harness, tricks: int) -> None:
    for _ in range(80):
        if len(h.table.view().tricks) >= tricks:
            return
        h.play_my_turn()


def filter_transcript() -> str:
    out: list[str] = []
    with harness(easy_table(8)) as h:
        _play_tricks(h, 2)
        for key in ["g", "f", "down", "f", "end", "f", "f", "f", "f", "escape", "f"]:
            out.append(f"[{key}] {h.said(key)}")
    return "\n".join(out) + "\n"


def test_golden_history_filter() -> None:
    text = filter_transcript()
    path = GOLDEN / "history_filter.txt"
    if os.environ.get("SPADES_VOICE_REGEN_GOLDEN") == "1" or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    for line in text.splitlines():
        assert len(line.split("] ", 1)[1].split()) <= MOST_WORDS, line


def test_each_filter_shows_only_its_kind() -> None:
    with harness(easy_table(8)) as h:
        assert h.shell is not None
        _play_tricks(h, 1)
        h.shell.tell("Bo says: nice one.", EventKind.CHAT)
        h.press("g")
        shown: dict[str, list[str]] = {}
        for _ in range(4):
            h.press("f")
            view = h.shell.shown_list
            assert view is not None
            shown[view.filter] = list(view.entries)
        pairs = list(zip(h.shell.narrator.history, h.shell.narrator.history_kinds, strict=True))
        table = {EventKind.CARDS, EventKind.TRICKS, EventKind.BIDS, EventKind.RESULTS}
        assert shown["table"] == [t for t, k in pairs if k in table]
        assert shown["mine"] == [t for t, k in pairs if k in (None, EventKind.TURNS)]
        assert any(t.startswith("Bid ") and t.endswith(" placed.") for t in shown["mine"])
        assert "Robin bids" not in " ".join(shown["mine"])
        assert shown["chat"] == ["Bo says: nice one."]
        assert shown["notices"] == ["Nothing of this kind yet."]
        h.press("f")
        assert h.shell.shown_list is not None and h.shell.shown_list.filter == "all"
        assert h.shell.shown_list.entries is h.shell.narrator.history


def test_control_s_writes_the_whole_history_to_the_data_folder(tmp_path: Path) -> None:
    with harness(easy_table(8), hooks=StoreHooks(tmp_path)) as h:
        assert h.shell is not None
        _play_tricks(h, 1)
        h.press("g", "f")  # a filter does not narrow what is saved
        answer = h.said("c-s")
        history = list(h.shell.narrator.history)
    files = sorted(tmp_path.glob("history-*.txt"))
    assert len(files) == 1
    saved = history[:-1]  # the last entry, kept after saving, is where it went
    assert answer == (
        f"History saved, {len(saved)} entries, in your data folder: {files[0].name}."
    )
    assert history[-1] == f"Full path: {files[0]}"
    assert files[0].read_text(encoding="utf-8").splitlines() == saved


def test_a_refused_write_says_why_and_play_goes_on(tmp_path: Path) -> None:
    def full(path: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with harness(easy_table(8), hooks=StoreHooks(tmp_path, writer=full)) as h:
        assert h.said("c-s") == "History not saved: the disk is full."
        assert h.said("h")
    with harness(easy_table(8)) as h:
        assert h.said("c-s") == "History not saved: this game keeps no files."
