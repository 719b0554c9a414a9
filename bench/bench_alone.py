"""Playing alone in the browser, on 127.0.0.1 (a bench, not a timed test): the server
runs the terminal's game for each page, so what a key costs is the shell's work plus one
frame. Through the real server and door, a websocket client in place of the page:

* key -> its frame: H (an answer from the table), p50 and p95;
* I (a hint: Hard thinks in the server's workers) -> the frame with its answer (3 by
  default: a page has 3 at once, then one every 2 s, as a browser seat has);
* a card played at instant pace -> the frame that says it is your turn again (three
  computers think, the partner Hard), per trick;
* the WAV files of the sound cues, made once when the server starts: bytes, and seconds;
* with ``--flood``: H -> its frame while another page alone presses I over and over (each
  press once the last was answered), at its turn to bid: what one player's hints cost
  everyone else on the server.

    python bench/bench_alone.py              # 40 presses of H, 3 hints, one hand
    python bench/bench_alone.py --keys 100 --level hard
    python bench/bench_alone.py --flood --keys 100
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "alone"))

from alone_helpers import AlonePage, alone_server, my_turn_to_play

from spades_voice.alone.door import folder_name
from spades_voice.alone.sound import cue_files
from spades_voice.options import Pace
from spades_voice.store.settings import Settings


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    p50 = statistics.median(values)
    return f"p50 {1000 * p50:.1f} ms, p95 {1000 * p95:.1f} ms (n={len(values)})"


def _timed(page: AlonePage, key: str) -> float:
    n = page.state["alone"]["keys"] + 1
    began = time.perf_counter()
    page.press(key)
    page.until(lambda p: p.state["alone"]["keys"] >= n)
    return time.perf_counter() - began


def _flood(server: object, stop: threading.Event, flooding: threading.Event,
           pressed: list[int]) -> None:
    """Another page alone, at its turn to bid, pressing I until ``stop``."""
    page = AlonePage(server, level="hard", target="single")  # type: ignore[arg-type]
    page.until(lambda p: p.state["bidding"])
    flooding.set()
    while not stop.is_set():
        _timed(page, "i")
        pressed[0] += 1
    page.close()


def flood(tmp: str, keys: int) -> None:
    """H at one page while another floods I."""
    with alone_server(Path(tmp), seed=5) as server:
        stop, flooding, pressed = threading.Event(), threading.Event(), [0]
        flooder = threading.Thread(target=_flood, args=(server, stop, flooding, pressed))
        page = AlonePage(server, level="easy", target="single")
        page.until(lambda p: p.state["bidding"])
        print("H -> its frame, alone on the server:", _ms([_timed(page, "h") for _ in range(keys)]))
        flooder.start()
        flooding.wait(60)
        began = pressed[0]
        print("H -> its frame, while another page presses I:",
              _ms([_timed(page, "h") for _ in range(keys)]),
              f"({pressed[0] - began} hints answered meanwhile)")
        stop.set()
        flooder.join(120)
        page.close()


def _hinted(page: AlonePage) -> float:
    """I, until its answer: the frame after the key, then the answer from a worker."""
    answers = sum(len(f.get("urgent", [])) for f in page.frames)
    began = time.perf_counter()
    page.press("i")
    page.until(lambda p: sum(len(f.get("urgent", [])) for f in p.frames) > answers)
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--hints", type=int, default=3)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--flood", action="store_true",
                        help="only H while another page presses I")
    args = parser.parse_args()
    if args.flood:
        with tempfile.TemporaryDirectory() as tmp:
            flood(tmp, args.keys)
        return
    began = time.perf_counter()
    files = cue_files()
    made = time.perf_counter() - began
    print(f"sound cues: {len(files)} WAV files, {sum(map(len, files.values())) / 1024:.0f} KB,"
          f" made in {made:.2f} s")
    with tempfile.TemporaryDirectory() as tmp, alone_server(Path(tmp), seed=5) as server:
        token = "bench-page-token-0123456789abcdefghijklmnop"
        folder = Path(tmp) / folder_name(token)
        folder.mkdir()
        (folder / "settings.json").write_bytes(Settings(pace=Pace.INSTANT).to_bytes())
        page = AlonePage(server, token=token, level=args.level, target="single")
        page.until(lambda p: p.state["bidding"])
        print("H -> its frame:", _ms([_timed(page, "h") for _ in range(args.keys)]))
        print("I (hint) -> its answer:", _ms([_hinted(page) for _ in range(args.hints)]))
        page.press("enter")
        page.until(my_turn_to_play)
        tricks = []
        while page.state["hand"] and not page.state["alone"]["over"]:
            held = len(page.state["hand"])
            page.press("tab")
            t0 = time.perf_counter()
            page.press("enter")
            page.until(lambda p, h=held: p.state["alone"]["over"] or (
                len(p.state["hand"]) == h - 1 and my_turn_to_play(p)), timeout=120)
            tricks.append(time.perf_counter() - t0)
        print(f"card -> your turn again ({args.level} opponents, Hard partner):", _ms(tricks))
        page.close()


if __name__ == "__main__":
    main()
