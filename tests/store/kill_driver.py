"""A game process for the SIGKILL tests, without the spoken shell: LocalTable + StoreHooks.

    python kill_driver.py SEED [--check]

With ``--check`` it loads (clearing what a killed process left), reports START and
exits without playing, so the parent can inspect the folder with no write under way.

The data directory comes from $SPADES_VOICE_DATA_DIR. It continues the saved match if
there is one, otherwise starts a new single-hand match, and plays for ever (a new match
after each one ends, now and then an undo) until it is killed. It reports on stdout,
one line each, flushed:

    START <digest or -> <played> <elapsed>   after loading (digest of the loaded match)
    SAVING <digest> <over>                    before decision_made writes this match
    SAVED <digest> <over>                     after it returned

so the parent knows which saves can be on disk when it kills the process.
"""

from __future__ import annotations

import hashlib
import random
import sys

import spades_voice.table as table_module
from spades_voice.ai import Level, make_player
from spades_voice.rules import Match, MatchState, Ruleset, Seat, view_of
from spades_voice.store import StoreHooks
from spades_voice.store.save import match_to_json

# Every computer plays Easy: this test is about saving, not thinking.
table_module.make_player = lambda level, rng, **kw: make_player(Level.EASY, rng)  # type: ignore[assignment]


def digest(match: Match | None) -> str:
    if match is None:
        return "-"
    text = repr(match_to_json(match)).encode()
    return hashlib.sha1(text).hexdigest()[:16]


def say(*parts: object) -> None:
    sys.stdout.write(" ".join(str(p) for p in parts) + "\n")
    sys.stdout.flush()


def main() -> None:
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    hooks = StoreHooks()
    say(
        "START",
        digest(hooks.current_match),
        hooks.statistics.played,
        f"{hooks.elapsed_seconds():.3f}",
    )
    if sys.argv[2:] == ["--check"]:
        return
    saved = hooks.saved_match()
    if saved is not None:
        table = table_module.LocalTable(match=saved, level=Level.EASY)
    else:
        hooks.start_new(None)
        table = table_module.LocalTable(Ruleset(target=None), seed=seed, level=Level.EASY)
    me = make_player(Level.EASY, random.Random(seed + 1))
    hooks.clock_running(True)
    while True:
        state: MatchState = table.state
        if state.over:
            hooks.match_finished(state.match, view_of(state, Seat.S))
            hooks.start_new(None)
            table.new_match()
            continue
        if state.can_undo(Seat.S) and rng.random() < 0.03:
            table.undo()
        elif table.computer_to_act():
            table.step()
        else:
            table.reveal()
            table.submit(me.decide(table.view()))
        over = int(table.state.over)
        say("SAVING", digest(table.match), over)
        hooks.decision_made(table.match)
        say("SAVED", digest(table.match), over)


if __name__ == "__main__":
    main()
