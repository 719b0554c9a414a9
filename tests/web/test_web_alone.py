"""Playing alone in chromium, by keys only, from the page's first screen: a match to 200
with the choices, the terminal's keys and sentences on the way (help, pace, undo,
restart hand and its question, pause, coach, review), then the browser closed, the
server restarted, the same browser opened again on the same profile: the same match
continues exactly, is played to its end, and its statistics count it once. Shift G's
history download; the keys a shared table does not have; axe; the host's choices."""

from __future__ import annotations

import contextlib
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from cdp import Browser, Page
from web_helpers import RECORDER, base_url, frames_received, need_chromium

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "alone"))
from alone_helpers import alone_server

from spades_voice.alone.door import folder_name
from spades_voice.narration import prompts, sounds, texts
from spades_voice.narration.coach import COACH_LATER, COACHING
from spades_voice.narration.language import line
from spades_voice.net.hosting import ServerThread

#: Every match here deals from this seed (a match to 200 that ends in a few hands).
SEED = 11
HAND = "Array.from(document.querySelectorAll('#hand [role=option]')).map((e) => e.dataset.card)"
SAID = "window.__heard.map((h) => h.text)"
HANDS_PLAYED = "document.querySelectorAll('#hands li').length"
#: What the table shows, to compare before the browser closes and after it opens again.
TABLE_NOW = {
    "hand": HAND,
    "trick": "document.getElementById('trick').textContent",
    "teams": "document.getElementById('teams-body').textContent",
    "players": "document.getElementById('players-body').textContent",
    "hands": "Array.from(document.querySelectorAll('#hands li')).map((e) => e.textContent)",
}
WHAT_NOW = """(() => {
  if (document.getElementById('game').hidden) return '';
  if (!document.getElementById('bidding').hidden) return 'bid';
  if (document.querySelector('#hand .playable')) return 'play';
  return '';
})()"""


@contextlib.contextmanager
def same_browser(profile: Path) -> Iterator[Browser]:
    b = Browser(need_chromium(), profile=profile)
    try:
        yield b
    finally:
        b.close()


def first_screen(b: Browser, server: ServerThread) -> Page:
    page = b.page()
    page.add_script(RECORDER)
    page.goto(base_url(server))
    page.wait("document.body && document.body.dataset.ready === 'true'")
    return page


def tab_to(page: Page, element: str, back: bool = False) -> None:
    for _ in range(30):  # the first screen's every control, and round again
        if page.js("document.activeElement.id") == element:
            return
        page.key("tab", shift=back)
    raise AssertionError(f"Tab never reached {element}")


def hears(page: Page, text: str, since: int, timeout: float = 30.0) -> None:
    page.wait(f"{SAID}.slice({since}).includes({json.dumps(text)})", timeout=timeout)


def said_count(page: Page) -> int:
    count: int = page.js(f"{SAID}.length")
    return count


def press(page: Page, key: str, answer: str, *, shift: bool = False) -> None:
    start = said_count(page)
    page.key(key, shift=shift)
    hears(page, answer, start)


def play_one_card(page: Page) -> None:
    page.wait(f"{WHAT_NOW} === 'play'", timeout=60)
    held = len(page.js(HAND))
    page.key("tab")
    page.key("enter")
    page.wait(f"{HAND}.length === {held - 1}", timeout=60)


def hands_played(page: Page) -> int:
    count: int = page.js(HANDS_PLAYED)
    return count


def play_to(page: Page, stop: str, dealt: int) -> None:
    """Play by keys until ``stop`` holds in the page, as a player does: Enter bids what
    the list starts on (the sure tricks), Tab names the next playable card and Enter
    plays it, N deals the next hand once hand ``dealt`` is over (its line is in Hands
    played)."""
    while True:
        # Once the lines on their way are said (the page says a burst together, a moment
        # after it draws the frame that brought them), so that ``stop`` sees them.
        what = page.wait(
            f"document.getElementById('said').dataset.pending ? '' : ({stop}) ? 'stop' : "
            f"{WHAT_NOW} || ({HANDS_PLAYED} >= {dealt} ? 'over' : '')",
            timeout=120,
        )
        if what == "stop":
            return
        if what == "bid":
            page.key("enter")
            page.wait(f"{WHAT_NOW} !== 'bid'", timeout=60)
        elif what == "play":
            play_one_card(page)
        else:
            page.key("n")
            dealt += 1


def table_now(page: Page) -> dict[str, object]:
    """What the table shows: compared before the browser closes and after it opens again."""
    return {what: page.js(expression) for what, expression in TABLE_NOW.items()}


