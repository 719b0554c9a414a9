"""Every cue rendered to a buffer, no device: its length, its level, and where it sits."""

from __future__ import annotations

import itertools
import math
from array import array

import pytest

from spades_voice.rules import SEATS, Seat
from spades_voice.sound import Cue, Pcm, levels, placement, render, seat_voice
from spades_voice.sound.synth import RATE, volume_gain

ME = Seat.S


def cue_for(cue: Cue, seat: Seat | None, volume: int = 100) -> Pcm:
    return render(cue, placement(seat, ME), volume, seat_voice(seat, ME))


def db(ratio: float) -> float:
    return 20 * math.log10(ratio)


def channel(pcm: Pcm, which: int) -> list[int]:
    samples = array("h")
    samples.frombytes(pcm.data)
    return list(samples[which::2])


def pitch(pcm: Pcm, skip: float = 0.0) -> float:
    """Rough fundamental in Hz: the strongest autocorrelation lag (80 Hz to 2 kHz) of the
    louder channel, after the first ``skip`` seconds (a card's tap is noise)."""
    left, right = channel(pcm, 0), channel(pcm, 1)
    mono = left if sum(map(abs, left)) >= sum(map(abs, right)) else right
    seg = mono[int(skip * RATE):]
    best = max(
        range(RATE // 2000, RATE // 80),
        key=lambda lag: sum(a * b for a, b in zip(seg, seg[lag:], strict=False)) / (len(seg) - lag),
    )
    return RATE / best


def crossings(pcm: Pcm) -> float:
    """Upward zero crossings per second of the left channel: how high a clean tone is."""
    mono = channel(pcm, 0)
    return sum(1 for a, b in itertools.pairwise(mono) if a < 0 <= b) / (len(mono) / RATE)


class TestLength:
    @pytest.mark.parametrize("cue", [c for c in Cue if not c.rare])
    def test_common_cues_are_short(self, cue: Cue) -> None:
        """Cues heard every trick stay under 150 ms, so they never crowd the speech."""
        assert 0.04 <= cue_for(cue, Seat.W).seconds <= 0.15

    @pytest.mark.parametrize("cue", [c for c in Cue if c.rare])
    def test_rare_cues_stay_under_a_second(self, cue: Cue) -> None:
        assert 0.15 < cue_for(cue, None).seconds <= 1.0

    def test_rare_cues_are_the_ones_a_hand_turns_on(self) -> None:
        rare = {c for c in Cue if c.rare}
        assert rare == {Cue.NIL_BROKEN, Cue.SET, Cue.BAG_PENALTY, Cue.MATCH_WON, Cue.MATCH_LOST}


class TestLevel:
    @pytest.mark.parametrize("cue", list(Cue))
    def test_loud_enough_and_never_clipped(self, cue: Cue) -> None:
        """At full volume the peak sits between -12 and -3 dBFS: audible, under speech."""
        lv = levels(cue_for(cue, ME))
        peak = max(lv.peak_left, lv.peak_right)
        assert -12.0 <= db(peak) <= -3.0
        assert min(lv.rms_left, lv.rms_right) > 0.01

    @pytest.mark.parametrize("cue", list(Cue))
    def test_starts_and_ends_quietly(self, cue: Cue) -> None:
        """No click at either end: the first and last samples are near zero."""
        left = channel(cue_for(cue, ME), 0)
        assert abs(left[0]) < 300
        assert abs(left[-1]) < 50

    @pytest.mark.parametrize("cue", list(Cue))
    def test_at_the_default_volume_cues_sit_under_speech(self, cue: Cue) -> None:
        """Speech peaks near full scale; a cue at the default volume peaks 12 dB or more
        below it, so it is heard beside a spoken line without masking it."""
        lv = levels(render(cue, placement(ME, ME)))
        assert db(max(lv.peak_left, lv.peak_right)) <= -12.0

    def test_volume_steps_change_loudness(self) -> None:
        loud = levels(cue_for(Cue.CARD, ME, 100)).rms_left
        half = levels(cue_for(Cue.CARD, ME, 50)).rms_left
        assert db(loud / half) == pytest.approx(12.0, abs=0.2)  # (50/100)^2
        assert volume_gain(10) < volume_gain(20) < volume_gain(100) == 1.0

    def test_same_cue_is_the_same_every_time(self) -> None:
        assert cue_for(Cue.CARD, Seat.E) == cue_for(Cue.CARD, Seat.E)


class TestBalance:
    @pytest.mark.parametrize("cue", [Cue.CARD, Cue.TRICK_US, Cue.TRICK_THEM,
                                     Cue.SPADES_BROKEN, Cue.NIL_BROKEN])
    def test_each_seat_is_heard_from_its_side(self, cue: Cue) -> None:
        west, north = levels(cue_for(cue, Seat.W)), levels(cue_for(cue, Seat.N))
        east, south = levels(cue_for(cue, Seat.E)), levels(cue_for(cue, Seat.S))
        assert west.balance_db < -12.0  # Robin, on the left
        assert east.balance_db > 12.0  # Sam, on the right
        assert abs(north.balance_db) < 0.1  # Alex, straight ahead
        assert abs(south.balance_db) < 0.1  # you, centre

    def test_partner_is_a_little_quieter_than_you(self) -> None:
        you = levels(render(Cue.TRICK_US, placement(Seat.S, ME)))
        alex = levels(render(Cue.TRICK_US, placement(Seat.N, ME)))
        assert -4.0 <= db(alex.rms_left / you.rms_left) <= -2.0

    def test_sides_are_equally_loud(self) -> None:
        """Equal-power panning: Robin and Sam are as loud as each other and as you."""
        west = levels(cue_for(Cue.TRICK_THEM, Seat.W))
        east = levels(cue_for(Cue.TRICK_THEM, Seat.E))
        you = levels(render(Cue.TRICK_THEM, placement(ME, ME), 100))
        power = [lv.rms_left**2 + lv.rms_right**2 for lv in (west, east, you)]
        assert power[0] == pytest.approx(power[1], rel=0.01)
        assert power[0] == pytest.approx(power[2], rel=0.01)

    def test_placement_turns_with_the_players_seat(self) -> None:
        """At North, East is on the left and West on the right."""
        assert placement(Seat.E, Seat.N).pan < 0 < placement(Seat.W, Seat.N).pan
        assert placement(Seat.S, Seat.N).gain < 1.0
        assert {placement(s, s).pan for s in SEATS} == {0.0}


class TestPitch:
    def test_our_trick_is_higher_than_theirs(self) -> None:
        us, them = crossings(cue_for(Cue.TRICK_US, ME)), crossings(cue_for(Cue.TRICK_THEM, ME))
        assert us > 2.5 * them

    def test_each_seat_has_its_own_card_pitch(self) -> None:
        """Told apart on one speaker too: you, left, partner, right rise in pitch."""
        heights = [pitch(cue_for(Cue.CARD, s), skip=0.02) for s in (Seat.S, Seat.W, Seat.N, Seat.E)]
        assert heights == sorted(heights)
        assert all(b / a > 1.1 for a, b in itertools.pairwise(heights))
