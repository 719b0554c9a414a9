"""The house rule "spades may be led at any time" from the page's first screen, in
chromium, by keys: its check box beside "Allow blind nil" for playing alone (the rules on
the page then tell it, the server keeps it with the player's choices, and this browser
checks it again next time), and beside the host's choices for a table opened for
friends (the server opens the table under it)."""

from __future__ import annotations

import json
from pathlib import Path

from test_web_alone import SEED, WHAT_NOW, alone_server, first_screen, same_browser, tab_to
from web_helpers import base_url

HOUSE_RULE = "House rule: spades may be led at any time, broken or not."
RULES = "Array.from(document.querySelectorAll('#rules li')).map((e) => e.textContent)"
BOX = "document.getElementById('alone-spades-any-time')"


def test_playing_alone_with_the_house_rule_checked(tmp_path: Path) -> None:
    with alone_server(tmp_path / "alone", SEED) as server, same_browser(tmp_path / "p") as b:
        page = first_screen(b, server)
        assert page.js(f"{BOX}.checked") is False  # off by default: the standard rule
        tab_to(page, "alone-spades-any-time", back=True)
        page.key("space")
        assert page.js(f"{BOX}.checked") is True
        tab_to(page, "play-alone", back=True)
        page.key("enter")
        page.wait(f"{WHAT_NOW} === 'bid'", timeout=60)
        rules = page.js(RULES)
        assert HOUSE_RULE in rules and not any(r.startswith("Spades cannot") for r in rules)
        [kept] = (tmp_path / "alone").rglob("settings.json")
        assert json.loads(kept.read_text(encoding="utf-8"))["rules"]["spades_any_time"] is True
        again = first_screen(b, server)  # the same browser: its choices come back
        assert again.js(f"{BOX}.checked") is True


def test_opening_a_table_with_the_house_rule() -> None:
    from web_helpers import browser, open_page, web_server

    with web_server() as server, browser() as b:
        for house in (True, False):
            page = open_page(b, base_url(server))
            page.js("document.getElementById('name').value = 'Di'")
            if house:
                tab_to(page, "open-spades-any-time")
                page.key("space")
            tab_to(page, "open-table")
            page.key("enter")
            page.wait("!document.getElementById('start').hidden")
            rulesets = server.call(lambda: [t.ruleset for t in server.server.tables.values()])
            assert rulesets[-1].spades_any_time is house
            page.wait(f"{RULES}.length > 0")
            assert (HOUSE_RULE in page.js(RULES)) is house
            page.send("Page.close")
