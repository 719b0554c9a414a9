"""What each query key says: pure functions of one seat's view.

Every function takes a ``SeatView`` (what the player may know) and a ``Cast`` (who is
who) and returns one short paragraph. Same view in, same words out. None of them can
name a card held by another seat, because a ``SeatView`` does not hold one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades_voice.narration.words import Cast, by_suit, cap, count, hand_order
from spades_voice.options import HandOrder
from spades_voice.rules import (
    SUITS,
    Bid,
    Card,
    HandOutcome,
    Phase,
    Seat,
    SeatView,
    Suit,
    Trick,
)

if TYPE_CHECKING:  # the AI is not imported at start-up just for a type
    from spades_voice.ai import Hint

# ---- H: the hand --------------------------------------------------------------------


def hand_summary(view: SeatView, order: HandOrder = HandOrder.SUIT) -> str:
    """ "Spades: ace, 10, 4. Hearts: king, 9. Diamonds: none. ... 3 spades." By rank:
    "Ace: spades, hearts. King: clubs. ... 3 spades." As dealt: "As dealt: ace of spades,
    4 of hearts, ... 3 spades." """
    if not view.hand:
        return "Your hand is empty."
    groups = by_suit(view.hand)
    if order is HandOrder.RANK:
        cards = hand_order(view.hand, order)
        ranks = list(dict.fromkeys(c.rank for c in cards))
        parts = [
            f"{cap(r.spoken)}: {', '.join(c.suit.spoken for c in cards if c.rank == r)}."
            for r in ranks
        ]
    elif order is HandOrder.DEALT and view.dealt:
        cards = hand_order(view.hand, order, view.dealt)
        parts = [f"As dealt: {', '.join(c.spoken for c in cards)}."]
    else:
        parts = [
            f"{cap(suit.spoken)}: {', '.join(c.rank.spoken for c in groups[suit]) or 'none'}."
            for suit in SUITS
        ]
    spades = len(groups[Suit.SPADES])
    parts.append(f"{count(spades, 'spade')}." if spades else "No spades.")
    return " ".join(parts)


def focus_line(card: Card, playable: bool | None) -> str:
    """The focused card, and whether it can be played when that matters."""
    if playable is None:
        return f"{cap(card.spoken)}."
    return f"{cap(card.spoken)}, {'playable' if playable else 'not playable'}."


def no_hand_in_play(view: SeatView) -> bool:
    """No hand is being played: the match is over (its last hand stays DONE) or no hand
    could be dealt."""
    return view.phase is None or view.phase is Phase.DONE


# ---- T, C: the trick and the count --------------------------------------------------------


def _card_after_lead(card: Card, led: Suit, brief: bool) -> str:
    """A card following the lead: brief names only the rank when it follows suit
    ("king"), as players say it at the table; a card of another suit is named whole."""
    return card.rank.spoken if brief and card.suit is led else card.spoken


def plays_text(trick: Trick, cast: Cast, *, brief: bool = True) -> str:
    """ "Robin led 9 of hearts, Alex king, you 2" (full: every card named whole)."""
    parts = []
    led = trick.plays[0][1].suit if trick.plays else None
    for i, (seat, card) in enumerate(trick.plays):
        if i == 0 or led is None:
            parts.append(f"{cast.name(seat)} led {card.spoken}")
        else:
            parts.append(f"{cast.obj(seat)} {_card_after_lead(card, led, brief)}")
    return ", ".join(parts)


def trick_summary(view: SeatView, cast: Cast, *, brief: bool = True) -> str:
    """This trick so far and who is winning it."""
    if no_hand_in_play(view):
        return "No hand in play."
    if view.phase is Phase.BIDDING:
        return "No trick yet: bidding."
    number = len(view.tricks) + 1
    trick = view.current
    if not trick.cards:
        lead = "Your lead." if view.my_turn else (
            f"{cast.name(view.to_act)} to lead." if view.to_act else ""
        )
        return f"Trick {number}, no cards yet. {lead}".strip()
    said = f"Trick {number}: {plays_text(trick, cast, brief=brief)}."
    won = trick.winning
    if won is not None:
        said += f" {cast.is_(won[0])} winning."
    if view.my_turn:
        said += " Your turn."
    elif view.to_act is not None:
        said += f" {cast.name(view.to_act)} to play."
    return said


def count_summary(view: SeatView) -> str:
    """Tricks gone and left, spades broken or not."""
    if no_hand_in_play(view):
        return "No hand in play."
    gone = len(view.tricks)
    left = 13 - gone
    head = "No tricks played yet" if gone == 0 else f"{count(gone, 'trick')} gone"
    broken = "Spades broken." if view.spades_broken else "Spades not broken."
    return f"{head}, {left} left. {broken}"


def trick_line(trick: Trick, number: int, cast: Cast, *, brief: bool = True) -> str:
    """A completed trick for review: every card, then who took it."""
    said = f"Trick {number}: {plays_text(trick, cast, brief=brief)}."
    if trick.winner is not None:
        said += f" {cast.does(trick.winner, 'took', 'took')} it."
    return said


def last_trick_summary(tricks: tuple[Trick, ...], cast: Cast, *, brief: bool = True) -> str:
    if not tricks:
        return "No trick completed yet this hand."
    last = tricks[-1]
    said = f"Last trick: {plays_text(last, cast, brief=brief)}."
    if last.winner is not None:
        said += f" {cast.does(last.winner, 'took', 'took')} it."
    return said


