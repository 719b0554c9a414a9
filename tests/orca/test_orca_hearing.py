"""The comparison the Orca tests judge by: the page's lines against what reached speech."""

from __future__ import annotations

from orca_helpers import hearing, lines_in_speech, sentences


def test_sentences_split_where_orca_splits() -> None:
    assert sentences(" Hand 1.  Alex deals. ") == ["Hand 1.", "Alex deals."]
    assert sentences("Your turn, hearts led.") == ["Your turn, hearts led."]


def test_a_line_spoken_in_pieces_among_other_speech_is_found() -> None:
    spoken = ["return", "Your hand List with 13 items", "Hand 1.", "Alex deals.", "tab"]
    assert lines_in_speech(spoken, ["Hand 1. Alex deals."]) == ["Hand 1. Alex deals."]
    # Half a line is not the line.
    assert lines_in_speech(["Hand 1.", "tab"], ["Hand 1. Alex deals."]) == []


def test_every_line_once_in_order_is_all_heard() -> None:
    lines = ["Ann bids 1.", "Your lead.", "You take it.", "Your lead."]
    result = hearing(lines, ["Ann bids 1.", "h", "Your lead.", "You take it.", "Your lead."])
    assert (result.heard, result.lost, result.twice) == (4, [], [])


def test_a_lost_line_a_repeat_and_the_wrong_order_are_each_seen() -> None:
    lines = ["Ann bids 1.", "Robin bids 2.", "Your bid. 2 selected."]
    lost = hearing(lines, ["Ann bids 1.", "Your bid.", "2 selected."])
    assert (lost.heard, lost.lost) == (2, ["Robin bids 2."])
    twice = hearing(lines, ["Ann bids 1.", "Robin bids 2.", "Robin bids 2.", "Your bid.",
                            "2 selected."])
    assert (twice.heard, twice.twice) == (3, ["Robin bids 2."])
    swapped = hearing(lines, ["Robin bids 2.", "Ann bids 1.", "Your bid. 2 selected."])
    assert swapped.heard == 2 and len(swapped.lost) == 1 and swapped.missing == []
    assert lost.missing == ["Robin bids 2."] and twice.missing == []
    # A line said as often as it was announced is not missing, one said fewer times is.
    again = ["Your lead.", "You take it.", "Your lead."]
    assert hearing(again, ["Your lead.", "You take it."]).missing == ["Your lead."]
