"""Golden transcripts: a scripted match narrated event by event, with every summary at each
of the player's turns. Regenerate with SPADES_VOICE_REGEN_GOLDEN=1 after a deliberate
change of words, and read the diff.

The computers here play a fixed rule (bid by honours, play the lowest legal card), so the
transcripts depend only on the rules and the words, never on the AI.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from spades_voice import narration as say
from spades_voice.narration import Cast, event_lines
from spades_voice.narration.language import Language, speaking
from spades_voice.rules import Bid, Decision, Phase, Rank, Ruleset, Seat, SeatView
from spades_voice.table import HandScored, LocalTable

GOLDEN = Path(__file__).parent / "golden"


class LowestCard:
    """Bids its aces and kings (at least 1); plays its lowest legal card."""

    def decide(self, view: SeatView) -> Decision:
        if view.legal_bids:
            honours = sum(c.rank >= Rank.KING for c in view.hand)
            return Bid(max(1, honours))
        return min(view.legal_cards, key=lambda c: (c.rank, c.suit.index))


def transcript(seed: int, ruleset: Ruleset, brief: bool, nil_seat: Seat | None = None) -> str:
    players = {s: LowestCard() for s in (Seat.W, Seat.N, Seat.E)}
    table = LocalTable(ruleset, seed, players=players)
    cast = Cast(table.seat, table.names())
    out: list[str] = []
    me = LowestCard()

    def summaries(view: SeatView) -> None:
        out.append(f"  [H] {say.hand_summary(view)}")
        out.append(f"  [B] {say.bids_summary(view, cast, brief=brief)}")
        out.append(f"  [S] {say.scores_summary(view, cast, 125.0)}")
        out.append(f"  [T] {say.trick_summary(view, cast, brief=brief)}")
        out.append(f"  [C] {say.count_summary(view)}")
        out.append(f"  [M] {say.since_last_turn(view, cast, brief=brief)}")
        out.append(f"  [O] {say.what_we_need(view, cast)}")
        out.append(f"  [L] {say.last_trick_summary(view.tricks, cast, brief=brief)}")

    out.append(f"  [W] {say.seats_summary(table.view(), cast, brief=brief)}")
    for _ in range(2000):
        for event in table.drain():
            out.extend(event_lines(event, cast, brief=brief))
            if isinstance(event, HandScored):  # while the result stands, before N
                between = event.outcome
                out.append(f"  [H] {say.between_hands(between)}")
                out.append(f"  [B] {say.outcome_bids(between, cast, brief=brief)}")
                out.append(f"  [S] {say.scores_summary(table.view(), cast, 600.0, after=between)}")
        if table.state.over:
            break
        if table.computer_to_act():
            table.step()
            continue
        view = table.view()
        summaries(view)
        decision = me.decide(view)
        if nil_seat is Seat.S and view.phase is Phase.BIDDING:
            decision = Bid(0)
        table.submit(decision)
    out.append(f"  [B] {say.bids_summary(table.view(), cast, brief=brief)}")
    out.append(f"  [S] {say.scores_summary(table.view(), cast)}")
    return "\n".join(out) + "\n"


CASES = {
    "single_hand_brief": (7, Ruleset(target=None), True, None),
    "to_200_full": (3, Ruleset(target=200), False, None),
    "nil_bid_brief": (11, Ruleset(target=None), True, Seat.S),
}
#: The same matches heard in Spanish (``golden/es/``): every line through the catalog.
SPANISH = ("single_hand_brief", "to_200_full", "nil_bid_brief")
NAMES = {"Alex", "Robin", "Sam"}


@pytest.mark.parametrize("name", list(CASES))
def test_golden_transcript(name: str) -> None:
    seed, ruleset, brief, nil_seat = CASES[name]
    text = transcript(seed, ruleset, brief, nil_seat)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("SPADES_VOICE_REGEN_GOLDEN") == "1" or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_transcripts_are_pure() -> None:
    seed, ruleset, brief, nil_seat = CASES["single_hand_brief"]
    assert transcript(seed, ruleset, brief, nil_seat) == transcript(seed, ruleset, brief, nil_seat)


@pytest.mark.parametrize("name", SPANISH)
def test_golden_transcript_in_spanish(name: str) -> None:
    seed, ruleset, brief, nil_seat = CASES[name]
    with speaking(Language.ES):
        text = transcript(seed, ruleset, brief, nil_seat)
    path = GOLDEN / "es" / f"{name}.txt"
    if os.environ.get("SPADES_VOICE_REGEN_GOLDEN") == "1" or not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    # Line by line against the English (outside the block): any line with a word in it
    # besides the players' names is said differently, so none stayed English.
    english = transcript(seed, ruleset, brief, nil_seat).splitlines()
    spanish = text.splitlines()
    assert len(english) == len(spanish)
    same = [
        line for line, theirs in zip(english, spanish, strict=True)
        if line == theirs and set(re.findall(r"[A-Za-z]{2,}", line)) - NAMES
    ]
    assert same == []
