"""The mixer starts cues on the stream's clock, not the callback's: a callback that runs
late (the audio thread waiting for the GIL while a computer thinks) still starts each cue
at its place in the stream. The clock is the test's, moved by hand."""

from __future__ import annotations

from test_sound_mixer import RATE, Clock, flat, left  # one frame a millisecond

from spades_voice.rules import Seat
from spades_voice.sound import Cue, CueRequest
from spades_voice.sound.mixer import MAX_LATE, Mixer, Queued, Started


def _on_time(blocks: int) -> tuple[Mixer, Clock, list[Started]]:
    """A mixer after ``blocks`` 10 ms blocks asked for on time; the clock at the next one's
    due time."""
    clock, started = Clock(), []
    mixer = Mixer(on_start=started.append, clock=clock, rate=RATE)
    for _ in range(blocks):
        mixer.fill(10)
        clock.now += 0.010
    return mixer, clock, started


def test_a_late_callback_starts_the_cue_where_it_was_asked() -> None:
    """Asked 3 ms after the block was due, filled 7 ms late: the cue starts 3 frames in,
    and its start is the moment it was asked, not when the callback ran."""
    mixer, clock, started = _on_time(5)
    due = clock.now
    mixer.add(Queued(CueRequest(Cue.CARD, Seat.W), flat(5, 20), due + 0.003))
    clock.now = due + 0.007
    assert left(mixer.fill(10)) == [0, 0, 0] + [5] * 7
    assert [round(s.started - due, 4) for s in started] == [0.003]


def test_a_cue_waiting_before_a_late_block_starts_at_its_head() -> None:
    mixer, clock, started = _on_time(5)
    due = clock.now
    mixer.add(Queued(CueRequest(Cue.YOUR_TURN), flat(5, 20), due - 0.004))
    clock.now = due + 0.006
    assert left(mixer.fill(10)) == [5] * 10
    assert [round(s.started - due, 4) for s in started] == [0.0]


def test_late_callbacks_do_not_move_the_streams_clock() -> None:
    """Five callbacks 5 ms late each, then a cue: still placed on the on-time clock."""
    mixer, clock, started = _on_time(5)
    for _ in range(5):
        clock.now += 0.005
        mixer.fill(10)
        clock.now += 0.005
    due = clock.now
    mixer.add(Queued(CueRequest(Cue.CARD, Seat.N), flat(5, 20), due + 0.002))
    clock.now = due + 0.005
    assert left(mixer.fill(10))[:3] == [0, 0, 5]
    assert abs(started[0].started - (due + 0.002)) < 0.001


def test_a_callback_too_late_for_the_buffer_starts_the_clock_again() -> None:
    """The device ran dry (unplugged, stalled): the block plays when it is handed over."""
    mixer, clock, started = _on_time(5)
    late = clock.now + MAX_LATE + 0.05
    clock.now = late
    mixer.add(Queued(CueRequest(Cue.YOUR_TURN), flat(5, 20), late - 0.001))
    assert left(mixer.fill(10))[0] == 5
    assert [round(s.started - late, 4) for s in started] == [0.0]


def test_a_cue_asked_past_the_end_of_a_late_block_waits_for_the_next() -> None:
    mixer, clock, started = _on_time(5)
    due = clock.now
    mixer.add(Queued(CueRequest(Cue.CARD, Seat.E), flat(5, 20), due + 0.012))
    clock.now = due + 0.015
    assert left(mixer.fill(10)) == [0] * 10
    assert started == []
    assert left(mixer.fill(10))[:3] == [0, 0, 5]
    assert [round(s.started - due, 4) for s in started] == [0.012]
