"""Print, recorder, tee, the fallback chain, make_speaker and doctor."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import HandClock, bounds_hold, without_waiting

from spades_voice.speech import (
    FallbackSpeaker,
    Kind,
    NullSpeaker,
    PrintSpeaker,
    RecorderSpeaker,
    Rewinding,
    SelfReporting,
    Speaker,
    SpeechError,
    TeeSpeaker,
    Utterance,
    diagnose,
    make_speaker,
    prints,
    speak_test_line,
    voiced,
)


class Fake:
    """A backend that records calls and can be told to fail after some of them."""

    def __init__(self, name: str, fail_after: int | None = None, start: bool = True) -> None:
        if not start:
            raise SpeechError(f"{name} not here")
        self.name = name
        self.calls: list[tuple[str, str]] = []
        self.fail_after = fail_after
        self.closed = False

    def _call(self, kind: str, text: str) -> None:
        if self.fail_after is not None and len(self.calls) >= self.fail_after:
            raise SpeechError(f"{self.name} broke")
        self.calls.append((kind, text))

    def query(self, text: str) -> None:
        self._call("query", text)

    def event(self, text: str) -> None:
        self._call("event", text)

    def silence(self) -> None:
        self.calls.append(("silence", ""))

    def close(self) -> None:
        self.closed = True


def makers(**backends: Callable[[], Speaker]) -> dict[str, Callable[[], Speaker]]:
    base: dict[str, Callable[[], Speaker]] = {
        "prism": lambda: Fake("prism", start=False),
        "screenreader": lambda: Fake("screenreader", start=False),
        "tts": lambda: Fake("tts", start=False),
        "print": lambda: Fake("print"),
        "none": NullSpeaker,
    }
    base.update(backends)
    return base


class TestPrintSpeaker:
    def test_one_line_per_utterance(self) -> None:
        out = io.StringIO()
        speaker = PrintSpeaker(out)
        speaker.query("Your lead.")
        speaker.event("Robin, 9 of hearts.")
        assert out.getvalue() == "Your lead.\nRobin, 9 of hearts.\n"

    def test_write_callable_replaces_the_stream(self) -> None:
        lines: list[str] = []
        PrintSpeaker(write=lines.append).event("Alex takes the trick.")
        assert lines == ["Alex takes the trick.\n"]

    def test_default_stream_is_stdout_at_call_time(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        PrintSpeaker().event("Spades are broken.")
        assert capsys.readouterr().out == "Spades are broken.\n"

    def test_closed_stream_is_a_speech_error(self) -> None:
        out = io.StringIO()
        out.close()
        with pytest.raises(SpeechError):
            PrintSpeaker(out).event("x")


class TestRecorder:
    def test_records_kind_text_and_times_and_passes_on(self, tmp_path: Path) -> None:
        inner = Fake("print")
        with (tmp_path / "log.jsonl").open("w", encoding="utf-8") as log:
            recorder = RecorderSpeaker(inner, log)
            recorder.event("West bids 3.")
            recorder.query("Your lead.")
            recorder.silence()
        assert inner.calls == [("event", "West bids 3."), ("query", "Your lead."), ("silence", "")]
        assert recorder.texts(Kind.QUERY) == ["Your lead."]
        assert recorder.silence_count == 1
        lines = (tmp_path / "log.jsonl").read_text(encoding="utf-8").splitlines()
        records = [json.loads(line) for line in lines]
        assert [(r["kind"], r["text"]) for r in records] == [
            ("event", "West bids 3."), ("query", "Your lead.")
        ]
        assert records[0]["mono"] <= records[1]["mono"]
        assert all(r["wall"] > 1e9 for r in records)
        assert [Utterance.from_json(line) for line in lines] == recorder.utterances

    def test_stands_alone(self) -> None:
        recorder = RecorderSpeaker()
        recorder.event("Ten of spades.")
        recorder.close()
        assert recorder.texts() == ["Ten of spades."]


class TestFallback:
    def test_starts_with_the_first_backend_that_works(self) -> None:
        speaker = FallbackSpeaker([
            ("screenreader", lambda: Fake("screenreader", start=False)),
            ("tts", lambda: Fake("tts")),
        ])
        assert speaker.name == "tts"
        assert speaker.start_errors == {"screenreader": "screenreader not here"}

    def test_a_chosen_output_that_does_not_start_is_said_once_first(self) -> None:
        printed = Fake("print")
        speaker = make_speaker("screenreader", factories=makers(print=lambda: printed))
        speaker.query("Spades.")
        speaker.event("Hand 1.")
        assert printed.calls == [
            ("query", "Screen reader not available; using printed text. Spades."),
            ("event", "Hand 1."),
        ]

    def test_auto_falls_back_without_a_word(self) -> None:
        printed = Fake("print")
        speaker = make_speaker("auto", factories=makers(print=lambda: printed), prism_first=False)
        speaker.query("Spades.")
        assert printed.calls == [("query", "Spades.")]

    def test_failure_mid_game_switches_with_exactly_one_notice(self) -> None:
        broken = Fake("screenreader", fail_after=2)
        spare = Fake("tts")
        speaker = FallbackSpeaker([("screenreader", lambda: broken), ("tts", lambda: spare)])
        for line in ("One.", "Two.", "Three.", "Four."):
            speaker.event(line)
        speaker.query("Five.")
        assert broken.calls == [("event", "One."), ("event", "Two.")]
        assert broken.closed
        assert spare.calls == [
            ("event", "Screen reader stopped; using synthetic speech."),
            ("event", "Three."),
            ("event", "Four."),
            ("query", "Five."),
        ]
        assert speaker.switches == ["screenreader -> tts"]
        assert speaker.name == "tts"

    def test_a_failed_query_announces_at_once_then_says_the_line(self) -> None:
        spare = Fake("print")
        speaker = FallbackSpeaker([
            ("tts", lambda: Fake("tts", fail_after=0)), ("print", lambda: spare)
        ])
        speaker.query("Your lead.")
        assert spare.calls == [
            ("query", "Synthetic speech stopped; using printed text."), ("event", "Your lead.")
        ]

    def test_skips_a_replacement_that_fails_too(self) -> None:
        last = Fake("print")
        speaker = FallbackSpeaker([
            ("screenreader", lambda: Fake("screenreader", fail_after=0)),
            ("tts", lambda: Fake("tts", fail_after=0)),
            ("print", lambda: last),
        ])
        speaker.event("Hand over.")
        assert last.calls == [("event", "Synthetic speech stopped; using printed text."),
                              ("event", "Hand over.")]
        assert speaker.switches == ["screenreader -> tts", "tts -> print"]

    def test_nothing_left_means_silence_not_a_crash(self) -> None:
        speaker = FallbackSpeaker([("print", lambda: Fake("print", fail_after=0))])
        speaker.event("Anything.")
        assert speaker.name == "none"


class TestMakeSpeaker:
    def test_auto_takes_the_first_that_works_and_does_not_print(self) -> None:
        out = io.StringIO()
        speaker = make_speaker("auto", stream=out, factories=makers(tts=lambda: Fake("tts")))
        speaker.event("Robin, 9 of hearts.")
        assert speaker.name == "tts"
        assert out.getvalue() == ""

    def test_print_choice_prints(self) -> None:
        out = io.StringIO()
        speaker = make_speaker("print", stream=out)
        speaker.event("Robin, 9 of hearts.")
        assert speaker.name == "print"
        assert out.getvalue() == "Robin, 9 of hearts.\n"

    def test_echo_prints_as_well_as_speaking(self) -> None:
        out = io.StringIO()
        tts = Fake("tts")
        speaker = make_speaker(
            "tts", echo=True, stream=out, factories=makers(tts=lambda: tts)
        )
        speaker.query("Your lead.")
        assert tts.calls == [("query", "Your lead.")]
        assert out.getvalue() == "Your lead.\n"

    def test_named_choice_starts_there(self) -> None:
        speaker = make_speaker("print", factories=makers(screenreader=lambda: Fake("screenreader")))
        assert speaker.name == "print"

    def test_none_says_nothing(self, capsys: pytest.CaptureFixture[str]) -> None:
        speaker = make_speaker("none")
        speaker.query("x")
        speaker.close()
        assert speaker.name == "none"
        assert capsys.readouterr() == ("", "")

    def test_speech_log_wraps_the_choice(self, tmp_path: Path) -> None:
        log = tmp_path / "speech.jsonl"
        out = io.StringIO()
        speaker = make_speaker("print", log_path=log, stream=out)
        speaker.event("West bids 3.")
        speaker.close()
        assert out.getvalue() == "West bids 3.\n"
        assert [json.loads(x)["text"] for x in log.read_text().splitlines()] == ["West bids 3."]

    def test_unknown_choice(self) -> None:
        with pytest.raises(ValueError, match="auto, prism, screenreader, tts, print, none"):
            make_speaker("braille")


class Unheard(Fake):
    """A backend that had accepted lines it never finished when it broke."""

    def __init__(self, name: str, lost: list[str], fail_after: int) -> None:
        super().__init__(name, fail_after=fail_after)
        self.lost = lost
        self.on_failure: Callable[[], None] | None = None

    def unheard(self) -> list[str]:
        lines, self.lost = self.lost, []
        return lines


class TestNothingLost:
    def test_the_next_output_repeats_every_unheard_line_then_the_failed_one(self) -> None:
        broken = Unheard("screenreader", ["Robin bids 3.", "Your bid."], fail_after=2)
        spare = Fake("print")
        notices: list[str] = []
        speaker = FallbackSpeaker(
            [("screenreader", lambda: broken), ("print", lambda: spare)],
            on_notice=notices.append,
        )
        speaker.event("Robin bids 3.")
        speaker.event("Your bid.")
        speaker.query("Your hand.")
        assert spare.calls == [
            ("query", "Screen reader stopped; using printed text."),
            ("event", "Robin bids 3."),
            ("event", "Your bid."),
            ("event", "Your hand."),
        ]
        assert notices == ["Screen reader stopped; using printed text."]

    def test_a_backend_that_reports_its_own_failure_is_replaced_at_once(self) -> None:
        broken = Unheard("tts", ["Your lead."], fail_after=99)
        spare = Fake("print")
        speaker = FallbackSpeaker([("tts", lambda: broken), ("print", lambda: spare)])
        assert broken.on_failure is not None
        broken.on_failure()
        broken.on_failure()  # a second report about the old backend changes nothing
        assert spare.calls == [
            ("event", "Synthetic speech stopped; using printed text."),
            ("event", "Your lead."),
        ]
        assert speaker.switches == ["tts -> print"]

    def test_the_switch_notice_is_in_the_speech_log(self, tmp_path: Path) -> None:
        log = tmp_path / "speech.jsonl"
        out = io.StringIO()
        speaker = make_speaker(
            "tts", log_path=log, stream=out,
            factories=makers(tts=lambda: Fake("tts", fail_after=0),
                             print=lambda: PrintSpeaker(out)),
            braille=lambda: None,
        )
        speaker.event("Your lead.")
        speaker.close()
        records = [json.loads(x) for x in log.read_text().splitlines()]
        assert [(r["kind"], r["text"]) for r in records] == [
            ("event", "Your lead."),
            ("notice", "Synthetic speech stopped; using printed text."),
        ]
        assert out.getvalue().splitlines() == [
            "Synthetic speech stopped; using printed text.", "Your lead."
        ]


class TestAutoStartsSideBySide:
    def test_the_first_that_starts_is_used_without_waiting_for_later_ones(self) -> None:
        import threading

        never = threading.Event()

        def hangs() -> Speaker:
            never.wait()
            raise SpeechError("unreachable")

        # The clock never moves: waiting for the hung output at all would never end.
        speaker = without_waiting(lambda: make_speaker(
            "auto", braille=lambda: None, prism_first=False, clock=HandClock(),
            factories=makers(screenreader=lambda: Fake("screenreader"), tts=hangs),
        ))
        assert speaker.name == "screenreader"
        never.set()

    def test_a_hung_first_output_costs_its_bound_once(self) -> None:
        import threading

        never = threading.Event()

        def hangs() -> Speaker:
            never.wait()
            raise SpeechError("unreachable")

        clock = HandClock()
        # Two hung outputs side by side cost one 2.5 s bound, not one each.
        speaker = bounds_hold(clock, lambda: make_speaker(
            "auto", braille=lambda: None, prism_first=False, clock=clock,
            factories=makers(screenreader=hangs, tts=hangs),
        ), 2.5)
        assert speaker.name == "print"
        never.set()


class TestAutoAndOrca:
    def test_auto_prefers_prism_when_orca_runs(self) -> None:
        speaker = make_speaker(
            "auto", factories=makers(prism=lambda: Fake("prism"),
                                     screenreader=lambda: Fake("screenreader")),
            prism_first=True,
        )
        assert speaker.name == "prism"

    def test_auto_skips_prism_without_orca(self) -> None:
        speaker = make_speaker(
            "auto", factories=makers(prism=lambda: Fake("prism"),
                                     screenreader=lambda: Fake("screenreader")),
            prism_first=False,
        )
        assert speaker.name == "screenreader"

    def test_orca_is_found_by_its_command_line(self, tmp_path: Path) -> None:
        from spades_voice.speech.chain import orca_running

        (tmp_path / "123").mkdir()
        (tmp_path / "123" / "cmdline").write_bytes(b"/usr/bin/python3\0/usr/bin/orca\0")
        (tmp_path / "self").mkdir()
        assert orca_running(tmp_path)
        (tmp_path / "123" / "cmdline").write_bytes(b"/usr/bin/orcaslicer\0")
        assert not orca_running(tmp_path)

    def test_braille_goes_beside_speech_not_beside_print(self) -> None:
        display = Fake("braille")
        speaker = make_speaker("tts", factories=makers(tts=lambda: Fake("tts")),
                               braille=lambda: display)
        speaker.event("Your lead.")
        assert display.calls == [("event", "Your lead.")]
        printed = Fake("braille")
        make_speaker("print", factories=makers(), braille=lambda: printed).event("x")
        assert printed.calls == []


class TestDoctor:
    def test_reports_each_output_and_the_auto_choice(self) -> None:
        report = diagnose(factories=makers(tts=lambda: Fake("tts")))
        assert [(s.name, s.usable) for s in report.outputs] == [
            ("prism", False), ("screenreader", False), ("tts", True), ("print", True)
        ]
        assert report.auto_choice == "tts"
        lines = report.lines()
        assert lines[1] == "screenreader: failed: screenreader not here"
        assert lines[2] == "tts: works."
        assert lines[-1] == "auto uses: tts."

    def test_outputs_that_hang_are_failed_and_doctor_still_answers_in_time(self) -> None:
        import threading

        from spades_voice.speech.doctor import probe_all

        never = threading.Event()

        def hangs() -> Speaker:
            never.wait()
            raise AssertionError("unreachable")

        clock = HandClock()
        results = bounds_hold(clock, lambda: probe_all(
            {"screenreader": hangs, "prism": hangs, "print": lambda: Fake("print")},
            timeout=0.5, clock=clock,
        ), 0.5)
        assert results["screenreader"] == "did not start within 0.5 s"
        assert isinstance(results["print"], Fake)
        never.set()

    def test_speak_test_line_is_a_query(self) -> None:
        recorder = RecorderSpeaker()
        speak_test_line(recorder)
        assert recorder.utterances[0].kind is Kind.QUERY


class TestWhatASpeakerIs:
    """Whether lines are printed or heard is read from the speaker's type through its
    wrappers, never from its name."""

    def test_printed_through_the_chain_a_recorder_and_a_tee(self) -> None:
        out = io.StringIO()
        printed = makers(print=lambda: PrintSpeaker(out))
        chain = make_speaker("print", stream=out, factories=printed)
        recorded = RecorderSpeaker(TeeSpeaker([chain, NullSpeaker()]))
        assert prints(recorded) and not voiced(recorded)
        heard = RecorderSpeaker(FallbackSpeaker([("tts", lambda: Fake("tts"))]))
        assert voiced(heard) and not prints(heard)
        assert not prints(NullSpeaker()) and not voiced(NullSpeaker())

    def test_optional_parts_are_types(self) -> None:
        broken = Fake("tts", fail_after=0)
        broken.unheard = lambda: ["Queued."]  # type: ignore[attr-defined]
        assert isinstance(broken, Rewinding) and not isinstance(broken, SelfReporting)
        spare = Fake("print")
        speaker = FallbackSpeaker([("tts", lambda: broken), ("print", lambda: spare)])
        speaker.event("Next.")
        assert [text for _, text in spare.calls][-2:] == ["Queued.", "Next."]
