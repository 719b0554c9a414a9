"""Spanish as it is heard: Spanish games played by keys through the real shell, spoken by
the real Speech Dispatcher, whose output module has the real espeak-ng read each line
with its Latin American voice (``es-419``) and write down what it would say (``-q -x``,
its phonemes). Judged by what reached the synthesizer, never by what the code meant:

- no bare key letter ("Y sale" is heard "and leaves"), no English key word ("Enter");
- no numeral 1 before a noun ("1 baza" is heard "uno baza");
- none of the phrases a reviewer heard wrong;
- and in espeak-ng's own phonemes: every question's yes key is "i griega", and no line
  says "uno" before a noun.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from speech_helpers import CAPTURE_SH, SpeechdServer, require_speechd_stack

from spades_voice.narration.language import Language, set_default, speaking
from spades_voice.speech.speechd import SpeechdSpeaker

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "shell"))
from shell_harness import Harness, easy_table, harness

pytestmark = pytest.mark.filterwarnings(
    "ignore::pytest.PytestUnhandledThreadExceptionWarning",
    "ignore::ResourceWarning",
    "ignore::pytest.PytestUnraisableExceptionWarning",
)

VOICE = "es-419"
#: Each line as espeak-ng's Latin American voice reads it (NNNN.pho), and no sound: the
#: judge is the words and their phonemes, so a line need not take its time to play.
CAPTURE_HEARD = CAPTURE_SH.replace(
    'espeak-ng -v "$lang" -s "$rate" -f "$out/$n.txt" -w "$tmp.wav.part" 2>>"$out/espeak.err"\n'
    'mv "$tmp.wav.part" "$out/$n.wav"\n',
    f'voice="$lang"; [ "$lang" = es ] && voice={VOICE}\n'
    'espeak-ng -v "$voice" -q -x -f "$out/$n.txt" > "$tmp.pho.part" 2>>"$out/espeak.err"\n'
    'mv "$tmp.pho.part" "$out/$n.pho"\n',
).replace('sleep "$(soxi -D "$out/$n.wav")"\n', "")

#: The nouns a count comes before in Spanish sentences, singular and plural.
_SINGULAR = (
    "baza", "punto", "sobrebaza", "minuto", "segundo", "hora", "partida", "pica", "entrada",
    "tecla", "mano", "jugada", "castigo", "resultado", "carta",
)
NOUNS = _SINGULAR + tuple(noun + "s" for noun in _SINGULAR)
BARE_LETTER = re.compile(r"(?<![\w{])(?!I griega\b)[A-ZÑ](?![\w}])")
ONE_BEFORE_NOUN = re.compile(rf"(?<![\w,.])1 (?:{'|'.join(NOUNS)})\b")
ENGLISH_KEYS = re.compile(
    r"\b(?:Enter|Tab|Shift|Page Up|Page Down|Re Pág|Av Pág|Backspace|question mark)\b"
)
#: What the reviewer heard, each now said another way.
FIXED = (
    "salida a", "tu pareja", "Deshecho", "sobrebazas ahora", "más bazas son", "lista las",
    "No se llega", "Informar de", "cóbrala", "quédate abajo", "da la más baja",
    "una décima sobrebaza", "decide el nulo a ciegas", "nada que pasar", "con sin",
    "Mano: ", "Picas. Pulsa", "tus una a tres", "se usa silencio", " et ",
)


def phonemes(text: str) -> str:
    """``text`` as espeak-ng's Latin American voice says it."""
    return subprocess.run(
        ["espeak-ng", "-v", VOICE, "-q", "-x", text],
        capture_output=True, text=True, timeout=30, check=True,
    ).stdout


def faults(line: str) -> list[str]:
    found = []
    if BARE_LETTER.search(line):
        found.append("a bare key letter")
    if ONE_BEFORE_NOUN.search(line):
        found.append("1 before a noun")
    if ENGLISH_KEYS.search(line):
        found.append("an English key word")
    found += [f"the phrase {p!r}" for p in FIXED if p in line]
    return found


@pytest.fixture
def capture_script() -> str:
    return CAPTURE_HEARD


@pytest.fixture
def spanish() -> Iterator[None]:
    set_default(Language.ES)
    try:
        yield
    finally:
        set_default(Language.EN)


