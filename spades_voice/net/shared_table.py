"""One shared table: what each intent does to it, its settings, and saving it.

The rooms around it, each on its own: intents arrive parsed (``intents.py``); who sits
where (tokens, the host, people waiting for the next deal) is a pure model
(``seating.py``); people coming and going and the host role passing are ``presence.py``;
the match, its decisions and its computers are ``play.py``, with their timers in
``turns.py``; frames go out through ``broadcast.py``; the words are narration's.

Table logic is synchronous: an intent is applied and every frame it causes is queued on
each connection before the next message is read, so tables need no locks.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import Any, TypeAlias, assert_never

from spades_voice.ai import Level
from spades_voice.narration import chat
from spades_voice.narration.notices import Told
from spades_voice.narration.refusals import Refusal
from spades_voice.net import protocol as p
from spades_voice.net import reasons, seating
from spades_voice.net.broadcast import Broadcaster, Member
from spades_voice.net.computers import ComputerPool
from spades_voice.net.gallery import Gallery, Seen
from spades_voice.net.intents import (
    WHILE_WAITING,
    Admit,
    Decide,
    Intent,
    LetIn,
    Mute,
    NewMatch,
    Ping,
    Request,
    Reveal,
    Say,
    SetTimers,
    Sit,
    Start,
    Watching,
)
from spades_voice.net.limits import Limits, Timers
from spades_voice.net.play import TablePlay, new_match_state
from spades_voice.net.presence import Presence
from spades_voice.net.tablestore import StoredTable, TableStore
from spades_voice.net.watching import Audience
from spades_voice.rules import Decision, IllegalAction, MatchState, Reason, Ruleset, Seat
from spades_voice.table import Chat, Event, HandDealt, Notice

__all__ = ["Member", "SeatInfo", "Seen", "SharedTable"]

#: A seat of a table on this server: its person's connection is a ``Member``.
SeatInfo: TypeAlias = seating.SeatInfo[Member]
#: Where a connection is at its table: a seat, or among the watchers.
Place: TypeAlias = SeatInfo | Seen


class SharedTable:
    """One table: a match, four seats, and whoever is to act."""

    def __init__(
        self,
        code: str,
        ruleset: Ruleset,
        timers: Timers,
        level: Level,
        computer_delay: float,
        limits: Limits,
        loop: asyncio.AbstractEventLoop,
        computers: ComputerPool,
        new_seed: Callable[[], str] = lambda: secrets.token_hex(16),
        store: TableStore | None = None,
    ) -> None:
        self.code, self.ruleset, self.limits = code, ruleset, limits
        self.loop, self.store = loop, store
        self.public = False
        self.address = "?"  # where its creator connected from
        self.seating: seating.Seating[Member] = seating.Seating()
        self.out = Broadcaster(
            self.seating, Audience(limits.watchers_per_table), new_match_state(ruleset, new_seed())
        )
        self.play = TablePlay(
            ruleset, timers, new_seed, self.seating, self.out, level=level,
            computer_delay=computer_delay, limits=limits, loop=loop, computers=computers,
            record=self._record, publish=self._publish,
        )
        self.presence = Presence(
            self.seating, self.out, self.play, loop, limits.restart_grace_seconds,
            welcome=self._welcome, save=self.save, save_seat=self._save_seat, touch=self._touch,
        )
        self.gallery = Gallery(
            self.seating, self.out, self.play, welcome=self._watch_welcome,
            send_people=self._send_people, chat_allowed=self._chat_pace, save=self.save,
        )
        self.last_active = loop.time()

    @property
    def seats(self) -> dict[Seat, SeatInfo]:
        return self.seating.seats

    @property
    def host(self) -> Seat | None:
        return self.seating.host

    @property
    def connected(self) -> int:
        """Connections at the table, waiting newcomers included (someone is listening)."""
        return self.seating.connected

    @property
    def state(self) -> MatchState:
        return self.play.state

    @property
    def started(self) -> bool:
        return self.play.started

    @property
    def timers(self) -> Timers:
        return self.play.timers

    def free_seats(self) -> list[Seat]:
        return self.seating.free_seats()

    def token_seat(self, token: str) -> SeatInfo | None:
        return self.seating.token_seat(token)

    # ---- saving ----------------------------------------------------------------------

    def save(self) -> None:
        """Write the table's settings and every person's seat (after a change to them)."""
        if self.store is None:
            return
        self.store.save_table(
            self.code, p.rules_to_json(self.ruleset), self.timers.to_json(),
            str(self.state.seed), self.host.value if self.host else None, self.started,
            self.public, self.address, self.out.audience.choices(),
        )
        for info in self.seats.values():
            self._save_seat(info)

    def _save_seat(self, info: SeatInfo) -> None:
        if self.store is not None:
            self.store.seat(self.code, info.seat.value, info.name, info.token, info.waiting)

    def restore(self, stored: StoredTable) -> None:
        """Take back a table read from the store: its match, its people (all away)."""
        self.play.new_state(stored.seed, [p.decision_from_json(d) for d in stored.decisions])
        self.play.started = stored.started
        self.out.audience.choose(stored.watching)
        self.seating.restore(
            p.seat_from_json(stored.host) if stored.host else None,
            [(p.seat_from_json(s), p.clean_name(n), t, w) for s, n, t, w in stored.seats],
        )

    # ---- coming and going (``presence.py``) ------------------------------------------

    def sit(self, name: str, wanted: Seat | None, member: Member) -> SeatInfo:
        """Seat a newcomer; raises IllegalAction when the table is full."""
        return self.presence.sit(name, wanted, member)

    def rejoin(self, info: SeatInfo, member: Member) -> SeatInfo:
        """Give ``info``'s seat to ``member``, who presented its token."""
        return self.presence.rejoin(info, member)

    def leave(self, place: Place, member: Member) -> None:
        if not isinstance(place, seating.SeatInfo) and place.sat is not None:
            place = place.sat  # a watcher who took a seat
        if isinstance(place, seating.SeatInfo):
            self.presence.leave(place, member)
        else:
            self.gallery.leave(place)

    def watch(self, name: str, member: Member, seen: int | None = None) -> Seen:
        """A newcomer who listens without a seat, or one coming back who had heard
        ``seen`` decisions (``gallery.py``); raises IllegalAction when the table takes no
        watchers or has all it may."""
        self._touch()
        return self.gallery.watch(name, member, seen)

    @property
    def watchable(self) -> bool:
        """Whether the host lets people watch this table."""
        return self.out.audience.allowed

    def hold_for_restart(self, seconds: float) -> None:
        self.presence.hold_for_restart(seconds)

    def _welcome(self, info: SeatInfo, back: bool) -> dict[str, Any]:
        assert info.token is not None
        return {
            "type": "welcome",
            "protocol": p.PROTOCOL_VERSION,
            "table": self.code,
            "seat": info.seat.value,
            "token": info.token,
            "host": info.seat is self.host,
            "rules": p.rules_to_json(self.ruleset),
            "back": back,
            "waiting": info.waiting,
            "public": self.public,
        }

    def _let_in(self, name: str, yes: bool) -> None:
        """The host's answer to a watcher who asked to play. Yes: it takes a seat a
        computer holds as a newcomer joining would (a seat welcome with its token; from
        the next deal when a hand is being played, or at once when the host's J seats
        it as anyone waiting); the others hear that it joined."""
        if yes and not self.free_seats():
            raise IllegalAction(Reason(Refusal.TABLE_FULL))
        watcher = self.gallery.answer(name, yes)
        if not yes:
            return
        self.gallery.audience.remove(watcher)
        watcher.sat = info = self.presence.sit(watcher.name, watcher.wants, watcher.member)
        if not info.waiting:
            self.out.tell(info.seat, Reason.of(Told.LET_IN_YOU, seat=info.seat))

    def _watch_welcome(self) -> dict[str, Any]:
        """A watcher's welcome: the table, its rules, no seat and no token."""
        return {
            "type": "welcome",
            "protocol": p.PROTOCOL_VERSION,
            "table": self.code,
            "watching": True,
            "rules": p.rules_to_json(self.ruleset),
            "public": self.public,
        }

    # ---- intents -------------------------------------------------------------------

    def intent(self, place: Place, request: Request) -> dict[str, Any] | None:
        """Apply one intent from a connection at ``place``; the reply to send, if any."""
        self._touch()
        if not isinstance(place, seating.SeatInfo) and place.sat is not None:
            place = place.sat  # a watcher who took a seat speaks for it now
        if not isinstance(place, seating.SeatInfo):
            if isinstance(request.intent, Sit) and not self.free_seats():
                return {"type": "refused", "id": request.id,
                        "reason": reasons.reason_to_json(Reason(Refusal.TABLE_FULL))}
            if isinstance(request.intent, Sit):
                self.gallery.ask(place, request.intent.seat)
                return None if request.id is None else {"type": "ok", "id": request.id}
            return self.gallery.intent(place, request)
        info = place
        self.out.answering = None if request.id is None else (info.seat, request.id)
        try:
            self._apply(info, request.intent)
        except IllegalAction as e:
            return {"type": "refused", "id": request.id, "reason": reasons.reason_to_json(e.reason)}
        else:
            if self.out.answering is None:
                return None  # no id, or an update already answered it
            return {"type": "ok", "id": request.id}
        finally:
            self.out.answering = None

    def _apply(self, info: SeatInfo, intent: Intent) -> None:
        # Someone waiting for the next deal may still talk to the table.
        if info.waiting and not isinstance(intent, WHILE_WAITING):
            raise IllegalAction(Reason(Refusal.PLAY_NEXT_DEAL))
        match intent:
            case Decide(decision):
                if not self.started:
                    raise IllegalAction(Reason(Refusal.NOT_STARTED))
                self.play.decide(info.seat, decision)
            case Reveal():
                if not info.waiting and self.play.look(info.seat):
                    self.out.update(info.seat, [])  # the cards held back until now
            case Start():
                self._host_only(info)
                if self.started:
                    raise IllegalAction(Reason(Refusal.ALREADY_STARTED))
                self.start()
            case NewMatch():
                self._host_only(info)
                self.new_match()
            case SetTimers(timers):
                self._host_only(info)
                self.set_timers(timers)
            case Admit(seat):
                self._host_only(info)
                self.presence.admit(seat)
            case Say(text):
                self.say(info, text)
            case Mute(name, muted):
                self._host_only(info)
                self.mute(name, muted)
            case Watching(allowed, chat_too):
                self._host_only(info)
                self.gallery.set(allowed, chat_too)
            case Sit():
                raise IllegalAction(Reason(Refusal.ALREADY_SEATED))
            case LetIn(name, yes):
                self._host_only(info)
                self._let_in(name, yes)
            case Ping():
                pass
            case _:
                assert_never(intent)

    def _host_only(self, info: SeatInfo) -> None:
        # A table whose host has gone is not stuck: the role passes on (``Presence``).
        if info.seat is not self.host:
            raise IllegalAction(Reason(Refusal.ONLY_HOST))

    def say(self, info: SeatInfo, text: str) -> None:
        """A chat line from ``info`` to everyone connected: cleaned (no control characters,
        one line), at most ``chat.MAX_CHAT`` characters, ``limits.chat_burst`` lines in
        ``limits.chat_window`` seconds; refused while the host has muted them."""
        if info.muted:
            raise IllegalAction(Reason(Refusal.MUTED))
        line = chat.clean_chat(text, None)
        if not line:
            raise IllegalAction(Reason(Refusal.NOTHING_TO_SEND))
        if len(line) > chat.MAX_CHAT:
            raise IllegalAction(Reason(Refusal.CHAT_TOO_LONG))
        self._chat_pace(info.said)
        self.out.chat(Chat(info.seat, info.name, line))

    def _chat_pace(self, said: list[float]) -> None:
        """Count one more chat line in ``said`` (one person's recent lines, loop time);
        raises IllegalAction past ``limits.chat_burst`` in ``limits.chat_window``."""
        now = self.loop.time()
        said[:] = [t for t in said if now - t < self.limits.chat_window]
        if len(said) >= self.limits.chat_burst:
            raise IllegalAction(Reason(Refusal.CHAT_TOO_FAST))
        said.append(now)

    def mute(self, name: str, on: bool) -> None:
        """The host stops (``on``) or allows the chat of the person called ``name``."""
        wanted = chat.clean_chat(name)
        info = self.seating.person_called(wanted)
        if info is None:
            if self.gallery.mute(wanted, on):
                return
            raise IllegalAction(Reason.of(Refusal.NO_SUCH_PERSON, name=wanted))
        info.muted = on
        if info.member is not None:
            self.out.tell(info.seat, Reason(Told.MUTED_YOU if on else Told.UNMUTED_YOU))

    def start(self) -> None:
        self.play.started = True
        hand = self.state.hand
        assert hand is not None
        self.save()
        self._send_people()
        self._publish([HandDealt(self.state.hand_number, hand.dealer)])
        self._schedule()

    def new_match(self) -> None:
        self.play.new_state()
        self.play.started = True
        hand = self.state.hand
        assert hand is not None
        if self.store is not None:
            self.store.new_match(self.code, str(self.state.seed))
        self._send_people()
        self._publish(
            [Notice(Reason(Told.NEW_MATCH)), HandDealt(self.state.hand_number, hand.dealer)]
        )
        self._schedule()

    def set_timers(self, timers: Timers) -> None:
        self.play.timers = timers
        self.save()
        self._send_people()
        self._schedule()

    def _record(self, n: int, decision: Decision) -> None:
        if self.store is not None:
            self.store.decision(self.code, n, p.decision_to_json(decision))

    def timers_pending(self) -> int:
        """See ``Turns.pending``."""
        return self.play.timers_pending()

    def _schedule(self) -> None:
        self.play.schedule()

    # ---- sending ---------------------------------------------------------------------

    def _touch(self) -> None:
        self.last_active = self.loop.time()

    def _send_people(self) -> None:
        self.presence.send_people()

    def _publish(self, events: list[Event], before: dict[Seat, list[Event]] | None = None) -> None:
        """Tell every seated connection of ``events``; a new deal first seats whoever was
        waiting for it."""
        if any(isinstance(e, HandDealt) for e in events):
            waiting = self.seating.waiting_here()
            if waiting:
                self.presence.seat_waiting(waiting)
        self.out.publish(events, before)

    @property
    def closed(self) -> bool:
        return self.play.closed

    def close(self) -> None:
        self.presence.close()
        self.gallery.close()
        self.play.close()
