"""One shared table: what each intent does to it, its settings, and taking it back.

The parts around it, each on its own: intents arrive parsed (``wire/intents.py``); who
sits where (tokens, the host, people waiting for the next deal) is a pure model
(``seating.py``); people coming and going and the host role passing are ``presence.py``;
the match, its decisions and its computers are ``play.py``, with their timers in
``turns.py``; frames go out through ``broadcast.py``; what is written down, and when the
table was last used, is ``ledger.py``; the words are narration's.

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
from spades_voice.net.computers.pool import ComputerPool
from spades_voice.net.table import seating
from spades_voice.net.table.broadcast import Broadcaster, Member, Sign
from spades_voice.net.table.gallery import Gallery, Seen, chat_line
from spades_voice.net.table.ledger import Ledger
from spades_voice.net.table.play import TablePlay, new_match_state
from spades_voice.net.table.presence import Presence
from spades_voice.net.table.tablestore import StoredTable, TableStore
from spades_voice.net.table.watching import Audience
from spades_voice.net.wire import protocol as p
from spades_voice.net.wire import reasons
from spades_voice.net.wire.intents import (
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
from spades_voice.net.wire.limits import Limits, Timers
from spades_voice.rules import IllegalAction, MatchState, Reason, Ruleset, Seat
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
        self.loop = loop
        #: What its welcomes say of it; public: found by Play online and ``watch --any``.
        self.sign = Sign(code, ruleset)
        self.seating: seating.Seating[Member] = seating.Seating()
        audience: Audience[Member] = Audience(limits.watchers_per_table)
        self.out = Broadcaster(self.seating, audience, new_match_state(ruleset, new_seed()))
        #: What the table writes down, and when it was last in use.
        self.ledger = Ledger(store, self.sign, self.seating, audience, loop.time)
        self.play = TablePlay(
            ruleset, timers, new_seed, self.seating, self.out, level=level,
            computer_delay=computer_delay, limits=limits, loop=loop, computers=computers,
            record=self.ledger.decision, publish=self._publish,
        )
        self.presence = Presence(
            self.seating, self.out, self.play, loop, limits.restart_grace_seconds,
            sign=self.sign, ledger=self.ledger,
        )
        self.gallery = Gallery(
            self.seating, self.out, self.play, sign=self.sign, ledger=self.ledger,
            send_people=self.presence.send_people, chat_allowed=self._chat_pace,
        )

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

    # ---- taking back -----------------------------------------------------------------

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

    def leave(self, place: Place, member: Member) -> None:
        if not isinstance(place, seating.SeatInfo) and place.sat is not None:
            place = place.sat  # a watcher who took a seat
        if isinstance(place, seating.SeatInfo):
            self.presence.leave(place, member)
        else:
            self.gallery.leave(place)

    @property
    def watchable(self) -> bool:
        """Whether the host lets people watch this table."""
        return self.out.audience.allowed

    def _let_in(self, name: str, yes: bool) -> None:
        """The host's answer to a watcher who asked to play. Yes: it takes a seat a
        computer holds as a newcomer joining would (a seat welcome with its token; from
        the next deal when a hand is being played, or at once when the host's J seats
        it as anyone waiting); the others hear that it joined."""
        if yes and not self.seating.free_seats():
            raise IllegalAction(Reason(Refusal.TABLE_FULL))
        watcher = self.gallery.answer(name, yes)
        if not yes:
            return
        self.gallery.audience.remove(watcher)
        watcher.sat = info = self.presence.sit(watcher.name, watcher.wants, watcher.member)
        if not info.waiting:
            self.out.tell(info.seat, Reason.of(Told.LET_IN_YOU, seat=info.seat))

    # ---- intents -------------------------------------------------------------------

    def intent(self, place: Place, request: Request) -> dict[str, Any] | None:
        """Apply one intent from a connection at ``place``; the reply to send, if any."""
        self.ledger.touch()
        if not isinstance(place, seating.SeatInfo) and place.sat is not None:
            place = place.sat  # a watcher who took a seat speaks for it now
        if not isinstance(place, seating.SeatInfo):
            if isinstance(request.intent, Sit) and not self.seating.free_seats():
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
        line = chat_line(text, muted=info.muted)
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
        self.ledger.save(self.play)
        self.presence.send_people()
        self._publish([HandDealt(self.state.hand_number, hand.dealer)])
        self.play.schedule()

    def new_match(self) -> None:
        self.play.new_state()
        self.play.started = True
        hand = self.state.hand
        assert hand is not None
        self.ledger.new_match(str(self.state.seed))
        self.presence.send_people()
        self._publish(
            [Notice(Reason(Told.NEW_MATCH)), HandDealt(self.state.hand_number, hand.dealer)]
        )
        self.play.schedule()

    def set_timers(self, timers: Timers) -> None:
        self.play.timers = timers
        self.ledger.save(self.play)
        self.presence.send_people()
        self.play.schedule()

    # ---- sending ---------------------------------------------------------------------

    def _publish(self, events: list[Event], before: dict[Seat, list[Event]] | None = None) -> None:
        """Tell every seated connection of ``events``; a new deal first seats whoever was
        waiting for it."""
        if any(isinstance(e, HandDealt) for e in events):
            waiting = self.seating.waiting_here()
            if waiting:
                self.presence.seat_waiting(waiting)
        self.out.publish(events, before)

    def close(self) -> None:
        self.presence.close()
        self.gallery.close()
        self.play.close()