def test_a_match_to_200_by_keys_then_closed_restarted_and_finished(tmp_path: Path) -> None:
    """The issue's whole game: from the first screen, a match to 200 by keys only, with
    help, pace, sound, undo, restart (its question), pause, review and the coach on the way;
    mid-match the browser closes and the server stops; both start again on the same
    profile and folder, the match goes on exactly where it was, is played to its end,
    and the statistics count it once."""
    root, profile = tmp_path / "alone", tmp_path / "profile"
    with alone_server(root, SEED) as server, same_browser(profile) as b:
        page = first_screen(b, server)
        # The choices, by keys: the opponents Easy and the target 200 (each the first).
        tab_to(page, "level")
        page.key("home")
        tab_to(page, "target")
        page.key("home")
        assert page.js("document.getElementById('target').value") == "200"
        tab_to(page, "play-alone", back=True)
        page.key("enter")
        page.wait(f"{WHAT_NOW} === 'bid'", timeout=60)
        hears(page, line(texts.GREETING), 0)
        press(page, "a", prompts.pace_now("quick"))
        press(page, "a", prompts.pace_now("instant"))
        # Sound cues, off until now: the server's own sound, fetched and placed by the page.
        press(page, "f4", line(sounds.SOUND_ON))
        page.wait("performance.getEntriesByType('resource')"
                  ".some((e) => e.name.endsWith('/sounds/your_turn-0.wav'))")
        start = said_count(page)
        page.key("?")  # the key help, a list: Escape goes back
        page.wait(f"{SAID}.slice({start}).some((t) => t.startsWith('Help, '))")
        press(page, "escape", line(prompts.BACK_TO_TABLE))
        page.key("enter")  # the bid it said
        play_one_card(page)
        start = said_count(page)
        page.key("u")
        page.wait(f"{SAID}.slice({start}).some((t) => t.startsWith('Undone:'))")
        page.wait(f"{WHAT_NOW} === 'play' && {HAND}.length === 13", timeout=60)
        # Restart the hand: Shift R (F5 reloads a page); the terminal's question and answers.
        press(page, "R", line(texts.CONFIRM_RESTART))
        press(page, "enter", line(texts.CONFIRM_RESTART))  # not the key it names
        press(page, "escape", line(prompts.BACK_TO_TABLE))
        press(page, "R", line(texts.CONFIRM_RESTART))
        press(page, "y", "Hand restarted.")
        press(page, "p", line(texts.PAUSED))
        press(page, "p", line(texts.RESUMED))
        press(page, "d", line(COACH_LATER))
        press(page, "k", prompts.review_intro(0))
        # The first hand to its end, the coach on it, then three tricks into the second.
        play_to(page, f"{HANDS_PLAYED} === 1", dealt=1)
        start = said_count(page)
        page.key("d")
        hears(page, line(COACHING), start)
        coached = page.wait(f"{SAID}.slice({start}).find((t) => t.startsWith('Hand 1'))")
        if coached.startswith("Hand 1, "):  # findings to step through: a list
            press(page, "escape", line(prompts.BACK_TO_TABLE))
        play_to(page, f"{HAND}.length === 10 && {WHAT_NOW} === 'play'", dealt=1)
        start = said_count(page)
        page.key("k")
        page.wait(f"{SAID}.slice({start}).some((t) => "
                  f"t.startsWith({json.dumps(prompts.review_intro(3))}))")
        press(page, "escape", line(prompts.BACK_TO_TABLE))
        before = table_now(page)
        token = page.js("localStorage.getItem('spades-alone-token')")
        port = (server.address or ("", 0))[1]
    # The browser closed and the server stopped; both again, on the same profile.
    with alone_server(root, SEED, port=port) as server, same_browser(profile) as b:
        page = first_screen(b, server)
        assert page.js("document.getElementById('target').value") == "200"  # remembered
        assert page.js("document.getElementById('level').value") == "easy"
        tab_to(page, "play-alone")
        page.key("enter")
        page.wait(f"{SAID}.some((t) => t.startsWith('A saved match is waiting: hand 2,'))",
                  timeout=60)
        page.key("enter")  # Enter continues, as it says
        page.wait(f"{WHAT_NOW} === 'play'", timeout=60)
        assert table_now(page) == before
        # On to the end of the match, then the statistics: counted once.
        play_to(page, f"{SAID}.some((t) => t.includes('win the match'))", dealt=2)
        start = said_count(page)
        page.key("T")  # Shift T: F3 is the browser's find
        said = page.wait(f"{SAID}.slice({start})[0]")
        assert re.match(r"1 match: [01] won, [01] lost\.", said), said
        assert hands_played(page) >= 2
    stats = json.loads((root / folder_name(token) / "stats.json").read_text())
    assert (stats["played"], len(stats["counted"])) == (1, 1)


