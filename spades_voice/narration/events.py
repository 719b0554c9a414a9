"""What each event says. Pure: the same event and cast give the same words.

``event_lines`` gives the words of one event made by the model (``rules.events``) or a
``Notice``; each line is spoken as one queued utterance and is one entry in the history
log. The shell decides only when to say them.
"""

from __future__ import annotations

from dataclasses import dataclass

from spades_voice.narration.chat import Chat, chat_line
from spades_voice.narration.language import N_, _, ngettext
from spades_voice.narration.lines import Line, cards_of, text_of
from spades_voice.narration.naming import bid_name, card_name, suit_name, the_card
from spades_voice.narration.notices import UNKNOWN_NOTICE, Told
from spades_voice.narration.reasons import say_reason
from spades_voice.narration.summaries import trick_summary
from spades_voice.narration.words import Cast, change, signed, tricks
from spades_voice.options import EventKind
from spades_voice.rules import (
    Bid,
    Card,
    HandOutcome,
    Phase,
    Reason,
    Seat,
    SeatView,
    Suit,
    Team,
    TeamScore,
    Trick,
)
from spades_voice.rules.events import (
    BidPlaced,
    CardPlayed,
    GameEvent,
    HandDealt,
    HandScored,
    MatchWon,
    SpadesBroken,
    TakenBack,
    TrickWon,
    TurnToAct,
)


@dataclass(frozen=True, slots=True)
class Notice:
    """Something to say that is not a move (a seat joined, a timer): its ``reason`` (a
    ``Told`` kind and its facts), worded where it is said. ``action`` names a key's action
    the notice offers (the server cannot know which key the player bound to it; the shell
    adds "Press J to ..." with the player's own key)."""

    reason: Reason
    action: str | None = None


def event_said(
    event: GameEvent | Notice | Chat,
    cast: Cast,
    *,
    brief: bool = True,
    short_results: bool = False,
    view: SeatView | None = None,
) -> list[str | Line]:
    """The words of one event, for the player ``cast.me``: one line per utterance (another
    seat's turn says nothing). ``brief`` is the cards' and tricks' form; ``short_results``
    gives a hand's result as its totals only. ``view``, the player's own, says the trick so
    far after a notice that someone is back mid-hand. A line naming the player's cards is
    a ``Line`` carrying them (``event_lines``: the words alone)."""
    if isinstance(event, CardPlayed):
        said = card_played(cast, event.seat, event.card, event.position, brief=brief)
        return [Line.of(said, [event.card] if event.seat is cast.me else [])]
    if isinstance(event, TrickWon):
        said = trick_won(cast, event.seat, event.trick, event.number, brief=brief)
        won = event.trick.winning
        yours = won is not None and won[0] is cast.me and not brief
        lines: list[str | Line] = [Line.of(said, [won[1]] if won is not None and yours else [])]
        if event.nil_broken is not None:  # said as it breaks: public, like the bids
            lines.append(nil_broken(cast, event.seat, event.nil_broken.blind))
        return lines
    if isinstance(event, BidPlaced):
        return [bid_placed(cast, event.seat, event.bid)]
    if isinstance(event, SpadesBroken):
        return [_(SPADES_BROKEN)]
    if isinstance(event, TurnToAct):
        return [your_turn(event.phase, event.led)] if cast.is_me(event.seat) else []
    if isinstance(event, HandDealt):
        return [hand_dealt(cast, event.number, event.dealer)]
    if isinstance(event, HandScored):
        return [*outcome_lines(event.outcome, cast, brief=short_results)]
    if isinstance(event, MatchWon):
        return [match_won(cast, event.team, event.totals)]
    if isinstance(event, TakenBack):
        if event.yours is not None:
            return [undone(event.yours, event.count - 1, reopened=event.reopened)]
        return [taken_back(event.count, event.restart, reopened=event.reopened)]
    if isinstance(event, Chat):
        return [chat_line(event, cast.me if not cast.watching else None)]
    return [notice_line(event, cast, view)]



def event_lines(
    event: GameEvent | Notice | Chat,
    cast: Cast,
    *,
    brief: bool = True,
    short_results: bool = False,
    view: SeatView | None = None,
) -> list[str]:
    """The words of ``event_said``'s lines, for what shows words alone (the page, a
    transcript)."""
    said = event_said(event, cast, brief=brief, short_results=short_results, view=view)
    return [text_of(each) for each in said]

#: Notices that say where the match stands (``where``): mid-hand, the client adds the
#: trick so far from its own view.
WHERE_NOTICES = frozenset(
    {Told.BACK_AT_SEAT, Told.YOU_WATCH, Told.BACK_WATCHING, Told.BACK_WATCHING_MISSED}
)


