"""The mixer, block by block, on a clock the test moves: spacing, skipping, mixing."""

from __future__ import annotations

from array import array

from spades_voice.rules import Seat
from spades_voice.sound import Cue, CueRequest, Pcm
from spades_voice.sound.mixer import MAX_WAIT, Mixer, Queued, Started

RATE = 1000  # one frame a millisecond keeps the arithmetic readable


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def flat(value: int, frames: int) -> Pcm:
    return Pcm(array("h", [value] * (2 * frames)).tobytes(), RATE)


def left(block: bytes) -> list[int]:
    samples = array("h")
    samples.frombytes(block)
    return list(samples[0::2])


def make(gap: float = 0.05) -> tuple[Mixer, Clock, list[Started]]:
    clock, started = Clock(), []
    mixer = Mixer(on_start=started.append, clock=clock, rate=RATE)
    mixer.set_gap(gap)
    return mixer, clock, started


def card(seat: Seat = Seat.W) -> CueRequest:
    return CueRequest(Cue.CARD, seat)


def test_silence_when_nothing_plays() -> None:
    mixer, _, _ = make()
    assert mixer.fill(10) == bytes(40)
    assert not mixer.busy


def test_a_cue_plays_whole_and_alone() -> None:
    mixer, clock, started = make()
    mixer.add(Queued(card(), flat(700, 25), clock.now))
    out = left(mixer.fill(10)) + left(mixer.fill(10)) + left(mixer.fill(10))
    assert out == [700] * 25 + [0] * 5
    assert [s.request for s in started] == [card()]
    assert not mixer.busy


def test_cues_that_arrive_together_start_a_gap_apart() -> None:
    """A card, spades broken and the trick won arrive at once; each is heard."""
    mixer, clock, started = make(gap=0.05)
    for value in (1, 10, 100):
        mixer.add(Queued(card(), flat(value, 20), clock.now))
    out: list[int] = []
    start = clock.now
    for _ in range(16):
        out += left(mixer.fill(10))
        clock.now += 0.01  # the device asks every 10 ms
    assert out[0] == 1 and out[19] == 1 and out[20] == 0
    assert out[50] == 10 and out[69] == 10 and out[70] == 0
    assert out[100] == 100 and out[119] == 100 and out[120] == 0
    assert [round(s.started - start, 3) for s in started] == [0.0, 0.05, 0.1]


def test_gap_counts_from_the_last_start_across_blocks() -> None:
    mixer, clock, _ = make(gap=0.05)
    mixer.add(Queued(card(), flat(5, 5), clock.now))
    mixer.fill(30)
    mixer.add(Queued(card(), flat(7, 5), clock.now))
    out = left(mixer.fill(30))
    assert out.index(7) == 20  # 50 ms after the first, which started 30 frames ago


def test_overlapping_cues_are_added_and_clipped() -> None:
    mixer, clock, _ = make(gap=0.0)
    mixer.add(Queued(card(), flat(30000, 10), clock.now))
    mixer.add(Queued(CueRequest(Cue.YOUR_TURN), flat(10000, 10), clock.now))
    assert left(mixer.fill(10)) == [32767] * 10


def test_a_late_card_is_skipped_but_your_turn_never_is() -> None:
    """At instant pace sounds pile up: a card that could not start in time is skipped;
    the turn chime plays however late."""
    mixer, clock, started = make()
    asked = clock.now
    mixer.add(Queued(card(), flat(1, 5), asked))
    mixer.add(Queued(CueRequest(Cue.YOUR_TURN), flat(2, 5), asked))
    clock.now += MAX_WAIT + 0.1
    out = left(mixer.fill(10))
    assert 1 not in out and out[0] == 2
    assert [(s.request.cue, s.dropped) for s in started] == [
        (Cue.CARD, True), (Cue.YOUR_TURN, False)
    ]


def test_clear_stops_everything_at_the_next_block() -> None:
    mixer, clock, _ = make()
    mixer.add(Queued(card(), flat(9, 100), clock.now))
    mixer.add(Queued(card(), flat(9, 100), clock.now))
    mixer.fill(10)
    mixer.clear()
    assert left(mixer.fill(10)) == [0] * 10
    assert not mixer.busy


def test_the_answer_to_a_key_does_not_wait_its_turn() -> None:
    """A refused card buzzes at once, ahead of the cards still waiting to sound."""
    mixer, clock, started = make(gap=0.05)
    for _ in range(3):
        mixer.add(Queued(card(), flat(1, 5), clock.now))
    mixer.fill(10)
    mixer.add(Queued(CueRequest(Cue.REFUSED), flat(100, 5), clock.now, at_once=True))
    out = left(mixer.fill(10))
    assert out[:5] == [100] * 5
    assert [s.request.cue for s in started] == [Cue.CARD, Cue.REFUSED]
