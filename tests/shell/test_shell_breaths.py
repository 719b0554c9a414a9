"""Answers that fit one breath (issue 42): through the real shell, a long answer is said
in parts of at most 25 words, the first with a cue naming the key that says the rest;
that key again says the next part, and any other key in between starts it over."""

from __future__ import annotations

from shell_harness import Harness, easy_table, harness

from spades_voice import narration as say
from spades_voice.narration.lines import text_of
from spades_voice.options import HandOrder

BREATH = 25


def _dealt(h: Harness) -> None:
    shell = h.shell
    assert shell is not None
    while shell.focus.order is not HandOrder.DEALT:
        h.press("z")


def _parts(h: Harness, key: str, more: str) -> list[str]:
    """Press ``key`` until the answer has no cue left: each part as heard."""
    parts = [h.said(key)]
    while parts[-1].endswith(more):
        assert len(parts) < 6, parts
        parts.append(h.said(key))
    return parts


def _whole(parts: list[str], more: str) -> str:
    return " ".join(part.removesuffix(more) for part in parts)


def test_the_hand_as_dealt_is_heard_in_parts_then_the_rest() -> None:
    with harness(easy_table(5)) as h:
        h.press("enter", "enter")  # bid: the cards are dealt and seen
        _dealt(h)
        shell = h.shell
        assert shell is not None
        whole = shell.view()
        parts = _parts(h, "h", " H for more.")
        assert len(parts) >= 2, parts  # 13 cards as dealt are more than a breath
        assert all(len(part.split()) <= BREATH for part in parts), parts
        said = _whole(parts, " H for more.")
        assert said.startswith("As dealt: ") and said.endswith("spades.")
        assert said.count(" of ") == len(whole.hand)  # every card, once
        # Said to the end, H starts again from the top.
        assert h.said("h") == parts[0]
        # Full verbosity (the player chose detail) says the whole answer at once.
        h.press("v")
        assert not shell.narrator.brief
        assert h.said("h") == said


def test_another_key_between_starts_the_answer_over() -> None:
    with harness(easy_table(5)) as h:
        h.press("enter", "enter")
        _dealt(h)
        first = h.said("h")
        assert first.endswith(" H for more.")
        assert not h.said("t").endswith(" H for more.")  # another key: its own answer
        assert h.said("h") == first  # the hand from its start, not the rest
        rest = h.said("h")
        assert rest != first and not rest.startswith("As dealt")


def test_plays_since_your_card_are_heard_in_parts() -> None:
    """M after a whole trick and the next begun: found by playing on until it is long."""
    with harness(easy_table(7, target=500)) as h:
        shell = h.shell
        assert shell is not None
        for _ in range(2000):
            if shell.over:
                break
            if shell.between is not None:
                h.press("n")
                continue
            if h.table.view().tricks and h.table.view().my_turn:
                first = h.said("m")
                if first.endswith(" M for more."):
                    whole = text_of(say.since_last_turn(h.table.view(), shell.chair.cast))
                    parts = [first, *_parts(h, "m", " M for more.")]
                    assert all(len(p.split()) <= BREATH for p in parts), parts
                    assert _whole(parts, " M for more.") == whole
                    # Another key between: M starts over.
                    h.press("c")
                    assert h.said("m") == first
                    return
            h.play_my_turn()
        raise AssertionError("no turn had more than a breath of plays since the last card")


def test_hands_played_entry_enter_says_the_rest_down_moves_on() -> None:
    with harness(easy_table(5, target=500)) as h:
        shell = h.shell
        assert shell is not None
        for _ in range(12):  # hands until one entry is longer than a breath with the intro
            while shell.between is None:
                h.play_my_turn()
            first = h.said("S")
            if first.endswith(" Enter for more."):
                entry = text_of(shell.shown_list.entry) if shell.shown_list else ""
                rest = h.said("enter")
                assert entry.endswith(rest) and len(rest.split()) <= BREATH
                assert len(first.split()) <= BREATH
                assert first.removesuffix(" Enter for more.").endswith(
                    entry.removesuffix(rest).strip()
                )
                # Said to the end, Shift+S starts over; Down moves on to the next entry.
                assert h.said("S") == first
                assert h.said("down").startswith(("Hand ", "Oldest."))
                return
            h.press("escape", "n")
        raise AssertionError("no hand's entry was longer than a breath")