def notice_line(notice: Notice, cast: Cast, view: SeatView | None = None) -> str | Line:
    """A notice in the player's language; back at the seat (or watching) mid-hand, with
    the trick so far from the listener's own ``view`` (the server sends only the hand's
    number)."""
    said = say_reason(notice.reason, UNKNOWN_NOTICE)
    reason = notice.reason
    if view is None or reason.kind not in WHERE_NOTICES:
        return said
    where = dict(reason.facts).get("where")
    if not isinstance(where, Reason) or where.kind != Told.IN_HAND:
        return said
    trick = trick_summary(view, cast)
    return Line.of(f"{said} {trick}", cards_of(trick))


def event_kind(event: GameEvent | Notice | Chat, me: Seat) -> EventKind | None:
    """Which speech setting says ``event``; None for the player's own bid or card, which
    answers their own key and is always spoken."""
    if isinstance(event, CardPlayed | BidPlaced) and event.seat is me:
        return None
    if isinstance(event, CardPlayed):
        return EventKind.CARDS
    if isinstance(event, TrickWon | SpadesBroken):
        return EventKind.TRICKS
    if isinstance(event, BidPlaced):
        return EventKind.BIDS
    if isinstance(event, TurnToAct):
        return EventKind.TURNS
    if isinstance(event, HandDealt | HandScored | MatchWon):
        return EventKind.RESULTS
    if isinstance(event, Chat):
        return EventKind.CHAT
    return EventKind.NOTICES


def card_played(cast: Cast, seat: Seat, card: Card, position: int, *, brief: bool = True) -> str:
    """ "Robin, 9 of hearts." (full: "Robin leads the 9 of hearts.")"""
    if brief:
        return _("{name}, {card}.").format(name=cast.name(seat), card=card_name(card))
    if position == 1:
        mine, theirs = _("You lead {the_card}."), _("{name} leads {the_card}.")
    else:
        mine, theirs = _("You play {the_card}."), _("{name} plays {the_card}.")
    return cast.says(seat, mine, theirs, the_card=the_card(card))


def trick_won(cast: Cast, seat: Seat, trick: Trick, number: int, *, brief: bool = True) -> str:
    """ "Alex takes it." (full: "Alex takes trick 3 with the ace of hearts.")"""
    if brief:
        return cast.says(seat, _("You take it."), _("{name} takes it."))
    won = trick.winning
    if won is None:
        return cast.says(
            seat, _("You take trick {number}."), _("{name} takes trick {number}."), number=number
        )
    return cast.says(
        seat,
        _("You take trick {number} with {the_card}."),
        _("{name} takes trick {number} with {the_card}."),
        number=number,
        the_card=the_card(won[1]),
    )


def nil_broken(cast: Cast, seat: Seat, blind: bool) -> str:
    """ "Alex's nil is broken." "Your blind nil is broken." """
    return _("{nil} is broken.").format(nil=nil_of(cast, seat, blind))


def bid_placed(cast: Cast, seat: Seat, bid: Bid) -> str:
    """ "Robin bids 3."; the player's own: "Bid 4 placed." """
    if cast.is_me(seat):
        if bid.blind:
            return _("Blind nil placed.")
        return _("Bid {bid} placed.").format(bid=bid_name(bid))
    return _("{name} bids {bid}.").format(name=cast.name(seat), bid=bid_name(bid))


def your_turn(phase: Phase, led: Suit | None) -> str:
    """ "Your bid." "Your lead." "Your turn, hearts led." """
    if phase is Phase.BIDDING:
        return _("Your bid.")
    if led is None:
        return _("Your lead.")
    return _("Your turn, {suit} led.").format(suit=suit_name(led))


SPADES_BROKEN = N_("Spades broken.")


def hand_dealt(cast: Cast, number: int, dealer: Seat) -> str:
    return cast.says(
        dealer, _("Hand {number}. You deal."), _("Hand {number}. {name} deals."), number=number
    )


def match_won(cast: Cast, team: Team, totals: dict[Team, int]) -> str:
    win, lose = totals[team], totals[team.other]
    return _("{team} win the match, {win} to {lose}.").format(
        team=cast.team(team), win=signed(win), lose=signed(lose)
    )


def taken_back(count_: int, restart: bool, *, reopened: bool = False) -> str:
    """ "Undone: 2 moves taken back." (the hand just ended: "..., and the hand's result.")"""
    if restart:
        return _("Hand restarted and its result taken back.") if reopened else _("Hand restarted.")
    if reopened:
        return ngettext(
            "Undone: {n} move taken back, and the hand's result.",
            "Undone: {n} moves taken back, and the hand's result.",
            count_,
        ).format(n=count_)
    return ngettext(
        "Undone: {n} move taken back.", "Undone: {n} moves taken back.", count_
    ).format(n=count_)


def bags(n: int) -> str:
    """ "1 bag", "3 bags"."""
    return ngettext("{n} bag", "{n} bags", n).format(n=n)


