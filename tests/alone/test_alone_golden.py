"""The page playing alone and the terminal, side by side on the same seeded match and the
same keys: every sentence the page is sent is the one the terminal says, in the same
order (its answers, and its events), because behind the page is the terminal's game; and
the history the terminal saves to a file is the page's download, word for word.

The computers are the shell tests' fixed Easy players: Hard's safety net reads the clock,
so on a busy machine the same seed may play differently (``ai/hard.py``). The hint is
Hard's, thought out in the server's worker processes for the page: the same hint as the
terminal's for the same position (seeded by it, with the terminal's budget and rate), and
the same for the coach's review."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from alone_helpers import AlonePage, alone_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "shell"))
from shell_harness import easy_table, harness

from spades_voice.alone.door import folder_name
from spades_voice.alone.keys import page_keymap
from spades_voice.narration import prompts
from spades_voice.options import Pace
from spades_voice.speech import Kind
from spades_voice.store.hooks import StoreHooks
from spades_voice.store.settings import Settings

SEED = 7
TOKEN = "golden-page-token-0123456789abcdefghijklmno"
#: A hand with the keys a player meets on the way: look, a hint and take it (bid, card),
#: play, take back, review, the summaries, brief or full, the hand's order, restart and
#: its question, and the coach once the hand is over.
KEYS = [
    "h", "b", "i", "enter", "tab", "i", "enter", "u", "tab", "enter", "k", "down", "escape",
    "m", "o", "l", "v", "z", "t", "c", "w", "tab", "enter", "R", "enter", "y", "enter",
    *["tab", "enter"] * 13, "b", "d", "down", "escape", "?", "down", "escape", "f2", "escape",
    "g", "escape",
]


def terminal(folder: Path) -> tuple[list[str], list[str], str]:
    """What the terminal says to ``KEYS``, then to Control S: its answers, its events,
    and the history file it saved."""
    table = easy_table(SEED, target=None)
    hooks = StoreHooks(folder)
    with harness(table, hooks=hooks, keymap=page_keymap(), pace=Pace.INSTANT) as h:
        for key in [*KEYS, "c-s"]:
            answered = len(h.texts(Kind.QUERY))
            h.press(key)
            if key == "d":  # "Reviewing...", then the review from a worker thread
                h.wait_for(lambda a=answered: len(h.texts(Kind.QUERY)) >= a + 2, timeout=120)
        (saved,) = folder.glob("history-*.txt")
        return h.texts(Kind.QUERY), h.texts(Kind.EVENT), saved.read_text("utf-8")


def page(root: Path) -> tuple[list[str], list[str], dict[str, str]]:
    """What the page is sent for ``KEYS``, then for Shift G: its assertive lines, its
    polite ones, and the file it was sent to download."""
    folder = root / folder_name(TOKEN)
    folder.mkdir(parents=True)
    (folder / "settings.json").write_bytes(Settings(pace=Pace.INSTANT).to_bytes())
    with alone_server(root, seed=SEED, players=lambda: easy_table(SEED)._fixed_players) as server:
        p = AlonePage(server, token=TOKEN, level="easy", target="single")
        p.until(lambda q: bool(q.state["hand"]))
        for n, key in enumerate([*KEYS, "G"], start=1):
            answered = len([k for k, _ in p.said if k == "now"])
            p.press(key)
            p.until(lambda q, n=n: q.state["alone"]["keys"] >= n)
            # Thought out in the server's workers: the answer comes later (the coach's
            # after "Reviewing your last hand.").
            if key in ("i", "d"):
                more = 1 if key == "i" else 2
                p.until(lambda q, a=answered + more: len([k for k, _ in q.said if k == "now"]) >= a,
                        timeout=120)
        p.close()
    assert not list(folder.glob("history-*")), "the page's history is not the server's file"
    (sent,) = [file for f in p.frames for file in f.get("files", [])]
    return [t for k, t in p.said if k == "now"], [t for k, t in p.said if k == "said"], sent


def test_the_page_says_what_the_terminal_says(tmp_path: Path) -> None:
    said_there, told_there, saved = terminal(tmp_path / "terminal")
    said_here, told_here, sent = page(tmp_path / "page")
    assert told_here == told_there
    assert said_here[:-1] == said_there[:-1]
    assert len(told_there) > 60 and len(said_there) > 20  # a whole hand was compared
    # Saving the history: the terminal's file, as the page's download, named the same way.
    assert sent["text"] == saved
    assert re.fullmatch(r"history-\d{8}-\d{6}\.txt", sent["name"])
    entries = len(saved.splitlines())
    assert said_there[-1].startswith(f"History saved, {entries} entries, in your data folder")
    assert said_here[-1] == prompts.history_downloaded(sent["name"], entries)
