"""A browser seat: the page's websocket, seen by the server as one more protocol-2 seat.

``BrowserSocket`` wraps the browser's connection and stands in for it in the server's
ordinary handler, so the seat goes through the same door, limits and table as a terminal
player's (the real client address counts, wrong codes are guesses, intents are checked by
the table). Between the two it translates:

- the page's frames into protocol-2 messages: its join form into a hello, its bids and
  cards as they are, and a key that asks something (H, B, S, T ...) into a ``ping``
  whose ``ok`` is answered here, so every frame the page sends meets the server's guard
  before any work is done for it;
- the table's frames (``welcome``, ``people``, ``update``, ``refused`` ...) into what the
  page shows and says: the lines a terminal player in this seat hears, made by
  ``narration`` from the same events and view (decoded as the terminal's ``TableClient``
  decodes them), and the regions' contents.

The page only renders and sends keys; no sentence is made in JavaScript.

Each seat hears its own language: the page names it in its first message (``lang``, a
``Language`` code; anything else is English), and every frame for this seat is made
inside ``speaking(lang)``. The server's notices, refusals, errors and close reasons
arrive as values (a kind and its facts), worded here by ``narration.reasons`` as a
terminal client words them; a line is urgent by its kind (``notices.URGENT``), never by
its words.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from spades_voice import narration as say
from spades_voice.ai import Hint
from spades_voice.narration import chat, notices, prompts, texts
from spades_voice.narration.browser import (
    HINT_BUSY,
    HINT_THINKING,
    NO_HINT,
    NOT_HERE,
    START_HOST,
    table_code_line,
)
from spades_voice.narration.language import Language, line, speaking
from spades_voice.narration.lines import Line, text_of
from spades_voice.narration.notices import Told
from spades_voice.narration.reasons import say_reason
from spades_voice.narration.refusals import Refusal
from spades_voice.net import codec, reasons
from spades_voice.net import protocol as p
from spades_voice.net.client import TableClient, moved_from
from spades_voice.net.computers import HintShare, NoHint
from spades_voice.net.hellos import hello_create
from spades_voice.net.regions import bid_focus, regions
from spades_voice.net.registry import seat_address
from spades_voice.net.web import Keys, chosen_language
from spades_voice.rules import BID_CHOICES, BLIND_NIL, Card, Phase, Reason, Ruleset, SeatView
from spades_voice.table import Event, Notice, TurnToAct

#: The id of the intents a key makes (the update that answers them needs no matching).
INTENT_ID = 1
#: Pings that carry keys count from here: the page's own intents use small ids.
FIRST_ASKED = 1 << 20
#: What a mute awaiting its ``ok`` is asked as (never a key's action).
MUTE = "/mute"
#: What a mouse's first click on a card is asked as (its code follows; never a key's).
NAME_CARD = "/name "
MAX_ASKED = 64  # keys awaiting the server's ok; beyond it (a flood) they are not answered


def _summary(action: str, view: SeatView, cast: say.Cast) -> str | None:
    """What a key that asks about the table answers, as the terminal's key answers it."""
    if action in ("hand", "trick", "count", "since_my_turn", "what_we_need") and (
        view.phase is None
    ):
        return line(texts.NEW_MATCH)
    answers: dict[str, Callable[[], str | Line]] = {
        "hand": lambda: say.hand_summary(view),
        "bids": lambda: say.bids_summary(view, cast),
        "scores": lambda: say.scores_summary(view, cast),
        "trick": lambda: say.trick_summary(view, cast),
        "count": lambda: say.count_summary(view),
        "seats": lambda: say.seats_summary(view, cast),
        "since_my_turn": lambda: say.since_last_turn(view, cast),
        "what_we_need": lambda: say.what_we_need(view, cast),
        "last_trick": lambda: say.last_trick_summary(view.tricks, cast),
    }
    answer = answers.get(action)
    return text_of(answer()) if answer is not None else None


