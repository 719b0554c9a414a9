"""What a screen reader is handed, as Orca 43 treats it (issue 44): the history never
renumbers its entries (a list whose numbers all change floods Orca, which then drops
events, live lines among them); every line of one message goes into the one polite log,
together and in order (Orca purges queued polite lines when an assertive one arrives);
joining says the seat and the wait, as the terminal does."""

from __future__ import annotations

import re
from typing import Any

from cdp import Page
from test_web_access import _tree, _value, guest_bidding
from web_helpers import browser, frames_received, heard, seat_guest, wait_for, web_server

from spades_voice.net.seats.remote_table import RemoteTable


def _history_numbers(page: Page) -> list[tuple[str, str]]:
    """Each history entry's number (as the accessibility tree gives it) and text, top
    first."""
    page.send("Accessibility.enable")
    nodes = _tree(page)
    by_id = {n["nodeId"]: n for n in nodes}
    [history] = [n for n in nodes if _value(n, "role") == "list"
                 and _value(n, "name") == "What has happened"]
    numbers = []
    for item_id in history.get("childIds", []):
        item = by_id.get(item_id)
        if item is None:
            continue
        parts = [by_id[c] for c in item.get("childIds", []) if c in by_id]
        marker = [_value(c, "name") for c in parts if _value(c, "role") == "ListMarker"]
        text = "".join(_value(c, "name") or "" for c in parts
                       if _value(c, "role") != "ListMarker")
        if marker:
            numbers.append((marker[0], text))
    return numbers


def test_the_history_keeps_each_entrys_number_as_lines_arrive() -> None:
    with guest_bidding() as page:
        before = _history_numbers(page)
        assert before, "no numbered history entries found"
        count = page.js("document.querySelectorAll('#history li').length")
        page.key("enter")  # the bid: more lines come, each a new entry on top
        page.wait(f"document.querySelectorAll('#history li').length > {count + 1}")
        after = _history_numbers(page)
        assert len(after) > len(before)
        assert after[-len(before):] == before  # the entries there before, as they were
        # Newest first, still: numbered from the oldest, the top entry has the highest.
        assert [n for n, _ in after] == [f"{k}. " for k in range(len(after), 0, -1)]


def _said_by_message(page: Page) -> list[list[str]]:
    groups: dict[int, list[str]] = {}
    for h in heard(page):
        assert (h["id"], h["live"]) == ("said", "polite"), h
        groups.setdefault(int(h["batch"]), []).append(str(h["text"]))
    return list(groups.values())


def test_every_line_of_a_message_goes_to_the_one_polite_log_together_in_order() -> None:
    with guest_bidding() as page:
        assert page.js("document.querySelectorAll('[aria-live]').length") == 1
        page.key("h")  # a key's answer goes the same way
        page.wait("window.__heard.some((h) => h.text.startsWith('Spades:'))")
        page.key("enter")
        page.wait("window.__heard.some((h) => / placed\\.$/.test(h.text))")
        said = _said_by_message(page)  # first: frames may come on after it
        b = page.browser
        sent: list[list[str]] = []
        for frame in frames_received(b):
            lines = [*frame.get("lines", []), *frame.get("urgent", [])]
            if frame.get("type") in ("update", "answer", "welcome") and lines:
                sent.append(lines)
        # Every line once, in order; each message's lines in one paragraph (a paragraph may
        # hold a burst of messages: one utterance).
        flat = [t for group in said for t in group]
        assert flat == [t for group in sent for t in group][: len(flat)]
        ends, n = set(), 0
        for group in said:
            n += len(group)
            ends.add(n)
        n = 0
        for group in sent:
            start, n = n, n + len(group)
            if n > len(flat):
                break
            assert not any(start < e < n for e in ends), group  # not split
        # Not vacuous: a paragraph carried lines and the seat's turn together.
        assert any(len(s) > 1 for s in said), said


def test_a_guest_who_joins_hears_their_seat_and_that_the_host_starts() -> None:
    with web_server() as server, browser() as b:
        host = RemoteTable.create(server.url, "Ann")
        try:
            page = seat_guest(b, server, host)
            page.wait("window.__heard.length > 0")
            said: list[dict[str, Any]] = heard(page)
            assert re.fullmatch(r"You sit \w+\. Waiting for the host to start\.",
                                said[0]["text"]), said
            wait_for(lambda: page.js("document.activeElement.id") == "seats-h")
        finally:
            host.close()
