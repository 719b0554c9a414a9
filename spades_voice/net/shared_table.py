"""One shared table: its match, and what each intent and each coming and going does to it.

The rooms around it: who sits where (tokens, the host, people waiting for the next deal)
is a pure model in ``seating.py``; frames go out through ``broadcast.py``; timers and the
computers' thinking are ``turns.py``; intents arrive parsed (``intents.py``); the words
are narration's. This class ties them together: it applies an intent or a coming and
going to the seats and the match, then says who hears what and what happens next.

Table logic is synchronous: an intent is applied and every frame it causes is queued on
each connection before the next message is read, so tables need no locks.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import Any, TypeAlias, assert_never

from spades_voice.ai import Level
from spades_voice.narration import chat, notices, refusals
from spades_voice.narration.summaries import trick_summary
from spades_voice.narration.words import Cast
from spades_voice.net import protocol as p
from spades_voice.net import seating
from spades_voice.net.blind import look
from spades_voice.net.broadcast import Broadcaster, Member, people_message
from spades_voice.net.computers import ComputerPool
from spades_voice.net.intents import (
    WHILE_WAITING,
    Admit,
    Decide,
    Intent,
    Mute,
    NewMatch,
    Ping,
    Request,
    Reveal,
    Say,
    SetTimers,
    Start,
)
from spades_voice.net.limits import Limits, Timers
from spades_voice.net.play import TablePlay, new_match_state
from spades_voice.net.tablestore import StoredTable, TableStore
from spades_voice.rules import Decision, IllegalAction, MatchState, Ruleset, Seat, view_of
from spades_voice.table import Chat, Event, HandDealt, Notice

__all__ = ["Member", "SeatInfo", "SharedTable"]

#: A seat of a table on this server: its person's connection is a ``Member``.
SeatInfo: TypeAlias = seating.SeatInfo[Member]


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
        self.closed = False
        self.seating: seating.Seating[Member] = seating.Seating()
        self.out = Broadcaster(self.seating, new_match_state(ruleset, new_seed()))
        self.play = TablePlay(
            ruleset, timers, new_seed, self.seating, self.out, level=level,
            computer_delay=computer_delay, limits=limits, loop=loop, computers=computers,
            record=self._record, publish=self._publish,
        )
        self.last_active = loop.time()
        self._grace: asyncio.TimerHandle | None = None  # the end of ``grace_until``
        self._host_wait: asyncio.TimerHandle | None = None  # the end of an away host's time

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
            self.public, self.address,
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
        self.seating.restore(
            p.seat_from_json(stored.host) if stored.host else None,
            [(p.seat_from_json(s), p.clean_name(n), t, w) for s, n, t, w in stored.seats],
        )
        hand = self.state.hand
        if hand is not None:
            # Whoever has bid has seen their cards; the others will ask again.
            for seat, _ in hand.bids:
                self.state.reveal(seat)

    # ---- coming and going ------------------------------------------------------------

    def sit(self, name: str, wanted: Seat | None, member: Member) -> SeatInfo:
        """Seat a newcomer (see ``Seating.sit``). Raises IllegalAction when full.

        In the middle of a hand the newcomer waits for the next deal: sitting down at once
        would show them the cards the computer at that seat was dealt.
        """
        info = self.seating.sit(name, wanted, member, waiting=self.play.mid_hand)
        self._settle_host()
        self.save()  # a waiting seat too: its token must outlive a restart
        if info.waiting:
            self._joined(
                info,
                notices.joined_next_deal(info.name, info.seat),
                notices.you_sit_next_deal(info.seat, info.computer_name),
                to_host=Notice(notices.waiting_ask_host(info.name), notices.SEAT_WAITING),
            )
        else:
            self._joined(info, notices.joined(info.name, info.seat))
        return info

    def rejoin(self, info: SeatInfo, member: Member) -> SeatInfo:
        """Give ``info``'s seat to ``member``, who presented its token."""
        old = self.seating.rejoin(info, member)
        if old is not None:
            old.close(p.CLOSE_NO_TABLE, refusals.SEAT_TAKEN_UP)
        self._settle_host()
        self._joined(info, notices.back(info.name), self._where(info), back=True)
        return info

    def _where(self, info: SeatInfo) -> str:
        """What someone coming back hears: their seat and where the hand stands."""
        if info.waiting:
            return notices.back_at_seat(info.seat, notices.YOU_PLAY_NEXT_DEAL)
        if not self.started:
            host = self.seating.host_info()
            if host is None or host is info:
                return notices.back_at_seat(info.seat, notices.NOT_STARTED_YET)
            # The role may have passed while they were away.
            return notices.back_at_seat(info.seat, notices.not_started_host(host.name))
        if self.state.hand is None:
            return notices.back_at_seat(info.seat, notices.MATCH_OVER)
        view = view_of(self.state, info.seat)
        names = {s: i.shown_name for s, i in self.seats.items()}
        trick = trick_summary(view, Cast(info.seat, names))
        return notices.back_at_seat(info.seat, notices.hand_and_trick(view.hand_number, trick))

    def _joined(self, info: SeatInfo, text: str, own: str | None = None, *,
                back: bool = False, to_host: Notice | None = None) -> None:
        """Welcome ``info``'s connection; the others hear ``text`` (the host ``to_host``
        instead, when given: what the host alone may do about it)."""
        assert info.member is not None and info.token is not None
        info.member.send(
            {
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
        )
        self.out.tell_others(info.seat, text, to_host=to_host)
        self._send_people()
        own_notices: list[Event] = [Notice(own)] if own else []
        if self.started and not info.waiting:
            self.out.update(info.seat, own_notices, with_turn=True)
        elif own_notices:
            self.out.update(info.seat, own_notices, with_view=False)
        self._touch()
        self._schedule()

    def leave(self, info: SeatInfo, member: Member) -> None:
        if not self.seating.leave(info, member):
            return  # that connection had already been replaced
        if self.closed:
            return  # the server is stopping: nobody left, and nothing is to change
        if info.waiting:
            self._forget_waiting(info)
        elif info.seat is self.host and not self.started:
            self._host_left(info)
        elif info.seat is self.host:
            # Mid-match the host may be back in a moment (a dropped connection): the role
            # stays theirs for the grace, and host-only intents with it.
            self.out.tell_others(info.seat, notices.left(info.name))
            self._wait_for_host(self.limits.restart_grace_seconds)
        else:
            self.out.tell_others(info.seat, notices.left(info.name))
        self._send_people()
        self._touch()
        self._schedule()

    def _forget_waiting(self, info: SeatInfo) -> None:
        self.seating.forget(info)
        self._save_seat(info)

    def hold_for_restart(self, seconds: float) -> None:
        """After a server restart, people's clients are reconnecting: for ``seconds`` the
        computer does not play for them, and the host keeps the role even if a guest is
        back first. A host not back by then passes it on as if they had left; someone
        waiting for the next deal who is not back gives up the seat."""
        self.play.grace_until = self.seating.host_back_by = self.loop.time() + seconds
        self._grace = self.loop.call_later(seconds, self._grace_over)

    def _wait_for_host(self, seconds: float) -> None:
        if self._host_wait is not None:
            self._host_wait.cancel()
        self.seating.host_back_by = self.loop.time() + seconds
        self._host_wait = self.loop.call_later(seconds, self._host_grace_over)

    def _grace_over(self) -> None:
        away = [i for i in self.seats.values() if i.waiting and i.member is None]
        for info in away:
            self._forget_waiting(info)
        if away:
            self._send_people()
        self._host_grace_over()
        self._schedule()

    def _host_grace_over(self) -> None:
        """The host was given time to come back and has not: the role passes on."""
        host = self.seating.host_info()
        if self.closed or host is None or host.connected:
            return
        if not self.started:
            self._host_left(host)
        else:
            new = self._settle_host()
            if new is None:
                return  # nobody here: whoever comes first hosts
            for info in self.seating.listening():
                if info is not host:
                    said = (notices.still_away_to_you(host.name) if info is new
                            else notices.still_away(host.name, new.name))
                    self.out.tell(info.seat, said)
        self._send_people()

    def _settle_host(self) -> SeatInfo | None:
        """The host role passes to someone here once the host is away and no longer
        waited for (``Seating.settle_host``); saved when it does."""
        new = self.seating.settle_host(self.loop.time())
        if new is not None:
            self.save()
        return new

    def _host_left(self, gone: SeatInfo) -> None:
        """The host left before the first deal: everyone hears who left and who hosts now
        (the new host is told it is them; their client says how to start)."""
        new = self._settle_host()
        if new is None:  # nobody here, or just restarted: the role waits
            self.out.tell_others(gone.seat, notices.left(gone.name))
            return
        for info in self.seating.listening():
            if info is not gone:
                said = (notices.host_left_to_you(gone.name) if info is new
                        else notices.host_left(gone.name, new.name))
                self.out.tell(info.seat, said)

    def _seat_waiting(self, waiting: list[SeatInfo]) -> None:
        """People waiting for the next deal sit down (at the deal, or let in by the host):
        saved, and everyone hears who sits where now."""
        self.seating.take_seats(waiting)
        for info in waiting:
            if info.member is not None:
                info.member.outcomes_sent = 0
            self._save_seat(info)
        self._send_people()
        for info in waiting:
            self.out.tell_others(info.seat, notices.now_sits(info.name, info.seat))

    # ---- intents -------------------------------------------------------------------

    def intent(self, info: SeatInfo, request: Request) -> dict[str, Any] | None:
        """Apply one intent from ``info``'s connection; the reply to send, if any."""
        self._touch()
        self.out.answering = None if request.id is None else (info.seat, request.id)
        try:
            self._apply(info, request.intent)
        except IllegalAction as e:
            return {"type": "refused", "id": request.id, "reason": str(e)}
        else:
            if self.out.answering is None:
                return None  # no id, or an update already answered it
            return {"type": "ok", "id": request.id}
        finally:
            self.out.answering = None

    def _apply(self, info: SeatInfo, intent: Intent) -> None:
        # Someone waiting for the next deal may still talk to the table.
        if info.waiting and not isinstance(intent, WHILE_WAITING):
            raise IllegalAction(notices.YOU_PLAY_NEXT_DEAL)
        match intent:
            case Decide(decision):
                if not self.started:
                    raise IllegalAction(refusals.NOT_STARTED)
                self.play.decide(info.seat, decision)
            case Reveal():
                if not info.waiting and look(self.state, info.seat):
                    self.out.update(info.seat, [])  # the cards held back until now
            case Start():
                self._host_only(info)
                if self.started:
                    raise IllegalAction(refusals.ALREADY_STARTED)
                self.start()
            case NewMatch():
                self._host_only(info)
                self.new_match()
            case SetTimers(timers):
                self._host_only(info)
                self.set_timers(timers)
            case Admit(seat):
                self._host_only(info)
                self.admit(seat)
            case Say(text):
                self.say(info, text)
            case Mute(name, muted):
                self._host_only(info)
                self.mute(name, muted)
            case Ping():
                pass
            case _:
                assert_never(intent)

    def _host_only(self, info: SeatInfo) -> None:
        # A table whose host has gone is not stuck: the role passes on (``_settle_host``).
        if info.seat is not self.host:
            raise IllegalAction(refusals.ONLY_HOST)

    def say(self, info: SeatInfo, text: str) -> None:
        """A chat line from ``info`` to everyone connected: cleaned (no control characters,
        one line), at most ``chat.MAX_CHAT`` characters, ``limits.chat_burst`` lines in
        ``limits.chat_window`` seconds; refused while the host has muted them."""
        if info.muted:
            raise IllegalAction(chat.YOU_ARE_MUTED)
        line = chat.clean_chat(text, None)
        if not line:
            raise IllegalAction(chat.NOTHING_TO_SEND)
        if len(line) > chat.MAX_CHAT:
            raise IllegalAction(chat.TOO_LONG)
        now = self.loop.time()
        info.said = [t for t in info.said if now - t < self.limits.chat_window]
        if len(info.said) >= self.limits.chat_burst:
            raise IllegalAction(chat.TOO_FAST)
        info.said.append(now)
        said = Chat(info.seat, info.name, line)
        for other in self.seating.listening():
            self.out.update(other.seat, [said], with_view=False)

    def mute(self, name: str, on: bool) -> None:
        """The host stops (``on``) or allows the chat of the person called ``name``."""
        wanted = chat.clean_chat(name)
        info = self.seating.person_called(wanted)
        if info is None:
            raise IllegalAction(chat.no_such_person(wanted))
        info.muted = on
        if info.member is not None:
            self.out.tell(info.seat, chat.muted_you(on))

    def admit(self, seat: Seat) -> None:
        """Let a person waiting for the next deal take their seat now (the host's call)."""
        info = self.seats[seat]
        if not info.waiting:
            raise IllegalAction(notices.nobody_waiting(seat))
        self._seat_waiting([info])
        # Their first view: the cards, and why they came before the next deal.
        self.out.update(seat, [Notice(notices.host_seated_you(seat))], with_turn=True)
        self._schedule()

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
            [Notice(notices.NEW_MATCH_BEGINS), HandDealt(self.state.hand_number, hand.dealer)]
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
        self.out.everyone(people_message(self.seating, self.started, self.timers))

    def _publish(self, events: list[Event], before: dict[Seat, list[Event]] | None = None) -> None:
        """Tell every seated connection of ``events``; a new deal first seats whoever was
        waiting for it."""
        if any(isinstance(e, HandDealt) for e in events):
            waiting = self.seating.waiting_here()
            if waiting:
                self._seat_waiting(waiting)
        self.out.publish(events, before)

    def close(self) -> None:
        self.closed = True
        for timer in (self._grace, self._host_wait):
            if timer is not None:
                timer.cancel()
        self.play.close()
