"""The page keeps its seat through a dropped connection (it tries again by itself and
says so once) and says in plain words when the table has ended."""

from __future__ import annotations

from web_helpers import browser, heard, seat_guest, web_server

from spades_voice.narration import notices
from spades_voice.narration.notices import Told
from spades_voice.net.door.hosting import ServerThread
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Reason


def _drop_browsers(server: ServerThread) -> None:
    """Cut every browser seat's socket, as a network that fails does (no close frame)."""

    def cut() -> int:
        found = [
            c for c in server.server._server.connections  # type: ignore[union-attr]
            if c.request is not None and c.request.path == "/seat"
        ]
        for c in found:
            c.transport.abort()
        return len(found)

    assert server.call(cut) == 1


def _said(page: object) -> list[str]:
    return [h["text"] for h in heard(page)]  # type: ignore[arg-type]


def test_a_dropped_connection_comes_back_to_the_seat_and_is_said_once() -> None:
    with web_server() as server, browser() as b:
        host = RemoteTable.create(server.url, "Ann")
        try:
            page = seat_guest(b, server, host)
            host.start()
            page.wait("document.querySelectorAll('#hand [role=option]').length === 13")
            cards = page.js("document.getElementById('hand').textContent")
            _drop_browsers(server)
            try:
                page.wait("window.__heard.some((h) => h.text.startsWith('Back at your seat.'))",
                          timeout=60)
            except AssertionError as e:
                raise AssertionError(_said(page)) from e
            said = _said(page)
            assert said.count(notices.CONNECTION_LOST) == 1
            assert said.index(notices.CONNECTION_LOST) < next(
                i for i, t in enumerate(said) if t.startswith("Back at your seat.")
            )
            assert page.js("document.getElementById('hand').textContent") == cards
            assert [p.name for p in host.people() if p.person] == ["Ann", "Bo"]
        finally:
            host.close()


def test_a_table_that_ends_is_said_in_plain_words_and_not_retried() -> None:
    with web_server() as server, browser() as b:
        host = RemoteTable.create(server.url, "Ann")
        page = seat_guest(b, server, host)
        server.stop(ending=Reason.of(Told.HOST_CLOSED, name="Ann"))
        ending = "Ann left and closed the table."
        page.wait(f"window.__heard.some((h) => h.text === {ending!r})")
        host.close()
        assert notices.CONNECTION_LOST not in _said(page)
        assert page.js("sessionStorage.length") == 0  # nothing to come back to
