"""Shared pieces for the store tests: a steppable clock and a seeded player for every seat."""

from __future__ import annotations

import random
from pathlib import Path

from spades_voice.rules import Decision, Match, MatchState, Phase, Ruleset, Seat, view_of
from spades_voice.store import StoreHooks


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def choose(state: MatchState, rng: random.Random) -> Decision:
    """A legal decision for whoever acts: modest bids (nil now and then), random cards."""
    hand = state.hand
    assert hand is not None
    if hand.phase is Phase.BIDDING:
        bids = [b for b in hand.legal_bids() if b.tricks <= 4 and not b.blind]
        return rng.choice(bids)
    return rng.choice(hand.legal_cards())


def play(
    hooks: StoreHooks,
    state: MatchState,
    count: int,
    rng: random.Random,
    clock: FakeClock | None = None,
) -> None:
    """Make ``count`` decisions (fewer if the match ends), telling the hooks as the shell does."""
    for _ in range(count):
        if state.over:
            return
        state.apply(choose(state, rng))
        if clock is not None:
            clock.advance(2.0)
        hooks.decision_made(state.match)
        if state.over:
            hooks.match_finished(state.match, view_of(state, Seat.S))


def finish(hooks: StoreHooks, state: MatchState, rng: random.Random) -> None:
    play(hooks, state, 10_000, rng)
    assert state.over


def short_match(seed: int | str = 1) -> MatchState:
    """A single-hand match (ties play on), so a whole match is about 56 decisions."""
    return MatchState(Match(ruleset=Ruleset(target=None), seed=seed))


def won_by(team_name: str, start_seed: int = 0) -> tuple[MatchState, random.Random]:
    """A fresh short match and a generator that, played out, make ``team_name`` win."""
    for seed in range(start_seed, start_seed + 200):
        state = short_match(seed)
        rng = random.Random(seed)
        probe = state.clone()
        probe_rng = random.Random(seed)
        while not probe.over:
            probe.apply(choose(probe, probe_rng))
        assert probe.winner is not None
        if probe.winner.value == team_name:
            return state, rng
    raise AssertionError("no seed found")


def crash(hooks: StoreHooks) -> None:
    """End a session the way a killed process ends: no ``close``, nothing saved; only
    the folder lock goes, as the operating system releases it."""
    hooks.lock.release()


def quick_write(path: Path, data: bytes) -> None:
    """A writer without fsync, for tests that count rather than test durability."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.quick.tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