def test_espeak_shows_the_difference() -> None:
    """The phoneme check below can fail: espeak-ng reads a bare Y as the word "and" and
    "1 baza" as "uno baza"."""
    require_speechd_stack()
    assert "Q**i;'eQa" in phonemes("I griega sale.")
    assert "Q**i;'eQa" not in phonemes("Y sale.")
    assert phonemes("1 baza").split()[0] == "'uno"
    assert phonemes("una baza").split()[0] == "'una"


def test_the_detector_hears_each_fault() -> None:
    assert faults("¿Salir del juego? Y sale, Escape vuelve.") == ["a bare key letter"]
    assert faults("Nosotros: falta 1 baza.") == ["1 before a noun"]
    assert faults("Pulsa Enter para empezar.") == ["an English key word"]
    assert faults("Te toca, salida a tréboles.") == ["the phrase 'salida a'"]
    assert faults("¿Salir del juego? I griega sale, Escape vuelve. Mano 1. Apuesta 1.") == []


def _play(h: Harness, speaker: SpeechdSpeaker, server: SpeechdServer) -> None:
    """A single hand by keys: questions asked and declined, the query keys every few
    turns, keys that do nothing, each press's lines played to the end before the next."""
    h.wait_for(lambda: bool(server.texts()))  # the greeting, and what follows it, heard
    assert speaker.wait_idle(60)

    def press(*keys: str) -> None:
        for key in keys:
            h.press(key)
            assert speaker.wait_idle(60), "speech did not finish"

    press("?", "down", "down", "escape", "\x1b[15;2~", "\x1b[15;3~", "\x1b[1;3D", "f3")
    press("q", "escape", "f5", "escape")

    def on_turn(h: Harness) -> None:
        assert speaker.wait_idle(60)  # the computers' plays, heard whole
        if len(h.table.view().tricks) % 4 == 1:
            press("h", "b", "s", "t", "c", "o", "l", "m", "w", "i")

    h.play_to_end(on_turn=on_turn)
    press("s", "b", "d")
    # The coach thinks off the loop: its answer comes later, and would cut what follows.
    h.wait_for(lambda: any(t.startswith("Mano 1:") for t in server.texts()), timeout=300)
    assert speaker.wait_idle(60)
    press("u", "f5", "escape", "q", "escape")


@pytest.mark.parametrize("blind_nil", [True, False], ids=["blind-nil", "plain"])
def test_spanish_games_are_heard_right(
    speechd_server: SpeechdServer, spanish: None, blind_nil: bool
) -> None:
    with speaking(Language.ES):
        speaker = SpeechdSpeaker()
    try:
        with harness(easy_table(7, target=None, blind_nil=blind_nil), speaker=speaker) as h:
            _play(h, speaker, speechd_server)
    finally:
        speaker.close()
    out = speechd_server.out
    lines = speechd_server.texts()
    # A line a key cut short may have no phonemes: only what espeak-ng read is judged
    # by ear; every line that reached the synthesizer is judged by its words.
    heard = [
        p.with_suffix(".pho").read_text(encoding="utf-8") if p.with_suffix(".pho").exists()
        else "" for p in sorted(out.glob("*.txt"))
    ]
    assert len(lines) > 150 and len(heard) == len(lines)
    assert sum(1 for h in heard if h) > len(lines) * 0.9
    assert {p.read_text() for p in out.glob("*.lang")} == {"es"}
    assert {line: faults(line) for line in lines if faults(line)} == {}
    text = "\n".join(lines)
    for spoken in ("I griega", "Te toca", "Salieron con", "baza"):
        assert spoken in text, spoken
    questions = [i for i, line in enumerate(lines) if line.startswith("¿")]
    assert len(questions) >= 3 + blind_nil
    # espeak-ng's own reading: every question's yes key is said "i griega", and no line
    # is heard with "uno" before a noun.
    for i in questions:
        said = lines[i] + (lines[i + 1] if i + 1 < len(lines) else "")
        if "I griega" in said:
            assert "Q**i;'eQa" in heard[i] + (heard[i + 1] if i + 1 < len(heard) else "")
    uno = re.compile(r"'uno (?:" + "|".join(re.escape(phonemes(n).strip()) for n in NOUNS) + ")")
    assert [h for h in heard if uno.search(h)] == []