def test_shift_g_saves_the_history_as_a_download(tmp_path: Path) -> None:
    """Control S's page key: the server sends the history the terminal would write to a
    file, the page hands it to the browser as a download under the terminal's file name,
    and the player hears so; nothing is written on the server."""
    root, downloads = tmp_path / "alone", tmp_path / "downloads"
    downloads.mkdir()
    with alone_server(root, SEED) as server, same_browser(tmp_path / "profile") as b:
        b.send("Browser.setDownloadBehavior", {
            "behavior": "allow", "downloadPath": str(downloads), "eventsEnabled": True,
        })
        page = first_screen(b, server)
        page.send("Network.enable")
        tab_to(page, "play-alone", back=True)
        page.key("enter")
        page.wait(f"{WHAT_NOW} === 'bid'", timeout=60)
        press(page, "a", prompts.pace_now("quick"))
        press(page, "a", prompts.pace_now("instant"))
        page.key("enter")
        play_one_card(page)
        start = said_count(page)
        page.key("G")
        begun = b.wait_event("Browser.downloadWillBegin", timeout=60)["params"]
        name = begun["suggestedFilename"]
        b.wait_event("Browser.downloadProgress", lambda e: e["guid"] == begun["guid"]
                     and e["state"] == "completed", timeout=60)
        text = (downloads / name).read_text("utf-8")
        entries = text.splitlines()
        hears(page, prompts.history_downloaded(name, len(entries)), start)
        assert re.fullmatch(r"history-\d{8}-\d{6}\.txt", name)
        [sent] = [f for frame in frames_received(b) for f in frame.get("files", [])]
        assert sent == {"name": name, "text": text}
        # What G reads, newest first, is what the file holds, oldest first.
        start = said_count(page)
        page.key("g")
        page.wait(f"{SAID}.length > {start}")
        assert page.js(SAID)[start] == f"{prompts.history_intro(len(entries))} {entries[-1]}"
        token = page.js("localStorage.getItem('spades-alone-token')")
    assert not list((root / folder_name(token)).glob("history-*"))


def test_at_a_shared_table_the_keys_that_take_back_say_why_not() -> None:
    """A guest at someone's table: undo, restart hand (F5 and the page's Shift R) and the
    coach answer with the terminal's sentences at a shared table, and F5 reloads nothing."""
    from test_web_access import guest_bidding

    with guest_bidding() as page:
        page.js("document.getElementById('bids').focus()")
        page.js("window.__stayed = true")
        press(page, "u", line(prompts.UNDO_NOT_HERE))
        press(page, "R", line(prompts.RESTART_NOT_HERE))
        press(page, "f5", line(prompts.RESTART_NOT_HERE))
        press(page, "d", line(prompts.COACH_NOT_HERE))
        assert page.js("window.__stayed === true")  # F5 did not reload the page


def test_axe_passes_the_first_screen_with_play_alone_and_the_table_alone(
    tmp_path: Path,
) -> None:
    from test_web_access import _axe

    def both_schemes(page: Page, what: str) -> None:
        for scheme in ("light", "dark"):
            page.send("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme}],
            })
            assert _axe(page) == [], (what, scheme)

    with alone_server(tmp_path / "alone", SEED) as server, same_browser(tmp_path / "p") as b:
        page = first_screen(b, server)
        assert not page.js("document.getElementById('play-alone').hidden")
        both_schemes(page, "first screen")
        page.js("document.getElementById('play-alone').focus()")
        page.key("enter")
        page.wait(f"{WHAT_NOW} === 'bid'", timeout=60)
        both_schemes(page, "playing alone")


def test_the_host_at_the_page_mutes_in_the_chat_as_at_the_terminal() -> None:
    """A page that opened a table (Play online) is its host: "/mute Bo" in the chat line
    mutes Bo, with the terminal's words, and Bo's chat is refused; "/unmute Bo" lets him."""
    from web_helpers import browser, heard, open_page, web_server

    from spades_voice.narration import chat
    from spades_voice.net.remote_table import RemoteTable
    from spades_voice.rules import IllegalAction

    with web_server() as server, browser() as b:
        page = open_page(b, base_url(server))
        page.js("document.getElementById('name').value = 'Di'")
        page.js("document.getElementById('play-online').click()")
        page.wait("!document.getElementById('start').hidden")
        [code] = server.call(lambda: list(server.server.tables))
        bo = RemoteTable.join(server.url, code, "Bo")
        try:
            page.wait("!document.getElementById('chat-region').hidden")
            for typed, answer in (("/mute Bo", chat.muted("Bo", True)),
                                  ("/unmute Bo", chat.muted("Bo", False))):
                start = len(heard(page))
                page.js("document.getElementById('say').focus()")
                page.type(typed)
                page.key("enter")
                hears(page, answer, start)
                if typed == "/mute Bo":
                    try:
                        bo.say("hello")
                    except IllegalAction as refused:
                        assert str(refused) == "muted"
                    else:
                        raise AssertionError("a muted guest was let chat")
        finally:
            bo.close()


