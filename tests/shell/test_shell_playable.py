"""Jumping among playable cards, the only card played by itself, and the hand's order:
key tests and a golden transcript through the real prompt_toolkit shell."""

from __future__ import annotations

import os
from pathlib import Path

from shell_harness import Harness, easy_table, harness

from spades_voice.narration import cap, hand_order
from spades_voice.narration.naming import card_name, rank_name
from spades_voice.options import HandOrder, Pace
from spades_voice.rules import Phase
from spades_voice.speech import Kind

GOLDEN = Path(__file__).parent / "golden"
#: The new keys' answers are one breath each.
MOST_WORDS = 25


def _to_play_turn(h: Harness, *, several: bool = False) -> None:
    """Play on until it is the player's turn to play (with more than one playable card
    when ``several``)."""
    for _ in range(80):
        view = h.table.view()
        if view.phase is Phase.PLAYING and view.my_turn and (
            not several or len(view.legal_cards) > 1
        ):
            return
        h.play_my_turn()
    raise AssertionError("no turn to play reached")


def _focused(h: Harness) -> str:
    assert h.shell is not None
    cards, i = h.shell.focus.focused(h.table.view())
    return cards[i].code


def test_tab_walks_the_playable_cards_in_order_and_says_the_ends() -> None:
    with harness(easy_table(4)) as h:
        _to_play_turn(h, several=True)
        view = h.table.view()
        legal = [c for c in hand_order(view.hand) if c in view.legal_cards]
        h.press("home")
        seen: list[str] = []
        answers: list[str] = []
        for _ in range(len(legal) + 1):
            answers.append(h.said("tab"))
            seen.append(_focused(h))
        assert answers[-1].startswith("Last playable card. ")
        # Home may sit on a playable card: the first Tab then moves past it.
        expected = [c.code for c in legal]
        assert seen[-1] == expected[-1] and set(seen) <= set(expected)
        back = [h.said("s-tab") for _ in range(len(legal))]
        assert back[-1] == f"First playable card. {cap(card_name(legal[0]))}."
        assert _focused(h) == legal[0].code
        for said in answers + back:
            assert len(said.split()) <= MOST_WORDS


def test_tab_outside_a_turn_to_play_says_so() -> None:
    with harness(easy_table(4)) as h:
        assert h.table.view().my_turn  # the bid is due: it is the player's turn, to bid
        assert h.said("tab") == "Your bid first; Tab finds playable cards once play begins."
    seed = next(s for s in range(40) if easy_table(s).computer_to_act())
    with harness(easy_table(seed), pace=Pace.RELAXED) as h:
        h.press("p")  # the computers wait, so it stays someone else's bid
        assert h.said("tab") == "Nothing to play yet: it is not your turn to play."


def test_only_card_plays_itself_when_asked_and_never_otherwise() -> None:
    with harness(easy_table(9)) as h:
        assert h.shell is not None
        h.shell.only.choose(True)
        for _ in range(400):
            if h.shell.over or any(t.startswith("Only card: ") for t in h.texts()):
                break
            if h.shell.between is not None:
                h.press("n")
                continue
            h.play_my_turn()
        lines = [t for t in h.texts(Kind.EVENT) if t.startswith("Only card: ")]
        assert lines and lines[0].endswith(", played.")
        # The card's own line is not said a second time.
        card = lines[0][len("Only card: ") : -len(", played.")]
        texts = h.texts(Kind.EVENT)
        at = texts.index(lines[0])
        assert texts[at + 1 : at + 2] != [f"You, {card}."]
    with harness(easy_table(9)) as h:
        assert h.shell is not None and not h.shell.only.on
        for _ in range(60):
            if h.table.view().phase is Phase.PLAYING and h.table.view().my_turn:
                break
            h.play_my_turn()
        assert not any(t.startswith("Only card") for t in h.texts())


def test_hand_order_cycles_and_h_and_moving_follow_it() -> None:
    with harness(easy_table(4)) as h:
        _to_play_turn(h)
        assert h.said("z") == "Hand order by rank."
        view = h.table.view()
        ranked = hand_order(view.hand, HandOrder.RANK)
        h.press("home")
        assert _focused(h) == ranked[0].code
        h.press("right")
        assert _focused(h) == ranked[1].code
        assert h.said("h").startswith(f"{rank_name(ranked[0].rank).capitalize()}: ")
        assert h.said("z") == "Hand order as dealt."
        dealt = [c for c in view.dealt if c in view.hand]
        h.press("end")
        assert _focused(h) == dealt[-1].code
        assert h.said("h").startswith("As dealt: ")
        assert h.said("z") == "Hand order by suit."
        h.press("home")
        assert _focused(h) == hand_order(view.hand)[0].code


def transcript(seed: int) -> str:
    """One hand played with the jump keys only, in each hand order in turn: each key and
    what it said."""
    out: list[str] = []
    with harness(easy_table(seed, target=None)) as h:
        assert h.shell is not None
        out.append(f"[z] {h.said('z')}")
        for _ in range(200):
            if h.shell.between is not None or h.shell.over:
                break
            view = h.table.view()
            if view.phase is Phase.BIDDING:
                h.press("enter")
                continue
            out.append(f"[h] {h.said('h')}")
            for key in ("s-tab", "tab", "tab", "tab"):
                out.append(f"[{key}] {h.said(key)}")
            out.append("[enter]")
            mark = h.mark
            h.press("enter")
            out.extend(f"  {t}" for t in h.since(mark))
            if len(h.table.view().hand) in (9, 5):
                out.append(f"[z] {h.said('z')}")
    return "\n".join(out) + "\n"


def test_golden_jumps_and_orders() -> None:
    text = transcript(21)
    path = GOLDEN / "playable_jumps.txt"
    if os.environ.get("SPADES_VOICE_REGEN_GOLDEN") == "1" or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    answers = [line.split("] ", 1)[1] for line in text.splitlines() if line.startswith("[")
               and not line.startswith("[h]") and "] " in line]
    assert answers and all(len(a.split()) <= MOST_WORDS for a in answers)
