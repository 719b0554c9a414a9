"""No computer player and no hint ever reads a hidden card.

Three proofs: (1) the only input is a SeatView, and a SeatView holds no card of another
seat; (2) two tables that differ only in the hidden cards give the same views, decisions and
hints; (3) no module of ``ai/`` may even reach the objects that hold the deal.
"""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import play_hand

from spades_voice.ai import HardPlayer, Level, Player, hint, make_player
from spades_voice.narration.naming import card_name
from spades_voice.narration.reasons import english
from spades_voice.rules import (
    CARDS,
    Card,
    Deal,
    DealtHand,
    Match,
    MatchState,
    Ruleset,
    Seat,
    SeatView,
    view_of,
)

AI_DIR = Path(__file__).resolve().parents[2] / "spades_voice" / "ai"


def _cards_in(value: object) -> Iterator[Card]:
    """Every Card reachable from a view's fields."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _cards_in(getattr(value, f.name))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _cards_in(k)
            yield from _cards_in(v)
    elif isinstance(value, tuple | list | frozenset | set):
        for v in value:
            yield from _cards_in(v)


def _hidden(state: MatchState, seat: Seat) -> set[Card]:
    assert state.hand is not None
    return {c for s in Seat if s is not seat for c in state.hand.held(s)}


def test_a_view_holds_no_hidden_card_at_any_moment() -> None:
    for seed in range(20):
        state = MatchState(Match(Ruleset(target=None), seed=seed))
        medium = make_player(Level.MEDIUM, random.Random(seed))
        while state.hand is not None and not state.outcomes:
            for seat in Seat:
                view = view_of(state, seat)
                assert not set(_cards_in(view)) & _hidden(state, seat)
            state.apply(medium.decide(view_of(state, state.to_act)))  # type: ignore[arg-type]


def _twin(state: MatchState, seat: Seat, rng: random.Random) -> MatchState:
    """The same table with the hidden cards shuffled among the other seats, each keeping
    its count and its shown-out suits (cards are swapped only within a suit)."""
    hand = state.hand
    assert hand is not None
    others = [s for s in Seat if s is not seat]
    held = {s: list(hand.held(s)) for s in others}
    for suit_cards in (
        {c for s in others for c in held[s] if c.suit is su}
        for su in {c.suit for s in others for c in held[s]}
    ):
        owners = [s for s in others for c in held[s] if c in suit_cards]
        pool = sorted(suit_cards)
        rng.shuffle(pool)
        for s in others:
            held[s] = [c for c in held[s] if c not in suit_cards]
        for s, c in zip(owners, pool, strict=True):
            held[s].append(c)
    dealt = state.dealt[-1]
    played = {
        s: [c for t in (*hand.tricks, hand.current_trick) for (p, c) in t.plays if p is s]
        for s in Seat
    }
    masks = {
        s: list(hand.held(s)) + played[s] if s is seat else held.get(s, []) + played[s]
        for s in Seat
    }
    twin_deal = Deal.from_hands(masks)
    match = Match(
        state.ruleset, deals=(DealtHand(dealt.dealer, twin_deal),), decisions=state.hand_decisions()
    )
    return MatchState(match)


@pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM, Level.HARD])
def test_hidden_cards_do_not_change_any_decision(level: Level) -> None:
    rng = random.Random(9)
    changed = 0
    for seed in range(6):
        state = MatchState(Match(Ruleset(target=None), seed=200 + seed))
        medium = make_player(Level.MEDIUM, random.Random(seed))
        for _ in range(4 + 5 * seed):  # bids, then into the play
            state.apply(medium.decide(view_of(state, state.to_act)))  # type: ignore[arg-type]
        seat = state.to_act
        assert seat is not None
        twin = _twin(state, seat, rng)
        changed += twin.hand.deal != state.hand.deal  # type: ignore[union-attr]
        a, b = view_of(state, seat), view_of(twin, seat)
        assert a == b

        def player(seed: int = seed) -> Player:
            if level is Level.HARD:
                return HardPlayer(random.Random(seed), 10.0, safety_net=False)
            return make_player(level, random.Random(seed))

        assert player().decide(a) == player().decide(b)
        ha = hint(a, random.Random(seed), budget_ms=5.0)
        hb = hint(b, random.Random(seed), budget_ms=5.0)
        # The clock's safety net could differ between the two; the reason may not.
        if ha.decision == hb.decision:
            assert ha == hb
    assert changed >= 4  # the twins really did hide different cards


_SPOKEN = {card_name(c): c for c in CARDS}
_CARD_NAME = re.compile(r"\b(?:[2-9]|10|jack|queen|king|ace) of (?:spades|hearts|diamonds|clubs)")


def _named(text: str) -> set[Card]:
    return {_SPOKEN[m] for m in _CARD_NAME.findall(text)}


def test_no_hint_names_a_card_held_by_another_seat() -> None:
    named_any = 0
    for seed in range(8):
        state = MatchState(Match(Ruleset(target=None), seed=300 + seed))
        rng = random.Random(seed)

        def decide(view: SeatView, state: MatchState = state, rng: random.Random = rng) -> Card:
            h = hint(view, rng, budget_ms=4.0)
            said = english(h.reason)
            assert said.endswith(".") and len(said) < 100, said
            named = _named(said)
            hidden = _hidden(state, view.seat)
            assert not named & hidden, (said, named & hidden)
            assert named <= set(view.hand) | set(view.played)
            nonlocal named_any
            named_any += len(named)
            return h.decision  # type: ignore[return-value]

        play_hand(state, decide)
    assert named_any > 100  # the check bit: reasons do name cards


# ---- structure: ai/ cannot reach the deal ------------------------------------------

#: Names that hold or reach other seats' cards. Only the arena, the referee, may use the
#: table objects, and even it must hand players views only (checked below).
FORBIDDEN_NAMES = {"HandState", "MatchState", "Deal", "DealtHand", "deal_for"}
FORBIDDEN_MODULES = {
    "spades_voice.rules.hand",
    "spades_voice.rules.match",
    "spades_voice.rules.record",
}
FORBIDDEN_ATTRS = {
    "_held",
    "held",
    "held_mask",
    "deal",
    "masks",
    "hand_decisions",
    "_won",
    "_trick",
    "_void",
}
REFEREE = {"arena.py"}


def _violations(tree: ast.AST, referee: bool) -> list[str]:
    bad: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if mod in FORBIDDEN_MODULES:
                bad.append(f"imports {mod}")
            for alias in node.names:
                if alias.name in FORBIDDEN_NAMES and not referee:
                    bad.append(f"imports {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in FORBIDDEN_MODULES:
                    bad.append(f"imports {alias.name}")
        elif isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRS and not referee:
            bad.append(f"reads .{node.attr}")
        elif isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES and not referee:
            bad.append(f"uses {node.id}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in {"__import__", "getattr", "eval", "exec"}
        ):
            bad.append(f"calls {node.func.id}")
    return bad


def test_ai_modules_cannot_reach_other_hands() -> None:
    files = sorted(AI_DIR.rglob("*.py"))  # fastplay/ too
    assert len(files) >= 8
    for path in files:
        tree = ast.parse(path.read_text(), filename=str(path))
        assert _violations(tree, path.name in REFEREE) == [], path.name


def test_the_structural_check_catches_a_peek() -> None:
    peeks = [
        "from spades_voice.rules import HandState\n",
        "from spades_voice.rules.hand import Deal\n",
        "def f(state):\n    return state.hand.held_mask(1)\n",
        "def f(view):\n    return getattr(view, 'x')\n",
        "import spades_voice.rules.match\n",
    ]
    for src in peeks:
        assert _violations(ast.parse(src), referee=False), src


def test_the_arena_hands_players_only_views() -> None:
    tree = ast.parse((AI_DIR / "arena.py").read_text())
    calls = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "decide"
    ]
    assert calls
    view_names = {
        t.id
        for n in ast.walk(tree)
        if isinstance(n, ast.Assign)
        and isinstance(n.value, ast.Call)
        and isinstance(n.value.func, ast.Name)
        and n.value.func.id == "view_of"
        for t in n.targets
        if isinstance(t, ast.Name)
    } | {  # a parameter typed SeatView: rules.play_match hands it view_of's view
        a.arg
        for n in ast.walk(tree)
        if isinstance(n, ast.FunctionDef)
        for a in n.args.args
        if isinstance(a.annotation, ast.Name) and a.annotation.id == "SeatView"
    }
    for call in calls:
        assert len(call.args) == 1 and not call.keywords
        arg = call.args[0]
        assert isinstance(arg, ast.Name) and arg.id in view_names
