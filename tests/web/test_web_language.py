"""A browser seat hears the table in its own language, in a real browser: a guest whose
browser prefers Spanish hears the table in Spanish (every line the live regions announce,
the page's headings, ``<html lang="es">``), while an English guest at the same table hears
English; a language chosen on the join form is remembered; anything a page sends for a
language that is not one the game speaks is English, never an error.

What is English is told by the catalog itself: a word found in the English sentences and
in none of their Spanish translations is English-only, and a line the catalog would still
translate whole (``language.line``) was left in English."""

from __future__ import annotations

import importlib.util
import json
import re
import threading
import urllib.request
from functools import cache
from pathlib import Path

from cdp import Page
from test_web_hand import WHAT_NOW
from web_helpers import (
    base_url,
    browser,
    heard,
    open_page,
    said_to,
    seat_guest,
    wait_for,
    web_server,
)

from spades_voice.narration.browser import table_code_line
from spades_voice.narration.language import Language, speaking
from spades_voice.narration.language import line as translated
from spades_voice.net.page.browser_seat import page_hello
from spades_voice.net.page.web import chosen_language
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Ruleset

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Ana", "Bo", "Cy")  # nobody's name is a word of either language


@cache
def _words() -> tuple[frozenset[str], frozenset[str]]:
    """(English-only words, Spanish-only words), from the Spanish catalog's sentences."""
    spec = importlib.util.spec_from_file_location("catalog", ROOT / "scripts" / "catalog.py")
    assert spec is not None and spec.loader is not None
    catalog = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalog)
    english: set[str] = set()
    spanish: set[str] = set()
    for message in catalog.read("es"):
        if not message.id:
            continue
        for texts, into in ((message.id, english), (message.string, spanish)):
            for text in texts if isinstance(texts, tuple) else (texts,):
                into |= _split(re.sub(r"\{\w*\}", " ", text))
    return frozenset(english - spanish), frozenset(spanish - english)


def _split(text: str) -> set[str]:
    # A key such as F2 is one word, not the letter F (which English names as a key and
    # Spanish calls "efe"). A table's code ("339B-QE3B") is in no language: its letters
    # are not words (a lone B is the English name of a key).
    text = re.sub(r"\b[0-9A-Z]{4}-[0-9A-Z]{4}\b", " ", text)
    return set(re.findall(r"[a-záéíóúñü'][a-záéíóúñü'\d]*", text.lower()))


def english_in(text: str) -> list[str]:
    return sorted(_split(text) & _words()[0])


def spanish_in(text: str) -> list[str]:
    return sorted(_split(text) & _words()[1])


def test_the_catalog_tells_english_from_spanish() -> None:
    assert english_in("Robin takes the trick.") == ["takes", "the", "trick"]
    assert english_in("Mesa 339B-QE3B.") == []  # a code's letters are no language's
    assert english_in("Robin se lleva la baza con el as de picas.") == []
    assert spanish_in("Robin se lleva la baza.") == ["baza", "la", "lleva", "se"]


# ---- in a real browser -------------------------------------------------------------------

def _act(page: Page) -> bool:
    """The guest's move by keys, when it is theirs: Enter places the bid the list starts
    on; Tab names a card that can be played and Enter plays it (Enter plays only a card
    the player has heard named, as at the terminal)."""
    what = page.js(WHAT_NOW)
    if what == "bid":
        page.key("enter")
        page.wait("document.getElementById('bidding').hidden")
        return True
    if what != "play":
        return False
    cards = page.js("document.querySelectorAll('#hand [role=option]').length")
    said_to(page, "tab")
    page.key("enter")
    page.wait(f"document.querySelectorAll('#hand [role=option]').length < {cards}")
    return True


def _refuse(page: Page) -> bool:
    """On the guest's turn to play, Enter on a card the rules refuse (if one is held):
    the server's English reason is said at once. True once it has been said."""
    if page.js(WHAT_NOW) != "play":
        return False
    refused: int = page.js("Array.from(document.querySelectorAll('#hand [role=option]'))"
                           ".findIndex((el) => !el.classList.contains('playable'))")
    if refused < 0:
        return False
    before = len(heard(page))
    page.key("home")
    for _ in range(refused):
        page.key("right")
    page.key("enter")
    page.wait(f"window.__heard.slice({before}).some((h) => h.urgent)")
    return True


