"""Watchers arriving at and leaving one shared table, what they may ask of it, and the
host's say over them: what ``presence.py`` is for seated people, for the audience.

A watcher is sent the public view only (``broadcast.public_view``), in frames encoded
once for all watchers; it asks for nothing the match needs, so it costs no computer
decision, and it never keeps a table playing on its own (``Seating.connected`` counts
seats only).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spades_voice.narration import chat, notices
from spades_voice.narration.notices import Told
from spades_voice.narration.refusals import Refusal
from spades_voice.net.table.broadcast import Broadcaster, Member, Sign, encoded
from spades_voice.net.table.ledger import Ledger
from spades_voice.net.table.play import TablePlay
from spades_voice.net.table.seating import Seating
from spades_voice.net.table.watching import Audience, Watcher
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire import reasons
from spades_voice.net.wire.intents import Intent, Ping, Request, Say
from spades_voice.rules import SEATS, Bid, Card, IllegalAction, Reason, Seat, Why
from spades_voice.table import Chat, Notice

Seen = Watcher[Member]


def chat_line(text: str, *, muted: bool) -> str:
    """A chat line as the table sends it, from a seat or a watcher: cleaned (no control
    characters, one line), at most ``chat.MAX_CHAT`` characters; raises IllegalAction
    while the host has muted its writer, or when nothing or too much is left."""
    if muted:
        raise IllegalAction(Reason(Refusal.MUTED))
    line = chat.clean_chat(text, None)
    if not line:
        raise IllegalAction(Reason(Refusal.NOTHING_TO_SEND))
    if len(line) > chat.MAX_CHAT:
        raise IllegalAction(Reason(Refusal.CHAT_TOO_LONG))
    return line


class Gallery:
    """The watchers of one table and what everyone there hears of them."""

    def __init__(
        self,
        seating: Seating[Member],
        out: Broadcaster,
        play: TablePlay,
        *,
        sign: Sign,
        ledger: Ledger,
        send_people: Callable[[], None],
        chat_allowed: Callable[[list[float]], None],
    ) -> None:
        """``sign``: what a welcome says of the table; ``ledger``: where the host's choices
        about watchers are written down. The hooks: ``send_people`` everyone hears who is
        at the table; ``chat_allowed(said)`` the chat rate limit on one person's recent
        lines (raises IllegalAction), as seated people have it."""
        self.seating, self.out, self.play = seating, out, play
        self.sign, self.ledger = sign, ledger
        self._send_people, self._chat_allowed = send_people, chat_allowed

    @property
    def audience(self) -> Audience[Member]:
        return self.out.audience

    def watch(self, name: str, member: Member, seen: int | None = None) -> Seen:
        """A newcomer who listens without a seat, or (``seen``: the decisions it had
        heard) one coming back, who hears what it missed in one catch-up. Raises
        IllegalAction when the table takes no watchers or has all it may."""
        self.ledger.touch()
        taken = {i.name.lower() for i in self.seating.seats.values() if i.token is not None}
        watcher = self.audience.add(name, member, taken)
        member.send(self.sign.watch_welcome())
        self._send_people()  # the watcher's first list of who is here, and everyone's
        decisions = self.play.state.decisions
        back = seen is not None and seen <= len(decisions)
        told = Told.BACK if back else Told.WATCHING
        self.out.tell_all(Reason.of(told, name=watcher.name), but=watcher)
        if back:
            assert seen is not None
            missed = decisions[seen:]
            bids = sum(isinstance(d, Bid) for d in missed)
            cards = sum(isinstance(d, Card) for d in missed)
            reason = (
                Reason.of(Told.BACK_WATCHING_MISSED, bids=bids, cards=cards, where=self._where())
                if bids or cards
                else Reason.of(Told.BACK_WATCHING, where=self._where())
            )
        else:
            reason = Reason.of(Told.YOU_WATCH, where=self._where())
        self.out.watchers(encoded([Notice(reason)]), with_view=self.play.started, to=[watcher])
        return watcher

    def _where(self) -> Reason:
        """Where the match stands, as a watcher may hear it (mid-hand, the hand's number:
        the client says the trick so far from its own public view)."""
        if not self.play.started:
            return Reason(Told.NOT_STARTED_YET)
        state = self.play.state
        if state.hand is None:
            return Reason(Why.MATCH_OVER)
        return Reason.of(Told.IN_HAND, number=state.hand_number)

    def leave(self, watcher: Seen) -> None:
        if not self.audience.remove(watcher) or self.play.closed:
            return
        self.out.tell_all(Reason.of(Told.STOPPED_WATCHING, name=watcher.name))
        self._send_people()

    def intent(self, watcher: Seen, request: Request) -> dict[str, Any] | None:
        """Apply one intent from a watcher: a chat line or a ping; anything else is
        refused with the reason. The reply to send, if any."""
        try:
            self._apply(watcher, request.intent)
        except IllegalAction as e:
            return {"type": "refused", "id": request.id,
                    "reason": reasons.reason_to_json(e.reason)}
        return None if request.id is None else {"type": "ok", "id": request.id}

    def _apply(self, watcher: Seen, intent: Intent) -> None:
        match intent:
            case Say(text):
                self._say(watcher, text)
            case Ping():
                pass
            case _:
                raise IllegalAction(Reason(Refusal.WATCHERS_DO_NOT_PLAY))

    def _say(self, watcher: Seen, text: str) -> None:
        if not self.audience.may_chat:
            raise IllegalAction(Reason(Refusal.WATCHERS_QUIET))
        line = chat_line(text, muted=watcher.muted)
        self._chat_allowed(watcher.said)
        self.out.chat(Chat(None, watcher.name, line))

    def ask(self, watcher: Seen, seat: Seat | None) -> None:
        """``watcher`` asks to take a seat a computer holds: the seated people hear it
        (the host with the key that answers), the watcher hears that the host decides.
        Asking again changes nothing but the seat wanted."""
        watcher.wants = seat
        if not watcher.asks:
            watcher.asks = True
            asks = Reason.of(Told.ASKS_TO_PLAY, name=watcher.name)
            host = self.seating.host
            for s in SEATS:
                said = Notice(asks, notices.SEAT_WAITING) if s is host else Notice(asks)
                self.out.update(s, [said], with_view=False)
            self._send_people()
        self.out.watchers(encoded([Notice(Reason(Told.YOU_ASKED))]), with_view=False,
                          to=[watcher])

    def answer(self, name: str, yes: bool) -> Seen:
        """The host's answer to the watcher called ``name`` who asked to play: no, and it
        hears so and goes on watching; yes, and it is the table's to seat (returned).
        Raises IllegalAction when nobody called that asks."""
        watcher = self.audience.called(name)
        if watcher is None or not watcher.asks:
            raise IllegalAction(Reason.of(Refusal.NOBODY_ASKS, name=name))
        watcher.asks = False
        if not yes:
            told = Reason(Told.HOST_SAID_NO)
            self.out.watchers(encoded([Notice(told)]), with_view=False, to=[watcher])
            self._send_people()
        return watcher

    def mute(self, name: str, on: bool) -> bool:
        """The host stops (``on``) or allows the chat of the watcher called ``name``;
        False when no watcher is called that."""
        watcher = self.audience.called(name)
        if watcher is None:
            return False
        watcher.muted = on
        told = Reason(Told.MUTED_YOU if on else Told.UNMUTED_YOU)
        self.out.watchers(encoded([Notice(told)]), with_view=False, to=[watcher])
        return True

    def set(self, allowed: bool | None, may_chat: bool | None) -> None:
        """The host's choices: whether the table takes watchers (those watching when it
        stops are told and let go) and whether watchers may chat. Everyone hears what
        changed."""
        said: list[Told] = []
        if allowed is not None and allowed != self.audience.allowed:
            self.audience.allowed = allowed
            said.append(Told.WATCHERS_WELCOME if allowed else Told.NO_WATCHERS_NOW)
        if may_chat is not None and may_chat != self.audience.may_chat:
            self.audience.may_chat = may_chat
            said.append(Told.WATCHERS_MAY_CHAT if may_chat else Told.WATCHERS_LISTEN_ONLY)
        for kind in said:
            self.out.tell_all(Reason(kind))
        if not self.audience.allowed:
            for watcher in list(self.audience.watchers):
                self.audience.remove(watcher)
                watcher.member.close(p.CLOSE_FULL, Reason(Refusal.NO_WATCHERS))
        if said:
            self.ledger.save(self.play)
            self._send_people()

    def close(self) -> None:
        """The table ends: its watchers are let go with it."""
        self.audience.watchers.clear()