def _urgent(event: Event, view: SeatView) -> bool:
    """Said at once (an assertive region): the seat's turn and its timer's warnings."""
    if isinstance(event, TurnToAct):
        return event.seat is view.seat
    return isinstance(event, Notice) and event.reason.kind in notices.URGENT


class BrowserSocket:
    """The browser's websocket as the server's handler sees a protocol-2 connection:
    ``recv``, iteration and ``send``/``close`` of protocol text, ``remote_address`` and
    ``request`` for the address the limits count."""

    def __init__(
        self,
        ws: ServerConnection,
        keys: Keys,
        seated: Callable[[], None],
        hints: Callable[[str, SeatView], Awaitable[Hint | NoHint]] | None = None,
    ) -> None:
        """``seated``: called once the table has seated this browser; ``hints``: thinks
        out a hint (the server's computers' workers), with a seed and the seat's view."""
        self.ws = ws
        self.keys = keys
        self._seated = seated
        self._hints = hints
        self._hinted = 0
        self._hint_share = HintShare()
        #: Keys let through as pings, by the ping's id, waiting for the server's ``ok``.
        self._asked: dict[int, str] = {}
        self._ids = itertools.count(FIRST_ASKED)
        #: The host's mutes waiting for the server's ``ok``: who, and muted or not.
        self._muting: dict[int, tuple[str, bool]] = {}
        self.remote_address = ws.remote_address
        self.request = ws.request
        #: Decodes the table's frames exactly as the terminal's client does.
        self.client = TableClient("", {})
        #: The language this seat hears, from the page's first message.
        self.lang = Language.EN
        #: A guest just seated, to be told their seat and that the host starts.
        self._greet = False
        #: Blind nil was offered on the last frame (its cards held back by the server).
        self._offered = False
        #: The card a mouse's first click named (its code): a second click plays it.
        self._clicked: str | None = None

    # ---- page -> table -------------------------------------------------------------

    async def recv(self) -> str:
        return self.inbound(await self.ws.recv())

    def __aiter__(self) -> AsyncIterator[str]:
        return self._frames()

    async def _frames(self) -> AsyncIterator[str]:
        async for raw in self.ws:
            yield self.inbound(raw)

    def inbound(self, raw: str | bytes) -> str:
        """The protocol-2 text for one page frame; a frame that is not the page's own
        goes on unchanged, so the server's guard counts it as a bad message.

        Nothing is read here that the server's door does not read again: the join form's
        fields go into the hello as the page sent them, so ``hellos.parse_hello`` refuses
        a name that is not text (or a code, or a token) for a browser as for any client,
        and a frame ``protocol.decode`` cannot read (too deep, not JSON) is the guard's to
        refuse ("Not JSON.", a strike)."""
        text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
        if len(text) > p.MAX_MESSAGE:
            return text  # too big: the guard refuses it without it being read here
        try:
            data = p.decode(text)
        except p.ProtocolError:
            return text
        kind = data["type"]
        if kind in ("join", "rejoin", "join_any", "create", "watch"):
            self.lang = chosen_language(data.get("lang"))
        if kind in ("join", "rejoin", "join_any", "watch"):
            return p.encode(_hello(kind, data))
        if kind == "create":
            return p.encode(_opened(data))
        if kind == "key" and isinstance(data.get("action"), str):
            return self._key(data["action"])
        if kind == "act" and isinstance(data.get("card"), str):
            return self._card(data["card"], named=data.get("named") is True)
        if kind == "say" and isinstance(data.get("text"), str):
            word, _, name = data["text"].strip().partition(" ")
            if word in ("/mute", "/unmute") and name.strip():
                return self._mute(name.strip(), word == "/mute")
        # Anything else (bid, play, say ...) goes on as it is: the server judges it as it
        # judges any client's message.
        return text

    def _key(self, action: str) -> str:
        """A key the page passes on: an intent, or a ``ping`` whose ``ok`` (sent only once
        the server's guard has let it in, and in order with the table's frames) is
        answered here with what the key says."""
        client = self.client
        if action in ("move_on", "start") and not client.started:
            return p.encode({"type": "start", "id": INTENT_ID})
        if action in ("move_on", "start") and client.over:
            return p.encode({"type": "new_match", "id": INTENT_ID})
        waiting = [x for x in client.people if x.waiting]
        if action == "seat_waiting" and waiting:
            return p.encode({"type": "admit", "seat": waiting[0].seat.value, "id": INTENT_ID})
        asked = next(self._ids)
        if len(self._asked) < MAX_ASKED:
            self._asked[asked] = action
        return p.encode({"type": "ping", "id": asked})

    def _card(self, code: str, *, named: bool) -> str:
        """A card tapped (``named``: the screen reader said it as the finger reached it)
        or clicked: played by its code; a mouse's first click on a card names it, and a
        second click on the same card plays it (the shell's rule, ``shell.actions``)."""
        if named or code == self._clicked:
            self._clicked = None
            return p.encode({"type": "play", "card": code, "id": INTENT_ID})
        self._clicked = code
        return self._key(NAME_CARD + code)

    def _mute(self, name: str, on: bool) -> str:
        """The host's "/mute Bo" or "/unmute Bo" typed in the chat, as the terminal's chat
        line takes it: the table's mute intent, answered with the terminal's words."""
        asked = next(self._ids)
        if len(self._asked) < MAX_ASKED:
            self._asked[asked] = MUTE
            self._muting[asked] = (name, on)
        return p.encode({"type": "mute", "name": name, "muted": on, "id": asked})

    def _said_for(self, action: str) -> dict[str, Any] | None:
        """The answer to a key the server let in: every key says something, if only that
        it does nothing on this page, or why not yet."""
        if action == "seat_waiting":
            return _answer(line(notices.NOBODY_WAITING_AT_ALL))
        if action == "people":
            return _answer(say.people_summary([x.summary for x in self.client.people]))
        if action == "hint":
            return self._hint()
        if action.startswith(NAME_CARD):
            return _answer(_click_named(action.removeprefix(NAME_CARD), self._view()))
        if not (self.client.started or self.client.waiting) and action != "seats":
            if self.client.host:  # the one who starts it hears how
                return _answer(line(START_HOST))
            host = next((x.name for x in self.client.people if x.host), "")
            return _answer(say_reason(Reason.of(Told.NOT_STARTED_HOST, host=host)))
        text = _summary(action, self._view(), self._cast())
        return _answer(text if text is not None else line(NOT_HERE))

    def _hint(self) -> dict[str, Any] | None:
        """A hint on the seat's turn, as the terminal's I key gives it; focus moves to it.
        It is thought out in a worker and sent when ready (None now). The seat pays for
        its hints: one at a time, and ``HINT_BURST`` then one every ``HINT_EVERY`` s."""
        view = self._view()
        if _blind_offer(view):
            return _answer(line(texts.BLIND_OFFER))
        if not view.my_turn or view.phase is None or self._hints is None:
            return _answer(line(texts.HINT_LATER))
        share = self._hint_share
        if share.thinking:
            return _answer(line(HINT_THINKING))
        if not share.pay(asyncio.get_running_loop().time()):
            return _answer(line(HINT_BUSY))
        self._hinted += 1
        share.thinking = True
        seed = f"{self.client.code}/{self.client.seat.value}/hint/{self._hinted}"
        asyncio.get_running_loop().create_task(self._hint_answer(self._hints(seed, view)))
        return None

    async def _hint_answer(self, thinking: Awaitable[Hint | NoHint]) -> None:
        try:
            found = await thinking
        finally:
            self._hint_share.thinking = False
        with speaking(self.lang):
            if isinstance(found, Hint):
                choice = found.decision
                focus = choice.code if isinstance(choice, Card) else BID_CHOICES.index(choice)
                frame = {**_answer(say.hint_line(found).text), "focus": focus}
            else:
                frame = _answer(line(HINT_BUSY if found is NoHint.BUSY else NO_HINT))
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(json.dumps(frame, separators=(",", ":")))

    # ---- table -> page -------------------------------------------------------------

    async def send(self, text: str) -> None:
        frame = self.outbound(text)
        if frame is not None:
            await self.ws.send(json.dumps(frame, separators=(",", ":")))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        if code not in (1000, p.CLOSE_MOVED) and reason:  # moved: the page follows
            # A browser never sees a close reason it can rely on: say it in a frame first.
            with speaking(self.lang):
                said = say_reason(reasons.close_reason(reason))
                with_reason = {"type": "closed", "code": code, "urgent": [said]}
            with contextlib.suppress(ConnectionClosed):
                await self.ws.send(json.dumps(with_reason))
        await self.ws.close(code, reason)

    def outbound(self, text: str) -> dict[str, Any] | None:
        """What the page gets for one protocol-2 frame (None: nothing to show or say), in
        this seat's language."""
        with speaking(self.lang):
            return self._outbound(text)

    def _outbound(self, text: str) -> dict[str, Any] | None:
        data = p.decode(text)
        kind = data["type"]
        rid = data.get("id")
        action = self._asked.pop(rid, None) if isinstance(rid, int) else None
        muting = self._muting.pop(rid, None) if isinstance(rid, int) else None
        if kind == "ok" and muting is not None:
            return _answer(chat.muted(*muting))
        if kind == "ok":
            return self._said_for(action) if action is not None else None
        if kind in ("refused", "error"):
            return _answer(say_reason(_reason(data.get("reason"))))
        if kind == "moved":  # another process holds the table: the page opens its seat
            moved = moved_from(data)
            return {"type": "moved", "table": moved.code, "seat": seat_address(moved.server)}
        self.client.receive(data)
        if kind == "welcome":
            self._seated()
            client = self.client
            # A guest new to the table hears their seat once the people frame that follows
            # says whether the game has started (as the terminal's join does).
            self._greet = not (client.host or client.back or client.waiting or client.watching)
            return {
                "type": "welcome",
                "table": client.code,
                "code_line": table_code_line(client.code),
                "seat": client.seat.value,
                "token": client.token,
                "host": client.host,
                "waiting": client.waiting,
                "watching": client.watching,
                "rules": texts.rules_lines(client.rules),
                "urgent": [line(START_HOST)] if client.host and not client.started else [],
            }
        lines, urgent = self._lines()
        if self._greet and kind == "people":
            self._greet = False
            if not self.client.started:
                urgent.append(notices.waiting_for_host(self.client.seat))
        view = self._view()
        offered, self._offered = self._offered, _blind_offer(view)
        if offered and not self._offered and view.my_turn and view.phase is Phase.BIDDING:
            # The seat looked (the page asked to ``reveal``): as the terminal says it.
            urgent += [line(texts.BLIND_WITHDRAWN), prompts.your_bid(bid_focus(view))]
        frame: dict[str, Any] = {"type": "update", "lines": lines, "urgent": urgent}
        frame.update(self._state())
        return frame

    def _lines(self) -> tuple[list[str], list[str]]:
        """The events waiting, in the words a terminal player in this seat hears."""
        view, cast = self._view(), self._cast()
        lines: list[str] = []
        urgent: list[str] = []
        for event in self.client.drain():
            said = say.event_lines(event, cast, view=view)
            if isinstance(event, TurnToAct) and event.phase is Phase.BIDDING:
                offered = _blind_offer(view) and event.seat is view.seat
                bid = prompts.your_bid(bid_focus(view))
                said = [line(texts.BLIND_OFFER) if offered else bid]
            if isinstance(event, Notice) and event.action is not None:
                keys = self.keys.spoken_in(self.lang).get(event.action, "")
                said = [notices.with_offer(line, event.action, keys) for line in said]
            (urgent if _urgent(event, view) else lines).extend(said)
        return lines, urgent

    def _state(self) -> dict[str, Any]:
        """The regions' contents: the page shows these, it composes nothing."""
        client, view = self.client, self._view()
        frame = regions(
            view, self._cast(), client.people,
            started=client.started, host=client.host, waiting=client.waiting,
        )
        frame["blind_offer"] = _blind_offer(view)
        return frame

    # ---- helpers -----------------------------------------------------------------

    def _view(self) -> SeatView:
        view = self.client.view
        return view if view is not None else codec.lobby_view(self.client.seat, self.client.rules)

    def _cast(self) -> say.Cast:
        names = {x.seat: x.name for x in self.client.people if not x.you}
        return say.Cast(self.client.seat, names, self.client.watching)