def _ask(page: Page, key: str, timeout: float = 20.0) -> None:
    """Press a key that asks the server something, and wait for its answer."""
    before = len(heard(page))
    page.key(key)
    page.wait(f"window.__heard.slice({before}).some((h) => h.urgent)", timeout)


def _cards(page: Page) -> int:
    count: int = page.js("document.querySelectorAll('#hand [role=option]').length")
    return count


def _said(page: Page) -> list[str]:
    return [h["text"] for h in heard(page)]


def test_a_spanish_browser_hears_spanish_and_an_english_one_english_at_one_table() -> None:
    from net_helpers import play_until

    with web_server() as server, browser() as b:
        host = RemoteTable.create(server.url, NAMES[0], rules=Ruleset(target=None))
        stop = threading.Event()
        worker = threading.Thread(
            target=play_until, args=([host], stop.is_set), kwargs={"timeout": 120}, daemon=True
        )
        try:
            es = seat_guest(b, server, host, NAMES[1], languages="es-MX,es")
            en = seat_guest(b, server, host, NAMES[2], languages="en-US,en")
            host.start()
            worker.start()
            es.wait("document.querySelectorAll('#hand [role=option]').length === 13")
            for key in "hbstcwejmol":  # the keys that ask: the terminal's answers
                _ask(es, key)
            # A few moves each by keys: the bids (with a hint first, thought out in a
            # worker) and three tricks, and a card refused.
            refused = hinted = False
            while _cards(es) > 10:
                if not hinted and es.js(WHAT_NOW) == "bid":
                    _ask(es, "i", timeout=60)
                    hinted = True
                refused = refused or _refuse(es)
                if not (_act(es) | _act(en)):
                    wait_for(lambda: bool(es.js(WHAT_NOW) or en.js(WHAT_NOW)), 60)
            wait_for(lambda: _cards(en) <= 10, 60)
            assert refused and hinted
            spanish, english = _said(es), _said(en)
            page_text = es.js("document.querySelector('main').innerText")
            labels = es.js("Array.from(document.querySelectorAll('[aria-label]'))"
                           ".map((el) => el.getAttribute('aria-label'))")
            es.key("f2")  # the rules, as F2 gives them, in Spanish too
            rules = es.js("document.getElementById('rules').innerText")
            lang = es.js("document.documentElement.lang"), en.js("document.documentElement.lang")
        finally:
            stop.set()
            worker.join(10)
            host.close()
    assert lang == ("es", "en")
    # Every line announced to the Spanish guest, the server's notices among them (the
    # English guest joining), is Spanish; nothing the catalog knows stayed English.
    assert len(spanish) > 15 and any(t.startswith(NAMES[2]) for t in spanish), spanish
    assert {t: english_in(t) for t in spanish if english_in(t)} == {}
    with speaking(Language.ES):
        assert [t for t in spanish if translated(t) != t] == []
    assert {"picas", "bazas"} & set(_split(" ".join(spanish)))
    # The page's own words, the keys' buttons, the regions' contents and the rules too.
    shown = page_text.replace("Spades", "")  # the game's name, the same in both
    for name in NAMES:
        shown = shown.replace(name, "")
    # A card's face (rank and suit symbol, "J♠") is drawn for the eyes and hidden from
    # screen readers, which hear its name; the face letters are the deck's, in any language.
    shown = re.sub(r"\b(?:10|[2-9JQKA])\s*[♠♥♦♣]", "", shown)
    assert {t: english_in(t) for t in shown.splitlines() if english_in(t)} == {}
    assert rules and english_in(rules) == []
    # The log's, the table's and the touch actions' (shown for a coarse pointer).
    assert len(labels) == 3 and [english_in(t) for t in labels] == [[], [], []], labels
    # The English guest at the same table heard English, no Spanish word in it.
    assert any(t.startswith("Your bid") for t in english), english
    assert {t: spanish_in(t) for t in english if spanish_in(t)} == {}


