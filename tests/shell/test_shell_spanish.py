"""Under Spanish, no English sentence reaches the speaker: a whole match played by keys
through the real shell, every query key at every point of it, the help (?) and the rules
(F2) read entry by entry, a refused card, the screen line (braille) at each point.

A sentence added to the code without a translation is caught twice: the catalog test
lists it by name (``tests/narration/test_narration_catalog.py``), and this one hears it.
"""

from __future__ import annotations

import errno
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from shell_harness import Harness, easy_table, harness

from spades_voice.narration.coach import COACHING
from spades_voice.narration.language import Language, line, set_default
from spades_voice.rules import Phase
from spades_voice.shell.screen import screen
from spades_voice.speech import Kind
from spades_voice.store.hooks import StoreHooks

#: Words that are English and never Spanish: one of them in a line means a sentence
#: escaped the catalog. (Key names said the same in both, "Enter" and "Escape", and the
#: players' names are not here.)
_WORDS = """the you your and of is are takes take took trick tricks bid bids hand hands press
spades hearts diamonds clubs spade nil queen king jack ace points bags bag with led
lead play plays turn match score won lost keys key goes back help rules history
nothing yet left right partner deals deal north south west made need needs waiting
what who cards card it not have has been for from this that team over"""
ENGLISH = frozenset(_WORDS.split())
KEYS = ["h", "b", "s", "t", "c", "w", "e", "m", "o", "l", "k", "S", "left", "right", "end",
        "home", "f3", "p", "p", "z", "z", "z", "v", "v", "i", "d"]


#: The game's name, said the same in both languages (the suit is "picas").
GAME_NAME = "Spades"


def english_in(text: str) -> list[str]:
    words = (w for w in re.findall(r"[A-Za-z']+", text) if w != GAME_NAME)
    return sorted({w.lower() for w in words if w.lower() in ENGLISH})


def test_the_detector_hears_english() -> None:
    assert english_in("Alex takes the trick.") == ["takes", "the", "trick"]
    assert english_in("Alex se lleva la baza con el as de picas.") == []
    assert english_in("Spades. Pulsa el signo de interrogación.") == []
    assert english_in("Picas rotas. spades") == ["spades"]


@pytest.fixture
def spanish() -> Iterator[None]:
    set_default(Language.ES)
    try:
        yield
    finally:
        set_default(Language.EN)


def _keys_and_lists(h: Harness, lines: list[str]) -> None:
    for key in KEYS:
        mark = h.mark
        h.press(key)
        if key == "d":
            # The review comes from a worker thread: wait for it, or its list opens over
            # the keys that follow (on a busy machine it once took the play keys).
            reviewing = line(COACHING)
            h.wait_for(lambda m=mark, r=reviewing: any(t != r for t in h.since(m, Kind.QUERY)),
                       timeout=120)
        if h.shell is not None and h.shell.overlay is not None:
            h.press("escape")
    for opener in ("?", "f2"):
        h.press(opener, *["down"] * 60, "escape")
    assert h.shell is not None
    lines.append(screen(h.shell).text)


def _refused_card(h: Harness) -> None:
    """Press Enter on a card the rules refuse, where there is one."""
    view = h.table.view()
    shell = h.shell
    assert shell is not None
    if view.phase is not Phase.PLAYING or not view.my_turn:
        return
    order = shell.focus.ordered(view.hand, view)
    refused = [i for i, c in enumerate(order) if c not in view.legal_cards]
    if refused:
        h.press("home", *["right"] * refused[0], "enter")


def test_a_spanish_match_says_no_english(spanish: None) -> None:
    screens: list[str] = []
    with harness(easy_table(11, target=200)) as h:
        _keys_and_lists(h, screens)  # bidding

        def on_turn(h: Harness) -> None:
            view = h.table.view()
            if view.phase is Phase.PLAYING and len(view.tricks) in (3, 9) and view.my_turn:
                _refused_card(h)
                _keys_and_lists(h, screens)

        h.play_to_end(on_turn=on_turn)
        _keys_and_lists(h, screens)  # match over
        said = h.texts()
    assert len(said) > 300
    leaks = {line: english_in(line) for line in said + screens if english_in(line)}
    assert leaks == {}
    text = "\n".join(said)
    for spanish_word in ("bazas", "picas", "Te toca", "Apostaste", "Marcador"):
        assert spanish_word in text


def test_the_help_names_each_key_as_a_spanish_screen_reader_does(spanish: None) -> None:
    """The help list's keys come from the keymap through the one table of key names: "i
    griega", never a bare "Y" (heard as "and"); "Intro", never "Enter"."""
    with harness(easy_table(5)) as h:
        mark = h.mark
        h.press("?", *["down"] * 60)
        entries = h.since(mark)
        h.press("escape")
        assert h.said("\x1b[18~") == (
            "La tecla F7 no hace nada. El signo de interrogación dice las teclas."
        )
        assert h.said("\x1b[15;2~").startswith("La tecla Mayúsculas F5 no hace nada.")
        assert h.said("q") == (
            "¿Salir del juego? Aún no hay nada guardado. I griega sale, Escape vuelve."
        )
    # Each entry is "keys: what they do"; the first follows the list's title, the last
    # one again after "Final.".
    keys = [e.split(": ", 1)[0].split(". ")[-1] for e in entries if ": " in e]
    assert "i griega" in keys and "hache" in keys and "Intro o Espacio" in keys, keys
    assert [k for k in keys if re.search(r"(?<!\w)[A-Z](?!\w)", k)] == []
    assert not any("Enter" in e or "Re Pág" in e for e in entries)


def test_a_real_write_failure_is_told_wholly_in_spanish(spanish: None, tmp_path: Path) -> None:
    """The data folder's parent is a file, so the system refuses every write (ENOTDIR,
    even for root): the problem report, the saved history and the progress are each
    refused in Spanish, the reason too (the system's English stays in the problem log)."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    hooks = StoreHooks(blocker / "data")
    with harness(easy_table(5), hooks=hooks) as h:
        h.press("h")
        assert h.said("B") == (
            "No se pudo escribir el informe del problema porque no se puede crear la "
            "carpeta de datos."
        )
        assert h.said("c-s") == "No se guardó el historial: no se puede crear la carpeta de datos."
        h.play_my_turn()  # a decision: the save is refused, and said so once
        notice = "Ahora no se puede guardar tu progreso; el juego sigue."
        h.wait_for(lambda: notice in h.texts())
        spoken = h.texts()
    assert spoken.count(notice) == 1
    assert blocker.read_text(encoding="utf-8") == "not a folder"
    assert any(f"[Errno {errno.ENOTDIR}]" in p for p in hooks.problems)  # kept, not said
    assert [t for t in spoken if english_in(t)] == []
