"""One page's seat: the terminal's shell, heard through a websocket.

``PageSession`` holds what ``shell.app.run_app`` holds at a terminal (a ``Shell`` over a
table, with its hooks, and the pace driver that steps the computers) and takes the place
of prompt_toolkit at both ends. The table is any ``Table``: a ``LocalTable`` with
``StoreHooks`` for a page playing alone (``door``), the seat's ``SeatTable`` at a shared
table for a guest (``guest``), as ``spades-voice`` and ``spades-voice join`` run them:

- keys come in as the page names them ("h", "R", "f5", "enter", "s-tab"), and taps and
  clicks as actions on a card or a bid, and go through the shell's one door
  (``shell.actions.Actions``), so each key does in each mode what it does at the
  terminal: a question's Y and Escape, a list's arrows, and any other key saying the
  question again or that it does nothing;
- what the shell says goes out as the browser seat's frames: its answers (queries) and
  events, marked and in the order said, each frame with the regions' contents
  (``net.page.regions``), where the shell's focus is, and which answers only name that focus
  (the page's list says its option's name as the focus moves, so the page drops them).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from spades_voice import narration as say
from spades_voice.alone.sound import PageSound
from spades_voice.alone.thinking import PoolThinking
from spades_voice.narration import prompts, texts
from spades_voice.narration.reasons import say_reason
from spades_voice.net.page.regions import regions
from spades_voice.net.seats.seat_table import SeatTable
from spades_voice.options import Verbosity
from spades_voice.rules import BID_CHOICES, Bid, Card, Reason
from spades_voice.shell.actions import Actions
from spades_voice.shell.app import drive
from spades_voice.shell.chat_mode import send as send_chat
from spades_voice.shell.keymap import Keymap
from spades_voice.shell.startup import start
from spades_voice.shell.state import Draft, Shell
from spades_voice.store.base import ShellHooks
from spades_voice.store.settings import Settings
from spades_voice.table import Table

Send = Callable[[dict[str, Any]], Awaitable[None]]
#: How long the last frames (the goodbye) may take to go out once the session ends.
LAST_FRAMES_SECONDS = 5.0


class NothingKept(ShellHooks):
    """Hooks that save nothing on the server (watching the computers): no match, no
    statistics, no choices; the history the player asks for goes to the page to
    download. (``guest.GuestHooks`` is the same for a guest's seat.)"""

    def __init__(self) -> None:
        #: The page's session, which sends a file with its next frame (set once it exists).
        self.send_file: Callable[[str, str], None] = lambda name, text: None

    def download(self, name: str, text: str) -> None:
        self.send_file(name, text)


class PageSpeaker:
    """A ``Speaker`` whose output is the page's lines: a query (a key's answer) and an
    event, each marked, in the order the shell said them (the greeting before the deal).
    ``changed`` is called after each line, so the session sends a frame once the shell
    has finished what it is doing."""

    name = "page"

    def __init__(self, changed: Callable[[], None]) -> None:
        self.said: list[tuple[str, bool]] = []  # (text, a query)
        self._changed = changed

    def query(self, text: str) -> None:
        self.said.append((text, True))
        self._changed()

    def event(self, text: str) -> None:
        self.said.append((text, False))
        self._changed()

    def silence(self) -> None:
        """What the page has been sent is the screen reader's; nothing here is queued."""

    def close(self) -> None:
        """Nothing to release."""

    def take(self) -> list[tuple[str, bool]]:
        said, self.said = self.said, []
        return said


def _names_focus(
    said: list[tuple[str, bool]], card: Card | None, bid: int | None
) -> dict[str, str]:
    """The answers that name the focused card (or bid), each with what is left of it
    without the name: the page's list says its option's name ("5 of hearts, playable.")
    when its focus moves there, so the page need not say the name again. An answer that
    adds something keeps what it adds ("Last playable card.").

    >>> from spades_voice.rules import Card
    >>> five = Card.from_code("5H")
    >>> _names_focus([("5 of hearts.", True), ("Robin, 4 of hearts.", False)], five, None)
    {'5 of hearts.': ''}
    >>> _names_focus([("Last playable card. 5 of hearts.", True)], five, None)
    {'Last playable card. 5 of hearts.': 'Last playable card.'}
    >>> _names_focus([("4.", True), ("Highest: 13.", True)], None, 4)
    {'4.': ''}
    """
    names: set[str] = set()
    if card is not None:
        names |= {say.focus_line(card, playable).text for playable in (None, True, False)}
    if bid is not None:
        names.add(prompts.bid_choice(BID_CHOICES[bid]))
    left: dict[str, str] = {}
    for text, query in said:
        for name in names if query else ():
            if text == name:
                left[text] = ""
            elif text.endswith(" " + name):  # "{edge} {name}", in every language
                left[text] = text[: -len(name) - 1]
    return left


class PageSession:
    """The shell at one page, from the page's hello until it goes."""

    def __init__(
        self,
        table: Table,
        hooks: ShellHooks,
        keymap: Keymap,
        settings: Settings,
        send: Send,
        *,
        sound_on: bool = False,
        thinking: PoolThinking | None = None,
        shared: bool = False,
        watching: bool = False,
    ) -> None:
        """``sound_on``: cues start on (the player turned them on before at this page).
        ``thinking``: where the computers, the hint and the coach think (the server's
        workers); None: here, as at a terminal (tests of the session alone).
        ``shared``: a seat at a shared table, played as ``join`` plays it (the next hand
        deals without N; the greeting was the table's). ``watching``: four computers
        play, heard as ``watch --computers`` hears them (the next hand deals without N)."""
        self.hooks = hooks
        self._flush_due = False
        self.speaker = PageSpeaker(self.invalidate)
        self.sound = PageSound(table.seat, enabled=sound_on, volume=settings.volume,
                               changed=self.invalidate)
        self.shell = Shell(
            table, self.speaker, hooks, keymap, pace=settings.pace,
            brief=settings.verbosity is not Verbosity.FULL, start_settings=settings,
            sound=self.sound, hold_between_hands=not (shared or watching),
            greeted=shared,
        )
        self.shell.way_out.leave_with(self._quit)
        self.thinking = thinking
        if thinking is not None:
            self.shell.driver.think_with(thinking)
        self.actions = Actions(self.shell, keymap)
        self._send = send
        self._outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        #: Keys handled so far: each frame says how many it follows.
        self.pressed = 0
        #: The rules the page shows (the welcome's): a frame says them again if they change.
        self._ruleset = table.view().ruleset
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        #: Set when the player has quit (Q, then Y): the page goes back to its first screen.
        self.ended = asyncio.Event()
        #: Files for the page to download (the history), sent with the next frame.
        self._files: list[dict[str, str]] = []

    # ---- life ------------------------------------------------------------------------

    def begin(self) -> None:
        """Greet, offer the saved match or deal, and let the computers move at the pace."""
        loop = asyncio.get_running_loop()
        shell = self.shell

        def on_wake() -> None:
            loop.call_soon_threadsafe(self._wake.set)

        shell.driver.wake_with(on_wake)

        def on_events() -> None:
            loop.call_soon(self._events)

        shell.table.set_listener(on_events)
        self._tasks = [
            loop.create_task(drive(shell, self._wake, self)),
            loop.create_task(self._sender()),
        ]
        start(shell)

    async def end(self) -> None:
        """The page has gone, or the player quit: the computers stop, the frames still
        waiting go out (the goodbye; bounded, a page gone takes none), the clock stops
        and the match is saved (``StoreHooks.close``)."""
        self.shell.table.set_listener(None)
        self.shell.way_out.stop()
        if self.thinking is not None:
            self.thinking.close()
        driver, sender = self._tasks
        driver.cancel()
        self._outbox.put_nowait(None)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(sender), LAST_FRAMES_SECONDS)
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.hooks.close()

    def _quit(self) -> None:
        """Q, then Y: the goodbye goes out, then the page goes back to its first screen."""
        self._outbox.put_nowait(self.frame())
        self._outbox.put_nowait({"type": "left"})
        self.ended.set()

    # ---- keys --------------------------------------------------------------------------

    def press(self, name: str) -> None:
        """A key the page sends: what the terminal's keys do with it now."""
        self._acted()
        self.actions.key(name)

    def act(self, action: str) -> None:
        """An action the page sends by name (a button's): as its key does now."""
        self._acted()
        if not self.actions.act(action):
            self.actions.key("")  # nothing does it here: the question again, or why not

    def card(self, card: Card, *, named: bool) -> None:
        """A card tapped (``named``: its name was heard as the finger reached it) or
        clicked (the first click names it)."""
        self._acted()
        self.actions.card(card, named=named)

    def bid(self, bid: Bid) -> None:
        """A bid tapped or clicked: the bid list's focus, named; placing is ``select``."""
        self._acted()
        self.actions.bid(bid)

    def chat(self, text: str) -> None:
        """A line typed in the page's chat: sent as the terminal's chat line sends it
        (the host's "/mute Bo" too), a refusal said."""
        self._acted()
        self.shell.overlays.open(Draft(text))
        send_chat(self.shell)

    def refused(self, reason: Reason) -> None:
        """A message the door's guard turned away (too many at once, not understood):
        said, so a press is never dropped in silence."""
        self.shell.answer(say_reason(reason))
        self.invalidate()

    def _acted(self) -> None:
        self.pressed += 1
        self.invalidate()

    # ---- frames ------------------------------------------------------------------------

    def send_file(self, name: str, text: str) -> None:
        """A file the player asked for: the page downloads it, named ``name``."""
        self._files.append({"name": name, "text": text})
        self.invalidate()

    def _events(self) -> None:
        """The table has events waiting: the shell says them (as the terminal's
        listener does), then the computers may move."""
        self.shell.pump()
        self.shell.advance()
        self.invalidate()

    def invalidate(self) -> None:
        """Something changed: one frame goes out once the shell is done (the pace
        driver calls this as prompt_toolkit's app would be)."""
        if not self._flush_due:
            self._flush_due = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self._flush_due = False
        if not self.ended.is_set():  # after the goodbye, nothing more is sent
            self._outbox.put_nowait(self.frame())

    def frame(self) -> dict[str, Any]:
        """What the page gets now: the lines said since the last frame, the regions, and
        the shell's focus and mode."""
        shell = self.shell
        view = shell.view()
        said = self.speaker.take()
        frame: dict[str, Any] = {
            "type": "update",
            "lines": [text for text, query in said if not query],
            "urgent": [text for text, query in said if query],
            # Both kinds in the order said: the page says them so.
            "order": [query for _, query in said],
        }
        table = shell.table
        seat = table.client if isinstance(table, SeatTable) else None
        frame.update(
            regions(view, shell.chair.cast, table.people(), order=shell.focus.order,
                    started=seat is None or seat.started, host=seat is None or seat.host,
                    waiting=seat is not None and seat.waiting)
        )
        # Blind nil is open, or the hand is over and the next one's cards wait for N (they
        # may be blind nil's): the cards stay unseen, as at a terminal.
        hidden = shell.hand_hidden(view) or shell.between is not None
        if hidden:
            frame["hand"] = []
        cards, i = shell.focus.focused(view)
        # The seat's bid with its cards unseen: the page offers blind nil's two answers
        # (Bid blind nil, Show my cards) in place of the bid list.
        offer = shell.hand_hidden(view) and view.my_turn
        frame["bidding"] = shell.bidding_now(view) and (offer or not hidden)
        frame["blind_offer"] = offer
        card = cards[i] if i >= 0 and not hidden else None
        bid = max(0, min(shell.focus.bid, len(BID_CHOICES) - 1))
        frame["alone"] = {
            "mode": shell.mode.value,
            "card": card.code if card is not None else None,
            "bid": bid,
            "names_focus": _names_focus(said, None if frame["bidding"] else card,
                                        bid if frame["bidding"] else None),
            "paused": shell.driver.paused,
            "between": shell.between is not None,
            "over": shell.over,
            "keys": self.pressed,
        }
        frame["sound"] = self.sound.take()
        if self._files:
            frame["files"], self._files = self._files, []
        if view.ruleset != self._ruleset:  # a saved match resumed keeps its own rules
            self._ruleset = view.ruleset
            frame["rules"] = texts.rules_lines(view.ruleset)
        return frame

    async def _sender(self) -> None:
        while True:
            frame = await self._outbox.get()
            if frame is None:
                return
            await self._send(frame)
