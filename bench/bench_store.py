"""Save latency per decision: what StoreHooks.decision_made costs the shell.

    python bench/bench_store.py [--decisions N] [--dir DIR] [--history N]

Plays seeded random decisions through a 500-point match (replaying into new matches as
needed) and times each ``decision_made`` call, which rewrites ``save.json`` atomically
(temp file, fsync, rename, fsync of the folder). Prints median, 90th, 99th percentile
and the largest, with and without fsync, so the disk's share is visible; then again with
the history a save keeps beside the match (``--history`` entries in the shell's history,
one in five a note, as a long match to 500 points leaves it): the notes gathered from the
history and written with every save.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from spades_voice.options import EventKind
from spades_voice.rules import Match, MatchState, Phase
from spades_voice.shell.narrator import Narrator
from spades_voice.speech import RecorderSpeaker
from spades_voice.store import StoreHooks


def _no_fsync_writer(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.bench.tmp")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp.write_bytes(data)
    tmp.replace(path)


def _history(entries: int) -> Narrator:
    """A shell's history of ``entries`` lines: table lines, and a note every fifth."""
    narrator = Narrator(RecorderSpeaker())
    for i in range(entries):
        if i % 5 == 4:
            narrator.recall("Your turn, clubs led.", EventKind.TURNS)
        else:
            narrator.recall("Robin, 9 of hearts.", EventKind.CARDS, narrator.events_told)
            narrator.events_told += 1
    return narrator


def run(decisions: int, folder: Path, fsync: bool, history: int = 0) -> list[float]:
    kwargs = {} if fsync else {"writer": _no_fsync_writer}
    hooks = StoreHooks(folder, **kwargs)  # type: ignore[arg-type]
    if history:
        hooks.follow_history(_history(history).kept)
    rng = random.Random(1)
    state = MatchState(Match(seed=1))
    times: list[float] = []
    while len(times) < decisions:
        if state.over:
            hooks.match_finished(state)
            hooks.start_new(None)
            state = MatchState(Match(seed=rng.randrange(10**6)))
        hand = state.hand
        assert hand is not None
        if hand.phase is Phase.BIDDING:
            state.apply(rng.choice([b for b in hand.legal_bids() if 1 <= b.tricks <= 4]))
        else:
            state.apply(rng.choice(hand.legal_cards()))
        start = time.perf_counter()
        hooks.decision_made(state.match)
        times.append(time.perf_counter() - start)
    return times


def _report(label: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    q = statistics.quantiles(ms, n=100)
    print(
        f"{label}: {len(ms)} decisions, median {statistics.median(ms):.2f} ms, "
        f"p90 {q[89]:.2f} ms, p99 {q[98]:.2f} ms, max {ms[-1]:.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=500)
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--history", type=int, default=2500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        _report("atomic save with fsync", run(args.decisions, Path(tmp) / "a", True))
        _report("same without fsync   ", run(args.decisions, Path(tmp) / "b", False))
        size = (Path(tmp) / "a" / "save.json").stat().st_size
        print(f"save.json at the end: {size} bytes")
        n = args.history
        _report(f"with a {n}-entry history, fsync", run(args.decisions, Path(tmp) / "c", True, n))
        _report(f"same without fsync{' ' * 12}", run(args.decisions, Path(tmp) / "d", False, n))
        size = (Path(tmp) / "c" / "save.json").stat().st_size
        print(f"save.json with the history: {size} bytes")


if __name__ == "__main__":
    main()
