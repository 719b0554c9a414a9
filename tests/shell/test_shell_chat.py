"""The chat line in the shell: typing, Enter, Escape, Backspace, the host's mute, and how
incoming lines are spoken and kept. The table here only records what it was asked to send;
tests/commands/test_commands_chat.py drives real clients through a real server."""

from __future__ import annotations

from shell_harness import easy_table, harness

from spades_voice.narration.chat import MAX_CHAT, Chat
from spades_voice.narration.refusals import Refusal
from spades_voice.options import EventKind, Voice
from spades_voice.rules import IllegalAction, Reason, Seat
from spades_voice.speech import Kind
from spades_voice.table import LocalTable, Person

MOST_WORDS = 25


class ChattyTable(LocalTable):
    """A local table with Bo at North as a person, recording what is sent."""

    def __init__(self) -> None:
        table = easy_table(12)
        super().__init__(table.state.ruleset, 12, players=table._fixed_players)
        self.sent: list[str] = []
        self.muted: list[tuple[str, bool]] = []
        self.watching: list[dict[str, bool | None]] = []
        self.refuse: Reason | None = None

    def people(self) -> list[Person]:
        return [
            Person(p.seat, "Bo" if p.seat is Seat.N else p.name,
                   person=p.person or p.seat is Seat.N, connected=p.connected,
                   host=p.seat is Seat.S, you=p.you)
            for p in super().people()
        ]

    def say(self, text: str) -> None:
        if self.refuse:
            raise IllegalAction(self.refuse)
        self.sent.append(text)
        self._emit(Chat(self.seat, "Ann", text))

    def mute(self, name: str, on: bool) -> None:
        self.muted.append((name, on))

    def admit(self, seat: Seat) -> None:  # with say and mute: a shared seat (SharedSeat)
        raise IllegalAction(Reason.of(Refusal.NOBODY_WAITING, seat=seat))

    def watchers(self) -> list[str]:
        return ["Wes"]

    def set_watching(self, allowed: bool | None = None, chat: bool | None = None) -> None:
        self.watching.append({"allowed": allowed, "chat": chat})

    def hear(self, name: str, text: str) -> None:
        self._emit(Chat(Seat.N, name, text))


def test_a_local_table_has_no_one_to_chat_with() -> None:
    with harness(easy_table(12)) as h:
        assert h.said("/") == "Chat is for shared tables: no one else is here to read it."
        assert h.shell is not None and h.shell.overlay is None


def test_typing_a_line_and_sending_it() -> None:
    table = ChattyTable()
    with harness(table) as h:
        assert h.shell is not None
        assert h.said("/") == "Say: type a line, Enter sends, Escape cancels."
        # Letters that are keys at the table (h, s, q...) are only letters here.
        h.press(*"hi sq", "backspace", "backspace", "backspace")
        h.press(*" all!")
        from spades_voice.shell.screen import screen

        assert screen(h.shell).text.endswith("Say: hi all!")
        mark = h.mark
        h.press("enter")
        assert table.sent == ["hi all!"]
        assert "You say: hi all!" in h.since(mark, Kind.EVENT)
        assert h.shell.overlay is None
        narrator = h.shell.narrator
        assert narrator.history_kinds[narrator.history.index("You say: hi all!")] is EventKind.CHAT


def test_escape_cancels_and_enter_on_nothing_says_so() -> None:
    table = ChattyTable()
    with harness(table) as h:
        h.press("/")
        assert h.said("enter") == "Nothing to send. Type a line, or Escape cancels."
        h.press(*"oops")
        assert h.said("escape") == "Not sent."
        assert table.sent == []
        assert h.said("h")  # the table's keys are back


def test_too_long_a_line_stops_at_the_limit_and_says_so() -> None:
    table = ChattyTable()
    with harness(table) as h:
        assert h.shell is not None
        h.press("/")
        h.pipe.send_bytes(b"\x1b[200~" + b"x" * (MAX_CHAT + 20) + b"\x1b[201~")
        h.wait_for(lambda: "A chat line is at most 200 characters." in h.texts())
        h.press("enter")
        assert table.sent == ["x" * MAX_CHAT]


def test_a_refusal_is_spoken_and_the_host_can_mute() -> None:
    table = ChattyTable()
    with harness(table) as h:
        table.refuse = Reason(Refusal.CHAT_TOO_FAST)
        h.press("/", *"again")
        assert h.said("enter") == "Too fast: wait a few seconds before the next line."
        table.refuse = None
        h.press("/", *"/mute Bo")
        assert h.said("enter") == "Bo is muted."
        h.press("/", *"/unmute Bo")
        assert h.said("enter") == "Bo may chat again."
        assert table.muted == [("Bo", True), ("Bo", False)]


def test_the_host_decides_by_chat_command_who_may_watch_and_whether_watchers_chat() -> None:
    table = ChattyTable()
    with harness(table) as h:
        for line in ("/watchers off", "/watchers on", "/watchers quiet", "/watchers chat"):
            h.press("/", *line, "enter")
        assert table.watching == [
            {"allowed": False, "chat": None}, {"allowed": True, "chat": None},
            {"allowed": None, "chat": False}, {"allowed": None, "chat": True},
        ]
        assert table.sent == []  # commands, never said to the table
        h.press("e")
        assert h.said("e").endswith("Watching: Wes.")


def test_incoming_lines_are_their_own_kind_and_can_be_history_only() -> None:
    table = ChattyTable()
    with harness(table) as h:
        assert h.shell is not None
        table.hear("Bo", "nice one")
        h.wait_for(lambda: "Bo says: nice one" in h.texts(Kind.EVENT))
        h.shell.narrator.voices[EventKind.CHAT] = Voice.HISTORY
        table.hear("Bo", "quiet now")
        h.wait_for(lambda: "Bo says: quiet now" in h.shell.narrator.history)
        assert "Bo says: quiet now" not in h.texts()
        h.press("g", "f", "f", "f")
        assert h.shell.shown_list is not None
        assert h.shell.shown_list.entries == ["Bo says: nice one", "Bo says: quiet now"]


def chat_transcript() -> str:
    out: list[str] = []
    table = ChattyTable()
    with harness(table) as h:
        assert h.shell is not None
        for keys in (["/"], [*"hello", "backspace", *"o!"], ["enter"], ["/"], ["escape"],
                     ["/"], ["enter"], [*"/mute Bo"], ["enter"]):
            mark = h.mark
            h.press(*keys)
            said = " | ".join(h.since(mark))
            out.append(f"[{''.join(k if len(k) == 1 else f'<{k}>' for k in keys)}] {said}")
        table.hear("Bo", "good luck all")
        h.wait_for(lambda: any(t.startswith("Bo says") for t in h.texts()))
        out.append(f"[heard] {h.texts()[-1]}")
    return "\n".join(out) + "\n"


def test_golden_chat() -> None:
    import os
    from pathlib import Path

    text = chat_transcript()
    path = Path(__file__).parent / "golden" / "chat.txt"
    if os.environ.get("SPADES_VOICE_REGEN_GOLDEN") == "1" or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    for line in text.splitlines():
        for said in line.split("] ", 1)[1].split(" | "):
            assert len(said.split()) <= MOST_WORDS, said
