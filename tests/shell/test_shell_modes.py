"""The shell's modes: table, list, question. Each mode's keys are live only in that mode,
drawing the screen changes nothing, and a refused bid says the rules' own reason."""

from __future__ import annotations

from dataclasses import fields

from shell_harness import easy_table, harness

from spades_voice.narration import texts
from spades_voice.options import Pace
from spades_voice.rules import Seat, deal_for
from spades_voice.shell.screen import screen
from spades_voice.shell.state import Mode, Shell


def _someone_bids_before_me() -> int:
    """A seed whose first bidder (the dealer's left) is not South."""
    return next(seed for seed in range(40) if deal_for(seed, 0).dealer.next is not Seat.S)


def test_enter_out_of_turn_while_bidding_says_the_rules_reason() -> None:
    seed = _someone_bids_before_me()
    with harness(easy_table(seed), pace=Pace.RELAXED) as h:
        h.press("p")  # the computers wait, so it stays someone else's bid
        assert h.table.state.to_act is not Seat.S
        assert h.said("enter") == "It is not your turn to bid."
        assert h.table.state.decisions == ()


def test_each_mode_has_its_own_keys() -> None:
    with harness(easy_table(4)) as h:
        shell = h.shell
        assert shell is not None and shell.mode is Mode.TABLE
        h.press("g")  # the history: a list, with the table's query keys still live
        assert shell.mode is Mode.LIST
        assert h.said("s").startswith("Us ")
        assert h.said("home") == shell.narrator.history[-1]  # Home moves in the list, not the hand
        assert h.said("escape") == "Back to the table."
        assert shell.mode is Mode.TABLE
        assert h.said("escape") == "Already at the table."
        h.press("q")  # a question: only its answers, repeat and silence
        assert shell.mode is Mode.CONFIRM
        assert h.said("h") == texts.CONFIRM_QUIT  # other keys: the question again
        assert h.said("home") == texts.CONFIRM_QUIT
        assert h.said("enter") == texts.CONFIRM_QUIT  # only Y, which it names, says yes
        assert h.said("n") == texts.CONFIRM_QUIT  # N is no only where the question says so
        assert h.said("r") == texts.CONFIRM_QUIT  # repeat: the last thing said
        assert h.said("escape") == "Back to the table."
        assert shell.mode is Mode.TABLE


def _state(shell: Shell) -> dict[str, object]:
    return {f.name: getattr(shell, f.name) for f in fields(shell) if f.name != "history"} | {
        "history": list(shell.narrator.history)
    }


def test_drawing_the_screen_changes_nothing() -> None:
    with harness(easy_table(6)) as h:
        shell = h.shell
        assert shell is not None
        for _ in range(6):
            h.play_my_turn()
            # Focus on a card that has left the hand (as after playing it): drawing shows
            # the same place in the hand, and must not move the focus there.
            gone = shell.hand_tricks[0].cards[0] if shell.hand_tricks else None
            shell.focus.card = gone
            before = _state(shell)
            first = screen(shell)
            assert screen(shell) == first
            assert _state(shell) == before