def _click_named(code: str, view: SeatView) -> str:
    """A card a mouse clicked once: its name, and that a second click plays it when it
    can be played now ("King of diamonds. Click it again to play it.")."""
    try:
        card = Card.from_code(code)
    except ValueError:
        return line(prompts.CARD_NOT_IN_HAND)
    if card not in view.hand:
        return line(prompts.CARD_NOT_IN_HAND)
    playable = card in view.legal_cards if view.my_turn and view.phase is Phase.PLAYING else None
    said = prompts.card_to_click(card) if playable else say.focus_line(card, playable)
    return said.text


def _blind_offer(view: SeatView) -> bool:
    """The seat's turn to bid with its cards held back: blind nil, or look first."""
    return (
        view.phase is Phase.BIDDING and view.my_turn and not view.hand_seen
        and BLIND_NIL in view.legal_bids
    )


#: The turn timers a page may choose when it opens a table (seconds; None: no limit).
TURN_SECONDS = (None, 30, 60, 120)


def _opened(data: dict[str, Any]) -> dict[str, Any]:
    """The hello for a table the page opens for friends, with the host's choices: listed
    for anyone (Play online) or only for who has the code, the time for each turn (a
    choice it does not offer is no limit, never an error), and the house rule that spades
    may be led at any time."""
    seconds = data.get("turn_seconds")
    turn = float(seconds) if seconds in TURN_SECONDS and seconds is not None else None
    rules = Ruleset(spades_any_time=data.get("spades_any_time") is True)
    hello = hello_create(
        "", rules=rules, timers={"bid": turn, "play": turn}, public=data.get("public") is True
    )
    name = data.get("name", "")
    # As the join form's: the name as sent, so the door refuses one that is not text.
    hello["name"] = name if isinstance(name, str | int | float | bool | None) else []
    return hello


