"""What each event says. Pure: the same event and cast give the same words.

``event_lines`` gives the words of one event made by the model (``rules.events``) or a
``Notice``; each line is spoken as one queued utterance and is one entry in the history
log. The shell decides only when to say them.
"""

from __future__ import annotations

from dataclasses import dataclass

from spades_voice.narration.chat import Chat, chat_line
from spades_voice.narration.language import N_
from spades_voice.narration.words import Cast, cap, change, count, signed
from spades_voice.options import EventKind
from spades_voice.rules import Bid, Card, HandOutcome, Phase, Seat, Suit, Team, TeamScore, Trick
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
    """Something to say that is not a move (a seat joined, a timer): already words.
    ``action`` names a key's action the notice offers (the server cannot know which key the
    player bound to it; the shell adds "Press J to ..." with the player's own key)."""

    text: str
    action: str | None = None


def event_lines(
    event: GameEvent | Notice | Chat, cast: Cast, *, brief: bool = True, short_results: bool = False
) -> list[str]:
    """The words of one event, for the player ``cast.me``: one line per utterance (another
    seat's turn says nothing). ``brief`` is the cards' and tricks' form; ``short_results``
    gives a hand's result as its totals only."""
    if isinstance(event, CardPlayed):
        return [card_played(cast, event.seat, event.card, event.position, brief=brief)]
    if isinstance(event, TrickWon):
        return [trick_won(cast, event.seat, event.trick, event.number, brief=brief)]
    if isinstance(event, BidPlaced):
        return [bid_placed(cast, event.seat, event.bid)]
    if isinstance(event, SpadesBroken):
        return [SPADES_BROKEN]
    if isinstance(event, TurnToAct):
        return [your_turn(event.phase, event.led)] if event.seat is cast.me else []
    if isinstance(event, HandDealt):
        return [hand_dealt(cast, event.number, event.dealer)]
    if isinstance(event, HandScored):
        return outcome_lines(event.outcome, cast, brief=short_results)
    if isinstance(event, MatchWon):
        return [match_won(cast, event.team, event.totals)]
    if isinstance(event, TakenBack):
        return [taken_back(event.count, event.restart, reopened=event.reopened)]
    if isinstance(event, Chat):
        return [chat_line(event, cast.me)]
    return [event.text]


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
        return f"{cast.name(seat)}, {card.spoken}."
    verb = ("lead", "leads") if position == 1 else ("play", "plays")
    return f"{cast.does(seat, *verb)} the {card.spoken}."


def trick_won(cast: Cast, seat: Seat, trick: Trick, number: int, *, brief: bool = True) -> str:
    """ "Alex takes it." (full: "Alex takes trick 3 with the ace of hearts.")"""
    if brief:
        return f"{cast.does(seat, 'take')} it."
    won = trick.winning
    card = f" with the {won[1].spoken}" if won else ""
    return f"{cast.does(seat, 'take')} trick {number}{card}."


def bid_placed(cast: Cast, seat: Seat, bid: Bid) -> str:
    """ "Robin bids 3."; the player's own: "Bid 4 placed." """
    if seat is cast.me:
        return f"{cap(bid.spoken)} placed." if bid.blind else f"Bid {bid.spoken} placed."
    return f"{cast.does(seat, 'bid', 'bids')} {bid.spoken}."


def your_turn(phase: Phase, led: Suit | None) -> str:
    """ "Your bid." "Your lead." "Your turn, hearts led." """
    if phase is Phase.BIDDING:
        return "Your bid."
    if led is None:
        return "Your lead."
    return f"Your turn, {led.spoken} led."


SPADES_BROKEN = N_("Spades broken.")


def hand_dealt(cast: Cast, number: int, dealer: Seat) -> str:
    return f"Hand {number}. {cast.does(dealer, 'deal')}."


def match_won(cast: Cast, team: Team, totals: dict[Team, int]) -> str:
    win, lose = totals[team], totals[team.other]
    return f"{cast.team(team)} win the match, {signed(win)} to {signed(lose)}."


def taken_back(count_: int, restart: bool, *, reopened: bool = False) -> str:
    """ "Undone: 2 moves taken back." (the hand just ended: "..., and the hand's result.")"""
    result = " and its result taken back" if reopened else ""
    if restart:
        return f"Hand restarted{result}."
    also = ", and the hand's result" if reopened else ""
    return f"Undone: {count(count_, 'move')} taken back{also}."


def team_result(score: TeamScore, cast: Cast) -> str:
    """One partnership's hand with its arithmetic:
    "You and Alex bid 7, took 9: 72 points, 2 bags." """
    said: list[str] = []
    name = cast.team(score.team)
    if score.contract:
        head = f"{name} bid {score.contract}, took {score.counted}: "
        if score.made:
            bags = f", {count(score.overtricks, 'bag')}" if score.overtricks else ""
            said.append(f"{head}{score.contract_points} points{bags}.")
        else:
            said.append(f"{head}set, {signed(score.contract_points)}.")
    else:
        said.append(f"{name} bid nil.")
    for nil in score.nils:
        kind = "blind nil" if nil.blind else "nil"
        if nil.made:
            said.append(f"{cast.owner(nil.seat)} {kind} made: {change(nil.points)}.")
        else:
            extra = ""
            if score.nil_bag_points:
                extra = f", {change(nil.tricks)} for {count(nil.tricks, 'bag')}"
            said.append(
                f"{cast.owner(nil.seat)} {kind} failed, {count(nil.tricks, 'trick')}: "
                f"{change(nil.points)}{extra}."
            )
    if score.penalties:
        said.append(f"Bag penalty: {change(-100 * score.penalties)}.")
    if score.nils or score.penalties:
        said.append(f"Hand total {signed(score.points)}.")
    return " ".join(said)


def outcome_lines(outcome: HandOutcome, cast: Cast, *, brief: bool = False) -> list[str]:
    """A finished hand: Boston first, then each team's arithmetic, then the totals
    (brief: Boston and the totals only)."""
    lines: list[str] = []
    if outcome.boston is not None:
        lines.append(f"Boston! {cast.team(outcome.boston)} took all 13 tricks.")
    mine, theirs = cast.my_team, cast.my_team.other
    if not brief:
        lines.append(team_result(outcome.scores[mine], cast))
        lines.append(team_result(outcome.scores[theirs], cast))
    lines.append(
        f"Score: {cast.team_obj(mine)} {signed(outcome.totals[mine])}, "
        f"{cast.team_obj(theirs)} {signed(outcome.totals[theirs])}."
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
    cost = f"{more} more cost{'s' if more == 1 else ''} 100"
    return f"{cast.team(score.team)} have {score.bags_after} bags: {cost}."
