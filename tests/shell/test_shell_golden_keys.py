"""Every key's answer at several points of a match, through the real key bindings:
bidding, the middle of a trick, between hands (before N), and after the match. Compared
with ``golden/keys_at_points.txt``; regenerate with SPADES_VOICE_REGEN_GOLDEN=1 after a
deliberate change of words, and read the diff. (Hints have their own golden file: Hard
stops at a time limit, so its choice is not fixed.)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from shell_harness import Harness, easy_table, harness

from spades_voice.rules import Phase
from spades_voice.speech import Kind

GOLDEN = Path(__file__).parent / "golden" / "keys_at_points.txt"
KEYS = ["h", "b", "s", "t", "c", "w", "e", "m", "o", "l", "k", "S", "left", "right", "end",
        "home"]


def _mid_trick(h: Harness) -> None:
    for _ in range(80):
        view = h.table.view()
        if view.phase is Phase.PLAYING and view.current.cards and view.my_turn \
                and len(view.tricks) >= 3:
            return
        h.play_my_turn()


def _between(h: Harness) -> None:
    assert h.shell is not None
    while h.shell.between is None:
        h.play_my_turn()


POINTS: list[tuple[str, Callable[[Harness], None]]] = [
    ("bidding", lambda h: None),
    ("mid-trick", _mid_trick),
    ("between hands", _between),
    ("match over", lambda h: h.play_to_end()),
]


def _answer(h: Harness, key: str) -> str:
    mark = h.mark
    h.press(key)
    said = h.since(mark, Kind.QUERY)
    if h.shell is not None and h.shell.overlay is not None:
        h.press("escape")
    return " / ".join(said)


def transcript() -> str:
    out: list[str] = []
    with harness(easy_table(11, target=200)) as h:
        for name, reach in POINTS:
            reach(h)
            out.append(f"== {name}")
            out.extend(f"[{key}] {_answer(h, key)}" for key in KEYS)
            out.append(f"[f3] {_answer(h, 'f3')}")
    return "\n".join(out) + "\n"


def test_every_key_at_every_point_golden() -> None:
    text = transcript()
    if os.environ.get("SPADES_VOICE_REGEN_GOLDEN") == "1" or not GOLDEN.exists():
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