def _hello(kind: str, form: dict[str, Any]) -> dict[str, Any]:
    """The protocol-2 hello for the page's join form, its fields as the page sent them
    (anything but a plain value becomes an empty list, which every field refuses alike,
    so nothing deep is written out again). An empty token is no token."""
    fields = {"join": ("table", "name", "token"), "rejoin": ("table", "token"),
              "join_any": ("name",), "watch": ("table", "name")}[kind]
    hello: dict[str, Any] = {"type": kind, "protocol": p.PROTOCOL_VERSION}
    for name in fields:
        value = form.get(name)
        hello[name] = value if isinstance(value, str | int | float | bool | None) else []
    if kind == "join":
        hello["seat"] = None
        if hello["token"] == "":
            hello["token"] = None
    return hello


def _reason(value: object) -> Reason:
    """The reason a ``refused`` or ``error`` frame carries (a plain refusal when it is not
    one this page can read)."""
    try:
        return reasons.reason_from_json(value)
    except p.ProtocolError:
        return Reason(Refusal.REFUSED)


def _answer(text: str) -> dict[str, Any]:
    return {"type": "answer", "urgent": [text]}


def page_hello(form: dict[str, Any]) -> dict[str, Any] | None:
    """The protocol-2 hello for a page's first frame (its join form, Play online, or a
    table it opens), its fields as the page sent them; None for any other frame."""
    kind = form.get("type")
    if kind == "create":
        return _opened(form)
    if kind in ("join", "rejoin", "join_any", "watch"):
        return _hello(str(kind), form)
    return None