# ---- W: seats ------------------------------------------------------------------------------


def seats_summary(view: SeatView, cast: Cast, *, brief: bool = True) -> str:
    """Who sits where, who deals; full verbosity adds the partnerships."""
    me = view.seat
    left, partner, right = me.next, me.partner, me.after(3)
    said = [
        f"You sit {me.long_name}.",
        f"{cast.name(left)} {left.long_name}, on your left.",
        f"{cast.name(partner)} {partner.long_name}, your partner.",
        f"{cast.name(right)} {right.long_name}, on your right.",
    ]
    if not brief:
        said.append(f"{cast.team(me.team)} play {cast.team_obj(me.team.other)}.")
    if view.dealer is not None and not no_hand_in_play(view):  # no dealer after the match
        said.append(f"{cast.does(view.dealer, 'deal')}.")
    return " ".join(said)


def person_line(
    seat: Seat, name: str, *, you: bool, host: bool, computer: bool, connected: bool,
    waiting: str = "",
) -> str:
    """One seat at a shared table: "North, Ann, host, away: the computer plays for now";
    ``waiting`` names someone who sits there from the next deal."""
    parts = [seat.long_name, "you" if you else name]
    if host:
        parts.append("host")
    if computer:
        parts.append("computer")
    elif not connected:
        parts.append("away: the computer plays for now")
    if waiting:
        parts.append(f"{waiting} waiting for the next deal")
    return ", ".join(parts)


def people_summary(lines: list[str]) -> str:
    """Everyone at the table, one seat after another."""
    return "At the table: " + ". ".join(lines) + "."


# ---- M, O: since my last turn, what we need --------------------------------------------------


def since_last_turn(view: SeatView, cast: Cast, *, brief: bool = True) -> str:
    """Every play since the player's previous card (or bid), in order."""
    if no_hand_in_play(view):
        return "No hand in play."
    if view.phase is Phase.BIDDING:
        seats = [s for s, _ in view.bids]
        if view.seat in seats:
            bids_after = view.bids[seats.index(view.seat) + 1 :]
            head = "Since your bid"
        else:
            bids_after = view.bids
            head = "Bids so far"
        if not bids_after:
            return "Nothing since your bid." if view.seat in seats else "No bids yet."
        return f"{head}: " + ", ".join(f"{cast.name(s)} {b.spoken}" for s, b in bids_after) + "."
    # (who, the card or None for "took it", the led suit, whether it led the trick)
    entries: list[tuple[Seat, Card | None, Suit | None, bool]] = []
    for trick in (*view.tricks, view.current):
        led = trick.plays[0][1].suit if trick.plays else None
        for i, (seat, played) in enumerate(trick.plays):
            entries.append((seat, played, led, i == 0))
        if trick.winner is not None:
            entries.append((trick.winner, None, None, False))
    mine = [i for i, (seat, card, _, _) in enumerate(entries) if seat is view.seat and card]
    after = entries[mine[-1] + 1 :] if mine else entries
    if not after:
        return "Nothing since your last card." if mine else "No cards played yet this hand."
    said: list[str] = []
    heard: Suit | None = None  # the led suit, once this answer has said the lead
    for seat, card, led, leads in after:
        if card is None:
            said.append(f"{cast.does(seat, 'took', 'took')} it.")
            heard = None
        elif leads:
            said.append(f"{cast.name(seat)} led {card.spoken}.")
            heard = led
        elif heard is not None:
            said.append(f"{cast.name(seat)}, {_card_after_lead(card, heard, brief)}.")
        else:
            said.append(f"{cast.name(seat)}, {card.spoken}.")
            # The rest of a trick begun before this answer: once a card of the led suit
            # has been named whole, later ones of that suit need only their rank.
            heard = led if card.suit is led else None
    # The key itself means "since my card": only a player yet to play is told otherwise.
    return ("" if mine else "You have not played yet: ") + " ".join(said)


# ---- hints ------------------------------------------------------------------------------------


def hint_line(h: Hint, sure: int | None = None) -> str:
    """The suggestion, said once: the hint's reason already starts with the decision
    ("Play the king of hearts: the ace is gone."); a bare decision gets a plain line.

    ``sure`` is where the bid list starts (the player's sure tricks): when the hint bids
    otherwise, the line says why the two differ rather than leave them quietly apart.
    """
    what = (
        f"Bid {h.decision.spoken}" if isinstance(h.decision, Bid)
        else f"Play the {h.decision.spoken}"
    )
    line = f"{h.reason.strip() or f'{what}.'} Enter takes it."
    if isinstance(h.decision, Bid) and sure is not None and h.decision != Bid(sure):
        line += f" The list starts at {sure}, your sure tricks only."
    return line


def between_hands(outcome: HandOutcome) -> str:
    """What hand-bound keys say while the finished hand's result stands."""
    return f"Hand {outcome.number} is over. Press N to deal the next hand."


__all__ = [
    "between_hands",
    "count_summary",
    "focus_line",
    "hand_summary",
    "hint_line",
    "last_trick_summary",
    "no_hand_in_play",
    "people_summary",
    "person_line",
    "plays_text",
    "seats_summary",
    "since_last_turn",
    "trick_line",
    "trick_summary",
]
