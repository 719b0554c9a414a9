"""People arriving at and leaving one shared table, and the host role passing between
them: who is welcomed how, what the others hear, who waits for the next deal and when they
sit down, and how long an away host keeps the role.

The seats themselves are the pure ``Seating`` model; this is what each coming and going
means for the people at the table (the frames and notices they get) and for the match
(whose turn the computer covers). It writes each change down in the table's ``Ledger``.
"""

from __future__ import annotations

import asyncio

from spades_voice.narration import notices
from spades_voice.narration.closes import Closed
from spades_voice.narration.notices import Told
from spades_voice.narration.refusals import Refusal
from spades_voice.net.table.broadcast import Broadcaster, Member, Sign, people_message
from spades_voice.net.table.ledger import Ledger
from spades_voice.net.table.play import TablePlay
from spades_voice.net.table.seating import SeatInfo, Seating
from spades_voice.net.wire import protocol as p
from spades_voice.rules import IllegalAction, Reason, Seat, Why
from spades_voice.table import Event, Notice

Info = SeatInfo[Member]


class Presence:
    """Who comes and goes at one table, and what everyone there hears of it."""

    def __init__(
        self,
        seating: Seating[Member],
        out: Broadcaster,
        play: TablePlay,
        loop: asyncio.AbstractEventLoop,
        grace_seconds: float,
        *,
        sign: Sign,
        ledger: Ledger,
    ) -> None:
        """``grace_seconds``: how long an away host keeps the role mid-match; ``sign``:
        what a welcome says of the table; ``ledger``: where each change is written down."""
        self.seating, self.out, self.play, self.loop = seating, out, play, loop
        self.grace_seconds = grace_seconds
        self.sign, self.ledger = sign, ledger
        self._grace: asyncio.TimerHandle | None = None  # the end of a restart's grace
        self._host_wait: asyncio.TimerHandle | None = None  # the end of an away host's time

    def send_people(self) -> None:
        self.out.everyone(
            people_message(self.seating, self.play.started, self.play.timers, self.out.audience)
        )

    def sit(self, name: str, wanted: Seat | None, member: Member) -> Info:
        """Seat a newcomer (see ``Seating.sit``). Raises IllegalAction when full.

        In the middle of a hand the newcomer waits for the next deal: sitting down at once
        would show them the cards the computer at that seat was dealt.
        """
        info = self.seating.sit(name, wanted, member, waiting=self.play.mid_hand)
        self.settle_host()
        self.ledger.save(self.play)  # a waiting seat too: its token must outlive a restart
        if info.waiting:
            self._joined(
                info,
                Reason.of(Told.JOINED_NEXT_DEAL, name=info.name, seat=info.seat),
                Reason.of(Told.YOU_SIT_NEXT_DEAL, seat=info.seat, computer=info.computer_name),
                to_host=Notice(Reason.of(Told.WAITING, name=info.name), notices.SEAT_WAITING),
            )
        else:
            self._joined(info, Reason.of(Told.JOINED, name=info.name, seat=info.seat))
        return info

    def rejoin(self, info: Info, member: Member) -> Info:
        """Give ``info``'s seat to ``member``, who presented its token."""
        old = self.seating.rejoin(info, member)
        if old is not None:
            old.close(p.CLOSE_NO_TABLE, Reason(Closed.SEAT_TAKEN_UP))
        self.settle_host()
        self._joined(info, Reason.of(Told.BACK, name=info.name), self._where(info), back=True)
        return info

    def _where(self, info: Info) -> Reason:
        """What someone coming back hears: their seat and where the hand stands (mid-hand,
        the hand's number: the client says the trick so far from its own view)."""
        return Reason.of(Told.BACK_AT_SEAT, seat=info.seat, where=self._standing(info))

    def _standing(self, info: Info) -> Reason:
        if info.waiting:
            return Reason(Refusal.PLAY_NEXT_DEAL)
        if not self.play.started:
            host = self.seating.host_info()
            if host is None or host is info:
                return Reason(Told.NOT_STARTED_YET)
            # The role may have passed while they were away.
            return Reason.of(Told.NOT_STARTED_HOST, host=host.name)
        if self.play.state.hand is None:
            return Reason(Why.MATCH_OVER)
        return Reason.of(Told.IN_HAND, number=self.play.state.hand_number)

    def _joined(self, info: Info, text: Reason, own: Reason | None = None, *,
                back: bool = False, to_host: Notice | None = None) -> None:
        """Welcome ``info``'s connection; the others hear ``text`` (the host ``to_host``
        instead, when given: what the host alone may do about it)."""
        assert info.member is not None and info.token is not None
        info.member.send(self.sign.welcome(info, self.seating.host, back))
        self.out.tell_others(info.seat, text, to_host=to_host)
        self.send_people()
        own_notices: list[Event] = [Notice(own)] if own else []
        if self.play.started and not info.waiting:
            self.out.update(info.seat, own_notices, with_turn=True)
        elif own_notices:
            self.out.update(info.seat, own_notices, with_view=False)
        self.ledger.touch()
        self.play.schedule()

    def leave(self, info: Info, member: Member) -> None:
        if not self.seating.leave(info, member):
            return  # that connection had already been replaced
        if self.play.closed:
            return  # the server is stopping: nobody left, and nothing is to change
        if info.waiting:
            self._forget_waiting(info)
        elif info.seat is self.seating.host and not self.play.started:
            self._host_left(info)
        elif info.seat is self.seating.host:
            # Mid-match the host may be back in a moment (a dropped connection): the role
            # stays theirs for the grace, and host-only intents with it.
            self.out.tell_others(info.seat, Reason.of(Told.LEFT, name=info.name))
            self._wait_for_host(self.grace_seconds)
        else:
            self.out.tell_others(info.seat, Reason.of(Told.LEFT, name=info.name))
        self.send_people()
        self.ledger.touch()
        self.play.schedule()

    def _forget_waiting(self, info: Info) -> None:
        self.seating.forget(info)
        self.ledger.seat(info)

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
        away = [i for i in self.seating.seats.values() if i.waiting and i.member is None]
        for info in away:
            self._forget_waiting(info)
        if away:
            self.send_people()
        self._host_grace_over()
        self.play.schedule()

    def _host_grace_over(self) -> None:
        """The host was given time to come back and has not: the role passes on."""
        host = self.seating.host_info()
        if self.play.closed or host is None or host.connected:
            return
        if not self.play.started:
            self._host_left(host)
        else:
            new = self.settle_host()
            if new is None:
                return  # nobody here: whoever comes first hosts
            self._new_host(host, new, Told.STILL_AWAY_TO_YOU, Told.STILL_AWAY)
        self.send_people()

    def settle_host(self) -> Info | None:
        """The host role passes to someone here once the host is away and no longer
        waited for (``Seating.settle_host``); saved when it does."""
        new = self.seating.settle_host(self.loop.time())
        if new is not None:
            self.ledger.save(self.play)
        return new

    def _host_left(self, gone: Info) -> None:
        """The host left before the first deal: everyone hears who left and who hosts now
        (the new host is told it is them; their client says how to start)."""
        new = self.settle_host()
        if new is None:  # nobody here, or just restarted: the role waits
            self.out.tell_others(gone.seat, Reason.of(Told.LEFT, name=gone.name))
            return
        self._new_host(gone, new, Told.HOST_LEFT_TO_YOU, Told.HOST_LEFT)

    def _new_host(self, gone: Info, new: Info, to_new: Told, to_others: Told) -> None:
        """Everyone here hears that ``new`` hosts instead of ``gone`` (``new`` in its own
        words: the client adds how to start)."""
        for info in self.seating.listening():
            if info is not gone:
                said = (
                    Reason.of(to_new, name=gone.name)
                    if info is new
                    else Reason.of(to_others, name=gone.name, host=new.name)
                )
                self.out.tell(info.seat, said)

    def seat_waiting(self, waiting: list[Info]) -> None:
        """People waiting for the next deal sit down (at the deal, or let in by the host):
        saved, and everyone hears who sits where now."""
        self.seating.take_seats(waiting)
        for info in waiting:
            if info.member is not None:
                info.member.outcomes_sent = 0
            self.ledger.seat(info)
        self.send_people()
        for info in waiting:
            sits = Reason.of(Told.NOW_SITS, name=info.name, seat=info.seat)
            self.out.tell_others(info.seat, sits)

    def admit(self, seat: Seat) -> None:
        """Let a person waiting for the next deal take their seat now (the host's call)."""
        info = self.seating.seats[seat]
        if not info.waiting:
            raise IllegalAction(Reason.of(Refusal.NOBODY_WAITING, seat=seat))
        self.seat_waiting([info])
        # Their first view: the cards, and why they came before the next deal.
        self.out.update(seat, [Notice(Reason.of(Told.HOST_SEATED_YOU, seat=seat))], with_turn=True)
        self.play.schedule()

    def close(self) -> None:
        for timer in (self._grace, self._host_wait):
            if timer is not None:
                timer.cancel()