def undone(yours: Bid | Card, after: int, *, reopened: bool = False) -> str:
    """Your move that went back, named, then how many went after it: "Undone: your 7 of
    hearts and 3 moves after it." (the hand just ended: "..., and the hand's result.")"""
    if isinstance(yours, Card):
        mine = _("your {card}").format(card=card_name(yours))
    elif yours.tricks == 0:  # "your nil", "your blind nil"
        mine = _("your {nil}").format(nil=bid_name(yours))
    else:
        mine = _("your bid of {bid}").format(bid=bid_name(yours))
    if after == 0:
        said = _("Undone: {mine}.").format(mine=mine)
    else:
        said = ngettext(
            "Undone: {mine} and {n} move after it.", "Undone: {mine} and {n} moves after it.",
            after,
        ).format(mine=mine, n=after)
    if reopened:
        return _("{undone} The hand's result too.").format(undone=said)
    return said


def bags_this_hand(n: int) -> str:
    """ "2 bags this hand": one hand's extra tricks, never heard as the running count."""
    return ngettext("{n} bag this hand", "{n} bags this hand", n).format(n=n)


def bags_now(n: int) -> str:
    """ "bags now 4": a running count, said so (a plain "4 bags" in one hand's line sounded
    like that hand's)."""
    return _("bags now {n}").format(n=n)


def nil_of(cast: Cast, seat: Seat, blind: bool) -> str:
    """Whose nil, as the start of a sentence: "Your nil", "Alex's blind nil"."""
    if cast.is_me(seat):
        return _("Your blind nil") if blind else _("Your nil")
    kind = _("{name}'s blind nil") if blind else _("{name}'s nil")
    return kind.format(name=cast.name(seat))


def team_result(score: TeamScore, cast: Cast) -> str:
    """One partnership's hand with its arithmetic:
    "You and Alex bid 7, took 9: 72 points, 2 bags." """
    said: list[str] = []
    name = cast.team(score.team)
    if score.contract:
        fields = {"team": name, "contract": score.contract, "counted": score.counted}
        if not score.made:
            said.append(
                _("{team} bid {contract}, took {counted}: set, {points}.").format(
                    points=signed(score.contract_points), **fields
                )
            )
        elif score.overtricks:
            said.append(
                _("{team} bid {contract}, took {counted}: {points} points, {bags}.").format(
                    points=score.contract_points, bags=bags(score.overtricks), **fields
                )
            )
        else:
            said.append(
                _("{team} bid {contract}, took {counted}: {points} points.").format(
                    points=score.contract_points, **fields
                )
            )
    else:
        said.append(_("{team} bid nil.").format(team=name))
    for nil in score.nils:
        whose = nil_of(cast, nil.seat, nil.blind)
        if nil.made:
            said.append(_("{nil} made: {points}.").format(nil=whose, points=change(nil.points)))
        elif score.nil_bag_points:
            said.append(
                _("{nil} failed, {tricks}: {points}, {bag_points} for {bags}.").format(
                    nil=whose, tricks=tricks(nil.tricks), points=change(nil.points),
                    bag_points=change(nil.tricks), bags=bags(nil.tricks),
                )
            )
        else:
            said.append(
                _("{nil} failed, {tricks}: {points}.").format(
                    nil=whose, tricks=tricks(nil.tricks), points=change(nil.points)
                )
            )
    if score.penalties:
        said.append(_("Bag penalty: {points}.").format(points=change(-100 * score.penalties)))
    if score.nils or score.penalties:
        said.append(_("Hand total {points}.").format(points=signed(score.points)))
    return " ".join(said)


def outcome_lines(outcome: HandOutcome, cast: Cast, *, brief: bool = False) -> list[str]:
    """A finished hand: Boston first, then each team's arithmetic, then the totals
    (brief: Boston and the totals only)."""
    lines: list[str] = []
    if outcome.boston is not None:
        lines.append(_("Boston! {team} took all 13 tricks.").format(team=cast.team(outcome.boston)))
    mine, theirs = cast.my_team, cast.my_team.other
    if not brief:
        lines.append(team_result(outcome.scores[mine], cast))
        lines.append(team_result(outcome.scores[theirs], cast))
    lines.append(
        _("Score: {us} {our_points}, {them} {their_points}.").format(
            us=cast.team_obj(mine), our_points=signed(outcome.totals[mine]),
            them=cast.team_obj(theirs), their_points=signed(outcome.totals[theirs]),
        )
    )
    for team in () if outcome.final else (mine, theirs):  # bags end with the match
        warning = bag_warning(outcome.scores[team], cast)
        if warning:
            lines.append(warning)
    return lines


#: A hand that leaves a team at this many bags or more is followed by a warning.
BAG_ALARM = 8


def bag_warning(score: TeamScore, cast: Cast) -> str | None:
    """ "You and Alex have 8 bags: 2 more cost 100." Said once, after the hand result that
    brought the team to 8 or more (a hand that adds no bag does not say it again)."""
    if score.bags_after < BAG_ALARM or not score.bags_added:
        return None
    more = 10 - score.bags_after
    return ngettext(
        "{team} have {bags} bags: {more} more costs 100.",
        "{team} have {bags} bags: {more} more cost 100.",
        more,
    ).format(team=cast.team(score.team), bags=score.bags_after, more=more)
