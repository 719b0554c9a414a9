"""What the page's regions show for one seat: its hand, the trick, the teams, the
players, who sits where and the hands played, each entry already in words.

One function for every page seat, each the terminal's shell on the server
(``spades_voice.alone``): a player alone (over the ``LocalTable`` the terminal uses), a
seat at a shared table and a watcher (over the frames their ``TableClient`` decoded),
and the lobby before the deal. The page shows these and composes nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from spades_voice import narration as say
from spades_voice.ai.counting import sure_tricks
from spades_voice.narration.lines import text_of
from spades_voice.narration.naming import bid_name, seat_name
from spades_voice.options import HandOrder
from spades_voice.rules import BID_CHOICES, SEATS, Bid, Phase, Seat, SeatView, Team
from spades_voice.table import Person


def bid_focus(view: SeatView) -> Bid:
    """The bid list starts on the tricks the hand can count on, as the terminal's."""
    return Bid(sure_tricks(view.hand)) if view.hand else BID_CHOICES[0]


def regions(
    view: SeatView,
    cast: say.Cast,
    people: Sequence[Person],
    *,
    started: bool,
    host: bool,
    waiting: bool,
    order: HandOrder = HandOrder.SUIT,
) -> dict[str, Any]:
    """The regions' contents for the seat ``view`` belongs to."""
    return {
        "started": started,
        "host": host,
        "waiting": waiting,
        "phase": view.phase.value if view.phase is not None else None,
        "my_turn": view.my_turn,
        "bidding": view.phase is Phase.BIDDING and view.my_turn,
        "bid_focus": BID_CHOICES.index(bid_focus(view)),
        "hand": _hand(view, order),
        "trick": text_of(say.trick_summary(view, cast)) if view.phase is not None else "",
        "trick_cards": _trick_cards(view, cast),
        "last_trick": text_of(say.last_trick_summary(view.tricks, cast)),
        "teams": _teams(view, cast),
        "players": _players(view, cast),
        "seats": [
            {
                "seat": seat_name(x.seat),
                "side": cast.team(x.seat.team),
                "who": cast.name(x.seat) if x.you else x.name,
                "status": x.summary,
            }
            for x in people
        ],
        "hands": [text_of(say.hand_entry(o, cast)) for o in reversed(view.outcomes)],
    }


def _hand(view: SeatView, order: HandOrder) -> list[dict[str, Any]]:
    """Each card held, in ``order``, with its spoken label and whether it may be played."""
    playing = view.phase is Phase.PLAYING and view.my_turn
    return [
        {
            "card": c.code,
            "label": say.focus_line(c, (c in view.legal_cards) if playing else None).text,
            "playable": playing and c in view.legal_cards,
        }
        for c in say.hand_order(view.hand, order, view.dealt)
    ]


def _teams(view: SeatView, cast: say.Cast) -> list[dict[str, Any]]:
    """The seat's own partnership first: its score, bags, bid and tricks taken."""
    bids = dict(view.bids)
    return [
        {
            "name": cast.team(t),
            "score": view.totals.get(t, 0),
            "bags": view.bags.get(t, 0),
            "bid": _team_bid(bids, t),
            "took": sum(view.tricks_won.get(s, 0) for s in t.seats),
        }
        for t in (cast.my_team, cast.my_team.other)
    ]


def _players(view: SeatView, cast: say.Cast) -> list[dict[str, Any]]:
    """Each seat: its name, side, bid, tricks taken and cards left."""
    bids = dict(view.bids)
    played = Counter(s for t in (*view.tricks, view.current) for s, _ in t.plays)
    return [
        {
            "name": cast.name(s),
            "side": cast.team(s.team),
            "bid": cap_bid(bids.get(s)),
            "tricks": view.tricks_won.get(s, 0),
            "cards": 13 - played[s] if view.phase is not None else 0,
        }
        for s in SEATS
    ]


#: Where each seat sits from this one's chair, clockwise: the left is the next to act.
_WHERE = ("you", "left", "partner", "right")


def _trick_cards(view: SeatView, cast: say.Cast) -> list[dict[str, Any]]:
    """The trick as it lies, for the eyes: each seat where it sits from this one, with the
    card it has played (its code; None yet). The sentence in ``trick`` says the same."""
    played = dict(view.current.plays)
    seat, found = view.seat, []
    for where in _WHERE:
        card = played.get(seat)
        found.append({"where": where, "name": cast.name(seat),
                      "card": card.code if card is not None else None})
        seat = seat.next
    return found


def _team_bid(bids: dict[Seat, Bid], team: Team) -> int | None:
    made = [bids[s].tricks for s in team.seats if s in bids]
    return sum(made) if made else None


def cap_bid(bid: Bid | None) -> str:
    return say.cap(bid_name(bid)) if bid is not None else ""
