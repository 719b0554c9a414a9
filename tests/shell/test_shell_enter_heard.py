"""Enter never plays a card the player did not hear: a first Enter on a card that was
only on the screen names it, and a second plays it. A card reached by moving (or named by
a hint) was heard, so the practised player's Enter plays it at once."""

from __future__ import annotations

from shell_harness import easy_table, harness

from spades_voice.narration import prompts
from spades_voice.rules import Phase


def _to_my_card_turn(h) -> None:  # type: ignore[no-untyped-def]
    """Play by keys until it is the player's turn to play a card."""
    for _ in range(40):
        view = h.table.view()
        if view.my_turn and view.phase is Phase.PLAYING:
            return
        h.play_my_turn()
    raise AssertionError("never my turn to play")


def test_first_enter_on_an_unheard_card_names_it_and_the_second_plays_it() -> None:
    with harness(easy_table(7)) as h:
        _to_my_card_turn(h)
        shell = h.shell
        assert shell is not None
        cards, i = shell.focus.focused(h.table.view())
        card = cards[i]
        assert card != shell.focus.heard  # the turn began on a card never named
        played = len(h.table.match.decisions)
        assert h.said("enter") == prompts.card_to_play(card).text
        assert len(h.table.match.decisions) == played  # nothing played yet
        h.press("enter")
        assert h.table.match.decisions[played] == card


def test_a_card_moved_to_plays_at_once() -> None:
    with harness(easy_table(7)) as h:
        _to_my_card_turn(h)
        view = h.table.view()
        shell = h.shell
        assert shell is not None
        order = shell.focus.ordered(view.hand, view)
        index = next(j for j, c in enumerate(order) if c in view.legal_cards)
        h.press("home", *["right"] * index)
        played = len(h.table.match.decisions)
        h.press("enter")
        assert h.table.match.decisions[played] == order[index]


def test_the_same_card_in_the_next_deal_is_not_counted_as_heard() -> None:
    with harness(easy_table(7)) as h:
        _to_my_card_turn(h)
        shell = h.shell
        assert shell is not None
        h.press("home")
        assert shell.focus.heard is not None
        h.press("f5", "y")  # the hand again, same cards: nothing heard in it yet
        assert shell.focus.heard is None
