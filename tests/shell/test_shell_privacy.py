"""No spoken or shown text ever names a card held by another seat, over whole matches."""

from __future__ import annotations

import re

import pytest
from shell_harness import Harness, easy_table, harness

from spades_voice.narration.naming import card_name, rank_name
from spades_voice.rules import SEATS, Card, Rank, Suit
from spades_voice.shell.screen import screen
from spades_voice.speech import Kind, RecorderSpeaker
from spades_voice.table import LocalTable

CARD = re.compile(
    r"\b(2|3|4|5|6|7|8|9|10|jack|queen|king|ace) of (spades|hearts|diamonds|clubs)\b",
    re.IGNORECASE,
)
SUIT_LIST = re.compile(r"\b(Spades|Hearts|Diamonds|Clubs): ([^.]+)\.")
RANKS = {rank_name(r): r for r in Rank}


def named_cards(text: str) -> list[Card]:
    out = []
    for rank, suit in CARD.findall(text):
        out.append(Card(Suit[suit.upper()], RANKS[rank.lower()]))
    return out


class CheckingSpeaker(RecorderSpeaker):
    """Records, and checks each utterance against the hands at the moment it is said."""

    def __init__(self, table: LocalTable) -> None:
        super().__init__()
        self.table = table
        self.harness: Harness | None = None
        self.leaks: list[str] = []
        self.checked = 0

    def check(self, text: str, kind: Kind | None) -> None:
        state = self.table.state
        hand = state.hand
        if hand is None:
            return
        shell = self.harness.shell if self.harness else None
        if shell is not None and (shell.between is not None or shell.over):
            return  # talking about the finished hand, all of whose cards were played
        others = {c for s in SEATS if s is not self.table.seat for c in hand.held(s)}
        # The last card and trick of a hand are spoken just after the next deal, before
        # anyone plays in it: those events name cards of the hand that ended.
        window = kind is Kind.EVENT and not hand.plays
        self.checked += 1
        for card in named_cards(text):
            if card in others and not window:
                self.leaks.append(f"{text!r} names the {card_name(card)}")
        mine = set(hand.held(self.table.seat))
        for suit, ranks in SUIT_LIST.findall(text):
            if ranks == "none":
                continue
            for rank in ranks.split(", "):
                card = Card(Suit[suit.upper()], RANKS[rank])
                if card not in mine:
                    self.leaks.append(f"{text!r} lists the {card_name(card)} as yours")

    def query(self, text: str) -> None:
        self.check(text, Kind.QUERY)
        super().query(text)

    def event(self, text: str) -> None:
        self.check(text, Kind.EVENT)
        super().event(text)


ALL_QUERIES = ["h", "b", "t", "c", "m", "o", "l", "s", "w"]


def _everything(h: Harness) -> None:
    """At every turn: every query key, a walk along the hand, the lists; a hint on some
    turns (the real AI thinks for a while)."""
    h.press(*ALL_QUERIES)
    if len(h.table.state.decisions) % 7 == 0:
        h.press("i")
    h.press("home", "right", "right", "end", "down", "up")
    for opener in ("k", "g"):
        h.press(opener, "down", "down", "end", "home", "escape")
    assert h.shell is not None
    speaker = h.speaker
    assert isinstance(speaker, CheckingSpeaker)
    for card in named_cards(screen(h.shell).text):
        hand = h.table.state.hand
        if hand is not None and h.shell.between is None:
            assert card in hand.held(h.table.seat), screen(h.shell).text


@pytest.mark.parametrize(("seed", "blind"), [(2, False), (13, True)])
def test_no_text_names_another_seats_card(seed: int, blind: bool) -> None:
    table = easy_table(seed, target=200, blind_nil=blind)
    speaker = CheckingSpeaker(table)
    with harness(table, speaker=speaker) as h:
        speaker.harness = h
        h.play_to_end(on_turn=_everything)
        assert speaker.checked > 1000
        assert speaker.leaks == []


def test_the_checker_catches_a_leak() -> None:
    table = easy_table(2)
    speaker = CheckingSpeaker(table)
    hand = table.state.hand
    assert hand is not None
    theirs = hand.held(SEATS[1])[0]
    speaker.query(f"Robin holds the {card_name(theirs)}.")
    assert speaker.leaks
