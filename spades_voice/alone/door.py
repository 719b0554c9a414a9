"""The door a page comes through to play alone: its hello, its folder, its session.

The page's first frame is ``{"type": "alone", "token": ..., "lang": "es", "level":
"hard", "target": "300", "blind_nil": true, "spades_any_time": true}``, with
``"computers": true`` to watch four computers play instead (``_watch``). The token is the
secret this browser keeps (``localStorage``): the server made it on the first visit and
sent it in the welcome, and it names the folder where this player's match, statistics
and choices are kept (``StoreHooks``, whose every write is atomic), so closing the
browser, a restart of the computer or of the server loses nothing. The folder's name is
the token's hash, so the token itself is written nowhere on the server, and a guess finds
nothing.

The choices the page sends are the terminal's options (``--level``, ``--target``,
``--blind-nil``, ``--spades-any-time``): remembered with the player's settings when they
change, and used for the next match dealt (a saved match keeps its own rules, as at a
terminal).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from spades_voice.ai import REFERENCE_RATE, Player, WorkRate
from spades_voice.alone.keys import page_keymap
from spades_voice.alone.session import NothingKept, PageSession
from spades_voice.alone.sound import cue_files
from spades_voice.alone.thinking import PoolThinking
from spades_voice.narration import texts
from spades_voice.narration.browser import KEEPS_NOTHING, OPENED_ELSEWHERE
from spades_voice.narration.language import Way, line, playing_by, speaking
from spades_voice.net.door.server import Visit
from spades_voice.net.page.web import WebPage, chosen_language
from spades_voice.net.wire.limits import Expelled, Guard, Limits
from spades_voice.net.wire.protocol import CLOSE_BUSY, ProtocolError
from spades_voice.options import Level, Sound
from spades_voice.rules import Bid, Card, Reason, Seat
from spades_voice.store.files import StoreError
from spades_voice.store.hooks import StoreHooks
from spades_voice.store.settings import (
    SETTINGS_FILE,
    Settings,
    chosen_rules,
    load_settings,
    rule_choices,
)
from spades_voice.table import ComputersTable, LocalTable

#: A token the server made: 32 bytes, URL-safe base64 (43 characters).
TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")
#: Seconds a page has to say hello once its socket is open.
HELLO_SECONDS = 10.0


def folder_name(token: str) -> str:
    """The folder a token's player is kept in: its hash, never the token itself.

    >>> folder_name("x" * 43) == folder_name("x" * 43) != folder_name("y" * 43)
    True
    """
    return hashlib.sha256(token.encode("ascii")).hexdigest()[:32]


def chosen(settings: Settings, hello: dict[str, Any]) -> Settings:
    """``settings`` with the choices a hello names (anything it misnames is left as it
    was, never an error)."""
    given: dict[str, Any] = {}
    level = hello.get("level")
    if isinstance(level, str) and level in {x.value for x in Level}:
        given["level"] = Level(level)
    given["rules"] = chosen_rules(settings.rules, **rule_choices(hello))
    return replace(settings, **given)


class PageHooks(StoreHooks):
    """The terminal's store, for a page: everything kept as at a terminal, but a file
    the player asks for (the history) is not made on the server, where they cannot open
    it: it goes to the page to download (``store.base.Downloads``). On a server that
    keeps nothing (``kept=False``), the page hears so once, before anything else."""

    def __init__(self, folder: Path, *, clock: Callable[[], float], kept: bool) -> None:
        super().__init__(folder, clock=clock, kept=kept)
        self._untold = [] if kept else [KEEPS_NOTHING]
        #: The page's session, which sends a file with its next frame (set once it exists).
        self.send_file: Callable[[str, str], None] = lambda name, text: None

    def notices(self) -> list[str]:
        told, self._untold = self._untold, []
        return told + super().notices()

    def download(self, name: str, text: str) -> None:
        self.send_file(name, text)


class AloneDoor:
    """Every page playing alone on this server, by the folder its token names."""

    def __init__(
        self,
        root: Path,
        *,
        limits: Limits | None = None,
        rate: WorkRate = REFERENCE_RATE,
        new_seed: Callable[[], int | str] = lambda: secrets.randbelow(10**9),
        clock: Callable[[], float] = time.monotonic,
        players: Callable[[], dict[Seat, Player]] | None = None,
        page: WebPage | None = None,
        kept: bool = True,
    ) -> None:
        """``root``: the folder under which each player's own folder is made.
        ``new_seed``: each new match's seed (tests give a fixed one). ``clock``: the
        match clock's and the message guard's. ``players``: fixed computers for every
        table (tests and replays, as ``LocalTable`` takes them); by default the level's.
        ``page``: the page these players use, which then offers Play alone and serves
        the sound cues. ``kept``: False keeps nothing on disk (``serve --no-save``): no
        folder is made under ``root``, and each page's match ends with the page."""
        self.root = root
        self.kept = kept
        self.limits = limits or Limits()
        self.rate = rate
        self.new_seed = new_seed
        self.clock = clock
        self.players = players
        self.keymap = page_keymap()
        if page is not None:
            page.offer_alone(cue_files(), "audio/wav")
        self._open: dict[str, tuple[PageSession, ServerConnection]] = {}

    async def __call__(self, ws: ServerConnection, visit: Visit) -> None:
        """One page's socket, from its hello until it closes."""
        try:
            raw = await asyncio.wait_for(ws.recv(), HELLO_SECONDS)
            hello = json.loads(raw)
        except (TimeoutError, ValueError, ConnectionClosed):
            return
        if not isinstance(hello, dict) or hello.get("type") != "alone":
            return
        # "touch": true from a page with a coarse pointer: instructions name taps, not keys.
        way = Way.TOUCH if hello.get("touch") is True else Way.KEYS
        with speaking(chosen_language(hello.get("lang"))), playing_by(way):
            if visit.refused is not None:  # told why, then back to the first screen
                with contextlib.suppress(ConnectionClosed):
                    await ws.send(json.dumps({"type": "left", "urgent": [line(visit.refused)]}))
                await ws.close(CLOSE_BUSY, visit.refused)
                return
            token = hello.get("token")
            if not isinstance(token, str) or not TOKEN.fullmatch(token):
                token = secrets.token_urlsafe(32)
            visit.seated()
            if hello.get("computers") is True:
                await self._watch(ws, token, hello, visit)
            else:
                await self._play(ws, token, hello, visit)

    async def _play(
        self, ws: ServerConnection, token: str, hello: dict[str, Any], visit: Visit
    ) -> None:
        name = folder_name(token)
        earlier = self._open.pop(name, None)
        if earlier is not None:  # the same browser again (a reload, a tab): it takes over
            with contextlib.suppress(ConnectionClosed):
                await earlier[1].send(json.dumps(
                    {"type": "left", "urgent": [line(OPENED_ELSEWHERE)], "elsewhere": True}
                ))
            await earlier[1].close()
            await earlier[0].end()
        # A player new to this server hears no cue until they turn cues on (a page may
        # play no sound before a key); after that, their choice is kept like any other.
        known = self.kept and (self.root / name / SETTINGS_FILE).exists()
        hooks = PageHooks(self.root / name, clock=self.clock, kept=self.kept)
        settings = chosen(hooks.settings, hello)
        if not known:
            settings = replace(settings, sound=Sound.OFF)
        if settings != hooks.settings:
            hooks.save_settings(settings)
        ruleset = settings.rules
        table = LocalTable(
            ruleset, self.new_seed(), settings.level, rate=self.rate,
            players=self.players() if self.players is not None else None,
        )

        async def send(frame: dict[str, Any]) -> None:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(json.dumps(frame, separators=(",", ":")))

        session = PageSession(
            table, hooks, self.keymap, settings, send, sound_on=settings.sound is Sound.ON,
            thinking=PoolThinking(visit.computers, visit.address, self.rate),
        )
        hooks.send_file = session.send_file
        self._open[name] = (session, ws)
        await send({
            "type": "welcome", "alone": True, "token": token, "table": "", "code_line": "",
            "seat": table.seat.value, "host": True, "waiting": False, "urgent": [],
            "rules": texts.rules_lines(ruleset),
        })
        session.begin()
        try:
            await self._keys(ws, session)
        finally:
            if self._open.get(name, (None, None))[0] is session:
                del self._open[name]
                await session.end()

    async def _watch(
        self, ws: ServerConnection, token: str, hello: dict[str, Any], visit: Visit
    ) -> None:
        """Watch the computers: four play a match at the chosen level, heard as the
        terminal's ``watch --computers`` hears it. The player's choices (pace, sound,
        verbosity) are read, never written, and the match is kept nowhere: its hooks
        save nothing, and the player's own match alone stays as it was."""
        stored = self.root / folder_name(token) / SETTINGS_FILE
        known = self.kept and stored.exists()
        saved = None
        if known:
            with contextlib.suppress(StoreError):  # unusable: playing alone says so
                saved = load_settings(stored)
        settings = chosen(saved or Settings(), hello)
        if not known:
            settings = replace(settings, sound=Sound.OFF)
        table = ComputersTable(settings.rules, self.new_seed(), settings.level, rate=self.rate)
        hooks = NothingKept()

        async def send(frame: dict[str, Any]) -> None:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(json.dumps(frame, separators=(",", ":")))

        session = PageSession(
            table, hooks, self.keymap, settings, send, sound_on=settings.sound is Sound.ON,
            thinking=PoolThinking(visit.computers, visit.address, self.rate), watching=True,
        )
        hooks.send_file = session.send_file
        await send({
            "type": "welcome", "alone": True, "token": token, "table": "", "code_line": "",
            "seat": table.seat.value, "host": True, "waiting": False, "urgent": [],
            "rules": texts.rules_lines(settings.rules), "watching": True,
        })
        session.begin()
        try:
            await self._keys(ws, session)
        finally:
            await session.end()

    async def _keys(self, ws: ServerConnection, session: PageSession) -> None:
        """The page's keys, until the page goes or the player quits (Q, then Y)."""
        loop = asyncio.get_running_loop()
        reading = loop.create_task(self._read(ws, session))
        ended = loop.create_task(session.ended.wait())
        try:
            await asyncio.wait({reading, ended}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (reading, ended):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def _read(self, ws: ServerConnection, session: PageSession) -> None:
        await read_page(ws, Guard(self.limits, self.clock),
                        lambda message: take(session, message), session.refused)


async def read_page(
    ws: ServerConnection,
    guard: Guard,
    taken: Callable[[dict[str, Any]], None],
    refused: Callable[[Reason], None],
) -> bool:
    """Every page door's reading: each frame through the door's guard, as the server's
    guard reads a seat's; one it lets in is ``taken``, one it turns away is ``refused``
    (said, so a press is never dropped in silence). Until the page goes (True) or the
    guard expels it for too many bad frames (False)."""
    try:
        async for raw in ws:
            try:
                message = guard.admit(raw)
            except ProtocolError as e:
                refused(e.reason)
                continue
            taken(message)
    except ConnectionClosed:
        pass
    except Expelled:
        return False
    return True


def take(session: PageSession, message: dict[str, Any]) -> None:
    """One frame of the page's: a key by name (``press``), or an action (``act``): a
    button's by name, a card tapped or clicked by its code, a bid by its value. A frame
    that names nothing the game knows is dropped, as the guard drops any bad message."""
    kind = message.get("type")
    if kind == "press" and isinstance(message.get("key"), str):
        session.press(message["key"])
    elif kind == "act" and isinstance(message.get("card"), str):
        try:
            card = Card.from_code(message["card"])
        except ValueError:
            return
        session.card(card, named=message.get("named") is True)
    elif kind == "act" and "bid" in message:
        try:
            bid = Bid.from_json(message["bid"])
        except (ValueError, TypeError):
            return
        session.bid(bid)
    elif kind == "act" and isinstance(message.get("action"), str):
        session.act(message["action"])