def test_the_language_chosen_on_the_form_is_remembered_and_the_seat_speaks_it() -> None:
    with web_server() as server, browser() as b:
        host = RemoteTable.create(server.url, NAMES[0])
        try:
            page = open_page(b, base_url(server) + "#" + host.code, languages="en-US,en")
            assert page.js("document.documentElement.lang") == "en"
            assert page.js("document.getElementById('join-h').textContent") == "Your table code"
            label = "document.querySelector('label[for=language]').textContent"
            assert page.js(label) == "Language"
            # From the name field back to the code, then to the language choice.
            page.key("tab", shift=True)
            page.key("tab", shift=True)
            assert page.js("document.activeElement.id") == "language"
            page.key("down")  # English, then español
            page.wait("document.documentElement.lang === 'es'")
            assert page.js("document.getElementById('join-h').textContent") == "Tu código de mesa"
            assert page.js(label) == "Idioma"
            # A reload keeps the choice.
            page.send("Page.reload")
            b.wait_event("Page.loadEventFired")
            page.wait("document.body.dataset.ready === 'true'")
            assert page.js("document.documentElement.lang") == "es"
            assert page.js("document.getElementById('language').value") == "es"
            # A wrong code is refused in the server's English, said in Spanish.
            page.js("document.getElementById('code').value = 'ZZZZ-ZZZZ'")
            page.js("document.getElementById('name').focus()")
            page.type(NAMES[1])
            page.key("enter")
            page.wait("window.__heard.length > 0")
            wrong = heard(page)[-1]["text"]
            page.js(f"document.getElementById('code').value = '{host.code}'")
            page.key("enter")
            wait_for(lambda: any(p.name == NAMES[1] for p in host.people()))
            # The server narrates the seat in it: the code line, the seats' table.
            page.wait("document.getElementById('table-code').textContent.length > 0")
            code_line = page.js("document.getElementById('table-code').textContent")
            seats = page.js("document.getElementById('seats-body').innerText")
        finally:
            host.close()
    with speaking(Language.ES):
        assert code_line == table_code_line(host.code) == f"Código de mesa {host.code}."
        assert wrong == translated("No table has that code.") != "No table has that code."
    assert "Norte" in seats and english_in(seats) == [], seats


# ---- no browser: what a page sends, what it is sent -----------------------------------


def test_a_language_the_game_does_not_speak_is_english_never_an_error() -> None:
    """What the guest door reads from a page's first frame (``chosen_language``); the
    hello it makes carries no language (the server speaks English; the seat's shell
    speaks the page's)."""
    for asked, expected in (("es", Language.ES), ("en", Language.EN), ("fr", Language.EN),
                            (["es"], Language.EN), (7, Language.EN), (None, Language.EN)):
        form = {"type": "join", "table": "K7MP-4QX2", "name": "Bo", "lang": asked}
        hello = page_hello(form)
        assert hello is not None and hello["type"] == "join" and "lang" not in hello
        assert chosen_language(form["lang"]) is expected, asked


def test_the_page_data_comes_in_the_language_asked_for() -> None:
    with web_server() as server:
        def data(query: str) -> dict[str, object]:
            with urllib.request.urlopen(base_url(server) + "app.json" + query, timeout=10) as a:
                found: dict[str, object] = json.loads(a.read())
            return found

        spanish, english, other = data("?lang=es"), data(""), data("?lang=zz")
        with urllib.request.urlopen(base_url(server), timeout=10) as answer:
            body = answer.read().decode()
    assert spanish["lang"] == "es" and english["lang"] == other["lang"] == "en"
    assert english == other
    page = spanish["page"]
    assert isinstance(page, dict) and page["hand_heading"] == "Tu mano"
    words = [*page.values(), *spanish["help"].values(), *spanish["words"].values()]  # type: ignore[attr-defined]
    assert {t: english_in(t) for t in words if english_in(t)} == {}
    # Every word the HTML names is written in (in English) and every page word is used.
    named = set(re.findall(r'data-(?:words|label)="(\w+)"', body))
    assert named == set(english["page"])  # type: ignore[arg-type]
    assert '<h2 id="join-h" data-words="join_heading">Your table code</h2>' in body
    assert '<option value="es" lang="es">español</option>' in body