def test_opening_a_table_with_the_hosts_choices() -> None:
    """From the first screen, by keys: a private table with 30 seconds a turn, and a
    public one with no limit; the server opens each as the page chose."""
    from web_helpers import browser, open_page, web_server

    with web_server() as server, browser() as b:
        for public in (False, True):
            page = open_page(b, base_url(server))
            page.js("document.getElementById('name').value = 'Di'")
            if public:
                tab_to(page, "open-public")
                page.key("space")
            else:
                tab_to(page, "turn-seconds")
                page.key("down")  # 30 seconds
            tab_to(page, "open-table")
            page.key("enter")
            page.wait("!document.getElementById('start').hidden")
            assert page.js("document.getElementById('table-code').textContent")
            tables = server.call(lambda: [(t.public, t.timers) for t in
                                          server.server.tables.values()])
            assert tables[-1][0] is public
            assert tables[-1][1].bid == tables[-1][1].play == (None if public else 30.0)
            page.send("Page.close")


def _focus_moves(page: Page, key: str, box: str) -> list[str]:
    """Press ``key`` with the focus in ``box`` (hand or bids); once the terminal's answer
    has moved the option there (or not) and the page has said what it says, the lines it
    said."""
    active = f"document.getElementById({box!r}).getAttribute('aria-activedescendant')"
    page.wait("!document.getElementById('said').dataset.pending")
    was, start, frames = page.js(active), said_count(page), page.js("window.__frames")
    page.key(key)
    page.wait(f"window.__frames > {frames}")  # the answer's frame is drawn
    page.wait("!document.getElementById('said').dataset.pending")
    moved = page.js(active) != was
    said: list[str] = page.js(SAID)[start:]
    return [*said, "(moved)"] if moved else said


def test_playing_alone_the_greeting_comes_first_and_a_move_is_said_once(tmp_path: Path) -> None:
    """Play alone: the terminal's greeting is heard first, then the deal (the terminal
    says them in that order). Moving the focus (arrows in the bid list, Tab to a card)
    is said by the screen reader reading the option it moved to: the page does not say
    the terminal's answer naming the same option again. A key that leaves the focus
    where it was (End at the last card) is not read by the screen reader: the page says
    the terminal's answer then."""
    with alone_server(tmp_path / "alone", SEED) as server, same_browser(tmp_path / "p") as b:
        page = first_screen(b, server)
        page.js("""window.__frames = 0;
          new MutationObserver(() => { window.__frames += 1; }).observe(
            document.getElementById('hand'), {attributes: true, childList: true, subtree: true});
          new MutationObserver(() => { window.__frames += 1; }).observe(
            document.getElementById('bids'), {attributes: true, subtree: true});""")
        tab_to(page, "play-alone", back=True)
        page.key("enter")
        page.wait(f"{WHAT_NOW} === 'bid'", timeout=60)
        page.wait("!document.getElementById('said').dataset.pending")
        said = page.js(SAID)
        assert said[0] == line(texts.GREETING), said
        assert page.js("document.activeElement.id") == "bids"
        assert _focus_moves(page, "right", "bids") == ["(moved)"]
        assert _focus_moves(page, "left", "bids") == ["(moved)"]
        page.key("enter")
        page.wait(f"{WHAT_NOW} === 'play'", timeout=60)
        assert page.js("document.activeElement.id") == "hand"
        assert _focus_moves(page, "tab", "hand") == ["(moved)"]
        assert _focus_moves(page, "end", "hand")[-1] == "(moved)"
        name = page.js("document.getElementById(document.getElementById('hand')"
                       ".getAttribute('aria-activedescendant')).lastElementChild.textContent")
        assert _focus_moves(page, "end", "hand") == [name]
        # Tab past the last playable card: the terminal says which end and the card; the
        # focus moves to it, so the page says only which end ...
        assert "not playable" in name, "this deal's last card should not be playable"
        last = line(prompts.LAST_PLAYABLE)
        assert _focus_moves(page, "tab", "hand") == [last, "(moved)"]
        # ... and the whole line when the focus stays on it.
        card = page.js("document.getElementById(document.getElementById('hand')"
                       ".getAttribute('aria-activedescendant')).lastElementChild.textContent")
        assert _focus_moves(page, "tab", "hand") == [f"{last} {card.split(',')[0]}."]
