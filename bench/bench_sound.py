"""Event → cue start, against issue 13's target (p95 ≤ 30 ms).

"Cue start" is the moment the cue's first frame is due in the stream (the sound log's
``wait_ms``): when the device's callback hands it to the audio library, or, when the
callback ran late (it is Python, and waits for the GIL while a computer thinks), when it
would have had it run on time, or the moment the cue was asked if that is later: a late
block is still played at its own place in the stream, the device's buffer having covered
the wait (``sound.mixer``). The device then plays it after that buffer, which this prints
too. Three runs, and one more figure:

* idle: cues one at a time;
* a computer thinking: the same while a Hard computer thinks in another thread, as during
  play (pure Python holding the GIL is the worst case for a Python audio callback);
* events through the shell: real table events at quick pace through the shell and
  ``TableCues``, the first cue of each event;
* how long ``play`` holds the shell's thread, the one that answers keys.

Cues are spaced 130-250 ms apart at random: past the room the mixer leaves between cues
that arrive together (so this measures delay, not spacing), and never in step with the
device period.
With no sound card (this machine, CI) it uses miniaudio's null device, a real device on a
real-time clock that discards the samples: ``SPADES_VOICE_SOUND_BACKEND`` picks another.
Run: nice -n 15 python bench/bench_sound.py [-n N]. It prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import threading
import time

from spades_voice.rules import Seat
from spades_voice.sound import Cue, SoundPlayer
from spades_voice.sound.device import BACKEND_ENV, PERIOD_MS

TARGET_MS = 30.0
#: How long each ``play`` call held the calling thread (the shell's, which answers keys).
CALLS: list[float] = []


def p95(ms: list[float]) -> float:
    return statistics.quantiles(ms, n=20)[-1]


def report(label: str, ms: list[float]) -> None:
    print(
        f"{label:<28} n={len(ms):4d}  median={statistics.median(ms):6.2f} ms  "
        f"p95={p95(ms):6.2f} ms  max={max(ms):6.2f} ms  "
        f"{'OK' if p95(ms) <= TARGET_MS else 'OVER'} (target p95 <= {TARGET_MS:g} ms)"
    )


def waits(log: io.StringIO) -> list[float]:
    rows = [json.loads(line) for line in log.getvalue().splitlines()]
    return [r["wait_ms"] for r in rows if r["status"] == "played"]


def run_cues(n: int, rng: random.Random) -> list[float]:
    log = io.StringIO()
    player = SoundPlayer(Seat.S, log=log)
    player.start()
    player.warm()
    status = player.status()
    if not status.works:
        raise SystemExit(f"no sound: {status.detail}")
    time.sleep(0.5)  # let the background rendering finish, as it does before the deal
    seats = [Seat.W, Seat.N, Seat.E, Seat.S]
    for i in range(n):
        began = time.perf_counter()
        player.play(Cue.CARD, seats[i % 4])
        CALLS.append(1000 * (time.perf_counter() - began))
        time.sleep(rng.uniform(0.13, 0.25))
    player.wait_idle(2.0)
    player.close()
    return waits(log)


def run_shell_events(hands: int) -> list[float]:
    """Real table events through the shell (``Shell.pump`` → ``TableCues`` → the player)
    at quick pace, one decision every 0.6 s as the game paces them: event → the start of
    the first cue it made (the rest of a burst waits its spacing on purpose)."""
    from spades_voice.ai import Level, make_player
    from spades_voice.options import Pace
    from spades_voice.rules import Ruleset
    from spades_voice.shell.keymap import load_keymap
    from spades_voice.shell.startup import start
    from spades_voice.shell.state import Shell
    from spades_voice.speech import NullSpeaker
    from spades_voice.store.base import ShellHooks
    from spades_voice.table import LocalTable

    log = io.StringIO()
    player = SoundPlayer(Seat.S, log=log)
    player.start()
    player.warm()
    player.status()
    time.sleep(0.5)
    players = {s: make_player(Level.EASY, random.Random(s.value)) for s in (Seat.W, Seat.N, Seat.E)}
    table = LocalTable(Ruleset(target=None), seed=5, players=players)
    me = make_player(Level.EASY, random.Random(1))
    shell = Shell(table, NullSpeaker(), ShellHooks(), load_keymap(use_user=False),
                  pace=Pace.QUICK, hold_between_hands=False, sound=player)
    start(shell)
    while table.state.hand_number <= hands and not table.state.over:
        if table.computer_to_act():
            table.step()
        else:
            table.reveal()
            table.submit(me.decide(table.view()))
        shell.pump()
        time.sleep(Pace.QUICK.computer_delay)
    player.wait_idle(2.0)
    player.close()
    rows = sorted((json.loads(line) for line in log.getvalue().splitlines()),
                  key=lambda r: r["mono"])
    out: list[float] = []
    last = -1.0
    for row in rows:
        if row["mono"] - last > 0.05 and row["status"] == "played":  # a new pump's first
            out.append(row["wait_ms"])
        last = row["mono"]
    return out


def thinking(stop: threading.Event) -> None:
    """A Hard computer deciding, over and over, as during play."""
    from spades_voice.ai import Level, make_player
    from spades_voice.table import LocalTable

    table = LocalTable(seed=7, level=Level.HARD)
    me = make_player(Level.HARD, random.Random(1))
    while not stop.is_set():
        if table.state.over:
            table.new_match()
        elif table.computer_to_act():
            table.step()
        else:
            table.submit(me.decide(table.view()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=150, help="cues per run")
    args = parser.parse_args()
    os.environ.setdefault(BACKEND_ENV, "null")
    print(f"backend {os.environ[BACKEND_ENV]}, device period {PERIOD_MS} ms")
    rng = random.Random(13)
    report("idle", run_cues(args.n, rng))
    stop = threading.Event()
    worker = threading.Thread(target=thinking, args=(stop,), daemon=True)
    worker.start()
    try:
        report("a computer thinking", run_cues(args.n, rng))
    finally:
        stop.set()
        worker.join(5)
    report("events through the shell", run_shell_events(1))
    print(
        f"play() on the shell's thread: median {statistics.median(CALLS) * 1000:.0f} us, "
        f"p95 {p95(CALLS) * 1000:.0f} us, max {max(CALLS) * 1000:.0f} us (never waits)"
    )
    print(
        f"then the device's buffer: about {3 * PERIOD_MS} ms on ALSA/PulseAudio "
        "(three periods), before the first sample is heard"
    )


if __name__ == "__main__":
    main()
